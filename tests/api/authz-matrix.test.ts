/**
 * The authorization matrix, generated from the app's own route table and OpenAPI document: every
 * `/api/admin/*` route (whoever added it, whenever) answers 401 without a token, 403 for a signed-in
 * non-admin without memberships (but for starting a merchant) and an unverified admin-domain account, and for an API key (even one for every merchant:
 * the console takes admin tokens only), and lets an admin through. The integrator routes (/api/v1)
 * × API keys are in authz-keys.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY_ON_CONSOLE_MESSAGE,
  FORBIDDEN_MESSAGE,
  unauthenticatedMessageFor,
} from '../../api/auth/guard.ts';
import { CONFIRM_EMAIL_FIRST, SIGNED_IN } from '../../api/auth/access.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders, bearerFor, createUser, userHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();
const ID = '00000000-0000-4000-8000-000000000000';
const isAdminPath = (p: string) => p === '/api/admin' || p.startsWith('/api/admin/');

/** `/api/admin/merchants/:id{...}` or `/api/admin/merchants/{id}` → a concrete path. */
function concrete(path: string): string {
  return path
    .replace(/:[A-Za-z_]\w*(\{[^}]*\})?\??/g, ID)
    .replace(/\{[^}]+\}/g, ID)
    .replace(/\/\*$/, '/x');
}

type Case = { method: string; path: string };

function adminRoutes(t: TestApp, doc: { paths: Record<string, Record<string, unknown>> }): Case[] {
  const cases = new Map<string, Case>();
  for (const r of t.app.routes) {
    if (r.method === 'ALL' || !isAdminPath(r.path)) continue;
    cases.set(`${r.method} ${concrete(r.path)}`, { method: r.method, path: concrete(r.path) });
  }
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!isAdminPath(path)) continue;
    for (const method of Object.keys(item)) {
      const m = method.toUpperCase();
      if (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(m))
        cases.set(`${m} ${concrete(path)}`, { method: m, path: concrete(path) });
    }
  }
  return [...cases.values()].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

function call(t: TestApp, c: Case, headers: Record<string, string> = {}) {
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(c.method);
  return json(t.app, c.method, c.path, hasBody ? {} : undefined, headers);
}

describe.skipIf(skip)(`authorization matrix (${testDialect})`, () => {
  let t: TestApp;
  let cases: Case[];
  let doc: {
    paths: Record<string, Record<string, { security?: unknown; responses?: Record<string, unknown> }>>;
    components: any;
  };
  const headers: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAIL_DOMAIN: 'invoicepay.test' } });
    doc = (await json(t.app, 'GET', '/api/openapi.json')).body;
    cases = adminRoutes(t, doc);
    headers.user = await userHeaders(t);
    headers.unverifiedStaff = await bearerFor(
      t,
      (await createUser(t, { email: 'new@invoicepay.test', verified: false })).id,
    );
    headers.admin = await adminHeaders(t);
    headers.staff = await bearerFor(t, (await createUser(t, { email: 'staff@invoicepay.test' })).id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds the admin routes (the matrix is not empty)', () => {
    if (process.env.SHOW_MATRIX) console.log(cases.map((c) => `${c.method} ${c.path}`).join('\n'));
    expect(cases).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/api/admin/audit-log' },
        { method: 'GET', path: `/api/admin/audit-log/${ID}` },
      ]),
    );
  });

  it('answers 401 with the spec message when there is no token', async () => {
    const failures: string[] = [];
    for (const c of cases) {
      const res = await call(t, c);
      const expected = { code: 'unauthenticated', message: unauthenticatedMessageFor(c.method, c.path) };
      if (res.status !== 401 || JSON.stringify(res.body?.error) !== JSON.stringify(expected))
        failures.push(`${c.method} ${c.path} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to a signed-in non-admin without memberships, and to an unverified admin-domain account', async () => {
    // (What members of a merchant may do is authz-members.test.ts.) Only what the document marks
    // for any signed-in user is open to them: starting a merchant, once their email is confirmed.
    const signedIn = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item))
        if ((op as { 'x-access'?: string })['x-access'] === SIGNED_IN)
          signedIn.add(`${method.toUpperCase()} ${concrete(path)}`);
    expect([...signedIn]).toEqual(['POST /api/admin/merchants']);
    const failures: string[] = [];
    for (const c of cases) {
      for (const who of ['user', 'unverifiedStaff']) {
        const res = await call(t, c, headers[who]);
        const open = who === 'user' && signedIn.has(`${c.method} ${c.path}`);
        if (open ? res.status === 401 || res.status === 403 : res.status !== 403)
          failures.push(`${who} ${c.method} ${c.path} → ${res.status}`);
        else if (!open && c.method === 'POST' && c.path === '/api/admin/merchants')
          expect(res.body?.error?.message).toBe(CONFIRM_EMAIL_FIRST);
        else if (!open && res.body?.error?.message !== FORBIDDEN_MESSAGE)
          failures.push(`${who} ${c.method} ${c.path} → ${res.body?.error?.message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to an API key on every admin route, even a read-write key for every merchant', async () => {
    const created = await json(
      t.app,
      'POST',
      '/api/admin/api-keys',
      { name: 'All merchants', permission: 'write' },
      headers.admin,
    );
    expect(created.status).toBe(201);
    const key = { authorization: `Bearer ${created.body.secret}` };
    const failures: string[] = [];
    for (const c of cases) {
      const res = await call(t, c, key);
      if (res.status !== 403 || res.body?.error?.message !== API_KEY_ON_CONSOLE_MESSAGE)
        failures.push(`${c.method} ${c.path} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('lets admins through (role admin, and a verified admin-domain email)', async () => {
    const failures: string[] = [];
    for (const c of cases) {
      for (const who of ['admin', 'staff']) {
        const res = await call(t, c, headers[who]);
        if (res.status === 401 || res.status === 403)
          failures.push(`${who} ${c.method} ${c.path} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("uses the spec's wording for creating merchants and syncing payments", () => {
    expect(unauthenticatedMessageFor('POST', '/api/admin/merchants')).toBe(
      'You must be logged in to create a merchant.',
    );
    expect(unauthenticatedMessageFor('POST', `/api/admin/payments/${ID}/sync-to-xero`)).toBe(
      'You must be logged in to sync payments.',
    );
    expect(unauthenticatedMessageFor('GET', '/api/admin/merchants')).toBe(
      'You must be logged in to perform this action.',
    );
  });

  it('declares the bearer scheme on every admin operation in the OpenAPI document', () => {
    expect(doc.components.securitySchemes.bearerAuth).toEqual({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!isAdminPath(path)) continue;
      for (const [method, op] of Object.entries(item)) {
        expect(op.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
        expect(Object.keys(op.responses ?? {}), `${method} ${path}`).toEqual(
          expect.arrayContaining(['401', '403']),
        );
      }
    }
  });

  it('covers admin routes added after the app was built, and unknown admin paths', async () => {
    const other = await createTestApp();
    try {
      // A router mounted after createApp() returned, as a later issue might.
      other.app.post('/api/admin/added-later/:id', (c) => c.json({ ok: true }));
      const late = { method: 'POST', path: `/api/admin/added-later/${ID}` };
      expect((await call(other, late)).status).toBe(401);
      expect((await call(other, late, await userHeaders(other))).status).toBe(403);
      expect((await call(other, late, await adminHeaders(other))).status).toBe(200);
      expect((await call(other, { method: 'GET', path: '/api/admin/no-such-thing' })).status).toBe(401);
      expect((await call(other, { method: 'GET', path: '/api/admin' })).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});
