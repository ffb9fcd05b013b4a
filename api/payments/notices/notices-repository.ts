/** Payment notice rows (a bank debit's emails): queued once per kind, claimed by one sender, marked sent. */
import type { DbOrTrx } from '../../db/database.ts';
import type { PaymentNotice, PaymentNoticeKind } from '../../db/types.ts';

/** Queue a notice, once per payment and kind. */
export async function queueNotice(
  db: DbOrTrx,
  n: { paymentId: string; kind: PaymentNoticeKind; to: string; now: string },
): Promise<void> {
  await db
    .insertInto('payment_notices')
    .values({
      id: crypto.randomUUID(),
      payment_id: n.paymentId,
      kind: n.kind,
      to_address: n.to,
      next_attempt_at: n.now,
      created_at: n.now,
    })
    .onConflict((oc) => oc.columns(['payment_id', 'kind']).doNothing())
    .execute();
}

/** The pending notices due by `now`, oldest first, at most `limit`. */
export function dueNotices(db: DbOrTrx, now: string, limit: number): Promise<PaymentNotice[]> {
  return db
    .selectFrom('payment_notices')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
}

/** Claim a notice for one attempt until `until`; false when another sender has it. */
export async function claimNotice(db: DbOrTrx, notice: PaymentNotice, until: string): Promise<boolean> {
  const claimed = await db
    .updateTable('payment_notices')
    .set({ next_attempt_at: until, attempts: notice.attempts + 1 })
    .where('id', '=', notice.id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '=', notice.next_attempt_at)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export async function markNoticeSent(db: DbOrTrx, id: string, at: string): Promise<void> {
  await db.updateTable('payment_notices').set({ status: 'sent', sent_at: at }).where('id', '=', id).execute();
}
