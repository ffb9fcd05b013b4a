/**
 * Accounts: sign-up with email verification, password reset, and admin bootstrap. Answers never say
 * whether an email is registered: sign-up and forgot-password respond the same either way, and the
 * mailbox owner is the one told (a "you already have an account" email, or a reset link).
 */
import { ACCOUNT_MESSAGES } from '../../core/messages.ts';
import type { AppDeps } from '../context.ts';
import { AppError } from '../errors.ts';
import { audit } from '../audit/service.ts';
import type { DbOrTrx } from '../db/database.ts';
import { existingAccountMessage, resetPasswordMessage, verifyEmailMessage } from './emails.ts';
import { hasherFor } from './hasher.ts';
import * as repo from './repository.ts';
import { hashToken, newOpaqueToken } from './secrets.ts';
import { findUserByEmail, findUserById, normalizeEmail } from './users.ts';
import type { User } from '../db/types.ts';

export const VERIFY_TOKEN_TTL_HOURS = 24;
export const RESET_TOKEN_TTL_MINUTES = 60;
export const INVALID_VERIFY_LINK = ACCOUNT_MESSAGES.verifyLinkInvalid;
export const INVALID_RESET_LINK = ACCOUNT_MESSAGES.resetLinkInvalid;

export type AccountDeps = Pick<
  AppDeps,
  'config' | 'database' | 'clock' | 'passwordHasher' | 'mailer' | 'logger'
>;

async function createAccountToken(
  deps: AccountDeps,
  db: DbOrTrx,
  userId: string,
  purpose: repo.AccountTokenPurpose,
  ttlMs: number,
): Promise<string> {
  const token = newOpaqueToken();
  const now = deps.clock.now();
  await repo.insertAccountToken(db, {
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
    now: now.toISOString(),
  });
  return token;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}

async function sendVerification(deps: AccountDeps, user: Pick<User, 'id' | 'email'>): Promise<void> {
  const token = await createAccountToken(
    deps,
    deps.database.db,
    user.id,
    'verify_email',
    VERIFY_TOKEN_TTL_HOURS * 3_600_000,
  );
  await deps.mailer.send(verifyEmailMessage(deps.config, user.email, token));
}

/**
 * Register an account and mail a confirmation link. For an address that already has an account the
 * caller sees the same outcome; the mailbox gets a new confirmation link (unconfirmed account) or a
 * "you already have an account" note.
 */
