/**
 * The integrator API's objects (`/api/v1`, and the `2026-11` webhook events' `data.object`): integer
 * minor units with an ISO currency, ids, the integrator's `reference`, ISO-8601 UTC times and the
 * merchant's local `date` for accounting. Each has an `object` field naming its type. They sit
 * below the routes that serve them (api/v1), the webhook events that carry them
 * (api/merchant-webhooks) and the console's pay links (api/pay-links), which all import them.
 */
import { z } from '@hono/zod-openapi';
import { PAYMENT_STATUSES } from '../db/types.ts';
import {
  METADATA_MAX_KEY_LENGTH,
  METADATA_MAX_KEYS,
  METADATA_MAX_VALUE_LENGTH,
  metadataProblem,
} from '../../core/metadata.ts';

const id = (example: string) => z.string().openapi({ example });
const minor = (description: string, example: number) =>
  z
    .number()
    .int()
    .openapi({ description: `${description} (integer minor units)`, example });
const time = z.string().openapi({ format: 'date-time', example: '2026-11-22T03:14:07.000Z' });
const nullableTime = z.string().nullable().openapi({ format: 'date-time' });
const currency = z.string().openapi({ example: 'AUD', description: 'ISO 4217' });
const localDate = z.string().openapi({
  example: '2026-11-22',
  description: "The merchant's local date (its time zone): the accounting date",
});

export const CardSchema = z
  .object({
    brand: z.string().nullable().openapi({ example: 'visa' }),
    last4: z.string().openapi({ example: '4242' }),
    funding: z.string().nullable().openapi({ example: 'credit' }),
    country: z.string().nullable().openapi({ example: 'AU' }),
  })
  .openapi('Card');

export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES).openapi('PaymentStatus');

/** Metadata in a request (core/metadata.ts): strings; on an update "" or null removes a key. */
export const MetadataInput = z
  .record(z.string(), z.string().nullable())
  .superRefine((value, ctx) => {
    const problem = metadataProblem(value);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        message: problem.message,
        path: problem.field === 'metadata' ? [] : [problem.field.slice('metadata.'.length)],
      });
  })
  .openapi({
    description: `Your own key-value data (at most ${METADATA_MAX_KEYS} keys of ${METADATA_MAX_KEY_LENGTH} characters, string values of ${METADATA_MAX_VALUE_LENGTH}), returned on the object and in its webhook events, searchable in the console. On an update a key set to "" is removed.`,
    example: { order_id: 'ORDER-7731', site: 'trade-portal' },
  });

/** Metadata in an answer: `{}` when there is none. */
export const MetadataOutput = z
  .record(z.string(), z.string())
  .openapi({ description: 'Your own key-value data', example: { order_id: 'ORDER-7731' } });

export const V1PaymentSchema = z
  .object({
    object: z.literal('payment'),
    id: id('0b9e5e1c-6f0a-4c57-8f4e-5d1f8a2b3c4d'),
    merchant_id: id('2f1a9c3e-7b6d-4e58-9a0c-1d2e3f4a5b6c'),
    invoice_id: z.string().nullable(),
    invoice_number: z.string().openapi({ example: 'INV-1042' }),
    currency,
    amount: minor('The invoice part: what counts against the invoice', 25000),
    surcharge: minor('The card surcharge on it', 738),
    total_amount: minor('What the card was charged: amount + surcharge', 25738),
    platform_fee: minor('The platform fee', 331),
    refunded_amount: minor('The invoice part refunded so far', 0),
    net_amount: minor('amount − refunded_amount', 25000),
    status: PaymentStatusSchema,
    reference: z.string().nullable().openapi({
      example: 'ORDER-7731',
      description:
        "The `reference` of the pay link it was paid through, else the embedding page's (the widget's `reference` attribute)",
    }),
    pay_link_id: z.string().nullable(),
    payment_intent_id: z.string().nullable().openapi({ example: 'pi_3Q…', description: "The provider's id" }),
    customer_email: z.string().nullable(),
    card: CardSchema.nullable(),
    method: z.enum(['card', 'au_becs_debit', 'payto']).openapi({
      description:
        '`au_becs_debit`: AU BECS Direct Debit, `processing` until it clears; `payto`: PayTo, `requires_action` while the customer approves it in their banking app',
    }),
    bank_account: z
      .object({
        bsb: z.string().nullable().openapi({ example: '000000' }),
        last4: z.string().nullable().openapi({ example: '3456' }),
        mandate: z
          .string()
          .nullable()
          .openapi({ description: 'The Direct Debit Request (mandate) reference' }),
        pay_id: z
          .string()
          .nullable()
          .openapi({ example: 'j***@example.com', description: 'PayTo: the PayID paid from, masked' }),
      })
      .nullable()
      .openapi({ description: 'A bank debit: the account debited' }),
    clears_by: localDate
      .nullable()
      .openapi({ description: 'A processing bank debit: the merchant-local date it should clear by' }),
    failure_code: z.string().nullable().openapi({ example: 'insufficient_funds' }),
    failure_message: z.string().nullable(),
    date: localDate.nullable(),
    created_at: time,
    succeeded_at: nullableTime,
    metadata: MetadataOutput,
  })
  .openapi('Payment');

