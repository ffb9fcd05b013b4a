/**
 * The contact form through HTTP: the spec's validation messages, a stored prospect, the honeypot
 * (answered like a real submission, nothing stored), the per-IP rate limit, and the admin list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../api/auth/access-token.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();

async function adminToken(t: TestApp): Promise<string> {
  const id = crypto.randomUUID();
  const now = t.clock.now().toISOString();
  await t.deps.database.db
    .insertInto('users')
    .values({
      id,
      email: `admin-${id.slice(0, 8)}@example.com`,
      password_hash: 'x',
      role: 'admin',
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return `Bearer ${await signAccessToken(t.deps.config.jwtSecret, id, t.clock)}`;
}

const form = (over: Record<string, unknown> = {}) => ({
  name: 'Bea Builder',
  email: 'bea@builders.example',
  phone: '0400 000 000',
  company_name: 'Bea Builds Pty Ltd',
  website: '',
  ...over,
});

/** A request from a given client address, as the Node adapter would see it. */
async function submitFrom(t: TestApp, ip: string, body: unknown) {
  const res = await t.app.request(
    '/api/public/prospects',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: ip } } },
  );
  return { status: res.status, headers: res.headers, body: await res.json() };
}

describe.skipIf(skip)(`prospects (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const count = async () =>
    Number(
      (
        await t.deps.database.db
          .selectFrom('prospects')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ name: undefined }, 'name', 'Name is required'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'bea.example' }, 'email', 'Email is invalid'],
    [{ email: 'bea@example' }, 'email', 'Email is invalid'],
    [{ company_name: '' }, 'company_name', 'Company name is required'],
    [{ company_name: undefined }, 'company_name', 'Company name is required'],
  ])('refuses %j with the spec message', async (over, field, message) => {
    const before = await count();
    const res = await json(t.app, 'POST', '/api/public/prospects', form(over));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ field, message });
    expect(await count()).toBe(before);
  });

  it('stores a valid submission as a new website prospect; phone is optional', async () => {
    const res = await json(t.app, 'POST', '/api/public/prospects', form());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true });
    const noPhone = await json(
      t.app,
      'POST',
      '/api/public/prospects',
      form({ phone: undefined, email: 'x@y.example' }),
    );
    expect(noPhone.status).toBe(201);
    const rows = await t.deps.database.db.selectFrom('prospects').selectAll().orderBy('email').execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      name: 'Bea Builder',
      email: 'bea@builders.example',
      phone: '0400 000 000',
      company_name: 'Bea Builds Pty Ltd',
      source: 'website_contact_form',
      status: 'new',
    });
    expect(rows[1].phone).toBeNull();
  });

  it('answers a honeypot submission exactly like a real one and stores nothing', async () => {
    const before = await count();
    const real = await json(t.app, 'POST', '/api/public/prospects', form({ email: 'real@x.example' }));
    const bot = await json(
      t.app,
      'POST',
      '/api/public/prospects',
      form({ email: 'bot@x.example', website: 'http://spam.example' }),
    );
    expect(bot.status).toBe(real.status);
    expect(bot.body).toEqual(real.body);
    expect(await count()).toBe(before + 1);
    const emails = (await t.deps.database.db.selectFrom('prospects').select('email').execute()).map(
      (r) => r.email,
    );
    expect(emails).not.toContain('bot@x.example');
  });

  it('lists prospects for admins only, newest first, with Content-Range', async () => {
    expect((await json(t.app, 'GET', '/api/admin/prospects')).status).toBe(401);
    const admin = await adminToken(t);
    t.clock.advance(1000);
    await json(t.app, 'POST', '/api/public/prospects', form({ name: 'Newest Person', email: 'n@x.example' }));
    const res = await json(t.app, 'GET', '/api/admin/prospects?range=[0,1]', undefined, {
      authorization: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({
      name: 'Newest Person',
      source: 'website_contact_form',
      status: 'new',
    });
    expect(res.headers.get('content-range')).toBe(`prospects 0-1/${await count()}`);
    const search = await json(
      t.app,
      'GET',
      `/api/admin/prospects?filter=${encodeURIComponent('{"q":"NEWEST pers"}')}`,
      undefined,
      { authorization: admin },
    );
    expect(search.body.map((p: { email: string }) => p.email)).toEqual(['n@x.example']);
    const one = await json(t.app, 'GET', `/api/admin/prospects/${res.body[0].id}`, undefined, {
      authorization: admin,
    });
    expect(one.body.email).toBe('n@x.example');
    expect(
      (await json(t.app, 'GET', '/api/admin/prospects/nope', undefined, { authorization: admin })).status,
    ).toBe(404);
  });

  it("an admin marks a prospect contacted (the console's bulk action, one PUT each); audited; other fields refused", async () => {
    const admin = await adminToken(t);
    expect((await submitFrom(t, '203.0.113.20', form({ email: 'mark@x.example' }))).status).toBe(201);
    const row = await t.deps.database.db
      .selectFrom('prospects')
      .select('id')
      .where('email', '=', 'mark@x.example')
      .executeTakeFirstOrThrow();
    const put = (body: unknown, headers: Record<string, string> = { authorization: admin }) =>
      json(t.app, 'PUT', `/api/admin/prospects/${row.id}`, body, headers);

    expect((await put({ status: 'contacted' }, {})).status).toBe(401);
    const done = await put({ status: 'contacted' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: row.id, status: 'contacted', email: 'mark@x.example' });
    const listed = await json(
      t.app,
      'GET',
      `/api/admin/prospects?filter=${encodeURIComponent(JSON.stringify({ status: 'contacted' }))}`,
      undefined,
      { authorization: admin },
    );
    expect(listed.body.map((p: { id: string }) => p.id)).toContain(row.id);
    const audited = await t.deps.database.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target_id', '=', row.id)
      .execute();
    expect(audited.map((a) => a.action)).toEqual(['prospect.update']);

    expect((await put({ status: 'spam' })).status).toBe(400);
    const extra = await put({ status: 'contacted', email: 'x@evil.example' });
    expect(extra.status).toBe(400);
    const after = await json(t.app, 'GET', `/api/admin/prospects/${row.id}`, undefined, {
      authorization: admin,
    });
    expect(after.body.email).toBe('mark@x.example');
    expect(
      (await json(t.app, 'PUT', '/api/admin/prospects/nope', { status: 'new' }, { authorization: admin }))
        .status,
    ).toBe(404);
  });

  it('does not rate-limit when rate limits are off (the default for other tests)', async () => {
    for (let i = 0; i < 8; i++) {
      expect((await submitFrom(t, '203.0.113.9', form({ email: `off${i}@x.example` }))).status).toBe(201);
    }
  });
});

describe.skipIf(skip)(`prospects rate limit (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMITS: '1' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a burst from one IP with 429 and Retry-After, leaves other IPs alone, and resets', async () => {
    const results = [];
    for (let i = 0; i < 7; i++)
      results.push(await submitFrom(t, '198.51.100.7', form({ email: `b${i}@x.example` })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 429, 429]);
    expect(results[5].body.error).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Please try again in 10 minutes.',
    });
    expect(Number(results[5].headers.get('retry-after'))).toBeGreaterThan(0);
    // Malformed posts count too, so a flood of them cannot probe past the limit.
    expect((await submitFrom(t, '198.51.100.7', { name: '' })).status).toBe(429);
    const stored = await t.deps.database.db.selectFrom('prospects').select('email').execute();
    expect(stored).toHaveLength(5);
    expect((await submitFrom(t, '198.51.100.8', form({ email: 'other@x.example' }))).status).toBe(201);
    t.clock.advance(10 * 60_000 + 1);
    expect((await submitFrom(t, '198.51.100.7', form({ email: 'later@x.example' }))).status).toBe(201);
  });
});
