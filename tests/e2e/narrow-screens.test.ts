/**
 * Every page fits a 320 px and a 375 px wide phone without sideways scrolling (issue 36 item 2):
 * `document.documentElement.scrollWidth` is the viewport's width on the site's pages, the hosted
 * pay page (with a payment history), the success page, and the console's lists and records.
 * Amounts and dates never wrap inside a number (`white-space: nowrap` on money and dates).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededAdmin, signIn, bearerFor } from './support/admin.ts';
import { launchBrowser } from './support/browser.ts';
import { callApi, paySucceeded } from './support/console-api.ts';
import { createConnectedMerchant, waitForForm, widget, type TestMerchant } from './support/pay-fixtures.ts';
import { receiptTokenFor } from './support/site.ts';
import { startServer, type RunningServer } from './support/server.ts';

const WIDTHS = [320, 375];

describe('narrow screens', () => {
  let server: RunningServer;
  let browser: Browser;
  let merchant: TestMerchant;
  let paymentId: string;
  let invoiceId: string;
  beforeAll(async () => {
    // Webhooks to 127.0.0.1 are allowed: nothing listens there, so every delivery is a logged failure.
    [server, browser] = await Promise.all([
      startServer({ env: { OUTBOUND_ALLOWLIST: '127.0.0.1' } }),
      launchBrowser(),
    ]);
    merchant = createConnectedMerchant(server, { business_name: 'Narrow Screens Building Supplies Pty Ltd' });
    const token = await bearerFor(server.baseUrl, seededAdmin(server));
    // Deliveries present (issue 50 item 3): the automation webhook's log and an endpoint's events.
    const admin = (method: string, path: string, body?: unknown) =>
      callApi(server.baseUrl, token, method, `/api/admin/merchants/${merchant.id}${path}`, body);
    expect(
      (await admin('PUT', '/webhook', { webhook_url: 'http://127.0.0.1:9/a-long-automation-hook-path' }))
        .status,
    ).toBe(200);
    expect(
      (await admin('POST', '/webhook-endpoints', { url: 'http://127.0.0.1:9/endpoint-hook' })).status,
    ).toBe(201);
    expect((await admin('POST', '/test-webhook')).status).toBe(200);
    // A key on the API Keys page (1,467 px wide on a 1,280 px desktop once it had a row).
    const key = await callApi(server.baseUrl, token, 'POST', '/api/admin/api-keys', {
      name: 'Narrow Screens website order sync',
      merchant_id: merchant.id,
      permission: 'write',
    });
    expect(key.status).toBe(201);
    const paid = await paySucceeded(server.baseUrl, token, merchant, 'INV-NARROW-0001', 15000);
    paymentId = paid.id;
    invoiceId = (paid as unknown as { invoice_id: string }).invoice_id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function overflow(page: Page): Promise<{ width: number; scroll: number; wide: string[] }> {
    return page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const wide: string[] = [];
      // What sticks out past the screen, not counting what scrolls inside a box of its own.
      const clipped = (el: Element) => {
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
          if (getComputedStyle(p).overflowX !== 'visible') return true;
        return false;
      };
      for (const el of Array.from(document.querySelectorAll('body *'))) {
        const r = el.getBoundingClientRect();
        if (r.right > width + 1 && r.width > 0 && !clipped(el))
          wide.push(
            `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)} ${Math.round(r.right)}`,
          );
      }
      return { width, scroll: document.documentElement.scrollWidth, wide: wide.slice(0, 5) };
    });
  }

  const sitePages = () => [
    '/',
    '/blog',
    '/contact',
    '/login',
    '/signup',
    '/privacy',
    `/pay/${merchant.id}?INVOICENUMBER=INV-NARROW-0002&AMOUNTDUE=1,000,000.00`,
    `/pay/${merchant.id}?INVOICENUMBER=INV-NARROW-0001&AMOUNTDUE=150.00`,
    `/success?reference=${paymentId}&t=${receiptTokenFor(paymentId)}`,
  ];

  for (const width of WIDTHS)
    it(`the site and the hosted pay page fit ${width} px`, async () => {
      const page = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
      const failures: string[] = [];
      for (const path of sitePages()) {
        await page.goto(`${server.baseUrl}${path}`);
        if (path.includes('INV-NARROW-0002')) await waitForForm(widget(page));
        else if (path.startsWith('/pay/')) await widget(page).getByRole('button', { name: 'Show' }).click();
        else await page.waitForLoadState('networkidle');
        const o = await overflow(page);
        if (o.scroll > o.width) failures.push(`${path}: ${o.scroll} > ${o.width} ${o.wide.join(', ')}`);
        if (path.startsWith('/success')) {
          await page.locator('.payment-result__figure').first().waitFor();
          // Every amount and date on one line: its text makes one box, never "A$150.0 / 0".
          const broken = await page.evaluate(() =>
            Array.from(document.querySelectorAll('.payment-result__figure'))
              .filter((e) => {
                const range = document.createRange();
                range.selectNodeContents(e);
                return range.getClientRects().length > 1;
              })
              .map((e) => e.textContent),
          );
          if (broken.length) failures.push(`${path}: figures broken over lines: ${broken.join(', ')}`);
        }
      }
      expect(failures).toEqual([]);
      await page.context().close();
    });

  // Every console page, and each tab of Merchant Details, on a phone and on a desktop. The console's
  // layout is one below MUI's `sm` (600 px): 320 px, its narrowest, stands for 375 too.
  for (const width of [320, 1280])
    it(`the console fits ${width} px`, async () => {
      const page = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
      await signIn(page, server.baseUrl, seededAdmin(server));
      await page.waitForURL(/\/admin\/dashboard/);
      const failures: string[] = [];
      for (const path of [
        '/dashboard',
        '/merchants',
        `/merchants/${merchant.id}`,
        `/merchants/${merchant.id}?tab=payments`,
        `/merchants/${merchant.id}?tab=accounting`,
        `/merchants/${merchant.id}?tab=team`,
        `/merchants/${merchant.id}?tab=developers`,
        '/payments',
        `/payments/${paymentId}`,
        '/invoices',
        `/invoices/${invoiceId}`,
        '/blogs',
        '/audit-log',
        '/api-keys',
        '/pay-links',
        '/prospects',
        '/xero-integration',
        '/test-xero-urls',
        '/diagnostics',
        '/blog',
      ]) {
        await page.goto(`${server.baseUrl}/admin${path}`);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        if (path.endsWith('tab=developers')) {
          // A delivery opened to its request and response: the widest thing on the page.
          const deliveries = page.getByTestId('webhook-deliveries');
          await deliveries.getByRole('button', { name: 'Show request and response' }).first().click();
          await deliveries.locator('pre').first().waitFor();
        }
        const o = await overflow(page);
        if (o.scroll > o.width) failures.push(`${path}: ${o.scroll} > ${o.width} ${o.wide.join(', ')}`);
      }
      expect(failures).toEqual([]);
      await page.context().close();
    });
});
