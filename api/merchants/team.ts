/**
 * A merchant's team (issue 32, docs/auth.md): members with a role, and invitations by email. An
 * invitation is a random token (only its hash is stored) mailed as a link, single-use, expiring after
 * INVITATION_TTL_DAYS; accepting it makes the invited address a member, creating its account when it
 * has none (the link proves the mailbox, so that account starts verified). A merchant always keeps
 * an owner: removing or demoting the last one is refused. Every change is audited with the merchant.
 */
import type { Actor } from '../audit/actor.ts';
import { audit } from '../audit/service.ts';
import { hasherFor } from '../auth/hasher.ts';
import { hashToken, newOpaqueToken } from '../auth/secrets.ts';
import { findUserByEmail, normalizeEmail } from '../auth/users.ts';
import type { AppDeps, AuthUser } from '../context.ts';
import type { MemberRole, MerchantInvitationsTable } from '../db/types.ts';
import type { Selectable } from 'kysely';
import type { DbOrTrx, Dialect } from '../db/database.ts';
import { transact } from '../db/transact.ts';
import { AppError } from '../errors.ts';
import { composeMail } from '../mail/compose.ts';
import { getMerchantOr404 } from './service.ts';
import { addMember } from './team-members.ts';

export const INVITATION_TTL_DAYS = 7;
export const LAST_OWNER_MESSAGE = 'A merchant needs at least one owner: make someone else an owner first.';
export const MEMBER_NOT_FOUND = 'This person is not a member of this merchant.';
export const INVITATION_NOT_FOUND = 'Invitation not found';
export const INVITATION_MESSAGES = {
  invalid: 'This invitation link is not valid. Ask for a new one.',
  used: 'This invitation has already been used. Sign in to open the console.',
  revoked: 'This invitation was withdrawn. Ask the merchant for a new one.',
  expired: 'This invitation has expired. Ask the merchant to send a new one.',
  wrongAccount: (email: string) =>
    `This invitation is for ${email}. Sign out and accept it signed in as that address (or without signing in).`,
  signIn: (email: string) =>
    `${email} already has an account: sign in as ${email}, then open the link again.`,
  password: 'Choose a password to create your account.',
};

type TeamDeps = Pick<AppDeps, 'config' | 'database' | 'clock' | 'mailer' | 'passwordHasher' | 'logger'>;
type Invitation = Selectable<MerchantInvitationsTable>;

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

/** Open invitations (not accepted, not withdrawn), newest first; expired ones say so. */
export async function listInvitations(deps: TeamDeps, merchantId: string) {
  const rows = await deps.database.db
    .selectFrom('merchant_invitations')
    .select(['id', 'email', 'role', 'expires_at', 'created_at'])
    .where('merchant_id', '=', merchantId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  const now = deps.clock.now().toISOString();
  return rows.map((r) => ({ ...r, expired: r.expires_at <= now }));
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

async function memberOr404(db: DbOrTrx, merchantId: string, userId: string) {
  const member = await db
    .selectFrom('merchant_members')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!member) throw new AppError('not_found', MEMBER_NOT_FOUND);
  return member;
}

/** Invite `email` with `role`; an earlier open invitation of the same address is withdrawn. */
export async function inviteMember(
  deps: TeamDeps,
  merchantId: string,
  input: { email: string; role: MemberRole },
  actor: Actor,
): Promise<{ id: string; email: string; role: MemberRole; expires_at: string }> {
  const merchant = await getMerchantOr404(deps as AppDeps, merchantId);
  const email = normalizeEmail(input.email);
  const existing = await findUserByEmail(deps.database.db, email);
  if (existing) {
    const member = await deps.database.db
      .selectFrom('merchant_members')
      .select('role')
      .where('merchant_id', '=', merchantId)
      .where('user_id', '=', existing.id)
      .executeTakeFirst();
    if (member)
      throw new AppError(
        'conflict',
        `${email} is already a member of ${merchant.business_name} (${member.role}).`,
        {
          field: 'email',
        },
      );
  }
  const token = newOpaqueToken();
  const now = deps.clock.now();
  const id = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000).toISOString();
  await transact(deps.database, async (trx) => {
    await trx
      .updateTable('merchant_invitations')
      .set({ revoked_at: now.toISOString() })
      .where('merchant_id', '=', merchantId)
      .where('email', '=', email)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    await trx
      .insertInto('merchant_invitations')
      .values({
        id,
        merchant_id: merchantId,
        email,
        role: input.role,
        token_hash: hashToken(token),
        invited_by: actor.user?.id ?? null,
        expires_at: expiresAt,
        created_at: now.toISOString(),
      })
      .execute();
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'member.invite',
        targetType: 'invitation',
        targetId: id,
        merchantId,
        details: { email, role: input.role },
        ip: actor.ip,
      },
      deps.clock,
    );
  });
  const url = `${deps.config.publicBaseUrl}/accept-invitation?token=${encodeURIComponent(token)}`;
  const inviter = actor.user?.email ?? deps.config.productName;
  await deps.mailer.send(
    composeMail({
      to: email,
      kind: 'merchant_invitation',
      subject: `${inviter} invited you to ${merchant.business_name} on ${deps.config.productName}`,
      lines: [
        `${inviter} invited you to join ${merchant.business_name} on ${deps.config.productName} as ${ROLE_NAMES[input.role]}.`,
        `Accept with the link below. It works once and expires in ${INVITATION_TTL_DAYS} days.`,
        "If you weren't expecting this, you can ignore this email.",
      ],
      link: { url, label: 'Accept the invitation' },
    }),
  );
  return { id, email, role: input.role, expires_at: expiresAt };
}

