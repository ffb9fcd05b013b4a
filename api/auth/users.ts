/**
 * User rows → the `AuthUser` the rest of the API sees, and the admin rule (spec §6, DESIGN §4b):
 * an admin is role 'admin', or a user whose email is VERIFIED and under ADMIN_EMAIL_DOMAIN.
 */
import type { Config } from '../config.ts';
import type { AuthUser } from '../context.ts';
import type { DbOrTrx } from '../db/database.ts';
import type { User } from '../db/types.ts';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function emailUnderDomain(email: string, domain: string | null): boolean {
  if (!domain) return false;
  return normalizeEmail(email).endsWith(`@${domain.toLowerCase()}`);
}

export function isAdminUser(
  user: Pick<User, 'role' | 'email' | 'email_verified_at'>,
  config: Pick<Config, 'adminEmailDomain'>,
): boolean {
  if (user.role === 'admin') return true;
  return user.email_verified_at !== null && emailUnderDomain(user.email, config.adminEmailDomain);
}

export function toAuthUser(user: User, config: Pick<Config, 'adminEmailDomain'>): AuthUser {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    emailVerified: user.email_verified_at !== null,
    isAdmin: isAdminUser(user, config),
  };
}

export async function findUserById(db: DbOrTrx, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: DbOrTrx, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

/** A new user row (a member invited by a merchant: api/merchants/team-invitations.ts). */
export { insertUser } from './repository.ts';
