/**
 * The console's part of wallet payments (decision 0009): a merchant's wallet domains (Stripe Payment Method Domains) —
 * added, shown with their Apple Pay / Google Pay status and the provider's reason, removed — and a
 * payment charged on another method than the one quoted, flagged on its page with the surcharge
 * the charged card calls for.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, seededAdmin, signIn } from './support/admin.ts';
import { launchBrowser } from './support/browser.ts';
import { CARDS, createConnectedMerchant, payOverHttp, type TestMerchant } from './support/pay-fixtures.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe('console: wallet domains and charged ≠ quoted', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let merchant: TestMerchant;

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(path.startsWith('/api/admin') ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    token = await bearerFor(server.baseUrl, seededAdmin(server));
    merchant = createConnectedMerchant(server, {
      business_name: 'Wallet Timber',
      surcharge_rules: JSON.stringify([{ funding: 'debit', bps: 0 }]),
    });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, server.baseUrl, seededAdmin(server));
    await page.waitForURL(`${server.baseUrl}/admin/dashboard`);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it("adds the merchant's sites for wallets and shows each one's status", async () => {
    await page.goto(`${server.baseUrl}/admin/merchants/${merchant.id}?tab=developers`);
    const panel = page.locator('section[aria-labelledby="wallet-domains-title"]');
    await panel.getByRole('heading', { name: 'Wallet domains' }).waitFor();
    const field = panel.getByLabel('Merchant site domain');
    await field.fill('https://Shop.Supplier.com.au/pay');
    await panel.getByRole('button', { name: 'Add' }).click();
    const row = panel.getByRole('row').filter({ hasText: 'shop.supplier.com.au' });
    await row.getByText('active', { exact: true }).waitFor();
    await expect(row.getByText('Apple Pay active · Google Pay active').isVisible()).resolves.toBe(true);

    await field.fill('localhost');
    await panel.getByRole('button', { name: 'Add' }).click();
    const local = panel.getByRole('row').filter({ hasText: 'localhost' });
    await local.getByText('inactive', { exact: true }).waitFor();
    await local.getByText(/not a public domain name/).waitFor();
    await local.getByRole('button', { name: 'Remove localhost' }).click();
    await local.waitFor({ state: 'detached' });

    await field.fill('not a domain');
    await panel.getByRole('button', { name: 'Add' }).click();
    await panel.getByText(/Enter a domain name such as/).waitFor();
    const listed = await api('GET', `/api/admin/merchants/${merchant.id}/payment-domains`);
    expect(listed.body.map((d: { domain: string }) => d.domain)).toEqual(['shop.supplier.com.au']);
  });

  it('flags a payment charged on another card than quoted, with the surcharge that should have applied', async () => {
    const waiting = await payOverHttp(server.baseUrl, {
      merchant: merchant.id,
      invoice: 'INV-SWAP-1',
      linkAmount: '400.00',
      amount: 40000,
      card: CARDS.threeDSecure,
    });
    expect(waiting.body.status).toBe('requires_action');
    // With the 3-D Secure client secret, the browser confirms with a debit card instead.
    const pm = await api('POST', '/api/sandbox/payment_methods', {
      type: 'card',
      card: { number: CARDS.visaDebit, exp_month: 12, exp_year: 2034, cvc: '123' },
      stripe_account: merchant.accountId,
    });
    const swapped = await api(
      'POST',
      `/api/sandbox/payment_intents/${waiting.body.paymentIntentId}/confirm`,
      {
        client_secret: waiting.body.clientSecret,
        payment_method: pm.body.id,
      },
    );
    expect(swapped.body.paymentIntent.status).toBe('succeeded');
    const id = waiting.body.paymentId;
    const deadline = Date.now() + 10_000;
    while ((await api('GET', `/api/admin/payments/${id}`)).body.method_mismatch?.charged == null) {
      if (Date.now() > deadline) throw new Error('the mismatch was not recorded');
      await new Promise((r) => setTimeout(r, 100));
    }
    await page.goto(`${server.baseUrl}/admin/payments/${id}`);
    await page
      .getByRole('alert')
      .filter({
        hasText:
          'Charged with a different payment method than quoted: quoted Visa credit •••• 3220, charged Visa debit •••• 5556. Surcharge charged A$11.80 (2.95%); the card charged calls for A$0.00 (0%, rule debit: 0%).',
      })
      .waitFor();
  });
});
