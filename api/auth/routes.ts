/**
 * /api/auth: sign-up, email confirmation, sign-in, refresh, sign-out, current user, password reset.
 * Sign-in and refresh answer `{ accessToken, tokenType, expiresIn, user }` and set the refresh cookie.
 */
import { ACCOUNT_MESSAGES } from '../../core/messages.ts';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { AppError } from '../errors.ts';
import { clientIp } from '../audit/client-ip.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { assertUnderLimit, clearFailures, enforceRateLimits, recordFailure } from '../rate-limit/enforce.ts';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './cookie.ts';
import { requireUser } from './guard.ts';
import { RATE_RULES as R } from './rate-rules.ts';
import {
  EmailBody,
  LoginBody,
  Message,
  ResetPasswordBody,
  Session,
  SignupBody,
  TokenBody,
  Me,
  User,
} from './schema.ts';
import { membershipsWithOwners } from './memberships.ts';
import * as accounts from './service.ts';
import * as sessions from './session.ts';
import { findUserById, normalizeEmail } from './users.ts';
import { runInBackground } from '../background.ts';

const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } });
const body = <T extends z.ZodType>(schema: T) => ({ body: { ...json(schema), required: true } });

const SIGNUP_SENT = 'Registration Successful. Please check your email to confirm your account.';
const RESET_SENT = ACCOUNT_MESSAGES.resetSent;
const VERIFY_SENT = 'If that email has an unconfirmed account, we have sent a new confirmation link.';

function ipKey(c: Context<AppEnv>): string {
  return clientIp(c) ?? 'unknown';
}

function noStore(c: Context<AppEnv>) {
  c.header('Cache-Control', 'no-store');
}

/** Cookie-bearing calls must come from our own pages (belt and braces on top of SameSite=Strict). */
function refuseCrossSite(c: Context<AppEnv>) {
  if (c.req.header('sec-fetch-site') === 'cross-site')
    throw new AppError('forbidden', 'Cross-site request refused');
}

/**
 * Sign-out must come from our own origin: a browser says so with `Sec-Fetch-Site: same-origin`
 * (a sibling subdomain is `same-site` and is refused too); clients that send no such header
 * (scripts, older browsers) are let through, as SameSite=Strict already keeps the cookie home.
 */
function refuseOtherOrigins(c: Context<AppEnv>) {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin')
    throw new AppError('forbidden', 'Sign-out must come from this site');
}

function sessionBody(s: sessions.IssuedSession) {
  return { accessToken: s.accessToken, tokenType: 'Bearer' as const, expiresIn: s.expiresIn, user: s.user };
}

const tags = ['auth'];

export const authRoutes = createRouter();
authRoutes.use('/me', requireUser());

