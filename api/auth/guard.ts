/**
 * Route guards. `requireUser()` accepts only a valid bearer access token naming an existing user and
 * sets `c.get('user')`; `requireAdmin()` additionally requires an admin. The user is loaded on every
 * request (one primary-key read), so a demotion or deletion takes effect at once rather than when the
 * token expires, and so does a sign-out or password reset: the token's session version must be the
 * user's current one. That read is the check's whole cost, and it is right whichever process (or
 * `npm run admin:create`) bumped the version — nothing cached can be stale.
 *
 * @example app.use('/api/admin/*', requireAdmin());
 * @example router.use('/api/merchant/*', requireUser()); const user = c.get('user')!;
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, AuthUser } from '../context.ts';
import { AppError } from '../errors.ts';
import { verifyAccessToken } from './access-token.ts';
import { findUserById, toAuthUser } from './users.ts';

export const UNAUTHENTICATED_MESSAGE = 'You must be logged in to perform this action.';
export const FORBIDDEN_MESSAGE = 'You must be an admin to perform this action.';

/** The spec's wording for particular actions (§5); everything else gets UNAUTHENTICATED_MESSAGE. */
const UNAUTHENTICATED_VARIANTS: Array<[method: string, path: RegExp, message: string]> = [
  ['POST', /^\/api\/admin\/merchants\/?$/, 'You must be logged in to create a merchant.'],
  ['POST', /^\/api\/admin\/payments\/[^/]+\/sync-to-xero\/?$/, 'You must be logged in to sync payments.'],
];

export function unauthenticatedMessageFor(method: string, path: string): string {
  const hit = UNAUTHENTICATED_VARIANTS.find(([m, re]) => m === method && re.test(path));
  return hit ? hit[2] : UNAUTHENTICATED_MESSAGE;
}

function unauthenticated(c: Context<AppEnv>): AppError {
  return new AppError('unauthenticated', unauthenticatedMessageFor(c.req.method, c.req.path), {
    headers: { 'WWW-Authenticate': 'Bearer' },
  });
}

function bearerToken(c: Context<AppEnv>): string | null {
  const header = c.req.header('authorization');
  if (!header) return null;
  const match = /^Bearer[ ]+([A-Za-z0-9\-_.~+/]+=*)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/** The signed-in user for this request, or null (no token, bad token, unknown user). */
export async function authenticate(c: Context<AppEnv>): Promise<AuthUser | null> {
  const token = bearerToken(c);
  if (!token) return null;
  const { config, clock, database } = c.get('deps');
  const claims = await verifyAccessToken(config.jwtSecret, token, clock);
  if (!claims) return null;
  const user = await findUserById(database.db, claims.userId);
  if (!user || user.session_version !== claims.sessionVersion) return null;
  return toAuthUser(user, config);
}

export function requireUser(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await authenticate(c);
    if (!user) throw unauthenticated(c);
    c.set('user', user);
    await next();
  };
}

export function requireAdmin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await authenticate(c);
    if (!user) throw unauthenticated(c);
    if (!user.isAdmin) throw new AppError('forbidden', FORBIDDEN_MESSAGE);
    c.set('user', user);
    await next();
  };
}

/** Sets `c.get('user')` when a valid token is present; never rejects. For routes that serve both. */
export function optionalUser(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('user', (await authenticate(c)) ?? undefined);
    await next();
  };
}
