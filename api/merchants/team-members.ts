/** Adding a member: shared by sign-up (service.ts, a new merchant's first owner) and invitations (team.ts). */
import type { DbOrTrx } from '../db/database.ts';
import type { MemberRole } from '../db/types.ts';

/** Make `userId` a member with `role` (sign-up's first owner; an accepted invitation). */
export async function addMember(
  db: DbOrTrx,
  merchantId: string,
  userId: string,
  role: MemberRole,
  invitedBy: string | null,
  now: string,
): Promise<void> {
  await db
    .insertInto('merchant_members')
    .values({ merchant_id: merchantId, user_id: userId, role, invited_by: invitedBy, created_at: now })
    .onConflict((oc) => oc.columns(['merchant_id', 'user_id']).doUpdateSet({ role }))
    .execute();
}
