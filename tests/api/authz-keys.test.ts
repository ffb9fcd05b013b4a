/**
 * The API-key side of the authorization matrix, generated from the app's route table: every
 * integrator route (`/api/v1/*`) answers 401 without a key and with a revoked or an expired one, 403
 * to a read-only key on a write, and 404 to merchant A's key for merchant B's objects — by id in the
 * path, by id in a body, and through list filters — while A's key reaches A's own. A new v1 route
 * without an entry here fails the suite until it is added.
 *
 * Keys made by members (issue 49 items 4, 5): a key acts with at most its maker's role in its merchant
 * now. Every route × {a write key made by A's owner, by A's developer, by an owner of A since demoted
 * to staff, by a member removed from A (through the team: the key is withdrawn; behind its back: the
 * maker left)} answers what the roles table (core/roles.ts, docs/auth.md) says — hand-written below
 * per route, not read from the server's own map: through, 403 naming the maker's role, or 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATOR_UNAUTHENTICATED_MESSAGE } from '../../api/auth/guard.ts';
import { expiredKeyMessage, READ_ONLY_API_KEY, REVOKED_API_KEY } from '../../api/auth/api-keys/usage.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { createConnectedMerchant } from './support/payments.ts';
import { createKey, payThroughSignedLink, type Headers, type MadeKey } from './support/v1.ts';
import { MAKER_LEFT_MESSAGE, makerRoleRefusedMessage } from '../../api/auth/api-keys/key-access.ts';
import { roleAllows, type MemberAction, type MemberRole } from '../../core/roles.ts';
import { addMember } from '../../api/merchants/team-members.ts';
import { bearerFor, createUser } from '../support/auth.ts';

const skip = await skipPostgres();
const isV1 = (p: string) => p.startsWith('/api/v1/');
const toTemplate = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');

interface Objects {
  merchant: string;
  payLink: string;
  payment: string;
  refund: string;
  invoice: string;
  endpoint: string;
  event: string;
}

/** Which object's id fills each route's `{id}` (every v1 route with an id must be listed). */
const ID_OF: Record<string, keyof Objects> = {
  '/api/v1/payments/{id}': 'payment',
  '/api/v1/payments/{id}/refunds': 'payment',
  '/api/v1/refunds/{id}': 'refund',
  '/api/v1/invoices/{id}': 'invoice',
  '/api/v1/pay-links/{id}': 'payLink',
  '/api/v1/pay-links/{id}/cancel': 'payLink',
  '/api/v1/merchants/{id}': 'merchant',
  '/api/v1/webhook_endpoints/{id}': 'endpoint',
  '/api/v1/webhook_endpoints/{id}/rotate_secret': 'endpoint',
  '/api/v1/events/{id}': 'event',
  '/api/v1/events/{id}/resend': 'event',
};

/**
 * What the maker of a key must be allowed to do for each route (the roles table, by hand): null, the
 * key describing itself or listing what it may see. A route missing here fails the suite.
 */
const MAKER_NEEDS: Record<string, MemberAction | null> = {
  'GET /api/v1/keys/current': null,
  'GET /api/v1/merchants': 'merchant.read',
  'GET /api/v1/merchants/{id}': 'merchant.read',
  'GET /api/v1/payments': 'payments.read',
  'GET /api/v1/payments/{id}': 'payments.read',
  'POST /api/v1/payments/{id}': 'payments.adjust',
  'GET /api/v1/payments/{id}/refunds': 'payments.read',
  'POST /api/v1/payments/{id}/refunds': 'payments.refund',
  'GET /api/v1/refunds': 'payments.read',
  'GET /api/v1/refunds/{id}': 'payments.read',
  'GET /api/v1/invoices': 'payments.read',
  'GET /api/v1/invoices/{id}': 'payments.read',
  'GET /api/v1/pay-links': 'pay_links.manage',
  'POST /api/v1/pay-links': 'pay_links.manage',
  'GET /api/v1/pay-links/{id}': 'pay_links.manage',
  'POST /api/v1/pay-links/{id}/cancel': 'pay_links.manage',
  'GET /api/v1/webhook_endpoints': 'webhooks.manage',
  'POST /api/v1/webhook_endpoints': 'webhooks.manage',
  'GET /api/v1/webhook_endpoints/{id}': 'webhooks.manage',
  'POST /api/v1/webhook_endpoints/{id}': 'webhooks.manage',
  'DELETE /api/v1/webhook_endpoints/{id}': 'webhooks.manage',
  'POST /api/v1/webhook_endpoints/{id}/rotate_secret': 'webhooks.manage',
  'GET /api/v1/events': 'webhooks.manage',
  'GET /api/v1/events/{id}': 'webhooks.manage',
  'POST /api/v1/events/{id}/resend': 'webhooks.manage',
};

