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

/**
 * Each of the user's merchants with its owners' email addresses (`/api/auth/me`): whom the console
 * names when a role cannot do something ("ask olive@…", issue 50 item 5). One query for all of them.
 */
export async function membershipsWithOwners(db: DbOrTrx, userId: string) {
  const memberships = await membershipList(db, userId);
  if (!memberships.length) return [];
  const owners = await db
    .selectFrom('merchant_members')
    .innerJoin('users', 'users.id', 'merchant_members.user_id')
    .select(['merchant_members.merchant_id', 'users.email'])
    .where(
      'merchant_members.merchant_id',
      'in',
      memberships.map((m) => m.merchant_id),
    )
    .where('merchant_members.role', '=', 'owner')
    .orderBy('merchant_members.created_at')
    .orderBy('users.email')
    .execute();
  return memberships.map((m) => ({
    ...m,
    owners: owners.filter((o) => o.merchant_id === m.merchant_id).map((o) => o.email),
  }));
}
