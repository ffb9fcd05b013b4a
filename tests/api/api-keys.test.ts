/**
 * API keys from the console's side and the integrator's: created by an admin and shown once (never
 * again, and only its hash stored), `ip_test_` in sandbox and `ip_live_` with a live Stripe key,
 * listed with prefix, scope, last use and creator, revoked at once; every use — allowed or refused —
 * in the audit log; rate-limited per key through the shared rate-limit store; the integrator API
 * answers with its version and takes an admin token too (not a non-admin's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey, serverKeyMode } from '../../api/auth/api-keys/keys.ts';
import { findKeyByToken, keyRefusal } from '../../api/auth/api-keys/usage.ts';
import { FORBIDDEN_MESSAGE } from '../../api/auth/guard.ts';
import { createTestApp, json, testConfig, type TestApp } from '../support/app.ts';
import { adminHeaders, createAdmin, userHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { createConnectedMerchant } from './support/payments.ts';
import { createKey } from './support/v1.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`API keys (${testDialect})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createAdmin>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows the key once; lists and gets never show it; only its hash is stored', async () => {
    const merchant = await createConnectedMerchant(t, { business_name: 'Acme Supplies' });
    const created = await createKey(t, admin.headers, {
      name: 'Shop sync',
      merchant_id: merchant.id,
      permission: 'read',
    });
    expect(created.secret).toMatch(/^ip_test_[0-9A-Za-z]{40}$/);
    expect(created.record).toMatchObject({
      name: 'Shop sync',
      prefix: created.secret.slice(0, 14),
      mode: 'test',
      scope: 'merchant',
      merchant_name: 'Acme Supplies',
      permission: 'read',
      status: 'active',
      created_by: admin.user.id,
      created_by_email: admin.user.email,
      last_used_at: null,
    });
    const list = await json(t.app, 'GET', '/api/admin/api-keys', undefined, admin.headers);
    const one = await json(t.app, 'GET', `/api/admin/api-keys/${created.id}`, undefined, admin.headers);
    for (const shown of [JSON.stringify(list.body), JSON.stringify(one.body)]) {
      expect(shown.includes(created.secret)).toBe(false);
      expect(shown.includes('secret')).toBe(false);
    }
    expect(list.headers.get('content-range')).toMatch(/^api-keys 0-\d+\/\d+$/);
    const row = await t.deps.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashApiKey(created.secret));
    expect(JSON.stringify(row).includes(created.secret.slice(14))).toBe(false);
    const audit = await t.deps.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', created.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['api_key.create']);
    expect(JSON.stringify(audit).includes(created.secret.slice(14))).toBe(false);
  });

  it('makes ip_live_ keys only with a live Stripe key, and refuses a test key on a live server', async () => {
    const stripe = (secret: string) =>
      testConfig({
        STRIPE_SECRET_KEY: secret,
        STRIPE_PUBLISHABLE_KEY: secret.includes('live') ? 'pk_live_x' : 'pk_test_x',
        PAYMENTS_PROVIDER: 'stripe',
      });
    const live = {
      ...t.deps,
      config: stripe('sk_live_abc'),
      payments: { mode: 'stripe' },
    } as unknown as TestApp['deps'];
    const stripeTest = {
      ...t.deps,
      config: stripe('rk_test_abc'),
      payments: { mode: 'stripe' },
    } as unknown as TestApp['deps'];
    expect(serverKeyMode(t.deps)).toBe('test');
    expect(serverKeyMode(live)).toBe('live');
    expect(serverKeyMode(stripeTest)).toBe('test');
    const key = await createKey(t, admin.headers);
    const row = (await findKeyByToken(t.deps, key.secret))!;
    expect(keyRefusal(t.deps, row, 'GET', '/api/v1/payments')).toBeNull();
    expect(keyRefusal(live, row, 'GET', '/api/v1/payments')?.message).toBe(
      'This is a test key; this server takes live keys (ip_live_…). Create one in the console.',
    );
  });

  it('audits every use, allowed or refused, and records the last use', async () => {
    const key = await createKey(t, admin.headers, { permission: 'read' });
    expect((await json(t.app, 'GET', '/api/v1/keys/current', undefined, key.headers)).body).toMatchObject({
      object: 'api_key',
      merchant_id: null,
      permission: 'read',
      mode: 'test',
    });
    expect((await json(t.app, 'GET', '/api/v1/payments?status=nope', undefined, key.headers)).status).toBe(
      400,
    );
    expect((await json(t.app, 'POST', '/api/v1/pay-links', {}, key.headers)).status).toBe(403);
    const uses = await t.deps.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'api_key.use')
      .where('actor_id', '=', key.id)
      .orderBy('created_at')
      .execute();
    expect(
      uses.map((u) => [
        JSON.parse(u.details!).method,
        JSON.parse(u.details!).path,
        JSON.parse(u.details!).status,
      ]),
    ).toEqual([
      ['GET', '/api/v1/keys/current', 200],
      ['GET', '/api/v1/payments', 400],
      ['POST', '/api/v1/pay-links', 403],
    ]);
    // The audit names the member behind the key (issue 49 item 4).
    expect(uses[0].actor_email).toBe(`api_key:${key.record.prefix} (${admin.user.email})`);
    const listed = await json(t.app, 'GET', `/api/admin/api-keys/${key.id}`, undefined, admin.headers);
    expect(listed.body.last_used_at).toBe(t.clock.now().toISOString());
  });

  it('revoking takes effect on the next request and is audited', async () => {
    const key = await createKey(t, admin.headers);
    expect((await json(t.app, 'GET', '/api/v1/payments', undefined, key.headers)).status).toBe(200);
    const revoked = await json(t.app, 'DELETE', `/api/admin/api-keys/${key.id}`, undefined, admin.headers);
    expect(revoked.body).toMatchObject({ status: 'revoked', revoked_at: t.clock.now().toISOString() });
    const refused = await json(t.app, 'GET', '/api/v1/payments', undefined, key.headers);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    const actions = (
      await t.deps.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('target_id', '=', key.id)
        .execute()
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['api_key.create', 'api_key.revoke', 'api_key.use']));
  });

  it('answers with its version; takes an admin token, not a non-admin user, nor an unknown key', async () => {
    const asAdmin = await json(t.app, 'GET', '/api/v1/keys/current', undefined, await adminHeaders(t));
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toMatchObject({ object: 'admin', merchant_id: null, permission: 'write' });
    expect(asAdmin.headers.get('api-version')).toBe('v1');
    const asUser = await json(t.app, 'GET', '/api/v1/payments', undefined, await userHeaders(t));
    expect([asUser.status, asUser.body.error.message]).toEqual([403, FORBIDDEN_MESSAGE]);
    const unknown = await json(t.app, 'GET', '/api/v1/payments', undefined, {
      authorization: `Bearer ip_test_${'x'.repeat(40)}`,
    });
    expect([unknown.status, unknown.body.error.message, unknown.headers.get('api-version')]).toEqual([
      401,
      'Invalid API key.',
      'v1',
    ]);
    expect((await json(t.app, 'GET', '/api/v1/nothing-here', undefined, await adminHeaders(t))).status).toBe(
      404,
    );
  });

  it('refuses an expiry in the past and an unknown merchant', async () => {
    const past = await json(
      t.app,
      'POST',
      '/api/admin/api-keys',
      { name: 'x', permission: 'read', expires_at: '2020-01-01T00:00:00Z' },
      admin.headers,
    );
    expect(past.body.error).toMatchObject({ code: 'validation_failed', field: 'expires_at' });
    const nobody = await json(
      t.app,
      'POST',
      '/api/admin/api-keys',
      { name: 'x', permission: 'read', merchant_id: crypto.randomUUID() },
      admin.headers,
    );
    expect(nobody.body.error).toMatchObject({ code: 'validation_failed', field: 'merchant_id' });
    // A deleted merchant is no merchant to give a key to (its row stays, for its payments).
    const gone = await createConnectedMerchant(t, { business_name: 'Closed Supplies' });
    expect(
      (await json(t.app, 'DELETE', `/api/admin/merchants/${gone.id}`, undefined, admin.headers)).status,
    ).toBe(200);
    const deleted = await json(
      t.app,
      'POST',
      '/api/admin/api-keys',
      { name: 'x', permission: 'read', merchant_id: gone.id },
      admin.headers,
    );
    expect(deleted.body.error).toMatchObject({ code: 'validation_failed', message: 'Merchant not found' });
  });
});

describe.skipIf(skip)(`API key rate limit (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMITS: '1', API_KEY_REQUESTS_PER_MINUTE: '3' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('limits each key on its own (429 with Retry-After, audited), and resets after the minute', async () => {
    const admin = await adminHeaders(t);
    const [one, two] = [await createKey(t, admin), await createKey(t, admin)];
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await json(t.app, 'GET', '/api/v1/payments', undefined, one.headers)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await json(t.app, 'GET', '/api/v1/payments', undefined, one.headers);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await json(t.app, 'GET', '/api/v1/payments', undefined, two.headers)).status).toBe(200);
    const refusedUses = await t.deps.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('actor_id', '=', one.id)
      .where('action', '=', 'api_key.use')
      .execute();
    expect(refusedUses.filter((u) => JSON.parse(u.details!).status === 429)).toHaveLength(2);
    t.clock.advance(61_000);
    expect((await json(t.app, 'GET', '/api/v1/payments', undefined, one.headers)).status).toBe(200);
  });
});
