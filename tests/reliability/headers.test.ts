/**
 * Security headers (issue 10): each HTML surface carries a Content-Security-Policy that allows
 * exactly what it needs — the hosted pay page our origin plus Stripe's documented origins, the site
 * and the console our origin only — with `frame-ancestors 'none'`, Referrer-Policy,
 * X-Content-Type-Options, and HSTS only for requests that came over HTTPS through a trusted proxy.
 * Then, in Chromium against the real server, ZERO `securitypolicyviolation` events while a full
 * sandbox payment, a full Stripe-mode payment (Stripe.js double served at js.stripe.com) and an
 * admin session run: the policy is tight and still lets every surface work.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, NON_DOCUMENT_POLICY } from '../../api/http/security.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.ts';
import { seededAdmin, signIn } from '../e2e/support/admin.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import {
  CARDS,
  createConnectedMerchant,
  fillSandboxCard,
  money,
  waitForForm,
  widget,
} from '../e2e/support/pay-fixtures.ts';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import { installStripeDouble, scriptBrowserApi } from '../e2e/support/stripe-double/index.ts';
import { watchContext, type Watch } from './support/browser-watch.ts';

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v]),
  );

describe('security headers over HTTP', () => {
  let t: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    [t, proxied] = await Promise.all([createTestApp(), createTestApp({ env: { TRUST_PROXY: '1' } })]);
  });
  afterAll(async () => {
    await t?.close();
    await proxied?.close();
  });

  it('gives each HTML surface its own policy: Stripe only on the pay page, nothing may frame us', async () => {
    const surfaces = [
      ['/', 'site'],
      ['/blog', 'site'],
      ['/success?session_id=pi_x', 'site'],
      ['/pay/5b1f9bde-5ea1-4e55-9a57-3a5a8e0f11aa?AMOUNTDUE=10', 'pay'],
      ['/admin/', 'console'],
      ['/admin/merchants', 'console'],
    ] as const;
    for (const [path, surface] of surfaces) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp, path).toBe(contentSecurityPolicy(surface));
      const d = directives(csp);
      expect(d.get('default-src'), path).toEqual(["'self'"]);
      expect(d.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(d.get('object-src'), path).toEqual(["'none'"]);
      expect(d.get('base-uri'), path).toEqual(["'none'"]);
      // No inline or eval'd script anywhere, and no origin but ours and Stripe's.
      const script = d.get('script-src')!;
      expect(
        script.filter((s) => s.startsWith("'unsafe") || s === 'data:' || s === '*' || s === 'https:'),
        path,
      ).toEqual([]);
      const origins = [...d.values()].flat().filter((s) => s.includes('://'));
      const allowed =
        surface === 'pay'
          ? [
              'https://js.stripe.com',
              'https://*.js.stripe.com',
              'https://hooks.stripe.com',
              'https://api.stripe.com',
            ]
          : [];
      expect(
        origins.filter((o) => !allowed.includes(o)),
        path,
      ).toEqual([]);
      if (surface === 'pay') {
        expect(script).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
        expect(d.get('frame-src')).toEqual([
          'https://js.stripe.com',
          'https://*.js.stripe.com',
          'https://hooks.stripe.com',
        ]);
        expect(d.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
        // The merchant's logo: any https image, and images only.
        expect(d.get('img-src')).toEqual(["'self'", 'data:', 'https:']);
      } else {
        expect(script).toEqual(["'self'"]);
        expect(d.get('frame-src')).toEqual(["'none'"]);
        expect(d.get('connect-src')).toEqual(["'self'"]);
      }
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
  });

  it('sends API answers with a no-powers policy, nosniff and no framing, without document-only headers', async () => {
    for (const path of ['/api/public/config', '/api/openapi.json', '/api/admin/merchants', '/api/nope']) {
      const res = await t.app.request(path);
      expect(res.headers.get('content-security-policy'), path).toBe(NON_DOCUMENT_POLICY);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
      // What a document goes on to do (referrers, powers, openers): nothing for a JSON answer.
      for (const name of ['referrer-policy', 'permissions-policy', 'cross-origin-opener-policy'])
        expect(res.headers.get(name), `${path} ${name}`).toBeNull();
    }
    // The API reference is a page: it gets the document's headers too.
    const docs = await t.app.request('/api/docs');
    expect(docs.headers.get('content-type')).toMatch(/^text\/html/);
    expect(docs.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(docs.headers.get('permissions-policy')).toContain('camera=()');
  });

  it('sends HSTS only for HTTPS through a trusted proxy (TRUST_PROXY=1), never on a forged header', async () => {
    const hsts = async (app: TestApp, headers: Record<string, string>) =>
      (await app.app.request('/', { headers })).headers.get('strict-transport-security');
    expect(await hsts(t, {})).toBeNull();
    expect(await hsts(t, { 'x-forwarded-proto': 'https' })).toBeNull(); // not behind a proxy: anyone can send it
    expect(await hsts(proxied, {})).toBeNull();
    expect(await hsts(proxied, { 'x-forwarded-proto': 'http' })).toBeNull();
    expect(await hsts(proxied, { 'x-forwarded-proto': 'https' })).toBe('max-age=31536000; includeSubDomains');
    expect(await hsts(proxied, { 'x-forwarded-proto': 'https, http' })).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const api = await proxied.app.request('/api/public/config', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(api.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('Content-Security-Policy in Chromium: zero violations through real use', () => {
  let server: RunningServer;
  let stripeServer: RunningServer;
  let fake: FakeStripe;
  let browser: Browser;

  beforeAll(async () => {
    fake = await startFakeStripe();
    [server, stripeServer, browser] = await Promise.all([
      startServer(),
      startServer({
        env: {
          PAYMENTS_PROVIDER: 'stripe',
          STRIPE_SECRET_KEY: 'sk_test_reliability_csp',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_reliability_csp',
          STRIPE_API_BASE: fake.url,
        },
      }),
      launchBrowser(),
    ]);
    scriptBrowserApi(fake);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await stripeServer?.stop();
    await fake?.close();
  });

  async function fresh(): Promise<{ page: Page; watch: Watch; close(): Promise<void> }> {
    const context = await browser.newContext();
    const watch = await watchContext(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return { page, watch, close: () => context.close() };
  }

  it('runs a full sandbox payment, the success page and the public site without a violation', async () => {
    const merchant = createConnectedMerchant(server);
    const { page, watch, close } = await fresh();
    try {
      await page.goto(
        `${server.baseUrl}/pay/${merchant.id}?INVOICENUMBER=INV-CSP1&AMOUNTDUE=100.00&CURRENCY=AUD`,
      );
      const w = widget(page);
      await waitForForm(w);
      await fillSandboxCard(w, CARDS.visa);
      await w.getByRole('button', { name: `Pay ${money(10295)}` }).click();
      await w.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
      await w.getByText('Invoice fully paid!').waitFor();
      const details = await fetch(`${server.baseUrl}/api/admin/payments`).then((r) => r.status);
      expect(details).toBe(401); // the console's API stays closed to the customer's browser session
      for (const path of [
        '/',
        '/blog',
        '/login',
        '/signup',
        '/payment-complete',
        '/cancel?invoice_no=INV-CSP1',
        '/privacy',
      ]) {
        await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'networkidle' });
      }
      expect(watch.violations).toEqual([]);
      expect(watch.dialogs).toEqual([]);
    } finally {
      await close();
    }
  });

  it('runs a full Stripe-mode payment (Stripe.js, Elements frame, api.stripe.com) without a violation', async () => {
    const merchant = createConnectedMerchant(stripeServer, { stripe_account_id: 'acct_cspReliability01' });
    const context = await browser.newContext();
    try {
      const watch = await watchContext(context);
      await installStripeDouble(context, fake);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(
        `${stripeServer.baseUrl}/pay/${merchant.id}?INVOICENUMBER=INV-CSP2&AMOUNTDUE=200.00&CURRENCY=AUD`,
      );
      const w = widget(page);
      await waitForForm(w);
      const card = page.frameLocator('invoice-pay iframe[name^="__privateStripeFrame"]');
      await card.getByLabel('Card number').fill('4242424242424242');
      await card.getByLabel('Expiration date MM / YY').fill('12/34');
      await card.getByLabel('CVC').fill('123');
      await w.getByRole('button', { name: `Pay ${money(20590)}` }).click();
      await w.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
      expect(watch.violations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('runs an admin session across the console without a violation', async () => {
    const merchant = createConnectedMerchant(server, { business_name: 'CSP Console Timber' });
    const { page, watch, close } = await fresh();
    try {
      await signIn(page, server.baseUrl, seededAdmin(server));
      await page.waitForURL(/\/admin\/dashboard/);
      await page.getByText('Total Merchants').first().waitFor();
      const visits: [string, string | RegExp][] = [
        ['/admin/merchants', 'CSP Console Timber'],
        [`/admin/merchants/${merchant.id}`, 'Merchant Details'],
        ['/admin/payments', /INV-CSP1|Payments/],
        ['/admin/blog', 'Post Title'],
        ['/admin/blogs', /Blog/],
        ['/admin/test-xero-urls', /Test/],
        ['/admin/dashboard', 'Recent Payments'],
      ];
      for (const [path, text] of visits) {
        await page.goto(`${server.baseUrl}${path}`);
        await page.getByText(text).first().waitFor();
        await page.waitForLoadState('networkidle');
      }
      expect(watch.violations).toEqual([]);
      expect(watch.dialogs).toEqual([]);
    } finally {
      await close();
    }
  });
});