export const V1RefundSchema = z
  .object({
    object: z.literal('refund'),
    id: id('7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f'),
    payment_id: z.string(),
    merchant_id: z.string(),
    invoice_id: z.string().nullable(),
    invoice_number: z.string().openapi({ example: 'INV-1042' }),
    currency,
    amount: minor('The invoice part given back', 5000),
    surcharge: minor('The surcharge given back with it', 148),
    total_amount: minor('What goes back to the card', 5148),
    platform_fee_refunded: minor('Platform fee returned', 64),
    kind: z.enum(['credit', 'reopen']).openapi({
      description:
        '`credit`: the part is no longer owed (a credit note); `reopen`: the customer still owes it (the balance goes up again)',
    }),
    status: z.enum(['pending', 'succeeded', 'failed', 'canceled']),
    reason: z.string().nullable(),
    reference: z
      .string()
      .nullable()
      .openapi({ description: "The payment's reference (its pay link's, else the embedding page's)" }),
    provider_refund_id: z.string().nullable().openapi({ example: 're_3Q…' }),
    date: localDate,
    created_at: time,
    metadata: MetadataOutput,
  })
  .openapi('Refund');

export const V1InvoiceSchema = z
  .object({
    object: z.literal('invoice'),
    id: id('4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8'),
    merchant_id: z.string(),
    number: z.string().openapi({ example: 'INV-1042', description: 'As first written' }),
    currency,
    status: z.enum(['open', 'being_paid', 'paid']).openapi({
      description:
        '`paid`: nothing is due through us; `being_paid`: nothing is left to pay now, but some of it is held by ' +
        'payments not yet received (`reserved_amount`) and is due again if they fail',
    }),
    amount_due: z.number().int().nullable().openapi({
      description:
        'What may still be paid through us (minor units), by the ledger of DESIGN §3.3; null when no link ever named an amount',
      example: 75000,
    }),
    paid_amount: minor('Paid through us, net of refunds', 25000),
    reserved_amount: minor('Held by payments in progress', 0),
    written_off_amount: minor('Written off (credit refunds, sub-minimum remainders)', 0),
    written_back_amount: minor('Recorded in the accounting tool (S)', 0),
    overpaid: z.boolean(),
    attention: z.enum(['overpaid', 'capped', 'below_minimum']).nullable(),
    paid_at: nullableTime.openapi({ description: 'When the amount due through us reached 0' }),
    created_at: time,
    updated_at: time,
  })
  .openapi('Invoice');

export const PayLinkStatusSchema = z.enum(['active', 'expired', 'canceled']).openapi('PayLinkStatus');

export const V1PayLinkSchema = z
  .object({
    object: z.literal('pay_link'),
    id: id('9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'),
    merchant_id: z.string(),
    invoice_id: z.string(),
    invoice_number: z.string().openapi({ example: 'INV-1042' }),
    currency,
    amount: minor('The amount due the link asks for: authoritative for the invoice', 25000),
    reference: z.string().nullable().openapi({ example: 'ORDER-7731' }),
    customer_email: z.string().nullable().openapi({ example: 'accounts@builder.example' }),
    url: z.string().openapi({
      example: 'https://pay.example.com/pay/pl_9a8b…?invoice=INV-1042&amount=250.00&currency=AUD',
      description: 'The hosted pay page, signed: changing its amount (or anything else) makes it refused',
    }),
    short_url: z.string().openapi({ example: 'https://pay.example.com/l/7Hk2Qm9Xa1' }),
    status: PayLinkStatusSchema,
    expires_at: nullableTime,
    canceled_at: nullableTime,
    created_at: time,
    metadata: MetadataOutput,
  })
  .openapi('PayLink');

export const V1MerchantSchema = z
  .object({
    object: z.literal('merchant'),
    id: id('2f1a9c3e-7b6d-4e58-9a0c-1d2e3f4a5b6c'),
    business_name: z.string().openapi({ example: 'Harbour Timber Supplies' }),
    shortcode: z.string().openapi({ example: '2f1a9c3e' }),
    country: z.string().openapi({ example: 'AU' }),
    time_zone: z.string().openapi({ example: 'Australia/Sydney' }),
    status: z.string().openapi({ example: 'active' }),
    charges_enabled: z.boolean().openapi({ description: 'It can take card payments now' }),
    payment_url: z.string().openapi({ description: 'The link template for Xero / QuickBooks invoices' }),
    created_at: time,
  })
  .openapi('Merchant');

export const V1CallerSchema = z
  .object({
    object: z.enum(['api_key', 'admin']),
    id: z.string(),
    label: z
      .string()
      .openapi({ example: 'ip_test_a1B2c3', description: "The key's prefix, or the admin's email" }),
    name: z.string().nullable(),
    mode: z.enum(['live', 'test']),
    merchant_id: z
      .string()
      .nullable()
      .openapi({ description: 'The one merchant it may use; null = every merchant' }),
    permission: z.enum(['read', 'write']),
    expires_at: nullableTime,
  })
  .openapi('Caller');

/** `{ object: 'list', data, has_more, url }` of `item`. */
export const listOf = <T extends z.ZodType>(item: T, name: string, url: string) =>
  z
    .object({
      object: z.literal('list'),
      data: z.array(item),
      has_more: z.boolean().openapi({
        description:
          'More items follow: pass the last id as `starting_after` (or, paging back with `ending_before`, newer items remain: pass the first id)',
      }),
      url: z.string().openapi({ example: url }),
    })
    .openapi(name);

export const ListParams = z.object({
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .optional()
    .openapi({ description: 'Items per page, 1–100 (default 20)', example: 20 }),
  starting_after: z
    .string()
    .max(100)
    .optional()
    .openapi({ description: 'The id of the last item of the previous page: the next page starts after it' }),
  ending_before: z.string().max(100).optional().openapi({
    description:
      'The id of the first item of a page: the page before it (the newer items), still newest first; not with starting_after',
  }),
  merchant_id: z
    .string()
    .max(100)
    .optional()
    .openapi({ description: "Only this merchant's (a key scoped to one merchant may only name its own)" }),
});
