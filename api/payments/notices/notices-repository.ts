/** Payment notice rows (a bank debit's emails): queued once per kind, claimed by one sender, marked sent. */
import type { DbOrTrx } from '../../db/database.ts';
import type { PaymentNotice, PaymentNoticeKind } from '../../db/types.ts';
import { newRowId } from '../../db/row-id.ts';

/** Queue a notice, once per payment and kind. */
export async function queueNotice(
  db: DbOrTrx,
  n: { paymentId: string; kind: PaymentNoticeKind; to: string; now: string; ref?: string },
): Promise<void> {
  await db
    .insertInto('payment_notices')
    .values({
      id: newRowId(),
      payment_id: n.paymentId,
      kind: n.kind,
      ref: n.ref ?? '',
      to_address: n.to,
      next_attempt_at: n.now,
      created_at: n.now,
    })
    .onConflict((oc) => oc.columns(['payment_id', 'kind', 'ref']).doNothing())
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

/**
 * Claim the notices among `ids` that are still pending and due by `now`, for one attempt until
 * `until` (a claimed notice is due no more, so another sender's claim skips it); the claimed rows.
 */
export async function claimNotices(
  db: DbOrTrx,
  ids: string[],
  now: string,
  until: string,
): Promise<PaymentNotice[]> {
  if (ids.length === 0) return [];
  return db
    .updateTable('payment_notices')
    .set((eb) => ({ next_attempt_at: until, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .returningAll()
    .execute();
}

export async function markNoticesSent(db: DbOrTrx, ids: string[], at: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('payment_notices')
    .set({ status: 'sent', sent_at: at })
    .where('id', 'in', ids)
    .execute();
}