export async function signup(
  deps: AccountDeps,
  input: { email: string; password: string },
  ip: string | null,
): Promise<void> {
  const email = normalizeEmail(input.email);
  // Hash first in every case, so an existing address takes as long as a new one.
  const passwordHash = await hasherFor(deps).hash(input.password);
  const existing = await findUserByEmail(deps.database.db, email);
  if (existing) return notifyExisting(deps, existing);
  const now = deps.clock.now().toISOString();
  const id = crypto.randomUUID();
  try {
    await repo.insertUser(deps.database.db, {
      id,
      email,
      password_hash: passwordHash,
      created_at: now,
      updated_at: now,
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const raced = await findUserByEmail(deps.database.db, email);
    if (raced) return notifyExisting(deps, raced);
    throw err;
  }
  await audit(
    deps.database.db,
    { actor: null, action: 'auth.signup', targetType: 'user', targetId: id, ip },
    deps.clock,
  );
  await sendVerification(deps, { id, email });
}

async function notifyExisting(deps: AccountDeps, user: User): Promise<void> {
  if (!user.email_verified_at) return sendVerification(deps, user);
  await deps.mailer.send(existingAccountMessage(deps.config, user.email));
}

/** Confirm an email address with a mailed token (single use, expiring). */
export async function verifyEmail(deps: AccountDeps, token: string, ip: string | null): Promise<User> {
  const nowIso = deps.clock.now().toISOString();
  const user = await deps.database.db.transaction().execute(async (trx) => {
    const userId = await repo.consumeAccountToken(trx, hashToken(token), 'verify_email', nowIso);
    if (!userId) return null;
    const found = await findUserById(trx, userId);
    if (!found) return null;
    if (!found.email_verified_at) {
      await repo.updateUser(trx, userId, { email_verified_at: nowIso, updated_at: nowIso });
      await audit(
        trx,
        { actor: null, action: 'auth.email_verified', targetType: 'user', targetId: userId, ip },
        deps.clock,
      );
    }
    return { ...found, email_verified_at: found.email_verified_at ?? nowIso };
  });
  if (!user) throw new AppError('bad_request', INVALID_VERIFY_LINK, { field: 'token' });
  return user;
}

/** Mail a new confirmation link if the address has an unconfirmed account; silent otherwise. */
export async function resendVerification(deps: AccountDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.database.db, email);
  if (user && !user.email_verified_at) await sendVerification(deps, user);
}

/** Mail a reset link if the address has an account (replacing any earlier link); silent otherwise. */
export async function forgotPassword(deps: AccountDeps, email: string, ip: string | null): Promise<void> {
  const user = await findUserByEmail(deps.database.db, email);
  if (!user) return;
  const token = await deps.database.db.transaction().execute(async (trx) => {
    await repo.retireAccountTokens(trx, user.id, 'reset_password', deps.clock.now().toISOString());
    return createAccountToken(deps, trx, user.id, 'reset_password', RESET_TOKEN_TTL_MINUTES * 60_000);
  });
  await audit(
    deps.database.db,
    { actor: null, action: 'auth.password_reset_requested', targetType: 'user', targetId: user.id, ip },
    deps.clock,
  );
  await deps.mailer.send(resetPasswordMessage(deps.config, user.email, token));
}

/**
 * Set a new password with a mailed reset token. Signs the account out everywhere, clears any
 * lockout, and confirms the email (the link proved the mailbox).
 */
export async function resetPassword(
  deps: AccountDeps,
  token: string,
  password: string,
  ip: string | null,
): Promise<void> {
  const passwordHash = await hasherFor(deps).hash(password);
  const nowIso = deps.clock.now().toISOString();
  const userId = await deps.database.db.transaction().execute(async (trx) => {
    const id = await repo.consumeAccountToken(trx, hashToken(token), 'reset_password', nowIso);
    if (!id) return null;
    const user = await findUserById(trx, id);
    if (!user) return null;
    await repo.updateUser(trx, id, {
      password_hash: passwordHash,
      failed_login_count: 0,
      locked_until: null,
      email_verified_at: user.email_verified_at ?? nowIso,
      updated_at: nowIso,
    });
    await repo.revokeAllRefreshTokens(trx, id, nowIso);
    await repo.bumpSessionVersion(trx, id);
    await audit(
      trx,
      { actor: null, action: 'auth.password_reset', targetType: 'user', targetId: id, ip },
      deps.clock,
    );
    return id;
  });
  if (!userId) throw new AppError('bad_request', INVALID_RESET_LINK, { field: 'token' });
}

/**
 * Create a verified admin, or promote an existing account (new password, email confirmed, lockout
 * cleared, other sessions signed out). Used by `npm run admin:create` and the demo seed.
 */
export async function createOrPromoteAdmin(
  deps: Pick<AppDeps, 'config' | 'database' | 'clock' | 'passwordHasher'>,
  input: { email: string; password: string; via: 'cli' | 'demo_seed' },
): Promise<{ user: User; created: boolean }> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hasherFor(deps).hash(input.password);
  const nowIso = deps.clock.now().toISOString();
  return deps.database.db.transaction().execute(async (trx) => {
    const existing = await findUserByEmail(trx, email);
    const id = existing?.id ?? crypto.randomUUID();
    if (existing) {
      await repo.updateUser(trx, id, {
        role: 'admin',
        password_hash: passwordHash,
        email_verified_at: existing.email_verified_at ?? nowIso,
        failed_login_count: 0,
        locked_until: null,
        updated_at: nowIso,
      });
      await repo.revokeAllRefreshTokens(trx, id, nowIso);
      await repo.bumpSessionVersion(trx, id);
    } else {
      await repo.insertUser(trx, {
        id,
        email,
        password_hash: passwordHash,
        role: 'admin',
        email_verified_at: nowIso,
        created_at: nowIso,
        updated_at: nowIso,
      });
    }
    const user = (await findUserById(trx, id))!;
    await audit(
      trx,
      {
        actor: null,
        action: existing ? 'admin.promote' : 'admin.create',
        targetType: 'user',
        targetId: id,
        details: { email, via: input.via },
      },
      deps.clock,
    );
    return { user, created: !existing };
  });
}
