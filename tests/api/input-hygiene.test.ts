/**
 * Input hygiene from the security review: email addresses with control or invisible
 * characters are refused everywhere (a NUL made an address look identical to the admin's); a
 * merchant's status takes only its known values; admin lists return at most MAX_PAGE_SIZE rows
 * whatever range is asked; sign-out accepts same-origin requests only. (SQLite file permissions:
 * tests/api/sqlite-files.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCreate } from '../../api/admin-cli.ts';
import { MAX_PAGE_SIZE } from '../../api/http/simple-rest.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders, createUser, signIn } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`input hygiene (${testDialect})`, () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminHeaders(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const LOOKALIKES = [
    'admin@acme.example\u0000',
    'admin\u0000@acme.example',
    'ad\u200bmin@acme.example', // zero-width space
    'admin@acme.example\u202e', // right-to-left override
    'admin@acme.exa\u0007mple',
  ];

  it('refuses emails with control or invisible characters on every route that takes one', async () => {
    for (const email of LOOKALIKES) {
      const routes: Array<[string, unknown, Record<string, string>?]> = [
        ['/api/auth/signup', { email, password: 'long enough password' }],
        ['/api/auth/login', { email, password: 'whatever' }],
        ['/api/auth/forgot-password', { email }],
        ['/api/auth/resend-verification', { email }],
        ['/api/public/prospects', { name: 'N', email, company_name: 'C' }],
        ['/api/admin/merchants', { business_name: 'B', name: 'N', email }, admin],
      ];
      for (const [path, body, headers] of routes) {
        const res = await json(t.app, 'POST', path, body, headers);
        expect(res.status, `${path} ${JSON.stringify(email)}`).toBe(400);
        expect(res.body.error.field, path).toBe('email');
      }
    }
    const users = await t.deps.database.db.selectFrom('users').select('email').execute();
    expect(users.filter((u) => /[\u0000-\u001f\u200b\u202e]/.test(u.email))).toEqual([]);
    const errors: string[] = [];
    const code = await runAdminCreate(
      ['--email', 'root\u0000@acme.example', '--password', 'long enough'],
      {},
      { log: () => {}, error: (line) => errors.push(line) },
    );
    expect(code).toBe(2);
    expect(errors.join('\n')).toMatch(/valid --email/);
  });

  it('accepts ordinary and international addresses', async () => {
    for (const email of ['ann.lee+pay@acme.example', 'zoë@bäckerei.example']) {
      const res = await json(t.app, 'POST', '/api/public/prospects', { name: 'N', email, company_name: 'C' });
      expect(res.status, email).toBe(201);
    }
  });

  it("takes only a merchant status's known values", async () => {
    const bad = await json(
      t.app,
      'POST',
      '/api/admin/merchants',
      { business_name: 'B', name: 'N', email: 'b@acme.example', status: 'owned<script>' },
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      field: 'status',
      message: expect.stringMatching(/active, pending/),
    });
    const made = await json(
      t.app,
      'POST',
      '/api/admin/merchants',
      { business_name: 'B', name: 'N', email: 'b@acme.example', status: 'pending' },
      admin,
    );
    expect(made.status).toBe(201);
    expect(made.body.status).toBe('pending');
    const edit = await json(t.app, 'PUT', `/api/admin/merchants/${made.body.id}`, { status: 'gone' }, admin);
    expect(edit.status).toBe(400);
    expect(edit.body.error.field).toBe('status');
  });

  it(`caps an admin list at ${MAX_PAGE_SIZE} rows whatever range is asked, and says so`, async () => {
    const now = t.clock.now().toISOString();
    const rows = Array.from({ length: MAX_PAGE_SIZE + 20 }, (_, i) => ({
      id: crypto.randomUUID(),
      name: `Prospect ${i}`,
      email: `p${i}@acme.example`,
      company_name: 'Acme',
      created_at: now,
    }));
    for (let i = 0; i < rows.length; i += 100)
      await t.deps.database.db
        .insertInto('prospects')
        .values(rows.slice(i, i + 100))
        .execute();
    const total = Number(
      (
        await t.deps.database.db
          .selectFrom('prospects')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );
    for (const query of ['range=[0,99999999]', '_start=0&_end=99999999']) {
      const res = await t.app.request(`/api/admin/prospects?${query}`, { headers: admin });
      expect(res.status).toBe(200);
      expect((await res.json()).length, query).toBe(MAX_PAGE_SIZE);
      expect(res.headers.get('content-range')).toBe(`prospects 0-${MAX_PAGE_SIZE - 1}/${total}`);
    }
    const doc = await json(t.app, 'GET', '/api/openapi.json');
    const range = doc.body.paths['/api/admin/prospects'].get.parameters.find((p: any) => p.name === 'range');
    expect(range.description).toContain(`At most ${MAX_PAGE_SIZE} rows`);
  });

  it('signs out only for same-origin requests (or clients that send no Sec-Fetch-Site)', async () => {
    await createUser(t, { email: 'leaver@acme.example', password: 'leaver-password' });
    const session = await signIn(t, 'leaver@acme.example', 'leaver-password');
    for (const site of ['same-site', 'cross-site', 'none']) {
      const res = await json(t.app, 'POST', '/api/auth/logout', undefined, {
        cookie: session.cookie,
        'sec-fetch-site': site,
      });
      expect(res.status, site).toBe(403);
    }
    // Refused sign-outs revoked nothing: the session still refreshes.
    const refreshed = await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie: session.cookie });
    expect(refreshed.status).toBe(200);
    const cookie = (refreshed.headers.get('set-cookie') ?? '').split(';')[0];
    const out = await json(t.app, 'POST', '/api/auth/logout', undefined, {
      cookie,
      'sec-fetch-site': 'same-origin',
    });
    expect(out.status).toBe(204);
    expect((await json(t.app, 'POST', '/api/auth/refresh', undefined, { cookie })).status).toBe(401);
    expect((await json(t.app, 'POST', '/api/auth/logout')).status).toBe(204); // no header: a script
  });
});
