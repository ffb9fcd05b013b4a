/**
 * `enqueuePaymentSync`: called by the payments code inside the transaction that records a succeeded
 * payment or a refund, so the sync jobs exist if and only if the payment or refund does (a crash
 * before commit leaves neither; after commit the worker will deliver). One job per target the
 * merchant has: each webhook receiver that enabled the event (api/merchant-webhooks/webhook-fanout.ts) and
 * Xero or QuickBooks (if connected). Idempotent: each job's key is `<event>:<payment or refund
 * id>:<target>`, sent as Idempotency-Key.
 *
 * A write-off (`enqueueWriteOffSync`) gets the same targets, keyed by the write-off.
 *
 * @example await enqueuePaymentSync(trx, { paymentId, kind: 'payment' }, deps.clock);
 * @example await enqueuePaymentSync(trx, { paymentId, refundId, kind: 'refund' }, deps.clock);
 * @example await enqueueWriteOffSync(trx, writeOffId, deps.clock);
 */
import type { Listener } from '../../announcer.ts';
import type { InvoiceEvent } from '../../invoices/events.ts';
import type { PaymentListener } from '../../payments/events.ts';
import { systemClock, type Clock } from '../../context.ts';
import type { DbOrTrx } from '../../db/database.ts';
import type { OutboxTable, Payment } from '../../db/types.ts';
import { emitWebhookEvent, type Receivers } from '../../merchant-webhooks/webhook-fanout.ts';
import {
  buildAutomationPayload,
  buildWriteOffPayload,
  writeOffDetails,
} from '../../merchant-webhooks/webhook-payload.ts';
import { paymentEvent, refundEvent, writeOffEvent } from '../../merchant-webhooks/webhook-events.ts';
import { insertJob } from '../../outbox/repository.ts';
import { findInvoiceById, writeOffById } from '../../invoices/holds.ts';
import { findPayment, findRefundOfPayment, setAccountingSyncStatus } from '../../payments/rows.ts';
import { syncTargetRow } from '../repository.ts';
import { newRowId } from '../../db/row-id.ts';

export interface EnqueueInput {
  paymentId: string;
  refundId?: string | null;
  kind: 'payment' | 'refund';
  /** The payment's row as the caller's transaction just wrote it, when it has it (saves a read). */
  payment?: Payment;
}

export type SyncTarget = OutboxTable['kind'];

export function jobKey(event: string, subjectId: string, target: SyncTarget): string {
  return `${event}:${subjectId}:${target}`;
}

/** What a merchant's sync jobs go to: its webhook receivers and its connection, in one read. */
async function syncTargetsOf(trx: DbOrTrx, merchantId: string) {
  const row = await syncTargetRow(trx, merchantId);
  if (!row) return null;
  const { provider, has_endpoints, ...merchant } = row;
  const receivers: Receivers = { merchant, endpoints: has_endpoints ? null : [] };
  return {
    merchant,
    receivers,
    hasReceivers: !!merchant.make_webhook_url || !!has_endpoints,
    connection: provider ? { provider } : null,
  };
}

/** Inserts the merchant's sync jobs; returns the targets that got a new job. */
export async function enqueuePaymentSync(
  trx: DbOrTrx,
  input: EnqueueInput,
  clock: Clock = systemClock,
): Promise<SyncTarget[]> {
  const payment = input.payment ?? (await findPayment(trx, input.paymentId));
  if (!payment) throw new Error(`enqueuePaymentSync: payment ${input.paymentId} not found`);
  const refund =
    input.kind === 'refund' ? await findRefundOfPayment(trx, payment.id, input.refundId ?? '') : null;
  if (input.kind === 'refund' && !refund)
    throw new Error(`enqueuePaymentSync: refund ${input.refundId} not found`);
  const targetsOf = await syncTargetsOf(trx, payment.merchant_id);
  if (!targetsOf) return [];
  const { merchant, connection } = targetsOf;

  const now = clock.now();
  const stamp = now.toISOString();
  const event = refund ? 'refund.succeeded' : 'payment.succeeded';
  const subjectId = refund?.id ?? payment.id;
  const added: SyncTarget[] = [];
  // The webhook receivers (api/merchant-webhooks/webhook-fanout.ts): each gets its version's body.
  if (targetsOf.hasReceivers) {
    const queued = await emitWebhookEvent(
      trx,
      targetsOf.receivers,
      {
        type: refund ? 'payment.refunded' : 'payment.succeeded',
        body: refund
          ? await refundEvent(trx, 'payment.refunded', merchant, payment, refund, now)
          : await paymentEvent(trx, 'payment.succeeded', merchant, payment, now),
        v1: buildAutomationPayload(merchant, payment, refund ?? null, now),
        subject: subjectId,
        paymentId: payment.id,
        refundId: refund?.id ?? null,
      },
      now,
    );
    if (queued > 0) added.push('automation_webhook');
  }
  // A connection waiting for re-authorisation still gets the job: it is delivered once reconnected or retried.
  if (
    connection &&
    (await insertJob(trx, {
      id: newRowId(),
      kind: connection.provider,
      merchant_id: merchant.id,
      payment_id: payment.id,
      refund_id: refund?.id ?? null,
      idempotency_key: jobKey(event, subjectId, connection.provider),
      payload: JSON.stringify({
        event,
        paymentId: payment.id,
        refundId: refund?.id ?? null,
        ...(refund ? { kind: refund.kind } : {}),
      }),
      next_attempt_at: stamp,
      created_at: stamp,
      updated_at: stamp,
    }))
  )
    added.push(connection.provider);
  if (added.length > 0)
    await setAccountingSyncStatus(
      trx,
      payment.id,
      { xero_sync_status: 'pending', xero_sync_error: null },
      stamp,
    );
  return added;
}