/** Routes with no merchant to cross (the caller itself). */
const NOT_MERCHANT_SCOPED = new Set(['GET /api/v1/keys/current', 'GET /api/v1/merchants']);

type Case = { method: string; template: string };

/** Public under /api/v1: the integrator API's own document (tests/api/openapi-v1.test.ts). */
const PUBLIC = new Set(['GET /api/v1/openapi.json']);

function v1Routes(t: TestApp): Case[] {
  const cases = new Map<string, Case>();
  for (const r of t.app.routes) {
    if (r.method === 'ALL' || !isV1(r.path) || PUBLIC.has(`${r.method} ${r.path}`)) continue;
    const template = toTemplate(r.path);
    cases.set(`${r.method} ${template}`, { method: r.method, template });
  }
  return [...cases.values()].sort((a, b) =>
    `${a.template} ${a.method}`.localeCompare(`${b.template} ${b.method}`),
  );
}

/** The request a case makes against `objects`: path, body (valid, so only the scope can refuse it). */
function requestFor(c: Case, objects: Objects): { path: string; body?: unknown } {
  const key = ID_OF[c.template];
  if (c.template.includes('{') && !key) throw new Error(`add ${c.template} to ID_OF`);
  let path = key ? c.template.replace('{id}', objects[key]) : c.template;
  // A list is asked for the other merchant's objects by its filter.
  if (c.method === 'GET' && !key && !NOT_MERCHANT_SCOPED.has(`${c.method} ${c.template}`))
    path += `?merchant_id=${objects.merchant}`;
  if (c.method === 'GET') return { path };
  if (c.template === '/api/v1/pay-links')
    return {
      path,
      body: { merchant_id: objects.merchant, invoice_number: 'INV-X', amount: 5000, currency: 'AUD' },
    };
  if (c.template === '/api/v1/payments/{id}/refunds') return { path, body: { amount: 100 } };
  if (c.template === '/api/v1/webhook_endpoints' && c.method === 'POST')
    return { path, body: { merchant_id: objects.merchant, url: 'http://127.0.0.1:9/hook' } };
  if (c.method === 'POST' && c.template === '/api/v1/payments/{id}')
    return { path, body: { metadata: { crossed: 'yes' } } };
  return { path, body: {} };
}

