/** Refund rows: found by id (of a payment), by the provider's id, a payment's succeeded ones; made and updated. */
import type { DbOrTrx } from '../../db/database.ts';
import type { NewRefund, Refund, RefundUpdate } from '../../db/types.ts';
import { nextSeq } from '../../db/sequence.ts';

export function findRefund(db: DbOrTrx, id: string): Promise<Refund | undefined> {
  return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findRefundOfPayment(db: DbOrTrx, paymentId: string, id: string): Promise<Refund | undefined> {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('id', '=', id)
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
}

export function findRefundByProviderId(db: DbOrTrx, providerRefundId: string): Promise<Refund | undefined> {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('provider_refund_id', '=', providerRefundId)
    .executeTakeFirst();
}

/** A payment's succeeded refunds, oldest first. */
export function succeededRefundsOf(db: DbOrTrx, paymentId: string): Promise<Refund[]> {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'succeeded')
    .orderBy('created_at', 'asc')
    .orderBy('seq', 'asc')
    .execute();
}

/** The platform fee given back so far by a payment's refunds under way or made. */
export async function platformFeeRefunded(db: DbOrTrx, paymentId: string): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.sum<number>('platform_fee_refunded').as('fee'))
    .where('payment_id', '=', paymentId)
    .where('status', 'in', ['pending', 'succeeded'])
    .executeTakeFirst();
  return Number(row?.fee ?? 0);
}

export async function insertRefund(db: DbOrTrx, row: NewRefund): Promise<void> {
  await db
    .insertInto('refunds')
    .values({ ...row, seq: nextSeq() })
    .execute();
}

export async function updateRefund(db: DbOrTrx, id: string, changes: RefundUpdate): Promise<void> {
  await db.updateTable('refunds').set(changes).where('id', '=', id).execute();
}
