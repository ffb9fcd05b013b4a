/**
 * Admin API for the automation webhook: save URL + scenario id, reveal and rotate the signing
 * secret, send the spec's test sample, read the test log. Every action is audit-logged.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { audit } from '../audit/service.ts';
import { bearerSecurity as security, IdParam, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { actorOf } from '../merchants/routes.ts';
import { merchantOr404, saveWebhookSettings, sendTestWebhook } from './automation-webhook.ts';
import { rotateWebhookSecret, webhookSecretFor } from './webhook-secret.ts';

const WebhookSettings = z
  .object({
    merchant_id: z.string(),
    make_webhook_url: z.string().nullable(),
    make_scenario_id: z.string().nullable(),
    xero_integration_status: z.string().openapi({ example: 'configured' }),
    has_secret: z.boolean(),
  })
  .openapi('WebhookSettings');

const WebhookBody = z
  .object({
    webhook_url: z
      .string()
      .trim()
      .max(2000)
      .refine((v) => v === '' || URL.canParse(v), 'Webhook URL must be a URL')
      .nullish(),
    scenario_id: z.string().trim().max(200).nullish(),
  })
  .openapi('WebhookSettingsInput');

const Secret = z.object({ secret: z.string().openapi({ example: 'whsec_…' }) }).openapi('WebhookSecret');
const TestResult = z.record(z.string(), z.unknown()).openapi('WebhookTestResult');

export const webhookRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'put',
      path: '/api/admin/merchants/{id}/webhook',
      tags: ['admin'],
      security,
      summary: 'Save the automation webhook URL and optional scenario id (empty URL switches it off)',
      description:
        'The URL must be http(s) and must not point at a private, loopback or link-local address unless OUTBOUND_ALLOWLIST allows it. Saving a URL sets xero_integration_status to configured; emptying it sets not_configured.',
      request: {
        params: IdParam,
        body: { content: { 'application/json': { schema: WebhookBody } }, required: true },
      },
      responses: { 200: json(WebhookSettings, 'Saved'), ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      const body = c.req.valid('json');
      return c.json(
        await saveWebhookSettings(
          c.get('deps'),
          c.req.valid('param').id,
          { webhook_url: body.webhook_url, scenario_id: body.scenario_id },
          actorOf(c),
        ),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/merchants/{id}/webhook-secret',
      tags: ['admin'],
      security,
      summary: "Reveal the merchant's webhook signing secret (created on first use)",
      request: { params: IdParam },
      responses: { 200: json(Secret, 'The secret'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const id = c.req.valid('param').id;
      const actor = actorOf(c);
      await merchantOr404(deps, id);
      const secret = await webhookSecretFor(deps, deps.database.db, id);
      await audit(
        deps.database.db,
        {
          actor: actor.user,
          action: 'merchant.webhook_secret_reveal',
          targetType: 'merchant',
          targetId: id,
          ip: actor.ip,
        },
        deps.clock,
      );
      return c.json({ secret }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/api/admin/merchants/{id}/webhook-secret/rotate',
      tags: ['admin'],
      security,
      summary: 'Replace the webhook signing secret (deliveries from now on use the new one)',
      request: { params: IdParam },
      responses: { 200: json(Secret, 'The new secret'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const id = c.req.valid('param').id;
      const actor = actorOf(c);
      await merchantOr404(deps, id);
      const secret = await deps.database.db.transaction().execute(async (trx) => {
        const s = await rotateWebhookSecret(deps, trx, id);
        await audit(
          trx,
          {
            actor: actor.user,
            action: 'merchant.webhook_secret_rotate',
            targetType: 'merchant',
            targetId: id,
            ip: actor.ip,
          },
          deps.clock,
        );
        return s;
      });
      return c.json({ secret }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/api/admin/merchants/{id}/test-webhook',
      tags: ['admin'],
      security,
      summary: "Send the spec's test sample (97.13 + 2.87 surcharge = 100 AUD, is_test) to the saved URL now",
      description:
        "Answers 200 with the logged attempt (success, status, response_status, error_message) whether or not the receiver accepted it; 400 'Please configure the webhook URL first' without a URL.",
      request: { params: IdParam },
      responses: {
        200: json(TestResult, 'The attempt, as logged in webhook_tests'),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => c.json(await sendTestWebhook(c.get('deps'), c.req.valid('param').id, actorOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/merchants/{id}/webhook-tests',
      tags: ['admin'],
      security,
      summary: 'The 20 latest webhook tests of a merchant',
      request: { params: IdParam },
      responses: { 200: json(z.array(TestResult), 'Newest first'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const id = c.req.valid('param').id;
      await merchantOr404(deps, id);
      const rows = await deps.database.db
        .selectFrom('webhook_tests')
        .selectAll()
        .where('merchant_id', '=', id)
        .orderBy('created_at', 'desc')
        .limit(20)
        .execute();
      return c.json(
        rows.map((r) => ({ ...r, success: r.status === 'success', test_data: JSON.parse(r.test_data) })),
        200,
      );
    },
  );
