/**
 * The one middleware every request passes first: dependencies, request id, CORS (DESIGN §4a), the
 * security headers of security.ts and the access log. Header sets are built once per kind of path,
 * not per request. A hot handler answers with `fastJson`: its response carries every header as a
 * plain record from the start, which @hono/node-server writes as is (no `Headers` object to build,
 * fill and convert back) — the pay-session lookup's budget (DESIGN §9) depends on it, and the
 * payment calls answer through its typed form, `completeJson`. Any other response gets the same
 * headers added on its way out, which makes the server build the whole web `Response` first.
 */
import type { Context, MiddlewareHandler, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';
import type { AppDeps, AppEnv } from '../context.ts';
import { matchedRoutes } from 'hono/route';
import { metricsEnabled, recordHttp } from '../metrics/metrics.ts';
import { headerOf } from './request-header.ts';
import {
  arrivedOverHttps,
  corsOpen,
  pathKind,
  PREFLIGHT_HEADERS,
  securityHeadersFor,
  surfaceOf,
} from './security.ts';

/**
 * Marks a response made here with every header in place: a property on the response itself, which
 * dies with it (no weak collection to keep in step with every answer).
 */
const COMPLETE = Symbol('headers complete');
type Marked = Response & { [COMPLETE]?: true };
const markComplete = (res: Response) => {
  (res as Marked)[COMPLETE] = true;
  return res;
};

/** A client's own request id is kept when it is short and plain; otherwise we make one. */
const PLAIN_ID = /^[\w\-=]{1,255}$/;

export function edge(deps: AppDeps): MiddlewareHandler<AppEnv> {
  // The access log's level is fixed at start: without it, a request builds no log line at all.
  const logInfo = deps.logger.isLevelEnabled('info');
  // Metrics are on or off for the process's life (api/metrics): off, a request pays nothing for them.
  const measure = metricsEnabled();
  return async (c, next) => {
    c.set('deps', deps);
    const given = headerOf(c, 'x-request-id');
    const id = given && PLAIN_ID.test(given) ? given : crypto.randomUUID();
    c.set('requestId', id);
    const path = c.req.path;
    const kind = pathKind(path);
    const logged = kind === 'public-api' || kind === 'api';
    const started = logInfo || measure ? performance.now() : 0;

    if (c.req.method === 'OPTIONS' && kind !== 'other' && headerOf(c, 'origin')) {
      // A cross-site preflight: allowed on the widget's prefixes, refused everywhere else.
      const headers = { ...securityHeadersFor(kind, arrivedOverHttps(c), null), 'X-Request-Id': id };
      c.res = corsOpen(kind)
        ? new Response(null, { status: 204, headers: { ...headers, ...PREFLIGHT_HEADERS } })
        : new Response(null, { status: 403, headers });
      markComplete(c.res);
    } else {
      await next();
    }

    const res = c.res;
    if (!(res as Marked)[COMPLETE]) {
      const h = res.headers;
      const type = h.get('content-type') ?? '';
      const document = type.startsWith('text/html') ? surfaceOf(path) : null;
      for (const [name, value] of Object.entries(securityHeadersFor(kind, arrivedOverHttps(c), document)))
        h.set(name, value);
      h.set('X-Request-Id', id);
    }
    if (measure)
      recordHttp(
        c.req.method,
        routeTemplate(c, res.status),
        res.status,
        (performance.now() - started) / 1000,
      );
    if (logInfo && (logged || res.status >= 500)) {
      deps.logger.info(
        {
          reqId: id,
          method: c.req.method,
          path,
          status: res.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
    }
  };
}

/**
 * The route a request matched, as registered (`/api/pay/payments/:id/refresh`): the last handler
 * that is not middleware. Nothing matched: a static file, or `unmatched` for a 404 (never the path
 * itself, which would make one series per URL anyone can type).
 */
function routeTemplate(c: Context<AppEnv>, status: number): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) if (routes[i].method !== 'ALL') return routes[i].path;
  return status === 404 ? 'unmatched' : 'static';
}

/**
 * A JSON answer with every header already in place (see above). `body` is the JSON text when the
 * caller has it rendered, or a value to serialise.
 */
export function fastJson(
  c: Context<AppEnv>,
  body: unknown,
  status = 200,
  extra?: Record<string, string>,
): Response {
  const headers: Record<string, string> = {
    ...securityHeadersFor(pathKind(c.req.path), arrivedOverHttps(c), null),
    'Content-Type': 'application/json',
    'X-Request-Id': c.get('requestId'),
    ...extra,
  };
  const res = new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers });
  markComplete(res);
  return res;
}

/**
 * `c.json` for the payment calls (quote, create-and-confirm, the provider's webhooks): the same
 * typed answer, with every header in place from the start (`fastJson`).
 */
export function completeJson<T, S extends ContentfulStatusCode>(
  c: Context<AppEnv>,
  body: T,
  status: S,
  extra?: Record<string, string>,
): Response & TypedResponse<JSONParsed<T>, S, 'json'> {
  return fastJson(c, JSON.stringify(body), status, extra) as Response &
    TypedResponse<JSONParsed<T>, S, 'json'>;
}
