/**
 * Abuse limits with RATE_LIMITS on: per-IP and per-account limits on sign-in, sign-up, confirmation
 * and reset answer 429 with Retry-After, identically for registered and unknown emails; a guesser
 * cannot lock the real user out from another address; many failures from many addresses make every
 * sign-in of the account solve a proof of work for a while (never a refusal of the right password),
 * persisted, and cleared by admin:create.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.ts';
import { createOrPromoteAdmin } from '../../api/auth/service.ts';
import { SIGN_IN_CHECK_FAILED, SIGN_IN_CHECK_MESSAGE } from '../../api/auth/session.ts';
import { solveChallenge, type Challenge } from '../../core/proof-of-work.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { createUser } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`rate limits (${testDialect})`, () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { RATE_LIMITS: '1', TRUST_PROXY: '1' } });
  });
  afterEach(async () => {
    await t?.close();
  });

  const from = (ip: string) => ({ 'x-forwarded-for': `198.51.100.77, ${ip}` });
  const solve = async (c: Challenge) => {
    const solution = await solveChallenge(c);
    if (!solution) throw new Error('no solution');
    return solution;
  };
  const login = (email: string, password: string, ip = '203.0.113.1', app = t.app) =>
    json(app, 'POST', '/api/auth/login', { email, password }, from(ip));

  it('limits wrong passwords per IP and account, the same for unknown emails, without locking out other IPs', async () => {
    await createUser(t, { email: 'ann@acme.example', password: 'right-password' });
    for (const email of ['ann@acme.example', 'ghost@acme.example']) {
      for (let i = 0; i < 5; i++) expect((await login(email, 'wrong-password')).status).toBe(401);
      const limited = await login(email, 'wrong-password');
      expect(limited.status).toBe(429);
      expect(limited.body.error).toEqual({
        code: 'rate_limited',
        message: 'Too many attempts. Please try again in 15 minutes.',
      });
      expect(Number(limited.headers.get('retry-after'))).toBe(900);
    }
    // Even the right password waits from the guessing address…
    expect((await login('ann@acme.example', 'right-password')).status).toBe(429);
    // …but the real user elsewhere signs in.
    expect((await login('ann@acme.example', 'right-password', '192.0.2.50')).status).toBe(200);
    t.clock.advance(15 * 60_000);
    expect((await login('ann@acme.example', 'right-password')).status).toBe(200);
  });

  it('asks for a challenge, never refuses the right password, after many failures from many IPs (issue 49 item 8)', async () => {
    await createUser(t, { email: 'boss@acme.example', password: 'right-password', role: 'admin' });
    for (let i = 0; i < 20; i++)
      expect((await login('boss@acme.example', 'wrong', `10.0.0.${i}`)).status).toBe(401);
    for (let i = 0; i < 20; i++)
      expect((await login('nobody@acme.example', 'wrong', `10.0.1.${i}`)).status).toBe(401);
    // The right password from a new address: a security check, not a 15-minute lock-out.
    const asked = await login('boss@acme.example', 'right-password', '10.0.2.1');
    const unknown = await login('nobody@acme.example', 'right-password', '10.0.2.1');
    expect(asked.status).toBe(428);
    expect(asked.body.error).toEqual({ code: 'challenge_required', message: SIGN_IN_CHECK_MESSAGE });
    expect(unknown.status).toBe(428); // an unknown address answers alike (no enumeration)
    expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(asked.body).sort());
    const solved = await solve(asked.body.challenge);
    const signedIn = await json(
      t.app,
      'POST',
      '/api/auth/login',
      { email: 'boss@acme.example', password: 'right-password', proofOfWork: solved },
      from('10.0.2.1'),
    );
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    // After a success the account's failures are cleared: no check is asked any more.
    const replay = await json(
      t.app,
      'POST',
      '/api/auth/login',
      { email: 'boss@acme.example', password: 'right-password', proofOfWork: solved },
      from('10.0.2.2'),
    );
    expect(replay.status).toBe(200);
    // A solution is good for its account only.
    for (let i = 0; i < 20; i++) await login('boss@acme.example', 'wrong', `10.0.4.${i}`);
    const forOther = await solve((await login('nobody@acme.example', 'x', '10.0.5.1')).body.challenge);
    const crossed = await json(
      t.app,
      'POST',
      '/api/auth/login',
      { email: 'boss@acme.example', password: 'right-password', proofOfWork: forOther },
      from('10.0.5.2'),
    );
    expect(crossed.status).toBe(428);
    expect(crossed.body.error.message).toBe(SIGN_IN_CHECK_FAILED);
    // Persisted: a restarted server (fresh in-memory limits) still asks; admin:create clears it.
    const row = await t.deps.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'boss@acme.example')
      .executeTakeFirstOrThrow();
    const restarted = createApp({ ...t.deps });
    expect((await login('boss@acme.example', 'right-password', '10.0.3.1', restarted)).status).toBe(428);
    await createOrPromoteAdmin(t.deps, { email: 'boss@acme.example', password: 'new-password', via: 'cli' });
    expect((await login('boss@acme.example', 'new-password', '10.0.3.1')).status).toBe(200);
    const audit = await t.deps.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', row.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['auth.account_locked', 'admin.promote']),
    );
  });

  it('stops asking once the window passes', async () => {
    await createUser(t, { email: 'sam@acme.example', password: 'right-password' });
    for (let i = 0; i < 20; i++) await login('sam@acme.example', 'wrong', `10.1.0.${i}`);
    expect((await login('sam@acme.example', 'right-password', '10.1.1.1')).status).toBe(428);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await login('sam@acme.example', 'right-password', '10.1.1.1')).status).toBe(200);
  });

  it('limits sign-ups per IP and per address', async () => {
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await json(
            t.app,
            'POST',
            '/api/auth/signup',
            { email: 'spam@victim.example', password: 'password1' },
            from(`10.2.0.${i}`),
          )
        ).status,
      ).toBe(201);
    }
    const perAccount = await json(
      t.app,
      'POST',
      '/api/auth/signup',
      { email: 'spam@victim.example', password: 'password1' },
      from('10.2.0.9'),
    );
    expect(perAccount.status).toBe(429);
    const mails = await t.deps.database.db
      .selectFrom('emails')
      .select('id')
      .where('to_address', '=', 'spam@victim.example')
      .execute();
    expect(mails).toHaveLength(3);

    for (let i = 0; i < 10; i++) {
      expect(
        (
          await json(
            t.app,
            'POST',
            '/api/auth/signup',
            { email: `u${i}@acme.example`, password: 'password1' },
            from('10.3.0.1'),
          )
        ).status,
      ).toBe(201);
    }
    const perIp = await json(
      t.app,
      'POST',
      '/api/auth/signup',
      { email: 'u10@acme.example', password: 'password1' },
      from('10.3.0.1'),
    );
    expect(perIp.status).toBe(429);
    expect(Number(perIp.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits reset requests per address identically for unknown emails, and token guessing per IP', async () => {
    await createUser(t, { email: 'known@acme.example' });
    for (const email of ['known@acme.example', 'unknown@acme.example']) {
      for (let i = 0; i < 3; i++)
        expect(
          (await json(t.app, 'POST', '/api/auth/forgot-password', { email }, from(`10.4.${i}.1`))).status,
        ).toBe(202);
      expect(
        (await json(t.app, 'POST', '/api/auth/forgot-password', { email }, from('10.4.9.1'))).status,
      ).toBe(429);
    }
    for (let i = 0; i < 20; i++) {
      expect(
        (
          await json(
            t.app,
            'POST',
            '/api/auth/reset-password',
            { token: `guess-${i}`, password: 'new-password' },
            from('10.5.0.1'),
          )
        ).status,
      ).toBe(400);
    }
    expect(
      (
        await json(
          t.app,
          'POST',
          '/api/auth/reset-password',
          { token: 'guess', password: 'new-password' },
          from('10.5.0.1'),
        )
      ).status,
    ).toBe(429);
  });

  it('limits confirmation attempts per IP', async () => {
    for (let i = 0; i < 30; i++)
      expect(
        (await json(t.app, 'POST', '/api/auth/verify', { token: `guess-${i}` }, from('10.6.0.1'))).status,
      ).toBe(400);
    const limited = await json(t.app, 'POST', '/api/auth/verify', { token: 'guess' }, from('10.6.0.1'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('900');
    expect((await json(t.app, 'POST', '/api/auth/verify', { token: 'guess' }, from('10.6.0.2'))).status).toBe(
      400,
    );
  });
});

describe.skipIf(skip)(`rate limits off (${testDialect})`, () => {
  it('does not limit when RATE_LIMITS=0 (the test default)', async () => {
    const t = await createTestApp();
    try {
      await createUser(t, { email: 'ann@acme.example', password: 'right-password' });
      for (let i = 0; i < 25; i++)
        expect(
          (await json(t.app, 'POST', '/api/auth/login', { email: 'ann@acme.example', password: 'x' })).status,
        ).toBe(401);
      expect(
        (
          await json(t.app, 'POST', '/api/auth/login', {
            email: 'ann@acme.example',
            password: 'right-password',
          })
        ).status,
      ).toBe(200);
    } finally {
      await t.close();
    }
  });
});
