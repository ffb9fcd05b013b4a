/**
 * The OpenAPI document's `webhooks` section: one entry per automation webhook event, with the
 * headers every delivery carries and the body of each payload version that sends it (`2026-11`
 * events; the `v1` spec body for payment.succeeded, refund.succeeded and payment.write_off).
 */
import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { EVENT_TYPES } from './webhook-events.ts';
import { EVENT_SCHEMAS, TestEventSchema, V1WebhookBodySchema } from './webhook-schemas.ts';

const DeliveryHeaders = z.object({
  'X-InvoicePay-Signature': z.string().openapi({
    example: 't=1795000000,v1=5257a869…',
    description:
      "HMAC-SHA256 of `<t>.<raw body>` with the merchant's secret, hex. After a rotation two `v1=` (new, then old) for 24 h: accept when any matches. Refuse a `t` more than 5 minutes away.",
  }),
  'X-InvoicePay-Event': z.string().openapi({ example: 'payment.succeeded' }),
  'X-InvoicePay-Delivery': z.string().openapi({ description: 'The delivery (outbox job) id' }),
  'X-InvoicePay-Webhook-Version': z.enum(['v1', '2026-11']),
  'Idempotency-Key': z.string().openapi({
    description: 'The same on every attempt of one event: apply each key once (deliveries are at-least-once)',
  }),
});

const camel = (type: string) =>
  type
    .split(/[._]/)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

/** v1 names of the events that exist in v1. */
const V1_NAME: Record<string, string> = {
  'payment.succeeded': 'payment.succeeded',
  'payment.refunded': 'refund.succeeded',
  'payment.write_off': 'payment.write_off',
};

const EVENT_DESCRIPTIONS: Record<string, string> = {
  'payment.succeeded': 'A payment succeeded',
  'payment.refunded': 'A refund settled',
  'refund.failed': 'A refund failed at the provider',
  'payment.failed': 'A payment attempt failed',
  'payment.disputed': 'A payment was disputed (chargeback)',
  'payment.write_off': 'A remainder below the card minimum was written off',
  'invoice.paid': 'An invoice was paid in full through us',
  test: "The console's test send",
};

export function registerWebhookDocs(app: OpenAPIHono<AppEnv>): void {
  const events = [...EVENT_TYPES, 'test'] as const;
  for (const type of events) {
    const schema = type === 'test' ? TestEventSchema : EVENT_SCHEMAS[type];
    const v1 = type === 'test' ? 'test' : V1_NAME[type];
    const body = v1 ? z.union([schema, V1WebhookBodySchema]) : schema;
    app.openAPIRegistry.registerWebhook({
      method: 'post',
      path: type,
      operationId: `on${camel(type)}`,
      tags: ['Webhook events'],
      summary: EVENT_DESCRIPTIONS[type],
      description:
        (v1
          ? `Payload version \`2026-11\`: the event object. Version \`v1\` (the default) sends the spec's body instead${v1 !== type ? `, as event \`${v1}\`` : ''}.`
          : 'Sent to merchants on payload version `2026-11` only (v1 receivers never get it).') +
        " POSTed to the merchant's webhook URL; retried with backoff until a 2xx.",
      request: {
        headers: DeliveryHeaders,
        body: { content: { 'application/json': { schema: body } }, required: true },
      },
      responses: {
        200: { description: 'Any 2xx within 10 s acknowledges the delivery (anything else is retried)' },
      },
    });
  }
}
