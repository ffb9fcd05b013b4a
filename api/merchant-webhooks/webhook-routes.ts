/**
 * Admin API for the automation webhook: save URL + scenario id, reveal and rotate the signing
 * secret, send the spec's test sample, read the test log. Every action is audit-logged.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { audit } from '../audit/service.ts';
import { bearerSecurity as security, IdParam, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { actorOf } from '../audit/actor.ts';
import { authorizeMerchant } from '../auth/access.ts';
import { getMerchantOr404 } from '../merchants/service.ts';
import {
  saveWebhookSettings,
  sendTestWebhook,
  toApiWebhookTest,
  webhookSettingsOf,
} from './automation-webhook-settings.ts';
import { EVENT_TYPES, WEBHOOK_VERSIONS } from './webhook-events.ts';
import { ALL_EVENTS } from './webhook-fanout.ts';
import { WebhookBodySchema } from './webhook-schemas.ts';
import { RotateBody } from './webhook-endpoint-schemas.ts';
import {
  previousSecretUntil,
  ROTATION_OVERLAP_HOURS,
  rotateWebhookSecretAudited,
  webhookSecretFor,
} from './webhook-secret.ts';
import { recentWebhookTests } from './repository.ts';

const PayloadVersion = z.enum(WEBHOOK_VERSIONS as ['v1', '2026-11']).openapi({
  description:
    "`v1` (the default): the spec's body, decimal amounts, events payment.succeeded, refund.succeeded, " +
    'payment.write_off; `2026-11`: events with integer minor units, ids and the pay-link reference, and every ' +
    'event type (see the webhooks section)',
});

const WebhookSettings = z
  .object({
    merchant_id: z.string(),
    make_webhook_url: z.string().nullable(),
    make_scenario_id: z.string().nullable(),
    xero_integration_status: z.string().openapi({ example: 'configured' }),
    has_secret: z.boolean(),
    payload_version: PayloadVersion,
    enabled_events: z.array(z.string()).openapi({
      description:
        "The event types it receives (`*`: every type). Unless chosen: a `v1` webhook gets the spec's three (payment.succeeded, payment.refunded, payment.write_off), a `2026-11` one every type",
    }),
    previous_secret_valid_until: z.string().nullable().openapi({
      format: 'date-time',
      description: 'After a rotation: until when deliveries still carry the old secret’s signature too',
    }),
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
    payload_version: PayloadVersion.nullish().openapi({ description: 'Omitted: unchanged' }),
    enabled_events: z
      .array(z.enum([...EVENT_TYPES, ALL_EVENTS]))
      .min(1)
      .max(20)
      .nullish()
      .openapi({ description: "Omitted: unchanged; null: the version's default" }),
  })
  .openapi('WebhookSettingsInput');

const Secret = z
  .object({
    secret: z.string().openapi({ example: 'whsec_…' }),
    previous_secret_valid_until: z.string().nullable().openapi({
      format: 'date-time',
      description:
        'Until when the previous secret still signs deliveries (both signatures are sent); null: it does not',
    }),
  })
  .openapi('WebhookSecret');
const TestResult = z
  .object({
    id: z.string(),
    merchant_id: z.string(),
    webhook_url: z.string(),
    test_data: WebhookBodySchema,
    status: z.enum(['success', 'failed']),
    success: z.boolean(),
    response_status: z.number().int().nullable(),
    error_message: z.string().nullable(),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('WebhookTestResult');

export const webhookRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/merchants/{id}/webhook',
      tags: ['admin'],
      security,
      'x-access': 'webhooks.manage',
      summary: 'The automation webhook settings: URL, scenario id, payload version, secret rotation',
      request: { params: IdParam },
      responses: { 200: json(WebhookSettings, 'The settings'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      authorizeMerchant(c, 'webhooks.manage', c.req.valid('param').id);
      return c.json(
        webhookSettingsOf(await getMerchantOr404(deps, c.req.valid('param').id), deps.clock.now()),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/merchants/{id}/webhook',
      tags: ['admin'],
      security,
      'x-access': 'webhooks.manage',
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
      authorizeMerchant(c, 'webhooks.manage', c.req.valid('param').id);
      return c.json(
        await saveWebhookSettings(
          c.get('deps'),
          c.req.valid('param').id,
          {
            webhook_url: body.webhook_url,
            scenario_id: body.scenario_id,
            payload_version: body.payload_version,
            enabled_events: body.enabled_events,
          },
          actorOf(c),
        ),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/merchants/{id}/webhook-secret',
      tags: ['admin'],
      security,
      'x-access': 'webhooks.manage',
      summary: "Reveal the merchant's webhook signing secret (created on first use)",
      request: { params: IdParam },
      responses: { 200: json(Secret, 'The secret'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const id = c.req.valid('param').id;
      authorizeMerchant(c, 'webhooks.manage', id);
      const actor = actorOf(c);
      await getMerchantOr404(deps, id);
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
      return c.json(
        { secret, previous_secret_valid_until: await previousSecretUntil(deps, deps.database.db, id) },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/merchants/{id}/webhook-secret/rotate',
      tags: ['admin'],
      security,
      'x-access': 'webhooks.manage',
      summary:
        'Replace the webhook signing secret; the old one keeps signing for 24 h (both signatures are sent)',
      description:
        'Deliveries carry `v1=<new signature>,v1=<old signature>` until `previous_secret_valid_until`, so the ' +
        "receiver keeps verifying while its owner swaps the secret in. `keep_previous_hours: 0` ends the old secret's " +
        'validity at once (a leaked secret).',
      request: {
        params: IdParam,
        body: { content: { 'application/json': { schema: RotateBody } }, required: false },
      },
      responses: { 200: json(Secret, 'The new secret'), ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const id = c.req.valid('param').id;
      authorizeMerchant(c, 'webhooks.manage', id);
      const hours = c.req.valid('json')?.keep_previous_hours ?? ROTATION_OVERLAP_HOURS;
      const rotated = await rotateWebhookSecretAudited(deps, id, hours, actorOf(c));
      return c.json({ secret: rotated.secret, previous_secret_valid_until: rotated.previousValidUntil }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/merchants/{id}/test-webhook',
      tags: ['admin'],
      security,
      'x-access': 'webhooks.manage',
      summary: "Send the spec's test sample (97.13 + 2.87 surcharge = 100 AUD, is_test) to the saved URL now",
      description:
        "Answers 200 with the logged attempt (success, status, response_status, error_message) whether or not the receiver accepted it; 400 'Please configure the webhook URL first' without a URL.",
      request: { params: IdParam },
      responses: {
        200: json(TestResult, 'The attempt, as logged in webhook_tests'),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      authorizeMerchant(c, 'webhooks.manage', id);
      return c.json(await sendTestWebhook(c.get('deps'), id, actorOf(c)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/merchants/{id}/webhook-tests',
      tags: ['admin'],
      security,
      'x-access': 'webhooks.manage',
      summary: 'The 20 latest webhook tests of a merchant',
      request: { params: IdParam },
      responses: { 200: json(z.array(TestResult), 'Newest first'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const id = c.req.valid('param').id;
      authorizeMerchant(c, 'webhooks.manage', id);
      await getMerchantOr404(deps, id);
      const rows = await recentWebhookTests(deps.database.db, id);
      return c.json(rows.map(toApiWebhookTest), 200);
    },
  );
