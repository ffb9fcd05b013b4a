/**
 * Webhook events that record nothing in the accounting tool: `payment.failed`, `refund.failed`,
 * `invoice.paid` and `payment.disputed`, for each receiver that enabled them, in its payload version
 * (api/merchant-webhooks/webhook-fanout.ts). Each is an outbox job in the transaction of what it reports,
 * so it exists if and only if that change does; it is delivered like every job (signed, retried,
 * at-least-once with one Idempotency-Key), and its 2xx is not a write-back.
 * `invoice.paid` names the payment that paid the invoice, so it goes out after that payment's
 * `payment.succeeded` (api/outbox/repository.ts keeps a payment's webhook events in order); no
 * event here waits for an accounting write-back.
 *
 * @example await notifyPaymentFailed(trx, paymentId, now); // from the payment's transition to failed
 * @example await enqueueDisputeEvent(trx, { paymentId, dispute: { id: 'dp_1', amount, reason, status } }, clock);
 */
import type { Listener } from '../announcer.ts';
import type { InvoiceEvent } from '../invoices/events.ts';
import type { PaymentListener } from '../payments/events.ts';
import {
  disputeEvent,
  invoicePaidEvent,
  paymentEvent,
  refundEvent,
  type DisputeDetails,
} from './webhook-events.ts';
import { emitWebhookEvent } from './webhook-fanout.ts';
import { enabledEndpoints } from './repository.ts';
import { systemClock, type Clock } from '../context.ts';
import type { DbOrTrx } from '../db/database.ts';
import { findInvoiceById } from '../invoices/holds.ts';
import { findMerchantEvenDeleted } from '../merchants/rows.ts';
import { findPayment, findRefund, latestSucceededPayment } from '../payments/rows.ts';

/** The merchant's webhook receivers, when it has any (else nothing is built). */
async function receiversOf(db: DbOrTrx, merchantId: string) {
  const merchant = await findMerchantEvenDeleted(db, merchantId);
  if (!merchant) return null;
  const endpoints = await enabledEndpoints(db, merchantId);
  return merchant.make_webhook_url || endpoints.length ? { merchant, endpoints } : null;
}

/** A payment became `failed` (declined, or the provider refused it). */
export async function notifyPaymentFailed(db: DbOrTrx, paymentId: string, at: Date): Promise<boolean> {
  const payment = await findPayment(db, paymentId);
  const receivers = payment && (await receiversOf(db, payment.merchant_id));
  if (!payment || !receivers) return false;
  const body = await paymentEvent(db, 'payment.failed', receivers.merchant, payment, at);
  // Not in the payment's chain (paymentId unset): a failed payment has nothing before it to wait for,
  // and its sync status is not about this notice.
  const spec = { type: 'payment.failed' as const, body, subject: payment.id };
  return (await emitWebhookEvent(db, receivers, spec, at)) > 0;
}

/** The provider reported a refund failed (its amount is back on the payment). */
export async function notifyRefundFailed(db: DbOrTrx, refundId: string, at: Date): Promise<boolean> {
  const refund = await findRefund(db, refundId);
  const payment = refund && (await findPayment(db, refund.payment_id));
  const receivers = payment && (await receiversOf(db, payment.merchant_id));
  if (!refund || !payment || !receivers) return false;
  const failed = { ...refund, status: 'failed' as const };
  const body = await refundEvent(db, 'refund.failed', receivers.merchant, payment, failed, at);
  const spec = { type: 'refund.failed' as const, body, subject: refund.id };
  return (await emitWebhookEvent(db, receivers, spec, at)) > 0;
}

/** The invoice's amount due through us reached 0 (api/invoices/repository.ts sets `paid_at`). */
async function notifyInvoicePaid(db: DbOrTrx, invoiceId: string, at: Date): Promise<boolean> {
  const invoice = await findInvoiceById(db, invoiceId);
  const receivers = invoice && (await receiversOf(db, invoice.merchant_id));
  if (!invoice || !receivers) return false;
  // The payment that paid it (the latest to succeed): its payment.succeeded goes out first.
  const cause = await latestSucceededPayment(db, invoice.id);
  const spec = {
    type: 'invoice.paid' as const,
    body: await invoicePaidEvent(db, invoice, at),
    subject: `${invoice.id}@${invoice.paid_at}`,
    paymentId: cause?.id ?? null,
  };
  return (await emitWebhookEvent(db, receivers, spec, at)) > 0;
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
  const receivers = payment && (await receiversOf(db, payment.merchant_id));
  if (!payment || !receivers) return false;
  const at = clock.now();
  const spec = {
    type: 'payment.disputed' as const,
    body: await disputeEvent(db, receivers.merchant, payment, input.dispute, at),
    subject: `${input.dispute.id}@${input.dispute.status}`,
  };
  return (await emitWebhookEvent(db, receivers, spec, at)) > 0;
}

/**
 * Merchant webhooks listen to payments (api/payments/events.ts, wired in api/wiring.ts): a failed
 * payment or refund and a dispute are notices to the merchant's receivers, in the transaction that
 * recorded them. (Successes and refunds reach them through accounting's records.)
 */
export const webhookPaymentListener: PaymentListener = async (trx, event) => {
  if (event.type === 'payment.failed') await notifyPaymentFailed(trx, event.paymentId, event.at);
  else if (event.type === 'refund.failed') await notifyRefundFailed(trx, event.refundId, event.at);
  else if (event.type === 'payment.disputed')
    await enqueueDisputeEvent(trx, { paymentId: event.paymentId, dispute: event.dispute }, event.clock);
};

/** Merchant webhooks listen to invoices too (api/invoices/events.ts): `invoice.paid`. */
export const webhookInvoiceListener: Listener<InvoiceEvent> = async (trx, event) => {
  if (event.type === 'invoice.paid') await notifyInvoicePaid(trx, event.invoiceId, event.at);
};
