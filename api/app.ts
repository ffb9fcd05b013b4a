/**
 * `createApp(deps)`: the whole HTTP surface as one Hono app built from injected dependencies, so
 * tests build it with a fresh database and call `app.request()`.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import type { AppDeps, AppEnv } from './context.ts';
import { auditRoutes } from './audit/routes.ts';
import { actorOf } from './audit/actor.ts';
import { audit } from './audit/service.ts';
import { adminApiKeyRoutes } from './auth/api-keys/admin-routes.ts';
import { requireConsole, requireIntegrator } from './auth/guard.ts';
import { BEARER_SCHEME } from './http/openapi-security.ts';
import { finishOpenApiDocument } from './http/openapi-document.ts';
import { integratorDocument } from './http/openapi-integrator.ts';
import { registerWebhookDocs } from './merchant-webhooks/webhook-docs.ts';
import { authRoutes } from './auth/routes.ts';
import { adminBlogRoutes, blogPageRoutes, publicBlogRoutes } from './blog/routes.ts';
import { AppError, errorBody } from './errors.ts';
import { databaseUnavailable } from './db/transact.ts';
import { metricsEnabled } from './metrics/metrics.ts';
import { METRICS_CONTENT_TYPE, metricsText, metricsTokenMatches } from './metrics/serve.ts';
import { healthRoutes } from './health/routes.ts';
import { bodyLimits } from './http/body-limits.ts';
import { edge } from './http/edge.ts';
import { createStatic } from './http/static.ts';
import { configRoutes } from './public-config/routes.ts';
import { widgetReleaseRoutes } from './widget-releases/routes.ts';
import { createReleasedFiles } from './widget-releases/serve.ts';
import { adminProspectRoutes, publicProspectRoutes } from './prospects/routes.ts';
import { connectRoutes } from './connect/routes.ts';
import { merchantRoutes } from './merchants/routes.ts';
import { merchantReviewRoutes } from './merchants/review-routes.ts';
import { invitationRoutes, teamRoutes } from './merchants/team-routes.ts';
import { paymentDomainRoutes } from './merchants/payment-domain-routes.ts';
import { invoiceRoutes } from './pay/invoice-routes.ts';
import { payRoutes } from './pay/routes.ts';
import { adminPaymentRoutes } from './payments/console/admin-routes.ts';
import { adminConsoleRoutes, diagnosticPageRoutes } from './admin-console/routes.ts';
import { adminInvoiceRoutes } from './invoices/admin-routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import { accountingRoutes } from './accounting/connections/routes.ts';
import { oauthRoutes as accountingOauthRoutes } from './accounting/connections/oauth-routes.ts';
import { payNowRoutes } from './accounting/connections/pay-now-routes.ts';
import { recordsRoutes as accountingRecordsRoutes } from './accounting/records/routes.ts';
import { syncRoutes as accountingSyncRoutes } from './accounting/sync/routes.ts';
import { webhookRoutes as automationWebhookRoutes } from './merchant-webhooks/webhook-routes.ts';
import { webhookDeliveryRoutes } from './merchant-webhooks/webhook-delivery-routes.ts';
import { webhookEndpointAdminRoutes } from './merchant-webhooks/webhook-endpoint-admin-routes.ts';
import { outboxRoutes } from './outbox/routes.ts';
import { adminPayLinkRoutes } from './pay-links/admin-routes.ts';
import { authorizeMerchant, merchantScope } from './auth/access.ts';
import { accountingOutbox } from './accounting/sync/worker.ts';
import { sandboxConsentRoutes } from './sandbox/consent-routes.ts';
import { wireDomains } from './wiring.ts';
import { sandboxPayToRoutes } from './sandbox/payto-routes.ts';
import { sandboxRoutes } from './sandbox/routes.ts';
import { sandboxAdminRoutes } from './sandbox/admin-routes.ts';
import { apiDocsRoutes } from './docs/routes.ts';
import { shortLinkRoutes } from './pay-links/short-link.ts';
import { apiVersionHeader } from './v1/http.ts';
import { v1InvoiceRoutes } from './v1/invoices-routes.ts';
import { v1PaymentRoutes } from './v1/payments-routes.ts';
import { v1PayLinkRoutes } from './v1/pay-links-routes.ts';
import { v1WebhookEndpointRoutes } from './v1/webhook-endpoints-routes.ts';

export const API_VERSION = '0.1.0';

const API_DESCRIPTION = [
  'Card payments on Xero and QuickBooks invoices. Amounts are integer minor units with an ISO 4217 currency.',
  'The integrator API lives under `/api/v1` (a breaking change would be `/api/v2`); every answer there carries',
  '`API-Version: v1`. It takes an API key (`Authorization: Bearer ip_live_…` or `ip_test_…`, made in the console)',
  'scoped to one merchant or all, read-only or read-write. Errors are `{ "error": { "code", "message", "field"? } }`',
  'with the codes of the `Error` schema. Unknown request fields are refused (400 naming the field). POSTs that',
  "create something take an `Idempotency-Key`. The merchant's automation webhook events are in `webhooks`.",
].join(' ');

/** One router of several, in order (earlier ones answer first where paths overlap). */
function mount(...routers: OpenAPIHono<AppEnv>[]): OpenAPIHono<AppEnv> {
  const group = new OpenAPIHono<AppEnv>();
  for (const router of routers) group.route('/', router);
  return group;
}

