/**
 * Memberships: which merchants a user belongs to, with which role (migration 068, docs/auth.md).
 * Read on every console request (one indexed query), so a change takes effect at once.
 */
import type { DbOrTrx } from '../db/database.ts';
import type { MemberRole } from '../db/types.ts';

/** The user's memberships (merchants not deleted) with the merchant's name: the console's guard and `/api/auth/me`. */
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
