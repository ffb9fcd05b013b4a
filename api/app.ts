/**
 * `createApp(deps)`: the whole HTTP surface as one Hono app built from injected dependencies, so
 * tests build it with a fresh database and call `app.request()`.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import type { AppDeps, AppEnv } from './context.ts';
import { AppError, errorBody } from './errors.ts';
import { healthRoutes } from './health/routes.ts';
import { cors, securityHeaders } from './http/security.ts';
import { createStatic } from './http/static.ts';
import { configRoutes } from './meta/routes.ts';

export const API_VERSION = '0.1.0';

export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const statics = createStatic(deps.config.staticDir);

  app.use('*', requestId({ headerName: 'x-request-id' }));
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    const started = performance.now();
    await next();
    if (c.req.path.startsWith('/api/') || c.res.status >= 500) {
      deps.logger.info(
        {
          reqId: c.get('requestId'),
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
    }
  });
  app.use('*', securityHeaders());
  app.use('*', cors());

  app.route('/', healthRoutes);
  app.route('/', configRoutes);

  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: { title: `${deps.config.productName} API`, version: API_VERSION },
    servers: [{ url: deps.config.publicBaseUrl }],
  });

  app.notFound((c) => {
    if (!c.req.path.startsWith('/api/')) {
      const file = statics.serve(c);
      if (file) return file;
    }
    return c.json(errorBody('not_found', 'Not found'), 404);
  });

  app.onError((err, c) => {
    if (err instanceof AppError) {
      return c.json(errorBody(err.code, err.message, err.field), err.status as 400, err.headers);
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      const code =
        status === 401
          ? 'unauthenticated'
          : status === 413
            ? 'payload_too_large'
            : status === 404
              ? 'not_found'
              : 'bad_request';
      return c.json(errorBody(code, status >= 500 ? 'Internal error' : err.message || 'Bad request'), status);
    }
    deps.logger.error({ reqId: c.get('requestId'), err }, 'unhandled error');
    return c.json(errorBody('internal', `Internal error (request ${c.get('requestId')})`), 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