export function createApp(deps: AppDeps) {
  wireDomains(); // what listens to payments (api/wiring.ts)
  const app = new OpenAPIHono<AppEnv>();
  const statics = createStatic(deps.config.staticDir, undefined, deps.config.paymentsProvider);
  // Files of earlier widget releases, kept in the database after a build replaced them (issue 51).
  const releasedFiles = createReleasedFiles(deps.database.db);

  app.use('*', edge(deps));
  // Request bodies are bounded per route (413 before they are read whole).
  app.use('/api/*', bodyLimits());

  // Every /api/admin/* route, including ones mounted later, requires a signed-in user (401); an
  // admin may call each, a merchant member only what the route declares for their role (403/404,
  // api/auth/access.ts).
  app.use('/api/admin/*', requireConsole());
  // The integrator API: every answer names its version; an API key or admin token, scoped (api/v1).
  app.use('/api/v1/*', apiVersionHeader());
  // The integrator API's own document is public: answered before the key check below (it is made on
  // request, when every route is registered).
  app.get('/api/v1/openapi.json', (c) =>
    c.json(integratorDocument(openApiDocument(), `${deps.config.productName} integrator API`)),
  );
  app.use('/api/v1/*', requireIntegrator());
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', BEARER_SCHEME);

  // The URL map: each part of the API mounted at its base path (a router's own paths are relative).
  app.route('/', healthRoutes); // /healthz, /readyz
  app.route('/', blogPageRoutes); // /blog/{slug}, /sitemap.xml, /robots.txt
  app.route('/', diagnosticPageRoutes); // /debug, /test/supabase
  app.route('/', shortLinkRoutes); // /l/{code}
  app.route('/api/public', mount(configRoutes, publicBlogRoutes, publicProspectRoutes, widgetReleaseRoutes));
  app.route('/api/auth', mount(authRoutes, invitationRoutes));
  app.route('/api/pay', payRoutes); // the widget's pay sessions
  app.route('/api/pay', invoiceRoutes); // the invoice itself, from Xero or QuickBooks
  app.route('/api/payments', paymentRoutes); // quote, create and confirm, details
  app.route('/api/webhooks', webhookRoutes); // the provider's events
  app.route(
    '/api/admin',
    mount(
      auditRoutes,
      adminBlogRoutes,
      adminProspectRoutes,
      merchantRoutes,
      merchantReviewRoutes,
      teamRoutes,
      paymentDomainRoutes,
      connectRoutes,
      adminPaymentRoutes,
      adminConsoleRoutes,
      adminInvoiceRoutes,
      automationWebhookRoutes,
      webhookDeliveryRoutes,
      webhookEndpointAdminRoutes,
      accountingRoutes,
      accountingOauthRoutes,
      accountingSyncRoutes,
      accountingRecordsRoutes,
      payNowRoutes,
      // The sync jobs: an owner's (accounting.manage) for their merchants, every job for an admin.
      outboxRoutes(accountingOutbox, {
        action: 'accounting.manage',
        scope: (c) => merchantScope(c, 'accounting.manage'),
        authorize: (c, merchantId, notFound) =>
          authorizeMerchant(c, 'accounting.manage', merchantId, notFound),
        recordRetry: (c, trx, job) => {
          const actor = actorOf(c);
          return audit(
            trx,
            {
              actor: actor.user,
              action: 'outbox.retry',
              targetType: 'outbox',
              targetId: job.id,
              merchantId: job.merchant_id,
              details: { kind: job.kind, previousStatus: job.status, paymentId: job.payment_id },
              ip: actor.ip,
            },
            deps.clock,
          );
        },
      }),
      adminApiKeyRoutes,
      adminPayLinkRoutes,
      // Test-mode controls, only beside the sandbox provider (never beside live Stripe).
      ...(deps.payments.mode === 'sandbox' ? [sandboxAdminRoutes] : []),
    ),
  );
  app.route('/api/v1', mount(v1PayLinkRoutes, v1PaymentRoutes, v1InvoiceRoutes, v1WebhookEndpointRoutes)); // the integrator API
  // The sandbox provider's browser side exists only in sandbox mode (never beside live Stripe); the
  // provider says which it is (only the sandbox provider declares mode 'sandbox').
  if (deps.payments.mode === 'sandbox')
    app.route('/api/sandbox', mount(sandboxRoutes, sandboxConsentRoutes, sandboxPayToRoutes));

  registerWebhookDocs(app);
  const openApiDocument = () =>
    finishOpenApiDocument(
      app.getOpenAPI31Document({
        openapi: '3.1.0',
        info: { title: `${deps.config.productName} API`, version: API_VERSION, description: API_DESCRIPTION },
        servers: [{ url: deps.config.publicBaseUrl }],
      }),
    );
  app.get('/api/openapi.json', (c) => c.json(openApiDocument()));

  app.route('/api/docs', apiDocsRoutes(app)); // the readable reference of /api/openapi.json (not an operation itself)

  // Prometheus metrics behind METRICS_TOKEN (api/metrics; METRICS_PORT serves them apart instead).
  const metricsToken = deps.config.metrics.token;
  if (metricsToken && metricsEnabled())
    app.get('/metrics', async (c) => {
      if (!metricsTokenMatches(c.req.header('authorization'), metricsToken))
        return c.json(errorBody('unauthenticated', 'A valid metrics token is required'), 401, {
          'WWW-Authenticate': 'Bearer',
        });
      return c.body(await metricsText(), 200, {
        'Content-Type': METRICS_CONTENT_TYPE,
        'Cache-Control': 'no-store',
      });
    });

  app.notFound(async (c) => {
    if (!c.req.path.startsWith('/api/')) {
      const file = statics.serve(c);
      if (file) return file;
      if (c.req.path.startsWith('/widget/') && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
        const released = await releasedFiles(c, c.req.path.slice('/widget/'.length));
        if (released) return released;
      }
    }
    return c.json(errorBody('not_found', 'Not found'), 404);
  });

  app.onError((err, c) => {
    if (err instanceof AppError) {
      // A wrapped upstream failure (provider, connector): the answer stays the catalogue's text,
      // the log says what the upstream said.
      if (err.status >= 500 && err.cause !== undefined)
        deps.logger.warn({ reqId: c.get('requestId'), code: err.code, err: err.cause }, err.message);
      return c.json(
        { ...err.extra, ...errorBody(err.code, err.message, err.field) },
        err.status as 400,
        err.headers,
      );
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
    if (databaseUnavailable(err)) {
      // The database went away under this request (a restart, a failover, a stall past the
      // statement time-out): nothing it did was committed half-way, and the client may retry.
      deps.logger.warn({ reqId: c.get('requestId'), err: (err as Error).message }, 'database unavailable');
      return c.json(
        errorBody('unavailable', 'The service is briefly unavailable. Please try again in a few seconds.'),
        503,
        { 'Retry-After': '5' },
      );
    }
    deps.logger.error({ reqId: c.get('requestId'), err }, 'unhandled error');
    return c.json(errorBody('internal', `Internal error (request ${c.get('requestId')})`), 500);
  });

  return app;
}