authRoutes
  .openapi(
    createRoute({
      method: 'post',
      path: '/signup',
      tags,
      summary: 'Create an account and mail a confirmation link',
      description: 'Answers the same whether or not the email is already registered.',
      request: body(SignupBody),
      responses: {
        201: { description: 'Confirmation mailed', ...json(Message) },
        ...errorResponses(400, 429),
      },
    }),
    async (c) => {
      const input = c.req.valid('json');
      const ip = clientIp(c);
      await enforceRateLimits(c, [
        [R.signupIp, ipKey(c)],
        [R.signupAccount, normalizeEmail(input.email)],
      ]);
      await accounts.signup(c.get('deps'), input, ip);
      return c.json({ message: SIGNUP_SENT }, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/verify',
      tags,
      summary: 'Confirm an email address with the mailed token',
      request: body(TokenBody),
      responses: {
        200: { description: 'Confirmed', ...json(z.object({ message: z.string(), user: User })) },
        ...errorResponses(400, 429),
      },
    }),
    async (c) => {
      await enforceRateLimits(c, [[R.verifyIp, ipKey(c)]]);
      const deps = c.get('deps');
      const user = await accounts.verifyEmail(deps, c.req.valid('json').token, clientIp(c));
      return c.json(
        { message: 'Email confirmed. You can now sign in.', user: sessions.userView(user, deps.config) },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/resend-verification',
      tags,
      summary: 'Mail a new confirmation link',
      request: body(EmailBody),
      responses: { 202: { description: 'Accepted', ...json(Message) }, ...errorResponses(400, 429) },
    }),
    async (c) => {
      const { email } = c.req.valid('json');
      await enforceRateLimits(c, [
        [R.verifyIp, ipKey(c)],
        [R.verifyAccount, normalizeEmail(email)],
      ]);
      // Beside the answer: how long it takes must not tell whether the address has an account.
      const deps = c.get('deps');
      runInBackground(deps, 'confirmation mail', () => accounts.resendVerification(deps, email));
      return c.json({ message: VERIFY_SENT }, 202);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/login',
      tags,
      summary: 'Sign in with email and password',
      description:
        'Sets the httpOnly refresh cookie. 401 "Invalid login credentials" for an unknown email or a wrong password alike.',
      request: body(LoginBody),
      responses: {
        200: { description: 'Signed in', ...json(Session) },
        ...errorResponses(400, 401, 403, 428, 429),
      },
    }),
    async (c) => {
      const { email, password, proofOfWork } = c.req.valid('json');
      const account = normalizeEmail(email);
      const ipAccount = `${ipKey(c)}|${account}`;
      await enforceRateLimits(c, [[R.loginIp, ipKey(c)]]);
      await assertUnderLimit(c, R.loginFailIpAccount, ipAccount);
      // Failures per account across all IPs ask for a challenge (temporarily) inside sessions.login.
      const result = await sessions.login(c.get('deps'), account, password, clientIp(c), proofOfWork);
      if (!result.ok) {
        await recordFailure(c, R.loginFailIpAccount, ipAccount);
        throw new AppError('unauthenticated', sessions.INVALID_CREDENTIALS);
      }
      await clearFailures(c, R.loginFailIpAccount, ipAccount);
      setRefreshCookie(c, result.session.refreshToken, result.session.refreshExpiresAt);
      noStore(c);
      return c.json(sessionBody(result.session), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/refresh',
      tags,
      summary: 'Exchange the refresh cookie for a new access token (rotates the cookie)',
      description: 'Presenting an already-used refresh token signs out every session of its family.',
      responses: { 200: { description: 'Refreshed', ...json(Session) }, ...errorResponses(401, 403, 429) },
    }),
    async (c) => {
      refuseCrossSite(c);
      await enforceRateLimits(c, [[R.refreshIp, ipKey(c)]]);
      const token = readRefreshCookie(c);
      noStore(c);
      if (!token) throw new AppError('unauthenticated', sessions.SESSION_EXPIRED);
      try {
        const session = await sessions.refresh(c.get('deps'), token, clientIp(c));
        setRefreshCookie(c, session.refreshToken, session.refreshExpiresAt);
        return c.json(sessionBody(session), 200);
      } catch (err) {
        clearRefreshCookie(c);
        throw err;
      }
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/logout',
      tags,
      summary: 'Sign out: revoke the refresh cookie’s session family and clear the cookie',
      responses: { 204: { description: 'Signed out' }, ...errorResponses(403) },
    }),
    async (c) => {
      refuseOtherOrigins(c);
      await sessions.logout(c.get('deps'), readRefreshCookie(c), clientIp(c));
      clearRefreshCookie(c);
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/me',
      tags,
      summary: 'The signed-in user',
      security: [{ bearerAuth: [] }],
      responses: {
        200: { description: 'The user and their memberships', ...json(Me) },
        ...errorResponses(401),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const user = await findUserById(deps.database.db, c.get('user')!.id);
      if (!user) throw new AppError('unauthenticated', ACCOUNT_MESSAGES.loginRequired);
      noStore(c);
      const memberships = await membershipsWithOwners(deps.database.db, user.id);
      return c.json({ ...sessions.userView(user, deps.config), memberships }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/forgot-password',
      tags,
      summary: 'Mail a password-reset link',
      description: 'Answers the same whether or not the email is registered.',
      request: body(EmailBody),
      responses: { 202: { description: 'Accepted', ...json(Message) }, ...errorResponses(400, 429) },
    }),
    async (c) => {
      const { email } = c.req.valid('json');
      await enforceRateLimits(c, [
        [R.resetIp, ipKey(c)],
        [R.resetAccount, normalizeEmail(email)],
      ]);
      // Beside the answer: how long it takes must not tell whether the address has an account.
      const deps = c.get('deps');
      const ip = clientIp(c);
      runInBackground(deps, 'password reset mail', () => accounts.forgotPassword(deps, email, ip));
      return c.json({ message: RESET_SENT }, 202);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/reset-password',
      tags,
      summary: 'Set a new password with the mailed token (signs out every session)',
      request: body(ResetPasswordBody),
      responses: { 200: { description: 'Password changed', ...json(Message) }, ...errorResponses(400, 429) },
    }),
    async (c) => {
      await enforceRateLimits(c, [[R.resetIp, ipKey(c)]]);
      const { token, password } = c.req.valid('json');
      await accounts.resetPassword(c.get('deps'), token, password, clientIp(c));
      return c.json({ message: ACCOUNT_MESSAGES.passwordChanged }, 200);
    },
  );
