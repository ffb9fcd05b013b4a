/**
 * The members' authorization matrix (issue 32, docs/auth.md), generated from /api/openapi.json: every
 * console operation × {staff of A, developer of A, owner of A, owner of B, an agency in A (staff)
 * and B (owner), an owner of A removed from its team (issue 49 item 5)} × {an object of merchant A}. Each answer is the one the roles table says: a role that
 * lacks the operation's action everywhere gets 403; a member whose role allows it on A gets through
 * (anything but 401/403/404); a member of B only gets 404 for A's object, as for an id that does not
 * exist. An operation the document opens to members (`x-access`) whose path parameter or body has
 * no fixture here fails the test, so a newly opened route is covered at once. Anonymous, no-membership
 * users, API keys and admins are authz-matrix.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ACTIONS, ROLE_REFUSED_MESSAGE, SIGNED_IN, type MemberAction } from '../../api/auth/access.ts';
import { addMember } from '../../api/merchants/team-members.ts';
import { newEndpointSecret } from '../../api/merchant-webhooks/endpoint-secrets.ts';
import { issueOAuthState } from '../../api/auth/oauth-state.ts';
import { STAFF_CANNOT_REFUND } from '../../api/payments/refunds/refunds.ts';
import type { MemberRole } from '../../api/db/types.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders, bearerFor, createUser } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { createConnectedMerchant, openSession, payThroughLink, quoteAndPay } from './support/payments.ts';

const skip = await skipPostgres();

type Op = { method: string; template: string; action: string };
type Merchant = {
  id: string;
  paymentId: string;
  invoiceId: string;
  keyId: string;
  auditId: string;
  deliveryId: string;
  jobId: string;
  observationId: string;
  writeOffId: string;
  payLinkId: string;
};

describe.skipIf(skip)(`members' authorization matrix (${testDialect})`, () => {
  let t: TestApp;
  let ops: Op[];
  const merchants: Record<'A' | 'B', Merchant> = {} as never;
  const people: Record<
    string,
    { headers: Record<string, string>; roles: Partial<Record<'A' | 'B', MemberRole>> }
  > = {};

  async function member(name: string, roles: Partial<Record<'A' | 'B', MemberRole>>) {
    const user = await createUser(t, { email: `${name}@agency.test` });
    for (const [m, role] of Object.entries(roles))
      await addMember(
        t.deps.database.db,
        merchants[m as 'A' | 'B'].id,
        user.id,
        role,
        null,
        t.clock.now().toISOString(),
      );
    people[name] = { headers: await bearerFor(t, user.id), roles };
    return user;
  }

  async function setUpMerchant(name: 'A' | 'B', admin: Record<string, string>): Promise<void> {
    const m = await createConnectedMerchant(t, { business_name: `Supplier ${name}` });
    const session = await openSession(t, { merchant: m.id, invoice: `INV-${name}`, amount: '500.00' });
    const paid = await quoteAndPay(t, {
      account: m.stripe_account_id!,
      paySessionId: session.body.paySessionId,
      amount: 10_000,
    });
    expect(paid.res.status, JSON.stringify(paid.res.body)).toBe(200);
    const key = await json(
      t.app,
      'POST',
      '/api/admin/api-keys',
      { name: `Key ${name}`, merchant_id: m.id, permission: 'read' },
      admin,
    );
    expect(key.status).toBe(201);
    const audit = await t.deps.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('merchant_id', '=', m.id)
      .executeTakeFirstOrThrow();
    const invoice = await t.deps.database.db
      .selectFrom('invoices')
      .select('id')
      .where('merchant_id', '=', m.id)
      .executeTakeFirstOrThrow();
    const db = t.deps.database.db;
    const now = t.clock.now().toISOString();
    // A delivery log entry, a failed sync job, an observation and a write-off of this merchant's.
    const deliveryId = crypto.randomUUID();
    await db
      .insertInto('webhook_deliveries')
      .values({
        id: deliveryId,
        merchant_id: m.id,
        event: 'payment.succeeded',
        url: 'https://hooks.example/in',
        request_headers: '{}',
        request_body: '{}',
        response_status: 500,
        duration_ms: 3,
        created_at: now,
      })
      .execute();
    const jobId = crypto.randomUUID();
    await db
      .insertInto('outbox')
      .values({
        id: jobId,
        kind: 'automation_webhook',
        merchant_id: m.id,
        payment_id: paid.res.body.paymentId,
        idempotency_key: `matrix:${jobId}`,
        payload: '{}',
        status: 'failed',
        attempts: 8,
        next_attempt_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const observation = await db
      .selectFrom('invoice_observations')
      .select('id')
      .where('invoice_id', '=', invoice.id)
      .executeTakeFirstOrThrow();
    const writeOffId = crypto.randomUUID();
    await db
      .insertInto('invoice_write_offs')
      .values({ id: writeOffId, invoice_id: invoice.id, amount: 1, reason: 'matrix', created_at: now })
      .execute();
    const link = await json(
      t.app,
      'POST',
      '/api/admin/pay-links',
      { merchant_id: m.id, invoice_number: `INV-${name}-LINK`, amount: 12_500, currency: 'AUD' },
      admin,
    );
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    merchants[name] = {
      payLinkId: link.body.id,
      id: m.id,
      paymentId: paid.res.body.paymentId,
      invoiceId: invoice.id,
      keyId: key.body.id,
      auditId: audit.id,
      deliveryId,
      jobId,
      observationId: observation.id,
      writeOffId,
    };
  }

  let adminAuth: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createUser(t, { role: 'admin' });
    adminAuth = await bearerFor(t, admin.id);
    await setUpMerchant('A', adminAuth);
    await setUpMerchant('B', adminAuth);
    await member('ownerA', { A: 'owner' });
    await member('ownerB', { B: 'owner' });
    await member('staffA', { A: 'staff' });
    await member('developerA', { A: 'developer' });
    await member('agency', { A: 'staff', B: 'owner' });
    // An owner of A removed through the team, still holding their session: nothing of A's any more.
    const leaver = await member('removedOwnerA', { A: 'owner' });
    const removal = await json(
      t.app,
      'DELETE',
      `/api/admin/merchants/${merchants.A.id}/members/${leaver.id}`,
      undefined,
      people.ownerA.headers,
    );
    expect(removal.status).toBe(200);
    people.removedOwnerA.roles = {};
    const doc = (await json(t.app, 'GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, { 'x-access'?: string }>>;
    };
    ops = [];
    for (const [template, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item))
        if (template.startsWith('/api/admin/') && op['x-access'] && op['x-access'] !== SIGNED_IN)
          ops.push({ method: method.toUpperCase(), template, action: op['x-access'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  const disabledEndpoint = (m: Merchant) => `matrix-disabled-${m.id}`;

  /** Path parameters, for an object of merchant `m` (a function: some calls use their object up). */
  const params: Record<string, (m: Merchant, name: 'A' | 'B') => Promise<string> | string> = {
    '/api/admin/merchants/{id}': (m) => m.id,
    '/api/admin/payments/{id}': (m) => m.paymentId,
    '/api/admin/invoices/{id}': (m) => m.invoiceId,
    '/api/admin/api-keys/{id}': (m) => m.keyId,
    '/api/admin/audit-log/{id}': (m) => m.auditId,
    '/api/admin/webhook-deliveries/{id}': (m) => m.deliveryId,
    '/api/admin/outbox/{id}': (m) => m.jobId,
    '/api/admin/pay-links/{id}': (m) => m.payLinkId,
    // An endpoint of its own each time (deleting it uses it up), and one stored event of the merchant.
    '/api/admin/webhook-endpoints/{id}': async (m) => {
      const id = crypto.randomUUID();
      const stamp = t.clock.now().toISOString();
      await t.deps.database.db
        .insertInto('webhook_endpoints')
        .values({
          id,
          merchant_id: m.id,
          url: 'https://hooks.example.com/matrix',
          enabled_events: '["*"]',
          api_version: '2026-11',
          status: 'disabled', // sent nothing: the delivery log below stays the fixtures' own
          secret: newEndpointSecret(t.deps, id).sealed,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
      return id;
    },
    '/api/admin/webhook-events/{id}': async (m) => {
      const id = `evt_matrix_${m.id.slice(0, 8)}`;
      // The resend goes to a disabled endpoint: refused (409) after authorisation, nothing queued.
      await t.deps.database.db
        .insertInto('webhook_endpoints')
        .values({
          id: disabledEndpoint(m),
          merchant_id: m.id,
          url: 'https://hooks.example.com/off',
          enabled_events: '["*"]',
          api_version: '2026-11',
          status: 'disabled',
          secret: newEndpointSecret(t.deps, disabledEndpoint(m)).sealed,
          created_at: t.clock.now().toISOString(),
          updated_at: t.clock.now().toISOString(),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await t.deps.database.db
        .insertInto('webhook_events')
        .values({
          id,
          merchant_id: m.id,
          type: 'payment.succeeded',
          event_key: `payment.succeeded:matrix-${m.id}`,
          payment_id: null,
          body: JSON.stringify({ id, object: 'event', type: 'payment.succeeded', data: { object: {} } }),
          v1_body: '{}',
          created_at: t.clock.now().toISOString(),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return id;
    },
    '{provider}': () => 'xero',
    '{observationId}': (m) => m.observationId,
    '{writeOffId}': (m) => m.writeOffId,
    // A wallet domain of its own each time: removing it is harmless to the rest of the matrix.
    '{domainId}': async (m) => {
      const res = await json(
        t.app,
        'POST',
        `/api/admin/merchants/${m.id}/payment-domains`,
        { domain: `shop-${crypto.randomUUID().slice(0, 8)}.example.com` },
        adminAuth,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.id;
    },
    // A staff member of their own each time: removing them is harmless to the rest of the matrix.
    '{userId}': async (m) => {
      const user = await createUser(t);
      await addMember(t.deps.database.db, m.id, user.id, 'staff', null, t.clock.now().toISOString());
      return user.id;
    },
    '{invitationId}': async (m) =>
      (
        await t.deps.database.db
          .insertInto('merchant_invitations')
          .values({
            id: crypto.randomUUID(),
            merchant_id: m.id,
            email: `invitee-${crypto.randomUUID().slice(0, 8)}@example.test`,
            role: 'staff',
            token_hash: crypto.randomUUID(),
            invited_by: null,
            expires_at: '2099-01-01T00:00:00.000Z',
            created_at: t.clock.now().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
  };

  /** A valid body for each member-open write, for an object of merchant `m` (harmless to repeat). */
  const bodies: Record<string, (m: Merchant) => unknown> = {
    'PUT /api/admin/merchants/{id}': () => ({ description: 'Timber and sheet goods' }),
    'POST /api/admin/payments/{id}/refund': () => ({ amount: 99_999_999 }), // more than was paid: refused after authorisation
    'POST /api/admin/api-keys': (m) => ({ name: 'Site', merchant_id: m.id, permission: 'read' }),
    'DELETE /api/admin/api-keys/{id}': () => undefined,
    'POST /api/admin/stripe-connect-url': (m) => ({
      merchantId: m.id,
      redirectUri: 'https://agency.example/back',
    }),
    'POST /api/admin/stripe-connect-callback': () => ({ state: 'not-a-state' }),
    'PUT /api/admin/merchants/{id}/members/{userId}': () => ({ role: 'staff' }),
    'DELETE /api/admin/merchants/{id}/members/{userId}': () => undefined,
    'POST /api/admin/merchants/{id}/invitations': () => ({ email: 'new.person@example.test', role: 'staff' }),
    'DELETE /api/admin/merchants/{id}/invitations/{invitationId}': () => undefined,
    'POST /api/admin/payments/{id}/mark-recorded': () => ({}),
    'POST /api/admin/payments/{id}/cancel-hold': () => undefined, // a succeeded payment: 409 after authorisation
    'POST /api/admin/payments/{id}/sync-to-xero': () => undefined,
    'POST /api/admin/invoices/{id}/observations/{observationId}/dismiss': () => ({
      reason: 'Typed by mistake',
    }),
    'POST /api/admin/invoices/{id}/write-off': () => ({ reason: 'Below the card minimum' }),
    'POST /api/admin/invoices/{id}/write-offs/{writeOffId}/mark-recorded': () => undefined,
    'PUT /api/admin/merchants/{id}/webhook': () => ({ webhook_url: '' }),
    'POST /api/admin/merchants/{id}/webhook-secret/rotate': () => ({}),
    'POST /api/admin/merchants/{id}/test-webhook': () => undefined, // no URL saved: 400 after authorisation
    'PUT /api/admin/merchants/{id}/accounting/settings': () => ({ payment_account_code: '090' }),
    'DELETE /api/admin/merchants/{id}/accounting': () => undefined,
    'POST /api/admin/merchants/{id}/accounting/{provider}/connect-url': () => ({}),
    'POST /api/admin/merchants/{id}/accounting/{provider}/pay-now': () => ({
      branding_theme_ids: ['theme-1'],
    }),
    'POST /api/admin/accounting/callback': () => ({ code: 'code', state: 'not-a-state' }),
    'POST /api/admin/outbox/{id}/retry': () => undefined,
    'POST /api/admin/pay-links': (m) => ({
      merchant_id: m.id,
      invoice_number: 'INV-MATRIX',
      amount: 1_000,
      currency: 'AUD',
    }),
    'POST /api/admin/pay-links/{id}/cancel': () => undefined,
    'POST /api/admin/merchants/{id}/payment-domains': () => ({ domain: 'www.example.com' }),
    'POST /api/admin/merchants/{id}/webhook-endpoints': () => ({ url: 'http://10.0.0.1/hook' }), // refused after authorisation
    'PUT /api/admin/webhook-endpoints/{id}': () => ({ description: 'Matrix' }),
    'POST /api/admin/webhook-endpoints/{id}/rotate-secret': () => ({}),
    'POST /api/admin/webhook-events/{id}/resend': (m) => ({ endpoint_id: disabledEndpoint(m) }),
    'POST /api/admin/merchants/{id}/payment-domains/{domainId}/refresh': () => undefined,
  };

  /** The concrete request for `op` on an object of merchant `name`, or why the test cannot make one. */
  async function request(op: Op, name: 'A' | 'B') {
    const m = merchants[name];
    let path = op.template;
    const base = Object.keys(params).find(
      (p) => p.startsWith('/') && (path === p || path.startsWith(`${p}/`)),
    );
    if (base) path = path.replace(base, base.replace(/\{id\}$/, await params[base](m, name)));
    for (const param of path.match(/\{[A-Za-z]+\}/g) ?? []) {
      if (!params[param]) return { missing: `no fixture for ${param} in ${op.method} ${op.template}` };
      path = path.replace(param, await params[param](m, name));
    }
    const key = `${op.method} ${op.template}`;
    const write = !['GET', 'DELETE'].includes(op.method) || key in bodies;
    if (write && !(key in bodies)) return { missing: `no body for ${key}` };
    // A list or a body naming the merchant: "object of A" is the request about A.
    const objectless =
      !base && !/\{/.test(op.template) && !(key in bodies && JSON.stringify(bodies[key](m)).includes(m.id));
    return { path, body: write ? bodies[key](m) : undefined, objectless };
  }

  it('finds the operations members may call, each with an action from the roles table', () => {
    expect(ops.length).toBeGreaterThanOrEqual(15);
    for (const op of ops)
      expect(Object.keys(ROLE_ACTIONS), `${op.method} ${op.template}`).toContain(op.action);
  });

  it('answers each member as the roles table says: 403 without the action, 404 for another merchant, through otherwise', async () => {
    const failures: string[] = [];
    for (const op of ops) {
      for (const target of ['A', 'B'] as const) {
        for (const [who, { headers, roles }] of Object.entries(people)) {
          // Made for each call: some calls use their object up (a removed member, a withdrawn invitation).
          const req = await request(op, target);
          if ('missing' in req) {
            failures.push(req.missing!);
            continue;
          }
          const allowedSomewhere = Object.values(roles).some((r) =>
            (ROLE_ACTIONS[op.action as MemberAction] as readonly string[]).includes(r!),
          );
          const role = roles[target];
          const res = await json(t.app, op.method, req.path, req.body, headers);
          let expected: string;
          if (!allowedSomewhere) expected = '403';
          else if (req.objectless)
            expected = 'through'; // a list: of their own merchants (below)
          else if (!role) expected = '404';
          else if (!(ROLE_ACTIONS[op.action as MemberAction] as readonly string[]).includes(role))
            expected = '403';
          else expected = 'through';
          const ok =
            expected === 'through' ? ![401, 403, 404].includes(res.status) : res.status === Number(expected);
          if (!ok)
            failures.push(
              `${who} ${op.method} ${req.path} (${target}) → ${res.status}, expected ${expected}: ${JSON.stringify(res.body?.error)}`,
            );
          if (ok && expected === '403' && role) expect(res.body.error.message).toBe(ROLE_REFUSED_MESSAGE);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("lists only the member's own merchants' objects", async () => {
    const idsOf = async (who: string, path: string) =>
      ((await json(t.app, 'GET', path, undefined, people[who].headers)).body as Array<{ id: string }>).map(
        (r) => r.id,
      );
    expect(await idsOf('ownerA', '/api/admin/merchants')).toEqual([merchants.A.id]);
    expect((await idsOf('agency', '/api/admin/merchants')).sort()).toEqual(
      [merchants.A.id, merchants.B.id].sort(),
    );
    expect(await idsOf('ownerB', '/api/admin/payments')).toEqual([merchants.B.paymentId]);
    const invoices = await idsOf('ownerB', '/api/admin/invoices');
    expect(invoices).toContain(merchants.B.invoiceId);
    const owners = await t.deps.database.db
      .selectFrom('invoices')
      .select('merchant_id')
      .where('id', 'in', invoices)
      .execute();
    expect(new Set(owners.map((r) => r.merchant_id))).toEqual(new Set([merchants.B.id]));
    // The agency is staff in A and owner in B: payments of both, A's keys not (staff), audit of B only.
    expect((await idsOf('agency', '/api/admin/payments')).sort()).toEqual(
      [merchants.A.paymentId, merchants.B.paymentId].sort(),
    );
    expect(await idsOf('agency', '/api/admin/api-keys')).not.toContain(merchants.A.keyId);
    expect(await idsOf('agency', '/api/admin/api-keys')).toContain(merchants.B.keyId);
    const audit = (await json(t.app, 'GET', '/api/admin/audit-log', undefined, people.agency.headers))
      .body as Array<{ merchant_id: string }>;
    expect(audit.length).toBeGreaterThan(0);
    expect(new Set(audit.map((e) => e.merchant_id))).toEqual(new Set([merchants.B.id]));
    // A refund by the owner of B is among B's audit entries, which B's owner reads.
    const refund = await json(
      t.app,
      'POST',
      `/api/admin/payments/${merchants.B.paymentId}/refund`,
      { amount: 100 },
      people.ownerB.headers,
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const range = encodeURIComponent('[0,499]');
    const entries = (
      await json(t.app, 'GET', `/api/admin/audit-log?range=${range}`, undefined, people.ownerB.headers)
    ).body as Array<{
      action: string;
      merchant_id: string;
    }>;
    expect(entries.find((e) => e.action === 'payment.refund')?.merchant_id).toBe(merchants.B.id);
    // The matrix's writes by B's owner on B's objects are B's entries too (sync retry, pay links, webhook secret).
    const actions = new Set(entries.map((e) => e.action));
    for (const action of [
      'outbox.retry',
      'pay_link.create',
      'pay_link.cancel',
      'merchant.webhook_secret_reveal',
      'payment.mark_recorded',
    ])
      expect(actions, action).toContain(action);
    // Filtering by another merchant's id finds nothing rather than its objects.
    const filter = encodeURIComponent(JSON.stringify({ merchant_id: merchants.A.id }));
    expect(await idsOf('ownerB', `/api/admin/payments?filter=${filter}`)).toEqual([]);
    // The delivery log and sync jobs: a developer of A sees A's, the owner of B B's.
    expect(await idsOf('developerA', '/api/admin/webhook-deliveries')).toEqual([merchants.A.deliveryId]);
    expect(await idsOf('ownerB', '/api/admin/webhook-deliveries')).toEqual([merchants.B.deliveryId]);
    expect(await idsOf('ownerB', '/api/admin/outbox')).toEqual([merchants.B.jobId]);
    expect(await idsOf('agency', '/api/admin/outbox')).toEqual([merchants.B.jobId]); // staff in A: no syncs
    const links = await idsOf('ownerB', '/api/admin/pay-links');
    expect(links).toContain(merchants.B.payLinkId);
    expect(links).not.toContain(merchants.A.payLinkId);
  });

  it("shows a member's dashboard their merchants' figures only", async () => {
    const stats = async (who: string, query = '') =>
      json(t.app, 'GET', `/api/admin/stats${query}`, undefined, people[who].headers);
    const ownerB = await stats('ownerB');
    expect(ownerB.status).toBe(200);
    expect(ownerB.body).toMatchObject({ total_merchants: 1, total_payments: 1 });
    const agency = await stats('agency');
    expect(agency.body).toMatchObject({ total_merchants: 2, total_payments: 2 });
    const agencyInB = await stats('agency', `?merchant_id=${merchants.B.id}`);
    expect(agencyInB.body).toMatchObject({ total_merchants: 1, total_payments: 1 });
    expect(agencyInB.body.payment_volume).toEqual(ownerB.body.payment_volume);
    expect((await stats('ownerB', `?merchant_id=${merchants.A.id}`)).status).toBe(404);
    expect((await stats('developerA')).status).toBe(403);
  });

  it("lets staff refund up to the owner's limit, and only owners set it", async () => {
    const refund = (who: string, amount: number) =>
      json(
        t.app,
        'POST',
        `/api/admin/payments/${merchants.A.paymentId}/refund`,
        { amount },
        people[who].headers,
      );
    const setLimit = (who: string, limit: number | null) =>
      json(
        t.app,
        'PUT',
        `/api/admin/merchants/${merchants.A.id}`,
        { staff_refund_limit: limit },
        people[who].headers,
      );
    expect((await setLimit('staffA', null)).status).toBe(403);
    const set = await setLimit('ownerA', 500);
    expect(set.status).toBe(200);
    expect(set.body.staff_refund_limit).toBe(500);
    const over = await refund('staffA', 501);
    expect(over.status).toBe(403);
    expect(over.body.error.message).toBe(
      'Staff can refund up to A$5.00 of a payment in total; ask an owner for more.',
    );
    expect((await refund('staffA', 300)).status).toBe(200);
    // What staff may still refund of it is on the payment they read (the dialog says it before Review);
    // an owner reads no limit.
    const read = (who: string) =>
      json(t.app, 'GET', `/api/admin/payments/${merchants.A.paymentId}`, undefined, people[who].headers);
    expect((await read('staffA')).body).toMatchObject({ staff_refund_limit: 500, refund_limit_left: 200 });
    expect((await read('ownerA')).body).not.toHaveProperty('refund_limit_left');
    // The limit is for the payment in total (issue 49 item 6): 3.00 refunded, 2.01 more is past it.
    const past = await refund('staffA', 201);
    expect(past.status).toBe(403);
    expect(past.body.error.message).toBe(
      'Staff can refund up to A$5.00 of a payment in total (A$3.00 refunded by staff already); ask an owner for more.',
    );
    expect((await refund('staffA', 200)).status).toBe(200);
    expect((await read('staffA')).body.refund_limit_left).toBe(0);
    expect((await refund('ownerA', 501)).status).toBe(200); // owners are not limited
    expect((await read('staffA')).body.refund_limit_left).toBe(0); // an owner's refund is not staff's
    expect((await setLimit('ownerA', 0)).status).toBe(200);
    const none = await refund('staffA', 1);
    expect(none.body.error.message).toBe(STAFF_CANNOT_REFUND);
    expect((await setLimit('ownerA', null)).body.staff_refund_limit).toBeNull();
    expect((await refund('staffA', 100)).status).toBe(200);
    const refunds = await t.deps.database.db
      .selectFrom('refunds')
      .select('amount')
      .where('payment_id', '=', merchants.A.paymentId)
      .orderBy('created_at')
      .execute();
    expect(refunds.map((r) => Number(r.amount))).toEqual([300, 200, 501, 100]);
  });

  it('caps what staff refund of one payment in total, also when their refunds arrive at once (issue 49 item 6)', async () => {
    const { created } = await payThroughLink(t, {
      merchant: merchants.A.id,
      invoice: 'INV-A-STAFF-LIMIT',
      linkAmount: '100.00',
      amount: 10_000,
    });
    const set = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchants.A.id}`,
      { staff_refund_limit: 1_000 },
      people.ownerA.headers,
    );
    expect(set.status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        json(
          t.app,
          'POST',
          `/api/admin/payments/${created.paymentId}/refund`,
          { amount: 400 },
          people.staffA.headers,
        ),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 403, 403, 403]);
    const refunded = await t.deps.database.db
      .selectFrom('refunds')
      .select('amount')
      .where('payment_id', '=', created.paymentId)
      .where('status', 'in', ['pending', 'succeeded'])
      .execute();
    expect(refunded.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(800); // never past 10.00
    // Ten in a row of 1.00 after that: two more fit, then none.
    const inRow: number[] = [];
    for (let i = 0; i < 10; i++)
      inRow.push(
        (
          await json(
            t.app,
            'POST',
            `/api/admin/payments/${created.paymentId}/refund`,
            { amount: 100 },
            people.staffA.headers,
          )
        ).status,
      );
    expect(inRow).toEqual([200, 200, 403, 403, 403, 403, 403, 403, 403, 403]);
  });

  it('gives a new merchant staff who cannot refund until an owner sets a limit', async () => {
    const made = await json(
      t.app,
      'POST',
      '/api/admin/merchants',
      { business_name: 'New Timber', name: 'Nat', email: 'nat@newtimber.test' },
      await adminHeaders(t),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.staff_refund_limit).toBe(0);
  });

  it("refuses an accounting connection callback for another merchant's state, before any exchange", async () => {
    const state = await issueOAuthState(t.deps, t.deps.database.db, merchants.A.id, 'xero_oauth');
    const res = await json(
      t.app,
      'POST',
      '/api/admin/accounting/callback',
      { code: 'stolen-code', state },
      people.ownerB.headers,
    );
    expect(res.status).toBe(404);
    const connection = await t.deps.database.db
      .selectFrom('accounting_connections')
      .select('id')
      .where('merchant_id', '=', merchants.A.id)
      .executeTakeFirst();
    expect(connection).toBeUndefined();
  });
});
