/**
 * The console-only admin endpoints: /api/admin/stats (totals, revenue net of refunded fees, the
 * 30-day series), /api/admin/invoices (balances, overpaid flag, simple-rest) and
 * /api/admin/diagnostics. Same file on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, createAdmin, userHeaders } from '../support/auth.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();
const DAY = 86_400_000;

describe.skipIf(skip)(`admin console endpoints (${testDialect})`, () => {
  let t: TestApp;
  let admin: { authorization: string };
  const now = () => t.clock.now().getTime();
  const iso = (ms: number) => new Date(ms).toISOString();

  async function merchant(
    name: string,
    options: {
      onboarded?: boolean;
      deleted?: boolean;
      createdAgo?: number;
      bps?: number;
      status?: 'active' | 'pending' | 'inactive';
    } = {},
  ) {
    const id = crypto.randomUUID();
    const at = iso(now() - (options.createdAgo ?? 0));
    await t.deps.database.db
      .insertInto('merchants')
      .values({
        id,
        shortcode: id.slice(0, 8),
        business_name: name,
        name: `${name} contact`,
        email: `${name.toLowerCase().replace(/\W+/g, '')}@example.test`,
        stripe_account_id: options.onboarded ? `acct_${id.slice(0, 8)}` : null,
        stripe_onboarding_complete: options.onboarded ? 1 : 0,
        surcharge_bps: options.bps ?? 295,
        status: options.status ?? 'active',
        deleted_at: options.deleted ? at : null,
        created_at: at,
        last_updated: at,
      })
      .execute();
    return id;
  }

  async function payment(
    merchantId: string,
    p: {
      status: string;
      amount: number;
      fee: number;
      currency?: string;
      ago?: number;
      refunded?: number;
      invoiceId?: string;
    },
  ) {
    const id = crypto.randomUUID();
    const at = iso(now() - (p.ago ?? 0));
    const settled = ['succeeded', 'partially_refunded', 'refunded'].includes(p.status);
    await t.deps.database.db
      .insertInto('payments')
      .values({
        id,
        merchant_id: merchantId,
        invoice_id: p.invoiceId ?? null,
        observation_id: null,
        invoice_number: `INV-${id.slice(0, 6)}`,
        currency: p.currency ?? 'AUD',
        amount: p.amount,
        surcharge: 0,
        platform_fee: p.fee,
        total_amount: p.amount,
        refunded_amount: p.refunded ?? 0,
        link_amount: null,
        payment_intent_id: `pi_${id.replace(/-/g, '')}`,
        session_id: null,
        pay_session_id: null,
        stripe_connect_account_id: null,
        status: p.status as 'succeeded',
        reserved_until: null,
        customer_email: null,
        client_ip: null,
        card_brand: null,
        card_last4: null,
        card_funding: null,
        card_country: null,
        failure_code: null,
        failure_message: null,
        surcharge_rule: null,
        xero_sync_status: null,
        xero_sync_time: null,
        xero_sync_error: null,
        succeeded_at: settled ? at : null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return id;
  }

  async function refund(
    paymentId: string,
    amount: number,
    fee: number,
    status: 'succeeded' | 'failed' = 'succeeded',
  ) {
    const at = iso(now());
    await t.deps.database.db
      .insertInto('refunds')
      .values({
        id: crypto.randomUUID(),
        payment_id: paymentId,
        amount,
        surcharge: 0,
        platform_fee_refunded: fee,
        total_amount: amount,
        status,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminHeaders(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses anonymous callers (401) and signed-in non-admins (403) on every console endpoint', async () => {
    const user = await userHeaders(t);
    for (const path of [
      '/api/admin/stats',
      '/api/admin/invoices',
      '/api/admin/invoices/x',
      '/api/admin/diagnostics',
    ]) {
      const anon = await json(t.app, 'GET', path);
      expect(anon.status, path).toBe(401);
      expect(anon.body.error.message).toBe('You must be logged in to perform this action.');
      const denied = await json(t.app, 'GET', path, undefined, user);
      expect(denied.status, path).toBe(403);
      expect(denied.body.error.code).toBe('forbidden');
    }
  });

  it('answers zeros and an empty 30-day series on an empty platform', async () => {
    const res = await json(t.app, 'GET', '/api/admin/stats', undefined, admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      total_merchants: 0,
      active_merchants: 0,
      awaiting_review: 0,
      suspended_merchants: 0,
      stripe_connected: 0,
      onboarded_percentage: 0,
      total_payments: 0,
      platform_revenue: [],
      platform_fee_bps: 125,
    });
    expect(res.body.series).toHaveLength(30);
    expect(res.body.series[29]).toEqual({ date: '2026-11-22', payments: 0, revenue: [], volume: [] });
    expect(res.body.series[0].date).toBe('2026-10-24');
    expect(res.body.series_from).toBe('2026-10-24');
    expect(res.body.series_to).toBe('2026-11-22');
  });

  describe('with merchants and payments', () => {
    let acme: string;
    beforeAll(async () => {
      acme = await merchant('Acme Timber', { onboarded: true, createdAgo: 3 * DAY });
      const bricks = await merchant('Bricks Co', { onboarded: true, createdAgo: 2 * DAY });
      await merchant('Onboarding Steel', { createdAgo: DAY, status: 'pending' });
      await merchant('Gone Pty', { onboarded: true, deleted: true });
      // Counted: succeeded today (fee 125), partially refunded 2 days ago (fee 250 less 50 returned; a
      // failed refund returns nothing), succeeded in USD 40 days ago (totals, not the series).
      await payment(acme, { status: 'succeeded', amount: 10_000, fee: 125 });
      const partly = await payment(acme, {
        status: 'partially_refunded',
        amount: 20_000,
        fee: 250,
        refunded: 4_000,
        ago: 2 * DAY,
      });
      await refund(partly, 4_000, 50);
      await refund(partly, 1_000, 12, 'failed');
      await payment(bricks, { status: 'succeeded', amount: 5_000, fee: 63, currency: 'USD', ago: 40 * DAY });
      // Not counted: fully refunded, failed, in flight, expired.
      const full = await payment(bricks, { status: 'refunded', amount: 8_000, fee: 100, refunded: 8_000 });
      await refund(full, 8_000, 100);
      await payment(acme, { status: 'failed', amount: 7_000, fee: 88 });
      await payment(acme, { status: 'pending', amount: 9_000, fee: 113 });
      await payment(acme, { status: 'expired', amount: 9_000, fee: 113 });
    });

    it('counts live merchants, onboarded share, processed payments and revenue net of refunded fees per currency', async () => {
      const res = await json(t.app, 'GET', '/api/admin/stats', undefined, admin);
      expect(res.status).toBe(200);
      expect(res.body.total_merchants).toBe(3);
      // The counts say what they mean: approved, awaiting review, suspended; connected to Stripe.
      expect(res.body).toMatchObject({
        active_merchants: 2,
        awaiting_review: 1,
        suspended_merchants: 0,
        stripe_connected: 2,
      });
      expect(res.body.onboarded_percentage).toBe(66.7);
      expect(res.body.total_payments).toBe(3);
      expect(res.body.platform_revenue).toEqual([
        { currency: 'AUD', amount: 125 + 250 - 50 },
        { currency: 'USD', amount: 63 },
      ]);
      expect(res.body.payment_volume).toEqual([
        { currency: 'AUD', amount: 10_000 + 16_000 },
        { currency: 'USD', amount: 5_000 },
      ]);
    });

    it('puts each counted payment on its day in the 30-day series (the platform zone: DEFAULT_TIME_ZONE)', async () => {
      const { body } = await json(t.app, 'GET', '/api/admin/stats', undefined, admin);
      const byDate = Object.fromEntries(body.series.map((d: { date: string }) => [d.date, d]));
      expect(byDate['2026-11-22']).toEqual({
        date: '2026-11-22',
        payments: 1,
        revenue: [{ currency: 'AUD', amount: 125 }],
        volume: [{ currency: 'AUD', amount: 10_000 }],
      });
      expect(byDate['2026-11-20']).toEqual({
        date: '2026-11-20',
        payments: 1,
        revenue: [{ currency: 'AUD', amount: 200 }],
        volume: [{ currency: 'AUD', amount: 20_000 - 4_000 }], // net of the refund
      });
      const total = body.series.reduce((n: number, d: { payments: number }) => n + d.payments, 0);
      expect(total).toBe(2); // the USD payment is 40 days old
    });

    it('lists invoices with balance and the overpaid flag, filters overpaid ones, and pages with Content-Range', async () => {
      const at = iso(now());
      const db = t.deps.database.db;
      const fine = crypto.randomUUID();
      const over = crypto.randomUUID();
      const open = crypto.randomUUID();
      await db
        .insertInto('invoices')
        .values([
          {
            id: fine,
            merchant_id: acme,
            invoice_number: 'INV-100',
            number_key: 'inv-100',
            currency: 'AUD',
            paid_amount: 25_000,
            reserved_amount: 5_000,
            written_back_amount: 0,
            credible_limit: 100_000,
            overpaid: 0,
            created_at: at,
            updated_at: iso(now() - 1000),
          },
          {
            id: over,
            merchant_id: acme,
            invoice_number: 'INV-200',
            number_key: 'inv-200',
            currency: 'AUD',
            paid_amount: 12_000,
            reserved_amount: 0,
            written_back_amount: 0,
            credible_limit: 10_000,
            overpaid: 1,
            created_at: at,
            updated_at: at,
          },
          {
            id: open,
            merchant_id: acme,
            invoice_number: 'INV-300',
            number_key: 'inv-300',
            currency: 'NZD',
            paid_amount: 0,
            reserved_amount: 0,
            written_back_amount: 0,
            credible_limit: null,
            overpaid: 0,
            created_at: at,
            updated_at: iso(now() - 2000),
          },
        ])
        .execute();

      const all = await json(
        t.app,
        'GET',
        '/api/admin/invoices?sort=["invoice_number","ASC"]&range=[0,1]',
        undefined,
        admin,
      );
      expect(all.status).toBe(200);
      expect(all.headers.get('content-range')).toBe('invoices 0-1/3');
      expect(all.body.map((i: { invoice_number: string }) => i.invoice_number)).toEqual([
        'INV-100',
        'INV-200',
      ]);
      expect(all.body[0]).toMatchObject({
        merchant_name: 'Acme Timber',
        balance: 70_000,
        overpaid: false,
        overpaid_amount: 0,
      });
      expect(all.body[1]).toMatchObject({ balance: 0, overpaid: true, overpaid_amount: 2_000 });

      const flagged = await json(
        t.app,
        'GET',
        `/api/admin/invoices?filter=${encodeURIComponent(JSON.stringify({ overpaid: true }))}`,
        undefined,
        admin,
      );
      expect(flagged.body.map((i: { id: string }) => i.id)).toEqual([over]);
      const notFlagged = await json(
        t.app,
        'GET',
        `/api/admin/invoices?filter=${encodeURIComponent(JSON.stringify({ overpaid: false }))}`,
        undefined,
        admin,
      );
      expect(notFlagged.body.map((i: { id: string }) => i.id).sort()).toEqual([fine, open].sort());

      const one = await json(t.app, 'GET', `/api/admin/invoices/${open}`, undefined, admin);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({
        invoice_number: 'INV-300',
        currency: 'NZD',
        balance: null,
        overpaid: false,
      });

      const missing = await json(
        t.app,
        'GET',
        `/api/admin/invoices/${crypto.randomUUID()}`,
        undefined,
        admin,
      );
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toBe('Invoice not found.');

      const bad = await json(t.app, 'GET', '/api/admin/invoices?sort=["password","ASC"]', undefined, admin);
      expect(bad.status).toBe(400);
      expect(bad.body.error.field).toBe('sort');
    });
  });

  it("redirects the spec's public diagnostic pages to the admin-only console page", async () => {
    for (const path of ['/debug', '/test/supabase']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location')).toBe('/admin/diagnostics');
    }
  });

  it('reports the database, provider mode, version, the signed-in admin and the five newest merchants', async () => {
    const other = await createTestApp();
    try {
      const { user, headers } = await createAdmin(other);
      for (let i = 1; i <= 6; i++) {
        const id = crypto.randomUUID();
        const at = new Date(other.clock.now().getTime() - (10 - i) * 60_000).toISOString();
        await other.deps.database.db
          .insertInto('merchants')
          .values({
            id,
            shortcode: id.slice(0, 8),
            business_name: `Merchant ${i}`,
            name: `Contact ${i}`,
            email: `m${i}@example.test`,
            surcharge_bps: 100 + i,
            created_at: at,
            last_updated: at,
          })
          .execute();
      }
      const res = await json(other.app, 'GET', '/api/admin/diagnostics', undefined, headers);
      expect(res.status).toBe(200);
      expect(res.body.database).toMatchObject({ connected: true, dialect: testDialect, error: null });
      expect(res.body.payments_provider).toBe('sandbox');
      expect(res.body.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(res.body.user).toEqual({ id: user.id, email: user.email, role: 'admin', is_admin: true });
      expect(res.body.merchants.map((m: { business_name: string }) => m.business_name)).toEqual([
        'Merchant 6',
        'Merchant 5',
        'Merchant 4',
        'Merchant 3',
        'Merchant 2',
      ]);
      expect(res.body.merchants[0]).toMatchObject({
        email: 'm6@example.test',
        status: 'active',
        surcharge_percentage: 1.06,
      });
    } finally {
      await other.close();
    }
  });
});
