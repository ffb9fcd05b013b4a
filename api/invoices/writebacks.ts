/**
 * Write-backs (DESIGN §3.3 S(t)): a payment or refund recorded in the accounting tool, by the
 * Xero/QuickBooks connector, an acknowledged automation webhook, or an admin by hand. Each subject
 * is written back once (UNIQUE subject_id); a payment adds its base amount to the invoice's
 * written-back net, a refund subtracts its base amount.
 *
 * @example await db.transaction().execute((trx) => recordWriteback(trx, { paymentId, source: 'xero' }, clock));
 */
import { systemClock, type Clock } from '../context.ts';
import type { DbOrTrx } from '../db/database.ts';
import type { AccountingWritebacksTable } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { adjustInvoice } from './repository.ts';

export interface WritebackInput {
  paymentId: string;
  refundId?: string | null;
  source: AccountingWritebacksTable['source'];
  createdBy?: string | null;
}

const WRITABLE_PAYMENT = new Set(['succeeded', 'partially_refunded', 'refunded']);

/** Returns `recorded: false` when the subject was already written back (idempotent). */
export async function recordWriteback(
  trx: DbOrTrx,
  input: WritebackInput,
  clock: Clock = systemClock,
): Promise<{ recorded: boolean; amount: number }> {
  const payment = await trx
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', input.paymentId)
    .executeTakeFirst();
  if (!payment || !payment.invoice_id) throw new AppError('not_found', 'Payment not found.');
  let amount: number;
  let subject: string;
  if (input.refundId) {
    const refund = await trx
      .selectFrom('refunds')
      .selectAll()
      .where('id', '=', input.refundId)
      .where('payment_id', '=', payment.id)
      .executeTakeFirst();
    if (!refund) throw new AppError('not_found', 'Refund not found.');
    if (refund.status === 'failed' || refund.status === 'canceled')
      throw new AppError('conflict', 'A failed refund cannot be recorded in the accounting tool.');
    amount = -refund.amount;
    subject = refund.id;
  } else {
    if (!WRITABLE_PAYMENT.has(payment.status))
      throw new AppError('conflict', 'Only a succeeded payment can be recorded in the accounting tool.');
    amount = payment.amount;
    subject = payment.id;
  }
  const now = clock.now().toISOString();
  const inserted = await trx
    .insertInto('accounting_writebacks')
    .values({
      id: crypto.randomUUID(),
      invoice_id: payment.invoice_id,
      payment_id: payment.id,
      refund_id: input.refundId ?? null,
      subject_id: subject,
      amount,
      source: input.source,
      created_by: input.createdBy ?? null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('subject_id').doNothing())
    .executeTakeFirst();
  const recorded = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  if (recorded) {
    // Payment row before invoice row: the same lock order as every other ledger transaction.
    await trx
      .updateTable('payments')
      .set({ xero_sync_status: 'synced', xero_sync_time: now, xero_sync_error: null, updated_at: now })
      .where('id', '=', payment.id)
      .execute();
    await adjustInvoice(trx, payment.invoice_id, { writtenBack: amount }, now);
  }
  return { recorded, amount };
}
