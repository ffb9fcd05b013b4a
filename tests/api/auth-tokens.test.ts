/**
 * Token attacks against the API on this dialect: forged access tokens (alg none, wrong key, other
 * algorithm, tampered payload, expired, not yet valid) are refused with 401, and presenting a used
 * refresh token revokes its whole family while other sessions live on — unless its answer was lost
 * (presented again within the grace period, its successor still unused).
 */
import { SignJWT, base64url } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../api/auth/access-token.ts';
import { REFRESH_REUSE_GRACE_SECONDS } from '../../api/auth/session.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { bearerFor, createUser, signIn } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();

const encode = (value: object) => base64url.encode(JSON.stringify(value));
/** The refresh cookie an answer sets, as a request's Cookie header. */
const cookieOf = (res: { headers: Headers }) => (res.headers.get('set-cookie') ?? '').split(';')[0];

describe.skipIf(skip)(`token attacks (${testDialect})`, () => {
  let t: TestApp;
  let adminId: string;
  let userId: string;
  const claims = () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    return {
      typ: 'access',
      sub: adminId,
      iss: 'invoicepay',
      aud: 'invoicepay-api',
      iat: now,
      nbf: now,
      exp: now + 600,
    };
  };
  const asAdmin = (token: string) =>
    json(t.app, 'GET', '/api/admin/audit-log', undefined, { authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await createTestApp();
    adminId = (await createUser(t, { role: 'admin', email: 'boss@acme.example', password: 'boss-password' }))
      .id;
    userId = (await createUser(t, { email: 'pleb@acme.example', password: 'pleb-password' })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('accepts a genuine admin token (the control case)', async () => {
    const token = await signAccessToken(t.deps.config.jwtSecret, adminId, t.clock);
    expect((await asAdmin(token)).status).toBe(200);
  });

  it('refuses alg: none', async () => {
    for (const alg of ['none', 'None', 'NONE']) {
      const token = `${encode({ alg, typ: 'JWT' })}.${encode(claims())}.`;
      const res = await asAdmin(token);
      expect(res.status).toBe(401);
      expect(res.body.error).toEqual({
        code: 'unauthenticated',
        message: 'You must be logged in to perform this action.',
      });
    }
  });

  it('refuses a token signed with another key', async () => {
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await asAdmin(token)).status).toBe(401);
  });

  it('refuses a token signed with our key but another algorithm', async () => {
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(t.deps.config.jwtSecret!));
    expect((await asAdmin(token)).status).toBe(401);
  });

  it('refuses a tampered payload (a user token rewritten to name the admin)', async () => {
    const userToken = await signAccessToken(t.deps.config.jwtSecret, userId, t.clock);
    expect((await asAdmin(userToken)).status).toBe(403);
    const [header, payload, signature] = userToken.split('.');
    const claimsOfUser = JSON.parse(new TextDecoder().decode(base64url.decode(payload)));
    const forged = `${header}.${encode({ ...claimsOfUser, sub: adminId })}.${signature}`;
    expect((await asAdmin(forged)).status).toBe(401);
    const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await asAdmin(flipped)).status).toBe(401);
  });

  it('refuses expired and not-yet-valid tokens, and tokens without the access claims', async () => {
    const token = await signAccessToken(t.deps.config.jwtSecret, adminId, t.clock);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await asAdmin(token)).status).toBe(401);
    const key = new TextEncoder().encode(t.deps.config.jwtSecret!);
    const future = { ...claims(), nbf: claims().nbf + 3600, iat: claims().iat + 3600 };
    expect(
      (await asAdmin(await new SignJWT(future).setProtectedHeader({ alg: 'HS256' }).sign(key))).status,
    ).toBe(401);
    const { exp: _exp, ...noExp } = claims();
    expect(
      (await asAdmin(await new SignJWT(noExp).setProtectedHeader({ alg: 'HS256' }).sign(key))).status,
    ).toBe(401);
    const refreshType = { ...claims(), typ: 'refresh' };
    expect(
      (await asAdmin(await new SignJWT(refreshType).setProtectedHeader({ alg: 'HS256' }).sign(key))).status,
    ).toBe(401);
    const otherAudience = { ...claims(), aud: 'someone-else' };
    expect(
      (await asAdmin(await new SignJWT(otherAudience).setProtectedHeader({ alg: 'HS256' }).sign(key))).status,
    ).toBe(401);
  });

  it('refuses malformed authorization headers', async () => {
    const token = await signAccessToken(t.deps.config.jwtSecret, adminId, t.clock);
    for (const authorization of [
      token,
      `Basic ${token}`,
      'Bearer',
      'Bearer not.a.jwt',
      `Bearer ${token} extra`,
    ]) {
      expect((await json(t.app, 'GET', '/api/admin/audit-log', undefined, { authorization })).status).toBe(
        401,
      );
    }
  });

  it('takes a demotion or a deleted account into effect at once', async () => {
    const temp = await createUser(t, { role: 'admin' });
    const headers = await bearerFor(t, temp.id);
    expect((await json(t.app, 'GET', '/api/admin/audit-log', undefined, headers)).status).toBe(200);
    await t.deps.database.db.updateTable('users').set({ role: 'user' }).where('id', '=', temp.id).execute();
    expect((await json(t.app, 'GET', '/api/admin/audit-log', undefined, headers)).status).toBe(403);
    await t.deps.database.db.deleteFrom('users').where('id', '=', temp.id).execute();
    expect((await json(t.app, 'GET', '/api/admin/audit-log', undefined, headers)).status).toBe(401);
  });

  it('revokes the whole family when a used refresh token is presented again', async () => {
    const stolen = await signIn(t, 'pleb@acme.example', 'pleb-password');
    const otherDevice = await signIn(t, 'pleb@acme.example', 'pleb-password');
    const rotated = await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie: stolen.cookie });
    expect(rotated.status).toBe(200);
    const next = cookieOf(rotated);
    // The legitimate holder moves on: its successor is used.
    const moved = await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie: next });
    expect(moved.status).toBe(200);
    const latest = cookieOf(moved);

    // The attacker replays the old token: refused, and the cookie is cleared.
    const replay = await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie: stolen.cookie });
    expect(replay.status).toBe(401);
    expect(replay.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    // The legitimate holder's newest token is dead too: the family is revoked.
    expect((await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie: latest })).status).toBe(401);
    // A separate sign-in (another family) is unaffected.
    expect(
      (await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie: otherDevice.cookie })).status,
    ).toBe(200);

    const reuse = await t.deps.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'auth.refresh_reuse')
      .execute();
    expect(reuse).toHaveLength(1);
    expect(reuse[0].target_id).toBe(userId);
  });

  it('revokes the family when a used token comes back after the grace period, even with its successor unused', async () => {
    const session = await signIn(t, 'pleb@acme.example', 'pleb-password');
    const rotated = await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie: session.cookie });
    expect(rotated.status).toBe(200);
    t.clock.advance((REFRESH_REUSE_GRACE_SECONDS + 1) * 1000);
    expect(
      (await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie: session.cookie })).status,
    ).toBe(401);
    expect(
      (await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie: cookieOf(rotated) })).status,
    ).toBe(401);
  });

  it('keeps a session whose refresh answer was lost (page left mid-refresh): the old cookie gets another successor within the grace period', async () => {
    const reuses = () =>
      t.deps.database.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'auth.refresh_reuse')
        .execute();
    const reusesBefore = (await reuses()).length;
    const session = await signIn(t, 'pleb@acme.example', 'pleb-password');
    // The first refresh is rotated on the server, but the browser navigated away before storing
    // the answer's cookie, so the next page presents the same cookie again.
    const lost = await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie: session.cookie });
    expect(lost.status).toBe(200);
    t.clock.advance(5_000);
    const again = await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie: session.cookie });
    expect(again.status).toBe(200);
    const kept = cookieOf(again);
    expect(kept).not.toBe(session.cookie);
    expect(kept).not.toBe(cookieOf(lost));
    // The session goes on from the new cookie, and nothing was recorded as a theft.
    const onward = await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie: kept });
    expect(onward.status).toBe(200);
    expect(await reuses()).toHaveLength(reusesBefore);
    // Once a successor has been used, the old cookie is a copy again: the family is revoked.
    expect(
      (await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie: session.cookie })).status,
    ).toBe(401);
    expect(
      (await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie: cookieOf(onward) })).status,
    ).toBe(401);
  });

  it('refuses unknown, garbage and expired refresh tokens', async () => {
    for (const cookie of [
      '',
      'invoicepay_refresh=',
      'invoicepay_refresh=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      'invoicepay_refresh=%00%27;--',
    ]) {
      expect(
        (await json(t.app, 'POST', '/api/auth/refresh', undefined, cookie ? { cookie } : {})).status,
      ).toBe(401);
    }
    const session = await signIn(t, 'pleb@acme.example', 'pleb-password');
    t.clock.advance(31 * 86_400_000);
    expect(
      (await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie: session.cookie })).status,
    ).toBe(401);
  });

  it('refuses cookie-bearing calls that the browser marks cross-site', async () => {
    const session = await signIn(t, 'pleb@acme.example', 'pleb-password');
    const res = await json(t.app, 'POST', '/api/auth/refresh', undefined, {
      cookie: session.cookie,
      'sec-fetch-site': 'cross-site',
    });
    expect(res.status).toBe(403);
    expect(
      (
        await json(t.app, 'POST', '/api/auth/refresh', undefined, {
          cookie: session.cookie,
          'sec-fetch-site': 'same-origin',
        })
      ).status,
    ).toBe(200);
  });
});