describe.skipIf(skip)(`API keys on every integrator route (${testDialect})`, () => {
  let t: TestApp;
  let cases: Case[];
  let admin: Headers;
  const keys: Record<string, MadeKey> = {};
  let a: Objects;
  let b: Objects;

  async function objectsOf(merchantId: string, invoice: string): Promise<Objects> {
    // An endpoint first, so the payment's events are kept (a merchant with no receiver keeps none).
    const endpoint = await json(
      t.app,
      'POST',
      '/api/v1/webhook_endpoints',
      { merchant_id: merchantId, url: 'http://127.0.0.1:9/hook' },
      admin,
    );
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    const link = await json(
      t.app,
      'POST',
      '/api/v1/pay-links',
      { merchant_id: merchantId, invoice_number: invoice, amount: 100000, currency: 'AUD' },
      admin,
    );
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const payment = await payThroughSignedLink(t, link.body.url, 40000);
    const refund = await json(t.app, 'POST', `/api/v1/payments/${payment}/refunds`, { amount: 1000 }, admin);
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    const events = await json(t.app, 'GET', `/api/v1/events?merchant_id=${merchantId}`, undefined, admin);
    expect(events.body.data.length).toBeGreaterThan(0);
    return {
      endpoint: endpoint.body.id,
      event: events.body.data[0].id,
      merchant: merchantId,
      payLink: link.body.id,
      payment,
      refund: refund.body.id,
      invoice: link.body.invoice_id,
    };
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { OUTBOUND_ALLOWLIST: '127.0.0.1' } });
    admin = await adminHeaders(t);
    const [ma, mb] = [await createConnectedMerchant(t), await createConnectedMerchant(t)];
    a = await objectsOf(ma.id, 'INV-A1');
    b = await objectsOf(mb.id, 'INV-B1');
    keys.a = await createKey(t, admin, { merchant_id: ma.id, permission: 'write' });
    keys.aRead = await createKey(t, admin, { merchant_id: ma.id, permission: 'read' });
    keys.revoked = await createKey(t, admin, { merchant_id: ma.id });
    expect(
      (await json(t.app, 'DELETE', `/api/admin/api-keys/${keys.revoked.id}`, undefined, admin)).status,
    ).toBe(200);
    keys.expired = await createKey(t, admin, {
      merchant_id: ma.id,
      expires_at: new Date(t.clock.now().getTime() + 60_000).toISOString(),
    });
    t.clock.advance(120_000);
    cases = v1Routes(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (c: Case, objects: Objects, headers: Record<string, string> = {}) => {
    const r = requestFor(c, objects);
    return json(t.app, c.method, r.path, r.body, headers);
  };

  it('finds the integrator routes (the matrix is not empty)', () => {
    expect(cases.length).toBeGreaterThanOrEqual(14);
    expect(cases).toEqual(expect.arrayContaining([{ method: 'POST', template: '/api/v1/pay-links' }]));
  });

  it('401 without a key, with a revoked key and with an expired key', async () => {
    const failures: string[] = [];
    for (const c of cases) {
      for (const [who, headers, message] of [
        ['none', {}, INTEGRATOR_UNAUTHENTICATED_MESSAGE],
        ['revoked', keys.revoked.headers, REVOKED_API_KEY],
        ['expired', keys.expired.headers, expiredKeyMessage(keys.expired.record.expires_at)],
      ] as const) {
        const res = await call(c, a, headers);
        if (
          res.status !== 401 ||
          res.body?.error?.message !== message ||
          res.headers.get('api-version') !== 'v1'
        )
          failures.push(`${who} ${c.method} ${c.template} → ${res.status} ${res.body?.error?.message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('403 to a read-only key on every write; its reads go through', async () => {
    const failures: string[] = [];
    for (const c of cases) {
      const res = await call(c, a, keys.aRead.headers);
      const write = c.method !== 'GET';
      if (write ? res.status !== 403 || res.body?.error?.message !== READ_ONLY_API_KEY : res.status !== 200)
        failures.push(`${c.method} ${c.template} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it("404 to merchant A's key for merchant B's objects (ids in the path, in the body, list filters)", async () => {
    const failures: string[] = [];
    for (const c of cases) {
      if (NOT_MERCHANT_SCOPED.has(`${c.method} ${c.template}`)) continue;
      const res = await call(c, b, keys.a.headers);
      if (res.status !== 404 || res.body?.error?.code !== 'not_found')
        failures.push(`${c.method} ${c.template} → ${res.status}`);
    }
    expect(failures).toEqual([]);
    // Nothing of B's changed: its pay link is active, its payment has one refund.
    const link = await json(t.app, 'GET', `/api/v1/pay-links/${b.payLink}`, undefined, admin);
    expect(link.body.status).toBe('active');
    const refunds = await json(t.app, 'GET', `/api/v1/refunds?payment_id=${b.payment}`, undefined, admin);
    expect(refunds.body.data).toHaveLength(1);
  });

  it("A's key reaches A's own objects, and its lists never show B's", async () => {
    const failures: string[] = [];
    for (const c of cases) {
      if (c.method !== 'GET') continue;
      const res = await call(c, a, keys.a.headers);
      if (res.status !== 200) failures.push(`${c.method} ${c.template} → ${res.status}`);
    }
    expect(failures).toEqual([]);
    for (const list of [
      '/api/v1/payments',
      '/api/v1/refunds',
      '/api/v1/invoices',
      '/api/v1/pay-links',
      '/api/v1/merchants',
    ]) {
      const res = await json(t.app, 'GET', list, undefined, keys.a.headers);
      expect(res.status, list).toBe(200);
      expect(res.body.data.length, list).toBeGreaterThan(0);
      const merchants = res.body.data.map((o: { merchant_id?: string; id: string; object: string }) =>
        o.object === 'merchant' ? o.id : o.merchant_id,
      );
      expect(new Set(merchants), list).toEqual(new Set([a.merchant]));
    }
  });

  it('a key made by a member acts with their role in its merchant now, on every route', async () => {
    const merchantId = (await createConnectedMerchant(t)).id;
    const now = () => t.clock.now().toISOString();
    async function makerKey(name: string, role: MemberRole) {
      const user = await createUser(t, { email: `${name}-${merchantId.slice(0, 8)}@makers.test` });
      await addMember(t.deps.database.db, merchantId, user.id, role, null, now());
      const key = await createKey(t, await bearerFor(t, user.id), {
        merchant_id: merchantId,
        permission: 'write',
      });
      return { user, key };
    }
    const owner = await makerKey('owner', 'owner');
    const developer = await makerKey('developer', 'developer');
    const demoted = await makerKey('demoted', 'owner');
    const left = await makerKey('left', 'developer');
    const removed = await makerKey('removed', 'developer');
    // Behind the team's back (another process, a database fix): only the check at each use sees it.
    await t.deps.database.db
      .updateTable('merchant_members')
      .set({ role: 'staff' })
      .where('merchant_id', '=', merchantId)
      .where('user_id', '=', demoted.user.id)
      .execute();
    await t.deps.database.db
      .deleteFrom('merchant_members')
      .where('merchant_id', '=', merchantId)
      .where('user_id', '=', left.user.id)
      .execute();
    // Through the team: the key is withdrawn with them.
    const gone = await json(
      t.app,
      'DELETE',
      `/api/admin/merchants/${merchantId}/members/${removed.user.id}`,
      undefined,
      await bearerFor(t, owner.user.id),
    );
    expect(gone.status).toBe(200);

    // DELETE last: the other calls on an endpoint must find it.
    const ordered = [...cases].sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
    const missing = ordered.filter((c) => !(`${c.method} ${c.template}` in MAKER_NEEDS));
    expect(missing.map((c) => `${c.method} ${c.template}`)).toEqual([]);

    const failures: string[] = [];
    for (const [who, key, role] of [
      ['owner', owner.key, 'owner'],
      ['developer', developer.key, 'developer'],
      ['owner demoted to staff', demoted.key, 'staff'],
    ] as const) {
      const objects = await objectsOf(merchantId, `INV-MAKER-${who.replace(/\W/g, '')}`);
      for (const c of ordered) {
        const needs = MAKER_NEEDS[`${c.method} ${c.template}`];
        const res = await call(c, objects, key.headers);
        const line = `${who} ${c.method} ${c.template} → ${res.status} ${res.body?.error?.message ?? ''}`;
        if (needs && !roleAllows(role, needs)) {
          if (res.status !== 403 || res.body?.error?.message !== makerRoleRefusedMessage(role))
            failures.push(line);
        } else if ([401, 403, 404].includes(res.status)) failures.push(line);
      }
    }
    const objects = await objectsOf(merchantId, 'INV-MAKER-GONE');
    for (const c of ordered)
      for (const [who, key, message] of [
        ['maker left behind the team', left.key, MAKER_LEFT_MESSAGE],
        ['maker removed through the team', removed.key, REVOKED_API_KEY],
      ] as const) {
        const res = await call(c, objects, key.headers);
        if (res.status !== 401 || res.body?.error?.message !== message)
          failures.push(`${who} ${c.method} ${c.template} → ${res.status} ${res.body?.error?.message ?? ''}`);
      }
    expect(failures).toEqual([]);
    // The developer's key refunded nothing; the owner's and the demoted owner's (staff refund, and this
    // merchant set no staff limit) once each.
    const refunds = await t.deps.database.db
      .selectFrom('refunds')
      .innerJoin('payments', 'payments.id', 'refunds.payment_id')
      .select('payments.invoice_number')
      .where('payments.merchant_id', '=', merchantId)
      .where('refunds.amount', '=', 100)
      .execute();
    expect(refunds.map((r) => r.invoice_number).sort()).toEqual([
      'INV-MAKER-owner',
      'INV-MAKER-ownerdemotedtostaff',
    ]);
  });
});
