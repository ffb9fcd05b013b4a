/**
 * A merchant's team (issue 32, docs/auth.md): its members with a role (invitations are
 * team-invitations.ts). A merchant always keeps an owner: removing or demoting the last one is
 * refused. Every change is audited with the merchant.
 */
import type { Actor } from '../audit/actor.ts';
import { audit } from '../audit/service.ts';
import type { AppDeps } from '../context.ts';
import type { MemberRole } from '../db/types.ts';
import type { DbOrTrx, Dialect } from '../db/database.ts';
import { transact } from '../db/transact.ts';
import { AppError } from '../errors.ts';

export const LAST_OWNER_MESSAGE = 'A merchant needs at least one owner: make someone else an owner first.';
export const MEMBER_NOT_FOUND = 'This person is not a member of this merchant.';

export type TeamDeps = Pick<
  AppDeps,
  'config' | 'database' | 'clock' | 'mailer' | 'passwordHasher' | 'logger'
>;

export interface TeamMember {
  user_id: string;
  email: string;
  role: MemberRole;
  created_at: string;
}

export async function listMembers(deps: TeamDeps, merchantId: string): Promise<TeamMember[]> {
  return deps.database.db
    .selectFrom('merchant_members')
    .innerJoin('users', 'users.id', 'merchant_members.user_id')
    .select([
      'merchant_members.user_id',
      'users.email',
      'merchant_members.role',
      'merchant_members.created_at',
    ])
    .where('merchant_members.merchant_id', '=', merchantId)
    .orderBy('merchant_members.created_at')
    .orderBy('users.email')
    .execute();
}

const ownerCount = async (db: DbOrTrx, merchantId: string) =>
  (
    await db
      .selectFrom('merchant_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchant_id', '=', merchantId)
      .where('role', '=', 'owner')
      .executeTakeFirstOrThrow()
  ).n;

/**
 * The member about to be demoted (`to` a role) or removed (`to` null), in the caller's transaction;
 * refused when they are the merchant's last owner. On PostgreSQL the merchant's row is locked first,
 * so two owners removing each other at once are taken one after the other and one of them stays
 * (SQLite's write transactions are one at a time already).
 */
async function changeableMember(
  trx: DbOrTrx,
  dialect: Dialect,
  merchantId: string,
  userId: string,
  to: MemberRole | null,
) {
  if (dialect === 'postgres')
    await trx.selectFrom('merchants').select('id').where('id', '=', merchantId).forUpdate().execute();
  const member = await memberOr404(trx, merchantId, userId);
  if (member.role === 'owner' && to !== 'owner' && (await ownerCount(trx, merchantId)) <= 1)
    throw new AppError('conflict', LAST_OWNER_MESSAGE, to ? { field: 'role' } : undefined);
  return member;
}

/** `userId`'s membership of the merchant, if any. */
export function findMember(db: DbOrTrx, merchantId: string, userId: string) {
  return db
    .selectFrom('merchant_members')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

async function memberOr404(db: DbOrTrx, merchantId: string, userId: string) {
  const member = await findMember(db, merchantId, userId);
  if (!member) throw new AppError('not_found', MEMBER_NOT_FOUND);
  return member;
}

/** Change a member's role; the last owner cannot be demoted. */
export async function changeRole(
  deps: TeamDeps,
  merchantId: string,
  userId: string,
  role: MemberRole,
  actor: Actor,
): Promise<TeamMember> {
  await transact(deps.database, async (trx) => {
    const member = await changeableMember(trx, deps.database.dialect, merchantId, userId, role);
    if (member.role === role) return;
    await trx
      .updateTable('merchant_members')
      .set({ role })
      .where('merchant_id', '=', merchantId)
      .where('user_id', '=', userId)
      .execute();
    // A demotion (any change but to owner) withdraws what they made with the role they had.
    if (role !== 'owner') await withdrawWhatTheyMade(trx, deps, merchantId, userId, actor);
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'member.role_change',
        targetType: 'user',
        targetId: userId,
        merchantId,
        details: { from: member.role, to: role },
        ip: actor.ip,
      },
      deps.clock,
    );
  });
  return (await listMembers(deps, merchantId)).find((m) => m.user_id === userId)!;
}

/** A webhook endpoint a removed member made: it keeps receiving events until an owner deletes it. */
export interface EndpointLeftBehind {
  id: string;
  url: string;
  description: string | null;
}

/**
 * Remove a member (their next request no longer sees the merchant); the last owner stays. Answers
 * the webhook endpoints they made, which still receive the merchant's events: the owner is shown
 * them, to keep or delete (issue 49 item 5).
 */
export async function removeMember(
  deps: TeamDeps,
  merchantId: string,
  userId: string,
  actor: Actor,
): Promise<{ webhook_endpoints: EndpointLeftBehind[] }> {
  return transact(deps.database, async (trx) => {
    const member = await changeableMember(trx, deps.database.dialect, merchantId, userId, null);
    await trx
      .deleteFrom('merchant_members')
      .where('merchant_id', '=', merchantId)
      .where('user_id', '=', userId)
      .execute();
    await withdrawWhatTheyMade(trx, deps, merchantId, userId, actor);
    const endpoints = await endpointsMadeBy(trx, merchantId, userId);
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'member.remove',
        targetType: 'user',
        targetId: userId,
        merchantId,
        details: { role: member.role, webhook_endpoints_kept: endpoints.map((e) => e.id) },
        ip: actor.ip,
      },
      deps.clock,
    );
    return { webhook_endpoints: endpoints };
  });
}

/** The live webhook endpoints `userId` made in the merchant. */
function endpointsMadeBy(trx: DbOrTrx, merchantId: string, userId: string): Promise<EndpointLeftBehind[]> {
  return trx
    .selectFrom('webhook_endpoints')
    .select(['id', 'url', 'description'])
    .where('merchant_id', '=', merchantId)
    .where('created_by', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .execute();
}

/**
 * Removing or demoting a member withdraws, at once and audited, what they made in the merchant with
 * the access they had (issue 49 item 5, DESIGN §6): their open invitations (an owner's invitation of
 * their own second address no longer makes them an owner again) and their API keys (which act with
 * at most their maker's role anyway: api/auth/api-keys/key-access.ts).
 */
async function withdrawWhatTheyMade(
  trx: DbOrTrx,
  deps: TeamDeps,
  merchantId: string,
  userId: string,
  actor: Actor,
): Promise<void> {
  const now = deps.clock.now().toISOString();
  const invitations = await trx
    .updateTable('merchant_invitations')
    .set({ revoked_at: now })
    .where('merchant_id', '=', merchantId)
    .where('invited_by', '=', userId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  const keys = await trx
    .updateTable('api_keys')
    .set({ revoked_at: now, revoked_by: actor.user?.id ?? null })
    .where('merchant_id', '=', merchantId)
    .where('created_by', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('prefix')
    .execute();
  if (invitations.length === 0 && keys.length === 0) return;
  await audit(
    trx,
    {
      actor: actor.user,
      action: 'member.withdrawn',
      targetType: 'user',
      targetId: userId,
      merchantId,
      details: { invitations: invitations.map((i) => i.id), apiKeys: keys.map((k) => k.prefix) },
      ip: actor.ip,
    },
    deps.clock,
  );
}
