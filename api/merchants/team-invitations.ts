/**
 * Invitations to a merchant's team (issue 32, docs/auth.md). An invitation is a random token (only its
 * hash is stored) mailed as a link, single-use, expiring after INVITATION_TTL_DAYS; a new one to the
 * same address withdraws the earlier. Accepting makes the invited address a member, creating its
 * account when it has none (the link proves the mailbox, so that account starts verified). Every
 * change is audited with the merchant.
 */
import type { Selectable } from 'kysely';
import type { Actor } from '../audit/actor.ts';
import { audit } from '../audit/service.ts';
import { hasherFor } from '../auth/hasher.ts';
import { insertUser } from '../auth/users.ts';
import { hashToken, newOpaqueToken } from '../auth/secrets.ts';
import { findUserByEmail, normalizeEmail } from '../auth/users.ts';
import type { AuthUser } from '../context.ts';
import type { MemberRole, MerchantInvitationsTable, NewUser } from '../db/types.ts';
import { transact } from '../db/transact.ts';
import { AppError } from '../errors.ts';
import { composeMail } from '../mail/compose.ts';
import { getMerchantOr404 } from './service.ts';
import { findMember, type TeamDeps } from './team.ts';
import { addMember } from './team-members.ts';

export const INVITATION_TTL_DAYS = 7;
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

type Invitation = Selectable<MerchantInvitationsTable>;

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

/** Invite `email` with `role`; an earlier open invitation of the same address is withdrawn. */
export async function inviteMember(
  deps: TeamDeps,
  merchantId: string,
  input: { email: string; role: MemberRole },
  actor: Actor,
): Promise<{ id: string; email: string; role: MemberRole; expires_at: string }> {
  const merchant = await getMerchantOr404(deps, merchantId);
  const email = normalizeEmail(input.email);
  const existing = await findUserByEmail(deps.database.db, email);
  if (existing) {
    const member = await findMember(deps.database.db, merchantId, existing.id);
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
  const merchant = await getMerchantOr404(deps, invitation.merchant_id, INVITATION_MESSAGES.invalid);
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
  let newAccount: NewUser | null = null;
  if (input.user) {
    if (normalizeEmail(input.user.email) !== invitation.email)
      throw new AppError('forbidden', INVITATION_MESSAGES.wrongAccount(invitation.email));
    userId = input.user.id;
  } else {
    if (await findUserByEmail(deps.database.db, invitation.email)) {
      // The account may be the one a concurrent acceptance of this link just made: then the link
      // is used (410), not an account to sign in to (409).
      await openInvitation(deps, token);
      throw new AppError('conflict', INVITATION_MESSAGES.signIn(invitation.email));
    }
    if (!input.password)
      throw new AppError('validation_failed', INVITATION_MESSAGES.password, { field: 'password' });
    const now = deps.clock.now().toISOString();
    userId = crypto.randomUUID();
    newAccount = {
      id: userId,
      email: invitation.email,
      password_hash: await hasherFor(deps).hash(input.password),
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    };
  }
  // The token, the new account and the membership in one transaction: a lost race (the token used,
  // or the address signed up meanwhile) leaves no account behind.
  try {
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
      if (newAccount) await insertUser(trx, newAccount);
      await addMember(trx, invitation.merchant_id, userId, invitation.role, invitation.invited_by, now);
      await audit(
        trx,
        {
          actor: input.user,
          action: 'member.join',
          targetType: 'user',
          targetId: userId,
          merchantId: invitation.merchant_id,
          details: { email: invitation.email, role: invitation.role, account_created: !!newAccount },
          ip,
        },
        deps.clock,
      );
    });
  } catch (err) {
    if (
      newAccount &&
      !(err instanceof AppError) &&
      (await findUserByEmail(deps.database.db, invitation.email))
    ) {
      await openInvitation(deps, token);
      throw new AppError('conflict', INVITATION_MESSAGES.signIn(invitation.email));
    }
    throw err;
  }
  return {
    merchant_id: invitation.merchant_id,
    role: invitation.role,
    email: invitation.email,
    account_created: !!newAccount,
  };
}
