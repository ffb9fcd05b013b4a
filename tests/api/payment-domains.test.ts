/**
 * Payment method domains (DESIGN §4): wallets on direct charges need the page's domain
 * registered on the merchant's connected account. The platform's own host is registered when the
 * merchant is onboarded (and when its account starts taking charges); an admin adds the merchant's
 * own sites in the console, sees each registration's Apple Pay / Google Pay status, checks one again
 * or stops tracking it — audited, admin-only. The sandbox keeps the registrations for real.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders, userHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { createConnectedMerchant, sandbox } from './support/payments.ts';

const skip = await skipPostgres();
const REDIRECT = 'https://pay.invoicepay.example/connect/callback';

describe.skipIf(skip)(`payment method domains (${testDialect})`, () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_BASE_URL: 'https://pay.invoicepay.example' } });
    admin = await adminHeaders(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const domainsOf = (merchantId: string) =>
    json(t.app, 'GET', `/api/admin/merchants/${merchantId}/payment-domains`, undefined, admin);

  it("registers the pay page's domain when a merchant is onboarded, on its connected account", async () => {
    const m = (
      await json(
        t.app,
        'POST',
        '/api/admin/merchants',
        { business_name: 'Wallet Co', name: 'W', email: 'w@wallet.test' },
        admin,
      )
    ).body;
    expect((await domainsOf(m.id)).body).toEqual([]);
    const start = await json(
      t.app,
      'POST',
      '/api/admin/stripe-connect-url',
      { redirectUri: REDIRECT, merchantId: m.id, mode: 'onboarding' },
      admin,
    );
    const token = new URL(start.body.url).searchParams.get('link')!;
    await sandbox(t).decideLink(token, true);
    await t.deps.payments.flushEvents(); // account.updated: charges enabled
    const listed = (await domainsOf(m.id)).body;
    expect(listed).toEqual([
      expect.objectContaining({
        domain: 'pay.invoicepay.example',
        source: 'platform',
        status: 'active',
        apple_pay: 'active',
        google_pay: 'active',
        detail: null,
      }),
    ]);
    expect(listed[0].provider_domain_id).toMatch(/^pmd_/);
    const atProvider = await sandbox(t)
      .ctx.db.selectFrom('sandbox_payment_method_domains')
      .selectAll()
      .where('account_id', '=', start.body.accountId)
      .execute();
    expect(atProvider.map((d) => d.domain_name)).toEqual(['pay.invoicepay.example']);
    // Completing the connection again registers nothing twice.
    await json(t.app, 'POST', '/api/admin/stripe-connect-callback', { state: start.body.state }, admin);
    expect((await domainsOf(m.id)).body).toHaveLength(1);
  });

  it("lets an admin add the merchant's own sites, shows their status, checks them again, and removes them", async () => {
    const m = await createConnectedMerchant(t);
    const add = (domain: string) =>
      json(t.app, 'POST', `/api/admin/merchants/${m.id}/payment-domains`, { domain }, admin);
    const site = await add('https://Shop.Supplier.com.au/pay?x=1');
    expect(site.status, JSON.stringify(site.body)).toBe(200);
    expect(site.body).toMatchObject({ domain: 'shop.supplier.com.au', source: 'merchant', status: 'active' });
    const local = await add('localhost');
    expect(local.body).toMatchObject({ status: 'inactive', apple_pay: 'inactive' });
    expect(local.body.detail).toContain('not a public domain name');
    const bad = await add('not a domain!');
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('domain');
    expect((await add('shop.supplier.com.au')).body.id).toBe(site.body.id); // once per domain

    const again = await json(
      t.app,
      'POST',
      `/api/admin/merchants/${m.id}/payment-domains/${site.body.id}/refresh`,
      undefined,
      admin,
    );
    expect(again.body).toMatchObject({ id: site.body.id, status: 'active' });

    const removed = await json(
      t.app,
      'DELETE',
      `/api/admin/merchants/${m.id}/payment-domains/${local.body.id}`,
      undefined,
      admin,
    );
    expect(removed.body).toEqual({ removed: true });
    expect((await domainsOf(m.id)).body.map((d: { domain: string }) => d.domain)).toEqual([
      'shop.supplier.com.au',
    ]);
    const audit = await t.deps.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', m.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['merchant.payment_domain_added', 'merchant.payment_domain_removed']),
    );
  });

  it('needs a connected account and an admin; a provider refusal is recorded, not lost', async () => {
    const unconnected = await createConnectedMerchant(t, { stripe_account_id: null });
    const refused = await json(
      t.app,
      'POST',
      `/api/admin/merchants/${unconnected.id}/payment-domains`,
      { domain: 'shop.example.com' },
      admin,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/Connect this merchant to Stripe first/);
    const m = await createConnectedMerchant(t);
    const user = await userHeaders(t);
    const asUser = await json(t.app, 'GET', `/api/admin/merchants/${m.id}/payment-domains`, undefined, user);
    expect(asUser.status).toBe(403);
    const anonymous = await json(t.app, 'GET', `/api/admin/merchants/${m.id}/payment-domains`);
    expect(anonymous.status).toBe(401);

    const original = t.deps.payments.registerPaymentMethodDomain;
    t.deps.payments.registerPaymentMethodDomain = async () => {
      throw new Error('The domain could not be verified.');
    };
    try {
      const failed = await json(
        t.app,
        'POST',
        `/api/admin/merchants/${m.id}/payment-domains`,
        { domain: 'broken.example.com' },
        admin,
      );
      expect(failed.body).toMatchObject({ status: 'failed', detail: 'The domain could not be verified.' });
    } finally {
      t.deps.payments.registerPaymentMethodDomain = original;
    }
    const retried = await json(
      t.app,
      'POST',
      `/api/admin/merchants/${m.id}/payment-domains/${(await domainsOf(m.id)).body[0].id}/refresh`,
      undefined,
      admin,
    );
    expect(retried.body).toMatchObject({ domain: 'broken.example.com', status: 'active' });
  });
});
