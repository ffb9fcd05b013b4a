/**
 * The automation webhook's payload versions (docs/webhooks.md). Each merchant has one
 * (`merchants.webhook_version`):
 *  - `v1`, the default: the spec §7 body (decimal `Amount`, `InvoiceNumber`, `payment_details`, …)
 *    for `payment.succeeded`, `refund.succeeded` and `payment.write_off` only — what receivers built
 *    for the spec (Make, Zapier, n8n scenarios) expect, so none of them breaks;
 *  - `2026-11`: Stripe-style events `{ id, object: 'event', type, api_version, created, data: { object } }`
 *    whose `data.object` is the integrator API's own object (api/public-objects/objects.ts: integer minor units,
 *    currency, ids, the pay link's `reference`), for every event type below.
 * A delivery's body is built when the event happens (in its transaction) and stored in the outbox,
 * so every attempt sends the same bytes, with the same event id.
 */
import type { DisputeFacts } from '../payments/events.ts';
import { localDate } from '../../core/local-date.ts';
import type { DbOrTrx } from '../db/database.ts';
import type { Invoice, Merchant, OutboxJob, Payment, Refund, WebhookVersion } from '../db/types.ts';
import { observationTerms } from '../invoices/holds.ts';
import { payLinkRefs, toV1Invoice, toV1Payment, toV1Refund } from '../public-objects/objects.ts';
import type { WriteOffDetails } from './webhook-payload.ts';
import { findRefund } from '../payments/rows.ts';
import { setJobPayload } from '../outbox/repository.ts';
import { setEventBody } from './repository.ts';
import { newRowId } from '../db/row-id.ts';

export const WEBHOOK_VERSIONS: readonly WebhookVersion[] = ['v1', '2026-11'];

/** The `2026-11` event types (and `test`, the console's test send). */
export const EVENT_TYPES = [
  'payment.succeeded',
  'payment.refunded',
  'refund.failed',
  'payment.failed',
  'payment.disputed',
  'payment.write_off',
  'invoice.paid',
] as const;
export type EventType = (typeof EVENT_TYPES)[number] | 'test';

/** Events whose 2xx answer is a write-back (DESIGN §3.3): the receiver recorded money in its books. */
export const WRITEBACK_EVENTS = new Set([
  'payment.succeeded',
  'refund.succeeded',
  'payment.refunded',
  'payment.write_off',
]);

export interface WebhookEventBody<T = unknown> {
  id: string;
  object: 'event';
  type: EventType;
  api_version: '2026-11';
  created: string;
  data: { object: T };
}

export function eventBody<T>(type: EventType, object: T, at: Date): WebhookEventBody<T> {
  return {
    id: `evt_${newRowId().replace(/-/g, '')}`,
    object: 'event',
    type,
    api_version: '2026-11',
    created: at.toISOString(),
    data: { object },
  };
}

/** The event a stored delivery body is (v1 bodies say `event`, 2026-11 ones `type`). */
export function eventOfBody(body: string): { event: string; version: WebhookVersion } {
  const parsed = JSON.parse(body) as { event?: string; type?: string; api_version?: string };
  return parsed.api_version === '2026-11'
    ? { event: String(parsed.type), version: '2026-11' }
    : { event: String(parsed.event), version: 'v1' };
}

/**
 * A `2026-11` refund event is built when the refund is counted, before the provider settles it; its
 * job waits for the settlement (api/accounting/sync/deliver.ts), so before the first attempt its refund
 * object takes the settled status and the provider's id. Stored back — in the job and in the stored
 * event —, so every attempt, every retry after a crash and every resend sends the same bytes.
 */
export async function settledRefundPayload(db: DbOrTrx, job: OutboxJob): Promise<string> {
  if (!job.refund_id || job.attempts > 1) return job.payload;
  const body = JSON.parse(job.payload) as {
    api_version?: string;
    data?: { object?: { object?: string; status?: string; provider_refund_id?: string | null } };
  };
  const object = body.data?.object;
  if (body.api_version !== '2026-11' || object?.object !== 'refund' || object.status !== 'pending')
    return job.payload;
  const refund = await findRefund(db, job.refund_id);
  if (!refund || refund.status === 'pending') return job.payload;
  object.status = refund.status;
  object.provider_refund_id = refund.provider_refund_id;
  const payload = JSON.stringify(body);
  await setJobPayload(db, job.id, payload);
  // The stored event too: the events list and a later resend show (and send) the settled refund.
  if (job.event_id) await setEventBody(db, job.event_id, payload);
  return payload;
}

