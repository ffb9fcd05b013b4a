/** Write-back rows: what the merchant's accounting tool recorded of our payments, refunds and write-offs. */
import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import type { AccountingWritebacksTable } from '../../db/types.ts';

/** Record a write-back, once per subject; false when it was already recorded. */
export async function insertWriteback(
  db: DbOrTrx,
  row: Insertable<AccountingWritebacksTable>,
): Promise<boolean> {
  const inserted = await db
    .insertInto('accounting_writebacks')
    .values(row)
    .onConflict((oc) => oc.column('subject_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Whether the payment itself (not only a refund of it) was written back. */
export async function hasOwnWriteback(db: DbOrTrx, paymentId: string): Promise<boolean> {
  return !!(await db
    .selectFrom('accounting_writebacks')
    .select('id')
    .where('subject_id', '=', paymentId)
    .executeTakeFirst());
}

export function writebacksOfPayment(db: DbOrTrx, paymentId: string) {
  return db
    .selectFrom('accounting_writebacks')
    .select(['refund_id', 'amount'])
    .where('payment_id', '=', paymentId)
    .execute();
}
