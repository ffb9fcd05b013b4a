/**
 * Queries for accounts: users, refresh-token families and single-use account tokens. Every function
 * takes the db or a transaction first. Conditional updates (`… and used_at is null`) make "use once"
 * atomic on both SQLite and PostgreSQL without row locks.
 */
import type { DbOrTrx } from '../db/database.ts';
import type { NewUser, UserUpdate } from '../db/types.ts';

export type AccountTokenPurpose = 'verify_email' | 'reset_password';

export async function insertUser(db: DbOrTrx, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function updateUser(db: DbOrTrx, id: string, patch: UserUpdate): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

/** End every access token already issued to the user (they carry the old session version). */
export async function bumpSessionVersion(db: DbOrTrx, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

export async function insertRefreshToken(
  db: DbOrTrx,
  row: { userId: string; familyId: string; tokenHash: string; expiresAt: string; now: string },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      id: crypto.randomUUID(),
      user_id: row.userId,
      family_id: row.familyId,
      token_hash: row.tokenHash,
      expires_at: row.expiresAt,
      created_at: row.now,
    })
    .execute();
}

export async function findRefreshToken(db: DbOrTrx, tokenHash: string) {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Mark a refresh token used; false when it was already used or revoked (a concurrent reuse). */
export async function markRefreshTokenUsed(db: DbOrTrx, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Whether a successor of a token used at `usedAt` has been used: a token of the family other than
 * it, issued at or after that use, with a use of its own.
 */
export async function successorUsed(
  db: DbOrTrx,
  token: { id: string; family_id: string },
  usedAt: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family_id', '=', token.family_id)
    .where('id', '!=', token.id)
    .where('created_at', '>=', usedAt)
    .where('used_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function revokeFamily(db: DbOrTrx, familyId: string, now: string): Promise<number> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function revokeAllRefreshTokens(db: DbOrTrx, userId: string, now: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertAccountToken(
  db: DbOrTrx,
  row: { userId: string; purpose: AccountTokenPurpose; tokenHash: string; expiresAt: string; now: string },
): Promise<void> {
  await db
    .insertInto('account_tokens')
    .values({
      id: crypto.randomUUID(),
      user_id: row.userId,
      purpose: row.purpose,
      token_hash: row.tokenHash,
      expires_at: row.expiresAt,
      created_at: row.now,
    })
    .execute();
}

/** Retire every outstanding token of a purpose (a new reset link replaces the old ones). */
export async function retireAccountTokens(
  db: DbOrTrx,
  userId: string,
  purpose: AccountTokenPurpose,
  now: string,
): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Consume a live token: marks it used and returns its user id, or null if it is unknown, of another
 * purpose, expired or already used. Exactly one concurrent caller wins.
 */
export async function consumeAccountToken(
  db: DbOrTrx,
  tokenHash: string,
  purpose: AccountTokenPurpose,
  now: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('account_tokens')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  const result = await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? row.user_id : null;
}
