/**
 * Access tokens die with their session: an access token already issued is refused at
 * once — not up to 15 minutes later — after sign-out, after a password reset, after its refresh
 * token is found stolen (reuse), and after a role change by `npm run admin:create`. The user's other
 * devices keep working: their refresh token gets them a current access token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrPromoteAdmin } from '../../api/auth/service.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { createUser, signIn } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { backgroundSettled } from '../../api/background.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`access tokens end with their session (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const me = (bearer: { authorization: string }) => json(t.app, 'GET', '/api/auth/me', undefined, bearer);
  const cookieOf = (headers: Headers) => (headers.get('set-cookie') ?? '').split(';')[0];
  const account = async (email: string, role: 'user' | 'admin' = 'user') => {
    await createUser(t, { email, password: 'the-password', role });
    return () => signIn(t, email, 'the-password');
  };

  it('after sign-out, the access token already issued is refused; another device refreshes and goes on', async () => {
    const login = await account('leaver@acme.example');
    const laptop = await login();
    const phone = await login();
    expect((await me(laptop.bearer)).status).toBe(200);
    expect((await me(phone.bearer)).status).toBe(200);

    const out = await json(t.app, 'POST', '/api/auth/logout', undefined, {
      cookie: laptop.cookie,
      'sec-fetch-site': 'same-origin',
    });
    expect(out.status).toBe(204);
    expect((await me(laptop.bearer)).status).toBe(401);

    // The phone's token ended too; its own session did not: one refresh and it goes on.
    expect((await me(phone.bearer)).status).toBe(401);
    const refreshed = await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie: phone.cookie });
    expect(refreshed.status).toBe(200);
    expect((await me({ authorization: `Bearer ${refreshed.body.accessToken}` })).status).toBe(200);
    // The laptop's cannot.
    expect(
      (await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie: laptop.cookie })).status,
    ).toBe(401);
  });

  it('after a password reset, the access token already issued is refused', async () => {
    const login = await account('forgetful@acme.example');
    const session = await login();
    await json(t.app, 'POST', '/api/auth/forgot-password', { email: 'forgetful@acme.example' });
    await backgroundSettled(t.deps); // the reset mail goes beside the answer
    const mail = await t.deps.database.db
      .selectFrom('emails')
      .select('text_body')
      .where('to_address', '=', 'forgetful@acme.example')
      .executeTakeFirstOrThrow();
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text_body)![1];
    const reset = await json(t.app, 'POST', '/api/auth/reset-password', {
      token,
      password: 'a-new-password',
    });
    expect(reset.status).toBe(200);
    expect((await me(session.bearer)).status).toBe(401);
    const again = await signIn(t, 'forgetful@acme.example', 'a-new-password');
    expect((await me(again.bearer)).status).toBe(200);
  });

  it('after a stolen refresh token is replayed, the access tokens of its holders are refused', async () => {
    const login = await account('victim@acme.example');
    const session = await login();
    const rotated = await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie: session.cookie });
    expect(rotated.status).toBe(200);
    // The thief refreshes again with the successor (so the old cookie is no lost answer).
    const onward = await json(t.app, 'POST', '/api/auth/refresh', undefined, {
      cookie: cookieOf(rotated.headers),
    });
    expect(onward.status).toBe(200);
    const thief = { authorization: `Bearer ${onward.body.accessToken}` };
    expect((await me(thief)).status).toBe(200);
    // The old cookie again: a copy is in use somewhere. The whole family, and its access tokens, end.
    expect(
      (await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie: session.cookie })).status,
    ).toBe(401);
    expect((await me(thief)).status).toBe(401);
    expect(
      (await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie: cookieOf(onward.headers) }))
        .status,
    ).toBe(401);
  });

  it('after a role change by admin:create, the access token already issued is refused', async () => {
    const login = await account('promoted@acme.example');
    const session = await login();
    expect((await json(t.app, 'GET', '/api/admin/merchants', undefined, session.bearer)).status).toBe(403);
    await createOrPromoteAdmin(t.deps, {
      email: 'promoted@acme.example',
      password: 'admin-password',
      via: 'cli',
    });
    expect((await me(session.bearer)).status).toBe(401);
    const admin = await signIn(t, 'promoted@acme.example', 'admin-password');
    expect((await json(t.app, 'GET', '/api/admin/merchants', undefined, admin.bearer)).status).toBe(200);
  });
});