type MerchantRow = Pick<Merchant, 'id' | 'time_zone'>;

/** `payment.succeeded` / `payment.failed` (data.object: the payment). */
export async function paymentEvent(
  db: DbOrTrx,
  type: 'payment.succeeded' | 'payment.failed',
  merchant: MerchantRow,
  payment: Payment,
  at: Date,
) {
  const refs = await payLinkRefs(db, [payment.observation_id]);
  const link = payment.observation_id ? refs.get(payment.observation_id) : undefined;
  return eventBody(type, toV1Payment(payment, merchant.time_zone, link), at);
}

/** `payment.refunded` / `refund.failed` (data.object: the refund). */
export async function refundEvent(
  db: DbOrTrx,
  type: 'payment.refunded' | 'refund.failed',
  merchant: MerchantRow,
  payment: Payment,
  refund: Refund,
  at: Date,
) {
  const refs = await payLinkRefs(db, [payment.observation_id]);
  const link = payment.observation_id ? refs.get(payment.observation_id) : undefined;
  return eventBody(type, toV1Refund(refund, payment, merchant.time_zone, link), at);
}

/** `payment.write_off` (data.object: the write-off, minor units). */
export function writeOffEvent(details: WriteOffDetails, at: Date) {
  return eventBody(
    'payment.write_off',
    {
      object: 'write_off' as const,
      id: details.id,
      merchant_id: details.merchant_id,
      invoice_id: details.invoice_id,
      invoice_number: details.invoice_number,
      currency: details.currency,
      amount: details.amount_minor,
      reason: details.reason,
      date: details.date,
      created_at: details.created_at,
    },
    at,
  );
}

/** `invoice.paid` (data.object: the invoice, as GET /api/v1/invoices/{id} shows it). */
export async function invoicePaidEvent(db: DbOrTrx, invoice: Invoice, at: Date) {
  return eventBody('invoice.paid', toV1Invoice(invoice, await observationTerms(db, invoice.id)), at);
}

/** What the provider reports of a dispute (chargeback) on a payment: the payments domain's own shape. */
export type DisputeDetails = DisputeFacts;

/** `payment.disputed` (data.object: the dispute, with its payment's ids and reference). */
export async function disputeEvent(
  db: DbOrTrx,
  merchant: MerchantRow,
  payment: Payment,
  dispute: DisputeDetails,
  at: Date,
) {
  const refs = await payLinkRefs(db, [payment.observation_id]);
  const link = payment.observation_id ? refs.get(payment.observation_id) : undefined;
  return eventBody(
    'payment.disputed',
    {
      object: 'dispute' as const,
      id: dispute.id,
      payment_id: payment.id,
      merchant_id: payment.merchant_id,
      invoice_id: payment.invoice_id,
      invoice_number: payment.invoice_number,
      currency: payment.currency,
      amount: dispute.amount,
      reason: dispute.reason,
      status: dispute.status,
      reference: link?.reference ?? payment.reference ?? null,
      payment_intent_id: payment.payment_intent_id,
      date: localDate(at, merchant.time_zone),
      created_at: at.toISOString(),
    },
    at,
  );
}

/** The console's test send in `2026-11`: a sample payment (97.13 + 2.87 surcharge = 100 AUD). */
export function testEvent(merchant: MerchantRow, at: Date) {
  const iso = at.toISOString();
  return eventBody(
    'test',
    {
      object: 'payment' as const,
      id: 'test_payment',
      merchant_id: merchant.id,
      invoice_id: null,
      invoice_number: 'INV-TEST-001',
      currency: 'AUD',
      amount: 9713,
      surcharge: 287,
      total_amount: 10000,
      platform_fee: 125,
      refunded_amount: 0,
      net_amount: 9713,
      status: 'succeeded' as const,
      reference: 'TEST',
      pay_link_id: null,
      payment_intent_id: null,
      customer_email: null,
      card: null,
      method: 'card' as const,
      bank_account: null,
      clears_by: null,
      failure_code: null,
      failure_message: null,
      date: localDate(at, merchant.time_zone),
      created_at: iso,
      succeeded_at: iso,
    },
    at,
  );
}
