/**
 * Xero scopes and the Pay now set-up, against the fake Xero's consent screen and scope checks:
 * XERO_SCOPES replaces the granular default (an app created before March 2026 may keep
 * `accounting.transactions`, which a new app is refused); a connection made with the old scopes,
 * or before granted scopes were recorded, keeps working; a missing scope fails once with a message
 * naming it; with `paymentservices` the console adds our payment service to chosen branding themes.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runOutboxOnce } from '../../api/accounting/sync/worker.ts';
import { json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { GRANULAR_SCOPES, startFakeXero, type FakeXero } from '../support/fake-xero.ts';
import {
  cancelQueued,
  connectXero,
  createAccountingApp,
  jobOf,
  payInvoice,
  xeroEnv,
} from './support/accounting.ts';
import { createConnectedMerchant } from './support/payments.ts';

const skip = await skipPostgres();
const LEGACY =
  'openid profile email offline_access accounting.transactions accounting.settings.read accounting.contacts.read';

describe.skipIf(skip)(`Xero scopes and Pay now set-up (${testDialect})`, () => {
  let xero: FakeXero;
  const apps: TestApp[] = [];
  let n = 0;
  beforeAll(async () => {
    xero = await startFakeXero();
  });
  afterEach(async () => {
    for (const t of apps) await cancelQueued(t);
    xero.newApp = true;
    xero.paymentServicesAllowed = false;
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await xero?.close();
  });
  const app = async (env: Record<string, string> = {}) => {
    const t = await createAccountingApp(xeroEnv(xero, env));
    apps.push(t);
    return { t, admin: await adminHeaders(t) };
  };

  describe('XERO_SCOPES and old connections', () => {
    let t: TestApp;
    let admin: { authorization: string };
    beforeAll(async () => ({ t, admin } = await app({ XERO_SCOPES: LEGACY })));
    beforeEach(async () => {
      admin = await adminHeaders(t);
    });

    it('asks for exactly XERO_SCOPES; a new Xero app is refused accounting.transactions, an older one records with it', async () => {
      const merchant = await createConnectedMerchant(t);
      const start = await json(
        t.app,
        'POST',
        `/api/admin/merchants/${merchant.id}/accounting/xero/connect-url`,
        {},
        admin,
      );
      expect(new URL(start.body.url).searchParams.get('scope')).toBe(LEGACY);
      expect(xero.consent(start.body.url)).toEqual({ error: 'invalid_scope' }); // what a new app gets

      xero.newApp = false; // an app created before 2 March 2026
      const { done } = await connectXero(t, xero, admin, merchant.id);
      expect(done.granted_scopes).toEqual(LEGACY.split(' '));
      const invoice = `INV-S${++n}`;
      xero.addInvoice(invoice, 100000);
      const payment = await payInvoice(t, { merchant: merchant.id, invoice, amount: 30017 });
      expect(await runOutboxOnce(t.deps)).toMatchObject({ delivered: 1 });
      expect(xero.amountDue(invoice)).toBe(100000 - 30017);
      expect(await jobOf(t, payment.id, 'xero')).toMatchObject({ status: 'delivered' });
    });

    it('keeps a connection made before granted scopes were recorded working, and records them at the next refresh', async () => {
      xero.newApp = false;
      const merchant = await createConnectedMerchant(t);
      await connectXero(t, xero, admin, merchant.id);
      await t.deps.database.db
        .updateTable('accounting_connections')
        .set({ granted_scopes: null })
        .where('merchant_id', '=', merchant.id)
        .execute();
      const shown = await json(
        t.app,
        'GET',
        `/api/admin/merchants/${merchant.id}/accounting`,
        undefined,
        admin,
      );
      expect(shown.body).toMatchObject({ granted_scopes: null, payment_services: false });
      const invoice = `INV-S${++n}`;
      xero.addInvoice(invoice, 100000);
      await payInvoice(t, { merchant: merchant.id, invoice, amount: 12345 });
      xero.expireAccessTokens();
      expect(await runOutboxOnce(t.deps)).toMatchObject({ delivered: 1 });
      const after = await json(
        t.app,
        'GET',
        `/api/admin/merchants/${merchant.id}/accounting`,
        undefined,
        admin,
      );
      expect(after.body.granted_scopes).toEqual(LEGACY.split(' '));
    });
  });

  describe('a scope the connection lacks', () => {
    let t: TestApp;
    let admin: { authorization: string };
    const withoutBank = GRANULAR_SCOPES.filter((s) => s !== 'accounting.banktransactions').join(' ');
    beforeAll(async () => ({ t, admin } = await app({ XERO_SCOPES: withoutBank })));
    beforeEach(async () => {
      admin = await adminHeaders(t);
    });

    it('fails once, naming the scope, instead of retrying a 401 for ever', async () => {
      const message =
        'The Xero connection was not granted the accounting.banktransactions scope (needed to record the surcharge as money received and refunded). Add it to XERO_SCOPES if your Xero app does not ask for it, then connect Xero again.';
      const merchant = await createConnectedMerchant(t);
      await connectXero(t, xero, admin, merchant.id);
      const invoice = `INV-S${++n}`;
      xero.addInvoice(invoice, 100000);
      const payment = await payInvoice(t, { merchant: merchant.id, invoice, amount: 20011 });
      const before = xero.apiRequests().length;
      await runOutboxOnce(t.deps);
      // Known scopes: checked before calling; the payment on the invoice went in, the surcharge did not.
      expect(
        xero
          .apiRequests()
          .slice(before)
          .map((r) => `${r.method} ${r.path.split('/').pop()}`),
      ).toEqual(['GET Invoices', 'PUT Payments']);
      expect(await jobOf(t, payment.id, 'xero')).toMatchObject({
        status: 'failed',
        attempts: 1,
        last_error: message,
      });

      // Unknown scopes (an old connection): Xero's own 401 AuthorizationUnsuccessful says the same.
      await t.deps.database.db
        .updateTable('accounting_connections')
        .set({ granted_scopes: null })
        .where('merchant_id', '=', merchant.id)
        .execute();
      const sentBefore = xero.requests.length;
      const again = await json(
        t.app,
        'POST',
        `/api/admin/outbox/${(await jobOf(t, payment.id, 'xero')).id}/retry`,
        undefined,
        admin,
      );
      expect(again.body).toMatchObject({ status: 'failed', attempts: 1, last_error: message });
      const sent = xero.requests.slice(sentBefore);
      expect(sent.filter((r) => r.path.endsWith('/BankTransactions'))).toHaveLength(1); // asked once, refused
      expect(sent.filter((r) => r.path === '/connect/token')).toHaveLength(0); // no pointless token refresh
    });

    it('offers the copy panel instead of the Pay now set-up without the paymentservices scope', async () => {
      const merchant = await createConnectedMerchant(t);
      await connectXero(t, xero, admin, merchant.id);
      const got = await json(
        t.app,
        'GET',
        `/api/admin/merchants/${merchant.id}/accounting/xero/pay-now`,
        undefined,
        admin,
      );
      expect(got.status).toBe(200);
      expect(got.body).toMatchObject({
        can_set_up: false,
        reason: 'scope_missing',
        url_template: `http://127.0.0.1:8787/pay/${merchant.id}?INVOICENUMBER=[INVOICENUMBER]&AMOUNTDUE=[AMOUNTDUE]&CURRENCY=[CURRENCY]&SHORTCODE=${merchant.shortcode}`,
        branding_themes: [],
      });
      const post = await json(
        t.app,
        'POST',
        `/api/admin/merchants/${merchant.id}/accounting/xero/pay-now`,
        { branding_theme_ids: [xero.brandingThemes[0].BrandingThemeID] },
        admin,
      );
      expect(post.status).toBe(422);
      expect(xero.apiRequests().some((r) => r.path.includes('PaymentServices'))).toBe(false);
    });
  });

  describe('with the paymentservices scope', () => {
    let t: TestApp;
    let admin: { authorization: string };
    beforeAll(
      async () =>
        ({ t, admin } = await app({ XERO_SCOPES: [...GRANULAR_SCOPES, 'paymentservices'].join(' ') })),
    );
    beforeEach(async () => {
      admin = await adminHeaders(t);
    });

    it('adds the Pay now link to the branding themes the admin picks, once', async () => {
      xero.paymentServicesAllowed = true;
      const merchant = await createConnectedMerchant(t);
      const { done } = await connectXero(t, xero, admin, merchant.id);
      expect(done.payment_services).toBe(true);
      const [standard, trade] = xero.brandingThemes;
      const path = `/api/admin/merchants/${merchant.id}/accounting/xero/pay-now`;
      const before = await json(t.app, 'GET', path, undefined, admin);
      expect(before.body).toMatchObject({
        can_set_up: true,
        payment_service: null,
        branding_themes: [
          { id: standard.BrandingThemeID, name: 'Standard', attached: false },
          { id: trade.BrandingThemeID, name: 'Trade accounts', attached: false },
        ],
      });
      const first = await json(
        t.app,
        'POST',
        path,
        { branding_theme_ids: [standard.BrandingThemeID] },
        admin,
      );
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body).toMatchObject({ created: true, attached: ['Standard'], already_attached: [] });
      expect(first.body.message).toBe(
        'Created the payment service "InvoicePay" in Xero; added it to Standard.',
      );
      const services = [...xero.paymentServices.values()];
      expect(services).toEqual([
        expect.objectContaining({
          PaymentServiceName: 'InvoicePay',
          PaymentServiceUrl: before.body.url_template,
          PayNowText: 'Pay now by card',
          PaymentServiceType: 'Custom',
        }),
      ]);
      expect([...(xero.themeServices.get(standard.BrandingThemeID) ?? [])]).toEqual([
        services[0].PaymentServiceID,
      ]);

      const second = await json(
        t.app,
        'POST',
        path,
        { branding_theme_ids: [standard.BrandingThemeID, trade.BrandingThemeID] },
        admin,
      );
      expect(second.body).toMatchObject({
        created: false,
        attached: ['Trade accounts'],
        already_attached: ['Standard'],
      });
      expect(xero.paymentServices.size).toBe(1);
      const after = await json(t.app, 'GET', path, undefined, admin);
      expect(after.body.branding_themes.map((x: { attached: boolean }) => x.attached)).toEqual([true, true]);
      const unknown = await json(t.app, 'POST', path, { branding_theme_ids: ['not-a-theme'] }, admin);
      expect(unknown.status).toBe(400);
      const audit = await t.deps.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('target_id', '=', merchant.id)
        .where('action', '=', 'accounting.pay_now_setup')
        .execute();
      expect(audit).toHaveLength(2);
    });
  });
});
