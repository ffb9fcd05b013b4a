/**
 * Write-backs (DESIGN §3.3 S(t)): a payment, refund or write-off recorded in the accounting tool, by
 * the Xero/QuickBooks connector, an acknowledged automation webhook, or an admin by hand. Each
 * subject is written back once (UNIQUE subject_id; a write-off's own `recorded_*` columns). S follows
 * the invoices' ledger.ts whatever the order they arrive in: a payment adds its base, a re-open refund subtracts
 * its base but only once its payment is written back, a credit refund changes nothing there, and a
 * write-off adds its amount.
 *
 * @example await db.transaction().execute((trx) => recordWriteback(trx, { paymentId, source: 'xero' }, clock));
 * @example await recordWriteback(trx, { writeOffId, source: 'webhook' }, clock);
 */
import { systemClock, type Clock } from '../../context.ts';
import type { DbOrTrx } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { paymentWrittenBackNet, refundWritebackAmount } from '../../invoices/ledger.ts';
import {
  markWriteOffRecorded,
  recordWrittenBack,
  writeOffById,
  type WritebackInput,
  type WritebackSource,
} from '../../invoices/holds.ts';
import { hasOwnWriteback, insertWriteback, writebacksOfPayment } from './writebacks-repository.ts';
import { findPayment, findRefundOfPayment, setAccountingSyncStatus } from '../../payments/rows.ts';
import { newRowId } from '../../db/row-id.ts';

const WRITABLE_PAYMENT = new Set(['succeeded', 'partially_refunded', 'refunded']);

/** Returns `recorded: false` when the subject was already written back (idempotent). */
export async function recordWriteback(
  trx: DbOrTrx,
  input: WritebackInput,
  clock: Clock = systemClock,
): Promise<{ recorded: boolean; amount: number }> {
  if ('writeOffId' in input) return recordWriteOffWriteback(trx, input, clock);
  const payment = await findPayment(trx, input.paymentId);
  if (!payment || !payment.invoice_id) throw new AppError('not_found', 'Payment not found.');
  let amount: number;
  let subject: string;
  if (input.refundId) {
    const refund = await findRefundOfPayment(trx, payment.id, input.refundId);
    if (!refund) throw new AppError('not_found', 'Refund not found.');
    if (refund.status === 'failed' || refund.status === 'canceled')
      throw new AppError('conflict', 'A failed refund cannot be recorded in the accounting tool.');
    amount = refundWritebackAmount(refund.kind, refund.amount);
    subject = refund.id;
  } else {
    if (!WRITABLE_PAYMENT.has(payment.status))
      throw new AppError('conflict', 'Only a succeeded payment can be recorded in the accounting tool.');
    amount = payment.amount;
    subject = payment.id;
  }
  const before = await netOfPayment(trx, payment.id);
  const now = clock.now().toISOString();
  const recorded = await insertWriteback(trx, {
    id: newRowId(),
    invoice_id: payment.invoice_id,
    payment_id: payment.id,
    refund_id: input.refundId ?? null,
    subject_id: subject,
    amount,
    source: input.source,
    created_by: input.createdBy ?? null,
    created_at: now,
  });
  if (recorded) {
    const after = await netOfPayment(trx, payment.id);
    const paymentRecorded = !input.refundId || (await hasOwnWriteback(trx, payment.id));
    // Payment row before invoice row: the same lock order as every other ledger transaction.
    if (paymentRecorded)
      await setAccountingSyncStatus(
        trx,
        payment.id,
        { xero_sync_status: 'synced', xero_sync_time: now, xero_sync_error: null },
        now,
      );
    await recordWrittenBack(trx, payment.invoice_id, after - before, now);
  }
  return { recorded, amount };
}

/** S contributed by one payment's write-backs so far (ledger.ts `paymentWrittenBackNet`). */
async function netOfPayment(trx: DbOrTrx, paymentId: string): Promise<number> {
  const rows = await writebacksOfPayment(trx, paymentId);
  return paymentWrittenBackNet(
    rows.map((r) => ({ isRefund: r.refund_id !== null, amount: Number(r.amount) })),
  );
}

async function recordWriteOffWriteback(
  trx: DbOrTrx,
  input: { writeOffId: string; source: WritebackSource; createdBy?: string | null },
  clock: Clock,
): Promise<{ recorded: boolean; amount: number }> {
  const now = clock.now().toISOString();
  const writeOff = await writeOffById(trx, input.writeOffId);
  if (!writeOff) throw new AppError('not_found', 'Write-off not found.');
  const recorded = await markWriteOffRecorded(trx, writeOff.id, {
    at: now,
    source: input.source,
    by: input.createdBy ?? null,
  });
  if (recorded) await recordWrittenBack(trx, writeOff.invoice_id, Number(writeOff.amount), now);
  return { recorded, amount: Number(writeOff.amount) };
}
