/**
 * Every route is declared with @hono/zod-openapi so /api/openapi.json is generated from the code.
 * `createRouter()` gives a sub-app whose validation failures become 400 `{ error }` naming the field,
 * and whose JSON request bodies are closed: a field the route does not declare is refused (400
 * `Unknown field: url`, field `url`), never silently dropped — so a typo cannot save nothing and
 * answer 200. A route that deliberately takes more declares it (`.loose()`, `.catchall(x)`, or the
 * extra fields themselves). The document shows each route's schema as declared.
 */
import { OpenAPIHono, z, type RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../context.ts';
import { errorBody } from '../errors.ts';
import { strictBodySchema, unknownFieldOf } from './strict-body.ts';

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
}

/**
 * `closedQuery`: unknown query parameters are refused as unknown body fields are (400 naming the
 * parameter) — the integrator API's rule, where a misspelt filter must not silently list everything.
 * (The console's and the pay page's routes take extra parameters from their clients and links.)
 */
export function createRouter(options: { closedQuery?: boolean } = {}) {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issues = result.error.issues as Issue[];
        // An unknown field explains the rest (a misspelt name is also a missing one): it comes first.
        const unknown = issues.find((i) => i.code === 'unrecognized_keys');
        if (unknown) {
          const field = unknownFieldOf(unknown);
          return c.json(errorBody('validation_failed', `Unknown field: ${field}`, field), 400);
        }
        const issue = issues[0];
        const field = issue?.path.map(String).join('.') || undefined;
        const message = issue?.message ?? 'Invalid request';
        return c.json(errorBody('validation_failed', message, field), 400);
      }
    },
  });
  const declare = router.openapi;
  router.openapi = ((
    route: RouteConfig & { hide?: boolean; 'x-access'?: string },
    handler: never,
    hook?: never,
  ) => {
    const { middleware, hide, ...documented } = route;
    // Documented as declared; validated with every JSON body object closed.
    if (!hide) router.openAPIRegistry.registerPath(documented);
    // On the console's API (where its guard set c.get('access')), the action the route declares is
    // checked before anything else, validation included: without a declaration, admins only.
    const action = route['x-access'];
    const access: MiddlewareHandler<AppEnv> = async (c, next) => {
      c.get('access')?.enforceRoute(action);
      await next();
    };
    ACCESS_CHECKS.add(access);
    const middlewares = [access, ...(middleware ? [middleware].flat() : [])];
    return declare(
      {
        ...withClosedQuery(withClosedBodies(route), options.closedQuery ?? false),
        middleware: middlewares,
        hide: true,
      } as never,
      handler,
      hook,
    );
  }) as typeof router.openapi;
  return router;
}

/** Each route's access check (above), so the console's guard can tell a route that has one. */
const ACCESS_CHECKS = new WeakSet<object>();

/**
 * Whether the route this request reached checks the console's access rules (made by createRouter):
 * the console's guard refuses members on any other (a raw route added by hand), so nothing under
 * `/api/admin` is open to them by omission. Hono wraps a mounted router's handlers, keeping the
 * original under `__COMPOSED_HANDLER`.
 */
export function routeChecksAccess(c: Context): boolean {
  return matchedRoutes(c).some(({ handler }) => {
    for (let h: unknown = handler; h; h = (h as { __COMPOSED_HANDLER?: unknown }).__COMPOSED_HANDLER)
      if (ACCESS_CHECKS.has(h as object)) return true;
    return false;
  });
}

const isJson = (mediaType: string) => /^application\/([a-z-.]+\+)?json/i.test(mediaType);

function withClosedBodies<R extends RouteConfig>(route: R): R {
  const content = route.request?.body?.content;
  if (!content) return route;
  const closed = Object.fromEntries(
    Object.entries(content).map(([type, media]) => {
      const schema = media && 'schema' in media ? media.schema : undefined;
      return [
        type,
        isJson(type) && schema instanceof z.ZodType ? { ...media, schema: strictBodySchema(schema) } : media,
      ];
    }),
  );
  return { ...route, request: { ...route.request, body: { ...route.request!.body!, content: closed } } };
}

function withClosedQuery<R extends RouteConfig>(route: R, closed: boolean): R {
  if (!closed) return route;
  // A route that declares no query parameter takes none.
  const query = route.request?.query ?? z.object({});
  return { ...route, request: { ...route.request, query: strictBodySchema(query) } };
}

/** The error envelope, for response declarations. */
export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'validation_failed' }),
      message: z.string(),
      field: z.string().optional(),
    }),
  })
  .openapi('Error');

export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: 'Error', content: { 'application/json': { schema: ErrorSchema } } },
    ]),
  );
