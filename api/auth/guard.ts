/**
 * Route guards. `requireUser()` accepts only a valid bearer access token naming an existing user and
 * sets `c.get('user')`; `requireConsole()` guards the console's API for admins and merchant members
 * (access.ts; an API key is refused there: the console's API takes console sessions only). `requireIntegrator()` guards the integrator API
 * (`/api/v1/*`): it takes an API key (`ip_live_…`/`ip_test_…`, api/auth/api-keys) or an admin token and
 * sets `c.get('principal')` with the merchant scope and write permission every route enforces. The user is loaded on every
 * request (one primary-key read), so a demotion or deletion takes effect at once rather than when the
 * token expires, and so does a sign-out or password reset: the token's session version must be the
 * user's current one. That read is the check's whole cost, and it is right whichever process (or
 * `npm run admin:create`) bumped the version — nothing cached can be stale.
 *
 * @example app.use('/api/admin/*', requireConsole());
 * @example router.use('/api/merchant/*', requireUser()); const user = c.get('user')!;
 */
import { ACCOUNT_MESSAGES } from '../../core/messages.ts';
import type { Context, MiddlewareHandler } from 'hono';
import { enforceRateLimits } from '../rate-limit/enforce.ts';
import { looksLikeApiKey } from './api-keys/keys.ts';
import {
  apiKeyRateRule,
  findKeyByToken,
  INVALID_API_KEY,
  keyRefusal,
  principalOf,
  recordKeyUse,
} from './api-keys/usage.ts';
import { clientIp } from '../audit/client-ip.ts';
import type { AppEnv, AuthUser } from '../context.ts';
import { AppError } from '../errors.ts';
import { verifyAccessToken } from './access-token.ts';
import { findUserById, toAuthUser } from './users.ts';
import { ADMIN_ONLY_MESSAGE, consoleAccess } from './access.ts';
import { routeChecksAccess } from '../http/router.ts';
import { membershipList } from './memberships.ts';

export const UNAUTHENTICATED_MESSAGE = ACCOUNT_MESSAGES.loginRequired;
export const FORBIDDEN_MESSAGE = ADMIN_ONLY_MESSAGE;
export const API_KEY_ON_CONSOLE_MESSAGE =
  "API keys can't use the console's API (/api/admin); use the integrator API under /api/v1.";
export const INTEGRATOR_UNAUTHENTICATED_MESSAGE =
  'Send an API key (Authorization: Bearer ip_live_… or ip_test_…) to use this API.';

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

/**
 * The console's API (`/api/admin/*`): a signed-in user (401 otherwise; an API key is refused with
 * 403). Sets `c.get('access')`: an admin may do everything; anyone else what their memberships allow,
 * read here on every request — so a member removed from a merchant loses it at once. Each route then
 * checks the action it declares (api/http/router.ts) and the object's merchant (access.ts).
 */
export function requireConsole(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c);
    if (token && looksLikeApiKey(token)) throw new AppError('forbidden', API_KEY_ON_CONSOLE_MESSAGE);
    const user = await authenticate(c);
    if (!user) throw unauthenticated(c);
    c.set('user', user);
    // A route made without createRouter has no access check of its own: admins only.
    if (!user.isAdmin && !routeChecksAccess(c)) throw new AppError('forbidden', FORBIDDEN_MESSAGE);
    const memberships = user.isAdmin ? [] : await membershipList(c.get('deps').database.db, user.id);
    const roles = new Map(memberships.map((m) => [m.merchant_id, m.role]));
    c.set('access', consoleAccess(user.isAdmin, roles, user.emailVerified));
    await next();
  };
}

/**
 * The integrator API's guard: an API key or an admin token (401 without either; 403 for a signed-in
 * non-admin, and for a read-only key on a write). A key is also refused when revoked or expired
 * (401), rate-limited per key (429), and every use is audited. Sets `c.get('principal')`.
 */
export function requireIntegrator(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c);
    const deps = c.get('deps');
    if (!token || !looksLikeApiKey(token)) {
      const user = token ? await authenticate(c) : null;
      if (!user)
        throw new AppError('unauthenticated', INTEGRATOR_UNAUTHENTICATED_MESSAGE, {
          headers: { 'WWW-Authenticate': 'Bearer' },
        });
      if (!user.isAdmin) throw new AppError('forbidden', FORBIDDEN_MESSAGE);
      c.set('user', user);
      c.set('principal', {
        kind: 'admin',
        id: user.id,
        label: user.email,
        merchantId: null,
        canWrite: true,
        userId: user.id,
      });
      return next();
    }
    const key = await findKeyByToken(deps, token);
    if (!key)
      throw new AppError('unauthenticated', INVALID_API_KEY, { headers: { 'WWW-Authenticate': 'Bearer' } });
    const use = { method: c.req.method, path: c.req.path, ip: clientIp(c), requestId: c.get('requestId') };
    try {
      const refusal = keyRefusal(deps, key, c.req.method, c.req.path);
      if (refusal) throw refusal;
      await enforceRateLimits(c, [[apiKeyRateRule(deps), key.id]]);
    } catch (err) {
      await recordKeyUse(deps, key, { ...use, status: err instanceof AppError ? err.status : 500 });
      throw err;
    }
    c.set('principal', principalOf(key));
    await next();
    await recordKeyUse(deps, key, { ...use, status: c.res.status });
  };
}
