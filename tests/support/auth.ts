/**
 * Signed-in callers for API tests. `adminHeaders(t)` / `userHeaders(t)` create an account directly
 * and return `{ authorization: 'Bearer …' }` for `json(app, method, path, body, headers)`;
 * `signIn` goes through POST /api/auth/login and also returns the refresh cookie.
 *
 * @example const admin = await adminHeaders(t); await json(t.app, 'GET', '/api/admin/merchants', undefined, admin);
 */
import { signAccessToken } from '../../api/auth/access-token.ts';
import { hasherFor } from '../../api/auth/hasher.ts';
import type { User } from '../../api/db/types.ts';
import { json, type TestApp } from './app.ts';

let counter = 0;

export async function createUser(
  t: TestApp,
  options: { email?: string; password?: string; role?: 'user' | 'admin'; verified?: boolean } = {},
): Promise<User> {
  const now = t.clock.now().toISOString();
  const user = {
    id: crypto.randomUUID(),
    email: (
      options.email ?? `user${++counter}-${crypto.randomUUID().slice(0, 8)}@example.test`
    ).toLowerCase(),
    password_hash: await hasherFor(t.deps).hash(options.password ?? 'correct horse battery'),
    role: options.role ?? 'user',
    email_verified_at: options.verified === false ? null : now,
    created_at: now,
    updated_at: now,
  } as const;
  await t.deps.database.db.insertInto('users').values(user).execute();
  return t.deps.database.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
}

export async function bearerFor(t: TestApp, userId: string): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await signAccessToken(t.deps.config.jwtSecret, userId, t.clock)}` };
}

/** A new verified admin (role 'admin') and its bearer header. */
export async function createAdmin(t: TestApp): Promise<{ user: User; headers: { authorization: string } }> {
  const user = await createUser(t, { role: 'admin' });
  return { user, headers: await bearerFor(t, user.id) };
}

/** A new verified admin's bearer header. */
export async function adminHeaders(t: TestApp): Promise<{ authorization: string }> {
  return (await createAdmin(t)).headers;
}

/** A new verified, non-admin user's bearer header. */
export async function userHeaders(t: TestApp): Promise<{ authorization: string }> {
  return bearerFor(t, (await createUser(t)).id);
}

/** Sign in over HTTP; returns the response, `bearer` (the authorization header) and `cookie` (the refresh cookie) (name=value). */
export async function signIn(t: TestApp, email: string, password: string) {
  const res = await json(t.app, 'POST', '/api/auth/login', { email, password });
  const setCookie = res.headers.get('set-cookie') ?? '';
  const cookie = setCookie.split(';')[0];
  return { ...res, cookie, bearer: { authorization: `Bearer ${res.body?.accessToken}` } };
}
