/**
 * Sessions: sign-in, refresh-token rotation and sign-out.
 * A sign-in starts a token *family*. Each refresh marks the presented token used and issues the next
 * one in the family; presenting a used (or revoked) token again means it was copied, so the whole
 * family is revoked and both holders must sign in again — except within REFRESH_REUSE_GRACE_SECONDS
 * of its first use while none of its successors has been used: then the answer to the first use was
 * lost (a page reloaded or navigated away while its refresh was in flight, so the browser never
 * stored the new cookie), and the holder gets another successor instead of being signed out.
 * Sign-out revokes the family.
 * Failed sign-ins count on the user row; after LOGIN_LOCK_THRESHOLD failures in a row, for
 * LOGIN_LOCK_MINUTES, every sign-in of the account needs a solved proof of work
 * (api/rate-limit/proof-of-work.ts; the browser client solves it) — a cost per guess, never a refusal
 * of the right password: 20 wrong passwords from 20 addresses used to lock the owner out for 15
 * minutes (issue 49 item 8, DESIGN §6). Failures per address and account are limited apart
 * (api/auth/rate-rules.ts). Cleared by a password reset or `npm run admin:create`.
 */
import type { AppDeps } from '../context.ts';
import { AppError } from '../errors.ts';
import { audit } from '../audit/service.ts';
import { challengeAccepted, issueChallenge } from '../rate-limit/proof-of-work.ts';
import type { Solution } from '../../core/proof-of-work.ts';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from './access-token.ts';
import { hasherFor } from './hasher.ts';
import * as repo from './repository.ts';
import { hashToken, newOpaqueToken } from './secrets.ts';
import { findUserByEmail, findUserById, toAuthUser } from './users.ts';
import type { User } from '../db/types.ts';

export const REFRESH_TOKEN_TTL_DAYS = 30;
/**
 * How long a used refresh token may be presented again when its successor was never used (a lost
 * answer, not a copy). Identity providers call it the rotation grace period or reuse interval.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;
export const LOGIN_LOCK_THRESHOLD = 20;
export const LOGIN_LOCK_MINUTES = 15;
export const INVALID_CREDENTIALS = 'Invalid login credentials';
export const SIGN_IN_CHECK_MESSAGE =
  'There have been many failed sign-ins to this account, so your browser must complete a short security check. Please try again.';
export const SIGN_IN_CHECK_FAILED = 'The security check could not be verified. Please try again.';

/**
 * Past the failures threshold a sign-in needs a solved challenge for this account (by email, so an
 * unknown address answers exactly like a registered one). Throws 428 with a fresh one otherwise.
 */
async function requireSignInChallenge(deps: SessionDeps, email: string, solution: Solution | undefined) {
  const scope = `login:${email}`;
  if (solution && (await challengeAccepted(deps, solution, scope))) return;
  throw new AppError('challenge_required', solution ? SIGN_IN_CHECK_FAILED : SIGN_IN_CHECK_MESSAGE, {
    extra: { challenge: issueChallenge(deps, scope) },
  });
}
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

export type SessionDeps = Pick<
  AppDeps,
  'config' | 'database' | 'clock' | 'passwordHasher' | 'logger' | 'caches'
>;

export interface UserView {
  id: string;
  email: string;
  role: 'user' | 'admin';
  emailVerified: boolean;
  isAdmin: boolean;
  lastSignInAt: string | null;
  createdAt: string;
}

export interface IssuedSession {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  refreshExpiresAt: Date;
  user: UserView;
}

export function userView(user: User, config: AppDeps['config']): UserView {
  const auth = toAuthUser(user, config);
  return { ...auth, lastSignInAt: user.last_sign_in_at, createdAt: user.created_at };
}

