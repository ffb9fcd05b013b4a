/**
 * Webhook events that record nothing in the accounting tool, for merchants on payload version
 * `2026-11` with a webhook URL (v1 receivers get only the spec's events): `payment.failed`,
 * `refund.failed`, `invoice.paid` and `payment.disputed`. Each is an outbox job in the transaction of
 * what it reports, so it exists if and only if that change does; it is delivered like every job
 * (signed, retried, at-least-once with one Idempotency-Key), and its 2xx is not a write-back.
 * `invoice.paid` names the payment that paid the invoice, so it goes out after that payment's
 * `payment.succeeded` (api/outbox/repository.ts keeps a payment's webhook events in order); no
 * event here waits for an accounting write-back.
 *
 * @example await notifyPaymentFailed(trx, paymentId, now); // from the payment's transition to failed
 * @example await enqueueDisputeEvent(trx, { paymentId, dispute: { id: 'dp_1', amount, reason, status } }, clock);
 */
import {
  disputeEvent,
  invoicePaidEvent,
  paymentEvent,
  refundEvent,
  type DisputeDetails,
  type WebhookEventBody,
} from './webhook-events.ts';
import { systemClock, type Clock } from '../context.ts';
import type { DbOrTrx } from '../db/database.ts';
import { insertJob } from '../outbox/repository.ts';
import { findInvoiceById } from '../invoices/repository.ts';
import { findMerchantEvenDeleted } from '../merchants/repository.ts';
import { findPayment, latestSucceededPayment } from '../payments/repository.ts';
import { findRefund } from '../payments/refunds-repository.ts';

async function subscribed(db: DbOrTrx, merchantId: string) {
  const merchant = await findMerchantEvenDeleted(db, merchantId);
  return merchant?.make_webhook_url && merchant.webhook_version === '2026-11' ? merchant : null;
}

async function enqueue(
  db: DbOrTrx,
  merchantId: string,
  body: WebhookEventBody,
  subject: string,
  at: Date,
  after: { paymentId: string } | null = null,
) {
  const stamp = at.toISOString();
  return insertJob(db, {
    id: crypto.randomUUID(),
    kind: 'automation_webhook',
    merchant_id: merchantId,
    // Named, the payment puts this event in line behind that payment's earlier webhook events (the
    // outbox sends a payment's webhook events in order); it never waits for an accounting write-back.
    payment_id: after?.paymentId ?? null,
    refund_id: null,
    write_off_id: null,
    idempotency_key: `${body.type}:${subject}:automation_webhook`,
    payload: JSON.stringify(body),
    next_attempt_at: stamp,
    created_at: stamp,
    updated_at: stamp,
  });
}

/** A payment became `failed` (declined, or the provider refused it). */
export async function notifyPaymentFailed(db: DbOrTrx, paymentId: string, at: Date): Promise<boolean> {
  const payment = await findPayment(db, paymentId);
  const merchant = payment && (await subscribed(db, payment.merchant_id));
  if (!payment || !merchant) return false;
  return enqueue(
    db,
    merchant.id,
    await paymentEvent(db, 'payment.failed', merchant, payment, at),
    payment.id,
    at,
  );
}

/** The provider reported a refund failed (its amount is back on the payment). */
export async function notifyRefundFailed(db: DbOrTrx, refundId: string, at: Date): Promise<boolean> {
  const refund = await findRefund(db, refundId);
  const payment = refund && (await findPayment(db, refund.payment_id));
  const merchant = payment && (await subscribed(db, payment.merchant_id));
  if (!refund || !payment || !merchant) return false;
  const body = await refundEvent(db, 'refund.failed', merchant, payment, { ...refund, status: 'failed' }, at);
  return enqueue(db, merchant.id, body, refund.id, at);
}

/** The invoice's amount due through us reached 0 (api/invoices/repository.ts sets `paid_at`). */
export async function notifyInvoicePaid(db: DbOrTrx, invoiceId: string, at: Date): Promise<boolean> {
  const invoice = await findInvoiceById(db, invoiceId);
  const merchant = invoice && (await subscribed(db, invoice.merchant_id));
  if (!invoice || !merchant) return false;
  // The payment that paid it (the latest to succeed): its payment.succeeded goes out first.
  const cause = await latestSucceededPayment(db, invoice.id);
  return enqueue(
    db,
    merchant.id,
    await invoicePaidEvent(db, invoice, at),
    `${invoice.id}@${invoice.paid_at}`,
    at,
    cause ? { paymentId: cause.id } : null,
  );
}

/**
 * A dispute (chargeback) on a payment, or a change of its status: `payment.disputed`. The payment
 * provider interface does not report disputes yet; the provider-event handling that records them
 * calls this in its transaction. One event per dispute and status.
 */
export async function enqueueDisputeEvent(
  db: DbOrTrx,
  input: { paymentId: string; dispute: DisputeDetails },
  clock: Clock = systemClock,
): Promise<boolean> {
  const payment = await findPayment(db, input.paymentId);
  const merchant = payment && (await subscribed(db, payment.merchant_id));
  if (!payment || !merchant) return false;
  const at = clock.now();
  const body = await disputeEvent(db, merchant, payment, input.dispute, at);
  return enqueue(db, merchant.id, body, `${input.dispute.id}@${input.dispute.status}`, at);
}