/**
 * The sync jobs of an admin's write-off (DESIGN §3.3), in the transaction that records it: the
 * automation webhook gets `payment.write_off` (api/merchant-webhooks/webhook-payload.ts), a connected Xero
 * or QuickBooks a job whose payload carries what posting it takes (a credit note allocated to the
 * invoice / a credit memo applied to it): `{ event, writeOff: { id, merchant_id, invoice_id,
 * invoice_number, currency, amount_minor, amount, date, reason, created_at } }`.
 */
export async function enqueueWriteOffSync(trx: DbOrTrx, writeOffId: string, clock: Clock = systemClock) {
  const writeOff = await writeOffById(trx, writeOffId);
  if (!writeOff) throw new Error(`enqueueWriteOffSync: write-off ${writeOffId} not found`);
  const invoice = await findInvoiceById(trx, writeOff.invoice_id);
  if (!invoice) throw new Error(`enqueueWriteOffSync: invoice ${writeOff.invoice_id} not found`);
  const targetsOf = await syncTargetsOf(trx, invoice.merchant_id);
  if (!targetsOf) return [];
  const { merchant, connection } = targetsOf;
  const details = writeOffDetails(invoice, writeOff, merchant.time_zone);
  const now = clock.now();
  const stamp = now.toISOString();
  const added: SyncTarget[] = [];
  if (
    targetsOf.hasReceivers &&
    (await emitWebhookEvent(
      trx,
      targetsOf.receivers,
      {
        type: 'payment.write_off',
        body: writeOffEvent(details, now),
        v1: buildWriteOffPayload(merchant, details),
        subject: writeOff.id,
        writeOffId: writeOff.id,
      },
      now,
    )) > 0
  )
    added.push('automation_webhook');
  if (
    connection &&
    (await insertJob(trx, {
      id: newRowId(),
      kind: connection.provider,
      merchant_id: merchant.id,
      payment_id: null,
      refund_id: null,
      write_off_id: writeOff.id,
      idempotency_key: jobKey('payment.write_off', writeOff.id, connection.provider),
      payload: JSON.stringify({ event: 'payment.write_off', writeOff: details }),
      next_attempt_at: stamp,
      created_at: stamp,
      updated_at: stamp,
    }))
  )
    added.push(connection.provider);
  return added;
}

/**
 * Accounting listens to payments (api/payments/events.ts, wired in api/wiring.ts): a success or a
 * refund queues its records and its webhook events, in the transaction that recorded it.
 */
export const accountingPaymentListener: PaymentListener = async (trx, event) => {
  if (event.type === 'payment.succeeded')
    await enqueuePaymentSync(
      trx,
      { paymentId: event.payment.id, kind: 'payment', payment: event.payment },
      event.clock,
    );
  else if (event.type === 'payment.refunded')
    await enqueuePaymentSync(
      trx,
      { paymentId: event.paymentId, refundId: event.refundId, kind: 'refund' },
      event.clock,
    );
};

/** Accounting listens to invoices too (api/invoices/events.ts): a write-off queues its sync job. */
export const accountingInvoiceListener: Listener<InvoiceEvent> = async (trx, event) => {
  if (event.type === 'invoice.written_off') await enqueueWriteOffSync(trx, event.writeOffId, event.clock);
};