async function issueSession(
  deps: SessionDeps,
  db: Parameters<typeof repo.insertRefreshToken>[0],
  user: User,
  familyId: string,
): Promise<IssuedSession> {
  const now = deps.clock.now();
  const refreshToken = newOpaqueToken();
  const refreshExpiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_DAYS * 86_400_000);
  await repo.insertRefreshToken(db, {
    userId: user.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: refreshExpiresAt.toISOString(),
    now: now.toISOString(),
  });
  const accessToken = await signAccessToken(
    deps.config.jwtSecret,
    user.id,
    deps.clock,
    ACCESS_TOKEN_TTL_SECONDS,
    user.session_version,
  );
  return {
    accessToken,
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    refreshToken,
    refreshExpiresAt,
    user: userView(user, deps.config),
  };
}

export type LoginResult = { ok: true; session: IssuedSession } | { ok: false };

/**
 * Check the password and start a session. `{ ok: false }` for an unknown email or a wrong password
 * alike (same work, same answer). Throws 429 while the account is locked, 403 if the email is unconfirmed.
 */
export async function login(
  deps: SessionDeps,
  email: string,
  password: string,
  ip: string | null,
  /** A solved sign-in challenge, when the account asks for one. */
  proofOfWork?: Solution,
): Promise<LoginResult> {
  const hasher = hasherFor(deps);
  const user = await findUserByEmail(deps.database.db, email);
  const now = deps.clock.now();
  const lockout = deps.config.rateLimits;
  if (!user) {
    // Unknown emails lock exactly like accounts do, so a 429 does not reveal registration.
    const phantom = deps.caches.lockouts;
    const lockedFor = lockout ? await phantom.lockedFor(email) : 0;
    if (lockedFor > 0) await requireSignInChallenge(deps, email, proofOfWork);
    await hasher.verifyDummy(password);
    if (lockout) await phantom.fail(email, LOGIN_LOCK_THRESHOLD, LOGIN_LOCK_MINUTES * 60_000);
    return { ok: false };
  }
  if (lockout && user.locked_until && Date.parse(user.locked_until) > now.getTime())
    await requireSignInChallenge(deps, user.email, proofOfWork);
  if (!(await hasher.verify(password, user.password_hash))) {
    const failures = user.failed_login_count + 1;
    const lock = lockout && failures >= LOGIN_LOCK_THRESHOLD;
    await repo.updateUser(deps.database.db, user.id, {
      failed_login_count: lock ? 0 : failures,
      locked_until: lock
        ? new Date(now.getTime() + LOGIN_LOCK_MINUTES * 60_000).toISOString()
        : user.locked_until,
      updated_at: now.toISOString(),
    });
    if (lock) {
      await audit(
        deps.database.db,
        {
          actor: null,
          action: 'auth.account_locked',
          targetType: 'user',
          targetId: user.id,
          details: { minutes: LOGIN_LOCK_MINUTES },
          ip,
        },
        deps.clock,
      );
    }
    return { ok: false };
  }
  if (!user.email_verified_at) {
    await repo.updateUser(deps.database.db, user.id, {
      failed_login_count: 0,
      updated_at: now.toISOString(),
    });
    throw new AppError(
      'forbidden',
      'Email not confirmed. Check your inbox for the confirmation link, or sign up again to get a new one.',
    );
  }
  const nowIso = now.toISOString();
  const patch = {
    last_sign_in_at: nowIso,
    failed_login_count: 0,
    locked_until: null,
    updated_at: nowIso,
    ...(hasher.needsRehash(user.password_hash) ? { password_hash: await hasher.hash(password) } : {}),
  };
  const session = await deps.database.db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, user.id, patch);
    const fresh = { ...user, ...patch };
    const s = await issueSession(deps, trx, fresh, crypto.randomUUID());
    await audit(
      trx,
      {
        actor: toAuthUser(fresh, deps.config),
        action: 'auth.login',
        targetType: 'user',
        targetId: user.id,
        ip,
      },
      deps.clock,
    );
    return s;
  });
  return { ok: true, session };
}

