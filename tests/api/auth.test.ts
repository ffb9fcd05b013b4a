/**
 * Accounts over HTTP on this dialect: sign-up → confirmation email captured → confirm → sign in →
 * refresh (rotating cookie) → sign out; the spec's validation messages; answers that do not reveal
 * whether an email is registered; password reset; the admin rule for ADMIN_EMAIL_DOMAIN.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundSettled } from '../../api/background.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { bearerFor, createUser, signIn } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();

/** The latest mail to `to`, once the mail a request started beside its answer has gone. */
async function lastEmail(t: TestApp, to: string) {
  await backgroundSettled(t.deps);
  return t.deps.database.db
    .selectFrom('emails')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

function tokenFrom(text: string, page: string): string {
  const match = new RegExp(`${page}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${page} link in: ${text}`);
  return match[1];
}

function refreshCookie(headers: Headers): string {
  return (headers.get('set-cookie') ?? '').split(';')[0];
}

describe.skipIf(skip)(`accounts over HTTP (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAIL_DOMAIN: 'invoicepay.test' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs up, mails a confirmation link, confirms, signs in, refreshes and signs out', async () => {
    const email = 'Ann@Acme.example';
    const signup = await json(t.app, 'POST', '/api/auth/signup', {
      email,
      password: 'hunter22',
      confirmPassword: 'hunter22',
    });
    expect(signup.status).toBe(201);
    expect(signup.body.message).toMatch(/check your email/i);

    const mail = await lastEmail(t, 'ann@acme.example');
    expect(mail?.subject).toMatch(/confirm your email/i);
    expect(mail?.status).toBe('captured');
    expect(mail?.text_body).toContain('http://127.0.0.1:8787/verify-email?token=');
    const verifyToken = tokenFrom(mail!.text_body, '/verify-email');

    const early = await json(t.app, 'POST', '/api/auth/login', { email, password: 'hunter22' });
    expect(early.status).toBe(403);
    expect(early.body.error.message).toMatch(/not confirmed/i);

    const verified = await json(t.app, 'POST', '/api/auth/verify', { token: verifyToken });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({
      email: 'ann@acme.example',
      emailVerified: true,
      isAdmin: false,
    });
    const again = await json(t.app, 'POST', '/api/auth/verify', { token: verifyToken });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('This confirmation link is invalid or has expired.');

    const login = await json(t.app, 'POST', '/api/auth/login', {
      email: 'ann@acme.example',
      password: 'hunter22',
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      tokenType: 'Bearer',
      expiresIn: 900,
      user: { email: 'ann@acme.example', role: 'user' },
    });
    expect(login.body.accessToken.split('.')).toHaveLength(3);
    expect(login.headers.get('cache-control')).toBe('no-store');
    const setCookie = login.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^invoicepay_refresh=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
    expect(setCookie).not.toMatch(/Secure/);
    expect(JSON.stringify(login.body)).not.toContain(setCookie.split(';')[0].split('=')[1]);

    const me = await json(t.app, 'GET', '/api/auth/me', undefined, {
      authorization: `Bearer ${login.body.accessToken}`,
    });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: 'ann@acme.example',
      emailVerified: true,
      lastSignInAt: t.clock.now().toISOString(),
    });

    t.clock.advance(60_000);
    const cookie1 = refreshCookie(login.headers);
    const refreshed = await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie: cookie1 });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.accessToken).not.toBe(login.body.accessToken);
    const cookie2 = refreshCookie(refreshed.headers);
    expect(cookie2).not.toBe(cookie1);
    const me2 = await json(t.app, 'GET', '/api/auth/me', undefined, {
      authorization: `Bearer ${refreshed.body.accessToken}`,
    });
    expect(me2.status).toBe(200);

    const logout = await t.app.request('/api/auth/logout', { method: 'POST', headers: { cookie: cookie2 } });
    expect(logout.status).toBe(204);
    expect(logout.headers.get('set-cookie')).toMatch(/invoicepay_refresh=;.*Max-Age=0/);
    const afterLogout = await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie: cookie2 });
    expect(afterLogout.status).toBe(401);
    expect(afterLogout.body.error.message).toBe('Your session has expired. Please sign in again.');

    const actions = await t.deps.database.db
      .selectFrom('audit_log')
      .select('action')
      .orderBy('created_at')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['auth.signup', 'auth.email_verified', 'auth.login', 'auth.logout']),
    );
  });

  it("uses the spec's validation messages", async () => {
    const mismatch = await json(t.app, 'POST', '/api/auth/signup', {
      email: 'b@acme.example',
      password: 'abcdef',
      confirmPassword: 'abcdeg',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toMatchObject({
      code: 'validation_failed',
      message: "Passwords don't match",
      field: 'confirmPassword',
    });
    const short = await json(t.app, 'POST', '/api/auth/signup', {
      email: 'b@acme.example',
      password: 'abc12',
      confirmPassword: 'abc12',
    });
    expect(short.body.error.message).toBe('Password must be at least 6 characters');
    const badEmail = await json(t.app, 'POST', '/api/auth/signup', {
      email: 'not-an-email',
      password: 'abcdef',
    });
    expect(badEmail.body.error).toMatchObject({ message: 'Email is invalid', field: 'email' });
    const noPassword = await json(t.app, 'POST', '/api/auth/login', { email: 'b@acme.example' });
    expect(noPassword.body.error).toMatchObject({ message: 'Password is required', field: 'password' });
  });

  it('answers the same for registered and unknown emails, and tells only the mailbox', async () => {
    const user = await createUser(t, { email: 'known@acme.example', password: 'right-password' });
    const existing = await json(t.app, 'POST', '/api/auth/signup', {
      email: 'known@acme.example',
      password: 'whatever1',
    });
    const fresh = await json(t.app, 'POST', '/api/auth/signup', {
      email: 'unknown@acme.example',
      password: 'whatever1',
    });
    expect(existing.status).toBe(fresh.status);
    expect(existing.body).toEqual(fresh.body);
    expect((await lastEmail(t, 'known@acme.example'))?.kind).toBe('signup_existing');
    const row = await t.deps.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBe(user.password_hash);

    const wrongPassword = await json(t.app, 'POST', '/api/auth/login', {
      email: 'known@acme.example',
      password: 'nope-nope',
    });
    const noAccount = await json(t.app, 'POST', '/api/auth/login', {
      email: 'nobody@acme.example',
      password: 'nope-nope',
    });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toEqual(noAccount.body);
    expect(wrongPassword.body.error.message).toBe('Invalid login credentials');

    const forgotKnown = await json(t.app, 'POST', '/api/auth/forgot-password', {
      email: 'known@acme.example',
    });
    const forgotUnknown = await json(t.app, 'POST', '/api/auth/forgot-password', {
      email: 'nobody@acme.example',
    });
    expect(forgotKnown.status).toBe(202);
    expect(forgotKnown.body).toEqual(forgotUnknown.body);
    expect(await lastEmail(t, 'nobody@acme.example')).toBeUndefined();
  });

  it('resets a password with a single-use, expiring link that signs out every session', async () => {
    await createUser(t, { email: 'reset@acme.example', password: 'old-password' });
    const session = await signIn(t, 'reset@acme.example', 'old-password');
    expect(session.status).toBe(200);

    await json(t.app, 'POST', '/api/auth/forgot-password', { email: 'reset@acme.example' });
    const first = tokenFrom((await lastEmail(t, 'reset@acme.example'))!.text_body, '/reset-password');
    t.clock.advance(1000);
    await json(t.app, 'POST', '/api/auth/forgot-password', { email: 'reset@acme.example' });
    const mail = (await lastEmail(t, 'reset@acme.example'))!;
    expect(mail.text_body).toContain('http://127.0.0.1:8787/reset-password?token=');
    const second = tokenFrom(mail.text_body, '/reset-password');

    const superseded = await json(t.app, 'POST', '/api/auth/reset-password', {
      token: first,
      password: 'new-password',
    });
    expect(superseded.status).toBe(400);
    expect(superseded.body.error.message).toBe('This password reset link is invalid or has expired.');
    const mismatch = await json(t.app, 'POST', '/api/auth/reset-password', {
      token: second,
      password: 'new-password',
      confirmPassword: 'other',
    });
    expect(mismatch.body.error.message).toBe("Passwords don't match");

    const ok = await json(t.app, 'POST', '/api/auth/reset-password', {
      token: second,
      password: 'new-password',
      confirmPassword: 'new-password',
    });
    expect(ok.status).toBe(200);
    const reused = await json(t.app, 'POST', '/api/auth/reset-password', {
      token: second,
      password: 'third-password',
    });
    expect(reused.status).toBe(400);

    expect(
      (await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie: session.cookie })).status,
    ).toBe(401);
    expect((await signIn(t, 'reset@acme.example', 'old-password')).status).toBe(401);
    expect((await signIn(t, 'reset@acme.example', 'new-password')).status).toBe(200);

    await json(t.app, 'POST', '/api/auth/forgot-password', { email: 'reset@acme.example' });
    const late = tokenFrom((await lastEmail(t, 'reset@acme.example'))!.text_body, '/reset-password');
    t.clock.advance(61 * 60_000);
    expect(
      (await json(t.app, 'POST', '/api/auth/reset-password', { token: late, password: 'x-password' })).status,
    ).toBe(400);
  });

  it('makes a verified email under ADMIN_EMAIL_DOMAIN an admin, and an unverified one not', async () => {
    await json(t.app, 'POST', '/api/auth/signup', { email: 'eve@invoicepay.test', password: 'eve-password' });
    const row = await t.deps.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'eve@invoicepay.test')
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('user');
    // The unverified account cannot sign in, and even with a token it is not an admin.
    expect((await signIn(t, 'eve@invoicepay.test', 'eve-password')).status).toBe(403);
    const unverified = await bearerFor(t, row.id);
    const me = await json(t.app, 'GET', '/api/auth/me', undefined, unverified);
    expect(me.body).toMatchObject({ emailVerified: false, isAdmin: false });
    expect((await json(t.app, 'GET', '/api/admin/audit-log', undefined, unverified)).status).toBe(403);

    const token = tokenFrom((await lastEmail(t, 'eve@invoicepay.test'))!.text_body, '/verify-email');
    expect((await json(t.app, 'POST', '/api/auth/verify', { token })).body.user.isAdmin).toBe(true);
    const session = await signIn(t, 'eve@invoicepay.test', 'eve-password');
    expect(session.body.user).toMatchObject({ isAdmin: true, role: 'user' });
    expect((await json(t.app, 'GET', '/api/admin/audit-log', undefined, session.bearer)).status).toBe(200);

    // A look-alike domain is not the admin domain.
    const lookalike = await createUser(t, { email: 'mallory@evilinvoicepay.test' });
    expect(
      (await json(t.app, 'GET', '/api/admin/audit-log', undefined, await bearerFor(t, lookalike.id))).status,
    ).toBe(403);
  });

  it('marks the refresh cookie Secure when served over https', async () => {
    const https = await createTestApp({ env: { PUBLIC_BASE_URL: 'https://pay.example.com' } });
    try {
      await createUser(https, { email: 'sec@acme.example', password: 'secure-pass' });
      const res = await signIn(https, 'sec@acme.example', 'secure-pass');
      expect(res.headers.get('set-cookie')).toMatch(/; Secure/);
    } finally {
      await https.close();
    }
  });
});
