/**
 * Memberships: which merchants a user belongs to, with which role (migration 068, docs/auth.md).
 * Read on every console request (one indexed query), so a change takes effect at once.
 */
import type { DbOrTrx } from '../db/database.ts';
import type { MemberRole } from '../db/types.ts';

/** Merchant id → role, for the merchants (not deleted) the user belongs to. */
export async function membershipsOf(db: DbOrTrx, userId: string): Promise<Map<string, MemberRole>> {
  const rows = await db
    .selectFrom('merchant_members')
    .innerJoin('merchants', 'merchants.id', 'merchant_members.merchant_id')
    .select(['merchant_members.merchant_id', 'merchant_members.role'])
    .where('merchant_members.user_id', '=', userId)
    .where('merchants.deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.merchant_id, r.role]));
}

/** The user's memberships with the merchant's name, for `/api/auth/me` and the console's switcher. */
export async function membershipList(
  db: DbOrTrx,
  userId: string,
): Promise<Array<{ merchant_id: string; merchant_name: string; role: MemberRole; merchant_status: string }>> {
  return db
    .selectFrom('merchant_members')
    .innerJoin('merchants', 'merchants.id', 'merchant_members.merchant_id')
    .select([
      'merchant_members.merchant_id',
      'merchants.business_name as merchant_name',
      'merchant_members.role',
      'merchants.status as merchant_status',
    ])
    .where('merchant_members.user_id', '=', userId)
    .where('merchants.deleted_at', 'is', null)
    .orderBy('merchants.business_name')
    .execute();
}
