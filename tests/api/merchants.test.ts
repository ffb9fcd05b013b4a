/**
 * Merchants: the console's simple-rest resource (validation messages and defaults of the spec,
 * list headers, soft delete that keeps payments, audit) and how a pay link finds its merchant and
 * connected account (spec §2–§3: id, shortcode, >30 characters = id, account id lookup order,
 * metadata as JSON string or object).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountingPaymentUrl } from '../../core/link-params.ts';
import { demoMerchantSeedStep } from '../../api/seed/demo-merchant.ts';
import { runDemoSeed } from '../../api/seed/demo.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { createConnectedMerchant, createPayment, openSession, payThroughLink } from './support/payments.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`merchants (${testDialect})`, () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminHeaders(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (body: unknown) => json(t.app, 'POST', '/api/admin/merchants', body, admin);

  it("validates with the spec's messages", async () => {
    const base = { business_name: 'Acme Timber', name: 'Alex', email: 'alex@acme.test' };
    const cases: Array<[unknown, string, string]> = [
      [{ ...base, business_name: undefined }, 'business_name', 'Business name is required'],
      [{ ...base, business_name: '   ' }, 'business_name', 'Business name is required'],
      [{ ...base, name: '' }, 'name', 'Contact name is required'],
      [{ ...base, email: undefined }, 'email', 'Email is required'],
      [{ ...base, email: 'not-an-email' }, 'email', 'Email is invalid'],
      [
        { ...base, surcharge_percentage: 5.01 },
        'surcharge_percentage',
        'Surcharge must be between 0% and 5%',
      ],
      [
        { ...base, surcharge_percentage: 'abc' },
        'surcharge_percentage',
        'Surcharge must be between 0% and 5%',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(body);
      expect(res.status, message).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'validation_failed', message, field });
    }
  });

  it('creates with the defaults: surcharge 2.95 %, active, shortcode, payment URL; audited', async () => {
    const res = await create({
      business_name: 'Acme Timber',
      name: 'Alex',
      email: 'Alex@Acme.test',
      phone: '0400 000 000',
    });
    expect(res.status).toBe(201);
    const m = res.body;
    expect(m).toMatchObject({
      business_name: 'Acme Timber',
      name: 'Alex',
      email: 'alex@acme.test',
      status: 'active',
      surcharge_enabled: true,
      surcharge_percentage: 2.95,
      stripe_account_id: null,
      stripe_onboarding_complete: false,
      shortcode: m.id.slice(0, 8),
    });
    expect(m.id).toHaveLength(36);
    expect(m.xero_payment_url).toBe(buildAccountingPaymentUrl('http://127.0.0.1:8787', m.id, m.shortcode));
    expect(m.payment_url).toBe(m.xero_payment_url);
    expect(JSON.stringify(m)).not.toContain('webhook_secret');
    const audit = await t.deps.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', m.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['merchant.create']);
  });

  it('lists newest first with Content-Range, filters and sorts', async () => {
    for (const name of ['Zeta Bricks', 'Alpha Steel']) {
      await create({ business_name: name, name: 'X', email: 'x@y.test' });
      t.clock.advance(1000);
    }
    const res = await t.app.request('/api/admin/merchants?range=[0,0]', { headers: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toMatch(/^merchants 0-0\/\d+$/);
    expect((await res.json())[0].business_name).toBe('Alpha Steel');
    const byName = await json(
      t.app,
      'GET',
      `/api/admin/merchants?sort=${encodeURIComponent('["business_name","ASC"]')}&filter=${encodeURIComponent('{"q":"bricks"}')}`,
      undefined,
      admin,
    );
    expect(byName.body.map((m: { business_name: string }) => m.business_name)).toEqual(['Zeta Bricks']);
    const bad = await json(
      t.app,
      'GET',
      `/api/admin/merchants?sort=${encodeURIComponent('["password","ASC"]')}`,
      undefined,
      admin,
    );
    expect(bad.status).toBe(400);
  });

  it('updates only the fields sent, and answers 404 for unknown merchants', async () => {
    const m = (await create({ business_name: 'Edit Me', name: 'E', email: 'e@e.test' })).body;
    const res = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${m.id}`,
      { surcharge_percentage: '1.5', surcharge_enabled: false, description: 'Timber' },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      business_name: 'Edit Me',
      surcharge_percentage: 1.5,
      surcharge_enabled: false,
      description: 'Timber',
    });
    const empty = await json(t.app, 'PUT', `/api/admin/merchants/${m.id}`, { business_name: '' }, admin);
    expect(empty.body.error.message).toBe('Business name is required');
    const missing = await json(t.app, 'GET', `/api/admin/merchants/${crypto.randomUUID()}`, undefined, admin);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Merchant not found');
    const audit = await t.deps.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', m.id)
      .where('action', '=', 'merchant.update')
      .execute();
    expect(JSON.parse(audit[0].details!).changed).toEqual(
      expect.arrayContaining(['surcharge_bps', 'surcharge_enabled', 'description']),
    );
  });

  it('requires an admin', async () => {
    expect((await json(t.app, 'GET', '/api/admin/merchants')).status).toBe(401);
    expect(
      (
        await json(t.app, 'POST', '/api/admin/merchants', {
          business_name: 'x',
          name: 'y',
          email: 'z@z.test',
        })
      ).status,
    ).toBe(401);
  });

  it('deleting keeps the payments; the merchant can no longer be found or paid', async () => {
    const m = await createConnectedMerchant(t);
    const { state } = await payThroughLink(t, {
      merchant: m.id,
      invoice: 'INV-DEL',
      linkAmount: '100.00',
      amount: 5000,
    });
    const del = await json(t.app, 'DELETE', `/api/admin/merchants/${m.id}`, undefined, admin);
    expect(del.status).toBe(200);
    expect((await json(t.app, 'GET', `/api/admin/merchants/${m.id}`, undefined, admin)).status).toBe(404);
    const session = await openSession(t, { merchant: m.id, invoice: 'INV-DEL', amount: '100.00' });
    expect(session.status).toBe(404);
    expect(session.body.error.message).toBe(
      'Could not find the merchant. Please check the URL and try again.',
    );
    const payment = await json(t.app, 'GET', `/api/admin/payments/${state.paymentId}`, undefined, admin);
    expect(payment.status).toBe(200);
    expect(payment.body.merchant_name).toBe(m.business_name);
    const list = await json(
      t.app,
      'GET',
      `/api/admin/merchants?filter=${encodeURIComponent(JSON.stringify({ id: [m.id] }))}`,
      undefined,
      admin,
    );
    expect(list.body).toEqual([]);
  });

  it('the demo seed adds a connected demo merchant and prints a link that can be paid', async () => {
    const lines = await runDemoSeed(t.deps, [demoMerchantSeedStep]);
    const link = lines.map((l) => /(http\S+\/pay\/\S+)/.exec(l)?.[1]).find(Boolean)!;
    const url = new URL(link);
    expect(url.searchParams.get('INVOICENUMBER')).toBe('INV-1001');
    const id = url.pathname.split('/').pop()!;
    const session = await openSession(t, {
      merchant: id,
      invoice: 'INV-1001',
      amount: url.searchParams.get('AMOUNTDUE')!,
    });
    expect(session.body).toMatchObject({
      merchant: { name: 'Demo Building Supplies', ready: true },
      invoice: { balance: 125000 },
    });
    // A later start creates no second merchant and prints the same ready-to-pay link again.
    expect(await runDemoSeed(t.deps, [demoMerchantSeedStep])).toEqual(lines);
    const demo = await t.deps.database.db
      .selectFrom('merchants')
      .select('id')
      .where('business_name', '=', 'Demo Building Supplies')
      .execute();
    expect(demo).toHaveLength(1);
  });

  describe('pay-link resolution', () => {
    it('finds the merchant by id, by shortcode (any case), and by a short merchant segment', async () => {
      const m = await createConnectedMerchant(t, { business_name: 'Resolve Co' });
      for (const q of [
        { merchant: m.id },
        { merchant: m.shortcode },
        { merchant: m.shortcode.toUpperCase() },
      ]) {
        const res = await openSession(t, { ...q, invoice: 'INV-1', amount: '10.00' });
        expect(res.status, JSON.stringify(q)).toBe(200);
        expect(res.body.merchant).toMatchObject({
          id: m.id,
          name: 'Resolve Co',
          shortcode: m.shortcode,
          ready: true,
        });
      }
      const byShortcode = await json(t.app, 'GET', `/api/pay/session?shortcode=${m.shortcode}&invoice=INV-1`);
      expect(byShortcode.body.merchant.id).toBe(m.id);
    });

    it('finds legacy rows whose shortcode lives in metadata', async () => {
      const m = await createConnectedMerchant(t, { metadata: JSON.stringify({ shortcode: 'LEGACY42' }) });
      const res = await json(t.app, 'GET', '/api/pay/session?shortcode=legacy42&invoice=INV-1');
      expect(res.status).toBe(200);
      expect(res.body.merchant.id).toBe(m.id);
    });

    it("answers the spec's errors for a blank or unknown merchant", async () => {
      const blank = await json(t.app, 'GET', '/api/pay/session?merchant=%20&invoice=INV-1');
      expect(blank.status).toBe(400);
      expect(blank.body.error.message).toBe('Invalid merchant. Please check the URL and try again.');
      for (const ref of [crypto.randomUUID(), 'abcd1234', 'x'.repeat(40)]) {
        const res = await json(t.app, 'GET', `/api/pay/session?merchant=${ref}&invoice=INV-1`);
        expect(res.status).toBe(404);
        expect(res.body.error.message).toBe(
          'Could not find the merchant. Please check the URL and try again.',
        );
      }
    });

    it('looks the connected account up in the spec order, including metadata as a JSON string or object', async () => {
      const rows: Array<[Parameters<typeof createConnectedMerchant>[1], string]> = [
        [
          { stripe_account_id: 'acct_first', metadata: JSON.stringify({ stripe_account_id: 'acct_meta' }) },
          'acct_first',
        ],
        [
          {
            stripe_account_id: null,
            metadata: JSON.stringify({ connected_account_id: 'acct_meta_conn', stripe_id: 'acct_meta_sid' }),
          },
          'acct_meta_sid',
        ],
        [
          {
            stripe_account_id: null,
            metadata: JSON.stringify(JSON.stringify({ stripe_connect_id: 'acct_double' })),
          },
          'acct_double',
        ],
      ];
      for (const [overrides, expected] of rows) {
        const m = await createConnectedMerchant(t, overrides);
        const res = await openSession(t, { merchant: m.id, invoice: 'INV-1', amount: '1.00' });
        expect(res.body.provider.connectedAccountId).toBe(expected);
      }
      const legacyColumn = await createConnectedMerchant(t, { stripe_account_id: null });
      await t.deps.database.db
        .updateTable('merchants')
        .set({ stripe_connect_id: 'acct_connect_col' })
        .where('id', '=', legacyColumn.id)
        .execute();
      expect(
        (await openSession(t, { merchant: legacyColumn.id, invoice: 'INV-1' })).body.provider
          .connectedAccountId,
      ).toBe('acct_connect_col');
    });

    it('a merchant without an account opens as not ready and cannot be paid', async () => {
      const m = await createConnectedMerchant(t, { stripe_account_id: null, stripe_charges_enabled: 0 });
      const session = await openSession(t, { merchant: m.id, invoice: 'INV-1', amount: '10.00' });
      expect(session.status).toBe(200);
      expect(session.body.merchant).toMatchObject({
        ready: false,
        notReadyReason: 'This merchant has not connected their Stripe account',
      });
      const unread = { confirmationToken: 'ctoken_notread', quoteId: 'q1.not.read' };
      const res = await createPayment(t, {
        merchantId: m.id,
        amount: 1000,
        invoiceNumber: 'INV-1',
        paySessionId: session.body.paySessionId,
        ...unread,
      });
      expect(res.status).toBe(422);
      expect(res.body.error.message).toBe('This merchant has not connected their Stripe account');
      const pending = await createConnectedMerchant(t, { stripe_charges_enabled: 0 });
      const res2 = await createPayment(t, {
        merchantId: pending.id,
        amount: 1000,
        invoiceNumber: 'INV-1',
        amountDue: 1000,
        ...unread,
      });
      expect(res2.body.error.message).toBe(
        "This merchant hasn't completed their payment setup yet. Please contact them directly.",
      );
    });
  });
});
