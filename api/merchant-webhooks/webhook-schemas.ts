/**
 * The automation webhook's bodies as zod schemas: the OpenAPI document's `webhooks` section (one
 * entry per event type) and the console's test log are generated from them, and the tests check
 * real deliveries against them. `v1`: the spec §7 body; `2026-11`: an event whose `data.object` is
 * the integrator API's own object.
 */
import { z } from '@hono/zod-openapi';
import { V1InvoiceSchema, V1PaymentSchema, V1RefundSchema } from '../public-objects/schemas.ts';

const major = (description: string) =>
  z.number().openapi({ description: `${description} (major units, e.g. 250.5)` });

export const WriteOffDetailsSchema = z
  .object({
    id: z.string(),
    merchant_id: z.string(),
    invoice_id: z.string(),
    invoice_number: z.string(),
    currency: z.string(),
    amount_minor: z.number().int(),
    amount: z.number(),
    date: z.string(),
    reason: z.string(),
    created_at: z.string(),
  })
  .openapi('WebhookV1WriteOff');

export const V1WebhookBodySchema = z
  .object({
    event: z.enum(['payment.succeeded', 'refund.succeeded', 'payment.write_off', 'test']),
    InvoiceNumber: z.string().openapi({ example: 'INV-1042' }),
    Amount: major('The invoice part: what to record against the invoice'),
    Currency: z.string().openapi({ example: 'AUD' }),
    Date: z.string().openapi({ example: '2026-11-22', description: "The merchant's local date" }),
    Reference: z.string().openapi({
      example: 'pi_3Q…',
      description:
        "The spec's payment reference, for matching the bank statement: the provider's payment id (`pi_…`) of a payment, its refund id (`re_…`) for a refund, the write-off's id. Your own reference (the pay link's or the widget's `reference`) is `payment_details.reference`",
    }),
    payment_details: z.object({
      invoice_number: z.string(),
      amount: major('Invoice part'),
      total_amount: major('What the card was charged'),
      surcharge_amount: major('Surcharge'),
      currency: z.string(),
      payment_date: z.string().openapi({ format: 'date-time' }),
      merchant_id: z.string(),
      make_scenario_id: z.string().nullable(),
      payment_reference: z
        .string()
        .openapi({ description: 'The same as `Reference` for a payment (`pi_…`)' }),
      reference: z.string().nullable().optional().openapi({
        description:
          "Your own reference: the pay link's or the widget's `reference` (on payments and their refunds), else null",
      }),
      customer_email: z.string().nullable(),
      status: z.string().openapi({ example: 'succeeded' }),
      is_test: z.boolean(),
      payment_id: z.string().nullable(),
      refund_id: z.string().nullable(),
      refund_kind: z.enum(['credit', 'reopen']).nullable(),
    }),
    write_off: WriteOffDetailsSchema.optional(),
  })
  .openapi('WebhookV1Body', {
    description: "Payload version `v1` (the default): the spec's body, amounts in major units",
  });

const decimalObject = (name: string) =>
  z
    .record(z.string(), z.unknown())
    .optional()
    .openapi({ description: `The ${name} as in \`2026-11\`, its amounts in major units` });

export const V1NoticeBodySchema = z
  .object({
    event: z.enum(['payment.failed', 'refund.failed', 'invoice.paid', 'payment.disputed']),
    InvoiceNumber: z.string(),
    Currency: z.string(),
    Date: z
      .string()
      .openapi({ description: "The merchant's local date (the event's UTC date for invoice.paid)" }),
    Reference: z
      .string()
      .openapi({ description: "The provider's payment id (`pi_…`), else the object's id" }),
    payment: decimalObject('payment'),
    refund: decimalObject('refund'),
    invoice: decimalObject('invoice'),
    dispute: decimalObject('dispute'),
  })
  .openapi('WebhookV1Notice', {
    description:
      'Payload version `v1`, an event that records nothing (sent only to a v1 receiver that enabled it): no `Amount`, so a scenario that records `Amount` against the invoice records nothing',
  });

export const WriteOffObjectSchema = z
  .object({
    object: z.literal('write_off'),
    id: z.string(),
    merchant_id: z.string(),
    invoice_id: z.string(),
    invoice_number: z.string(),
    currency: z.string(),
    amount: z.number().int().openapi({ description: 'Written off (integer minor units)' }),
    reason: z.string(),
    date: z.string(),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('WriteOff');

export const DisputeObjectSchema = z
  .object({
    object: z.literal('dispute'),
    id: z.string().openapi({ example: 'dp_1Q…' }),
    payment_id: z.string(),
    merchant_id: z.string(),
    invoice_id: z.string().nullable(),
    invoice_number: z.string(),
    currency: z.string(),
    amount: z.number().int().openapi({ description: 'Disputed (integer minor units)' }),
    reason: z.string().openapi({ example: 'fraudulent' }),
    status: z.string().openapi({ example: 'needs_response' }),
    reference: z.string().nullable(),
    payment_intent_id: z.string().nullable(),
    date: z.string(),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Dispute');

const envelope = <T extends z.ZodType>(type: string, object: T, name: string, description: string) =>
  z
    .object({
      id: z
        .string()
        .openapi({ example: 'evt_5f2b…', description: 'Unique per event; the same on every retry' }),
      object: z.literal('event'),
      type: z.literal(type),
      api_version: z.literal('2026-11'),
      created: z.string().openapi({ format: 'date-time' }),
      data: z.object({ object }),
    })
    .openapi(name, { description });

/** Each `2026-11` event type: its body schema and what it means. */
export const EVENT_SCHEMAS = {
  'payment.succeeded': envelope(
    'payment.succeeded',
    V1PaymentSchema,
    'PaymentSucceededEvent',
    'A payment succeeded: record it against the invoice (`amount`; the surcharge is not on the invoice).',
  ),
  'payment.refunded': envelope(
    'payment.refunded',
    V1RefundSchema,
    'PaymentRefundedEvent',
    'A refund settled (`kind`: `credit` = a credit note, `reopen` = the amount is due again). v1 name: `refund.succeeded`.',
  ),
  'refund.failed': envelope(
    'refund.failed',
    V1RefundSchema,
    'RefundFailedEvent',
    'The provider reported a refund failed: the money stays with the merchant; nothing to record.',
  ),
  'payment.failed': envelope(
    'payment.failed',
    V1PaymentSchema,
    'PaymentFailedEvent',
    'A payment attempt failed (declined, or the provider refused it): `failure_code`, `failure_message`.',
  ),
  'payment.disputed': envelope(
    'payment.disputed',
    DisputeObjectSchema,
    'PaymentDisputedEvent',
    'The customer disputed a payment with their bank (a chargeback), or its dispute changed status.',
  ),
  'payment.write_off': envelope(
    'payment.write_off',
    WriteOffObjectSchema,
    'PaymentWriteOffEvent',
    'An admin wrote off a remainder below the card minimum: record a credit note allocated to the invoice.',
  ),
  'invoice.paid': envelope(
    'invoice.paid',
    V1InvoiceSchema,
    'InvoicePaidEvent',
    'The amount due through us reached 0 (after payments, and write-offs).',
  ),
} as const;

export const TestEventSchema = envelope(
  'test',
  V1PaymentSchema,
  'TestEvent',
  "The console's test send: a sample payment of 97.13 + 2.87 AUD.",
);

export const WebhookBodySchema = z
  .union([V1WebhookBodySchema, V1NoticeBodySchema, ...Object.values(EVENT_SCHEMAS), TestEventSchema])
  .openapi('WebhookBody');