const ROLE_NAMES: Record<MemberRole, string> = {
  owner: 'an owner',
  staff: 'staff',
  developer: 'a developer',
};

export async function revokeInvitation(
  deps: TeamDeps,
  merchantId: string,
  invitationId: string,
  actor: Actor,
): Promise<void> {
  await transact(deps.database, async (trx) => {
    const done = await trx
      .updateTable('merchant_invitations')
      .set({ revoked_at: deps.clock.now().toISOString() })
      .where('id', '=', invitationId)
      .where('merchant_id', '=', merchantId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!Number(done.numUpdatedRows)) throw new AppError('not_found', INVITATION_NOT_FOUND);
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'member.invite_revoke',
        targetType: 'invitation',
        targetId: invitationId,
        merchantId,
        ip: actor.ip,
      },
      deps.clock,
    );
  });
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

/** Remove a member (their next request no longer sees the merchant); the last owner stays. */
export async function removeMember(
  deps: TeamDeps,
  merchantId: string,
  userId: string,
  actor: Actor,
): Promise<void> {
  await transact(deps.database, async (trx) => {
    const member = await changeableMember(trx, deps.database.dialect, merchantId, userId, null);
    await trx
      .deleteFrom('merchant_members')
      .where('merchant_id', '=', merchantId)
      .where('user_id', '=', userId)
      .execute();
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'member.remove',
        targetType: 'user',
        targetId: userId,
        merchantId,
        details: { role: member.role },
        ip: actor.ip,
      },
      deps.clock,
    );
  });
}

async function openInvitation(deps: TeamDeps, token: string): Promise<Invitation> {
  const invitation = await deps.database.db
    .selectFrom('merchant_invitations')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!invitation) throw new AppError('bad_request', INVITATION_MESSAGES.invalid, { field: 'token' });
  if (invitation.accepted_at) throw new AppError('gone', INVITATION_MESSAGES.used, { field: 'token' });
  if (invitation.revoked_at) throw new AppError('gone', INVITATION_MESSAGES.revoked, { field: 'token' });
  if (invitation.expires_at <= deps.clock.now().toISOString())
    throw new AppError('gone', INVITATION_MESSAGES.expired, { field: 'token' });
  return invitation;
}

/** What an invitation link offers, for the accept page (the holder of the link only). */
export async function previewInvitation(deps: TeamDeps, token: string) {
  const invitation = await openInvitation(deps, token);
  const merchant = await getMerchantOr404(
    deps as AppDeps,
    invitation.merchant_id,
    INVITATION_MESSAGES.invalid,
  );
  const account = await findUserByEmail(deps.database.db, invitation.email);
  return {
    merchant_name: merchant.business_name,
    email: invitation.email,
    role: invitation.role,
    expires_at: invitation.expires_at,
    account_exists: !!account,
  };
}

/**
 * Accept an invitation: signed in as the invited address, or not signed in with a password for a new
 * account. Anyone else (another account; an existing account not signed in) is refused and nothing
 * changes. The token is used once: of two acceptances at once, one wins.
 */
export async function acceptInvitation(
  deps: TeamDeps,
  token: string,
  input: { user: AuthUser | null; password?: string },
  ip: string | null,
): Promise<{ merchant_id: string; role: MemberRole; email: string; account_created: boolean }> {
  const invitation = await openInvitation(deps, token);
  let userId: string;
  let created = false;
  if (input.user) {
    if (normalizeEmail(input.user.email) !== invitation.email)
      throw new AppError('forbidden', INVITATION_MESSAGES.wrongAccount(invitation.email));
    userId = input.user.id;
  } else {
    const existing = await findUserByEmail(deps.database.db, invitation.email);
    if (existing) throw new AppError('conflict', INVITATION_MESSAGES.signIn(invitation.email));
    if (!input.password)
      throw new AppError('validation_failed', INVITATION_MESSAGES.password, { field: 'password' });
    userId = crypto.randomUUID();
    created = true;
    const passwordHash = await hasherFor(deps).hash(input.password);
    const now = deps.clock.now().toISOString();
    await deps.database.db
      .insertInto('users')
      .values({
        id: userId,
        email: invitation.email,
        password_hash: passwordHash,
        email_verified_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  await transact(deps.database, async (trx) => {
    const now = deps.clock.now().toISOString();
    const used = await trx
      .updateTable('merchant_invitations')
      .set({ accepted_at: now, accepted_by: userId })
      .where('id', '=', invitation.id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!Number(used.numUpdatedRows))
      throw new AppError('gone', INVITATION_MESSAGES.used, { field: 'token' });
    await addMember(trx, invitation.merchant_id, userId, invitation.role, invitation.invited_by, now);
    await audit(
      trx,
      {
        actor: input.user,
        action: 'member.join',
        targetType: 'user',
        targetId: userId,
        merchantId: invitation.merchant_id,
        details: { email: invitation.email, role: invitation.role, account_created: created },
        ip,
      },
      deps.clock,
    );
  });
  return {
    merchant_id: invitation.merchant_id,
    role: invitation.role,
    email: invitation.email,
    account_created: created,
  };
}