/**
 * Rotate a refresh token. Throws 401 for unknown, expired, revoked or reused tokens; a reuse also
 * revokes the token's whole family (recorded in the audit log).
 */
export async function refresh(
  deps: SessionDeps,
  refreshToken: string,
  ip: string | null,
): Promise<IssuedSession> {
  const expired = () => new AppError('unauthenticated', SESSION_EXPIRED);
  const nowIso = deps.clock.now().toISOString();
  const outcome = await deps.database.db.transaction().execute(async (trx) => {
    const row = await repo.findRefreshToken(trx, hashToken(refreshToken));
    if (!row) return { error: 'unknown' as const };
    if (row.used_at || row.revoked_at || !(await repo.markRefreshTokenUsed(trx, row.id, nowIso))) {
      if (row.revoked_at) return { error: 'revoked' as const };
      if (await lostAnswer(trx, row, nowIso)) {
        if (row.expires_at <= nowIso) return { error: 'expired' as const };
        const user = await findUserById(trx, row.user_id);
        if (!user) return { error: 'unknown' as const };
        return { session: await issueSession(deps, trx, user, row.family_id) };
      }
      const revoked = await repo.revokeFamily(trx, row.family_id, nowIso);
      await repo.bumpSessionVersion(trx, row.user_id); // the thief's access tokens die too
      await audit(
        trx,
        {
          actor: null,
          action: 'auth.refresh_reuse',
          targetType: 'user',
          targetId: row.user_id,
          details: { familyId: row.family_id, revoked },
          ip,
        },
        deps.clock,
      );
      return { error: 'reused' as const };
    }
    if (row.expires_at <= nowIso) return { error: 'expired' as const };
    const user = await findUserById(trx, row.user_id);
    if (!user) return { error: 'unknown' as const };
    return { session: await issueSession(deps, trx, user, row.family_id) };
  });
  if ('error' in outcome) {
    if (outcome.error === 'reused') deps.logger.warn({ ip }, 'refresh token reuse: session family revoked');
    throw expired();
  }
  return outcome.session;
}

/**
 * A used token presented again is a lost answer, not a copy, when its first use was at most
 * REFRESH_REUSE_GRACE_SECONDS ago and none of its successors has been used (the one the browser
 * never stored is still unused). A concurrent second use — marked by the other
 * transaction after this one read the row — counts as just used.
 */
async function lostAnswer(
  trx: Parameters<typeof repo.findRefreshToken>[0],
  row: { id: string; family_id: string; used_at: string | null },
  nowIso: string,
): Promise<boolean> {
  const usedAt = row.used_at ?? nowIso;
  if (Date.parse(nowIso) - Date.parse(usedAt) > REFRESH_REUSE_GRACE_SECONDS * 1000) return false;
  return !(await repo.successorUsed(trx, row, usedAt));
}

/**
 * Revoke the family of the presented refresh token and end the user's access tokens already issued
 * (the user's other signed-in devices refresh theirs on their next call). Unknown tokens are ignored
 * (sign-out always succeeds).
 */
export async function logout(
  deps: SessionDeps,
  refreshToken: string | undefined,
  ip: string | null,
): Promise<void> {
  if (!refreshToken) return;
  const row = await repo.findRefreshToken(deps.database.db, hashToken(refreshToken));
  if (!row) return;
  await deps.database.db.transaction().execute(async (trx) => {
    await repo.revokeFamily(trx, row.family_id, deps.clock.now().toISOString());
    await repo.bumpSessionVersion(trx, row.user_id); // access tokens already issued stop working
  });
  const user = await findUserById(deps.database.db, row.user_id);
  if (user)
    await audit(
      deps.database.db,
      {
        actor: toAuthUser(user, deps.config),
        action: 'auth.logout',
        targetType: 'user',
        targetId: user.id,
        ip,
      },
      deps.clock,
    );
}
