/**
 * The console wears the product's brand: the site's green (not react-admin's default blue) on the
 * app bar, buttons and links, light and dark (following the system setting, switchable), the
 * product's favicon and a title that names the page and the console.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededAdmin, signIn } from './support/admin.ts';
import { launchBrowser } from './support/browser.ts';
import { createConnectedMerchant } from './support/pay-fixtures.ts';
import { openServerDb } from './support/site.ts';
import { startServer, type RunningServer } from './support/server.ts';

const BROWSER_LINK_BLUE = 'rgb(0, 0, 238)';
const MUI_BLUES = ['rgb(25, 118, 210)', 'rgb(33, 150, 243)', 'rgb(144, 202, 249)'];

describe('console brand', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const colour = (page: Page, selector: string, property: 'color' | 'backgroundColor') =>
    page
      .locator(selector)
      .first()
      .evaluate((el, p) => getComputedStyle(el)[p], property);

  async function open(colorScheme: 'light' | 'dark', width = 1280) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme });
    const page = await context.newPage();
    await signIn(page, server.baseUrl, seededAdmin(server));
    await page.waitForURL(`${server.baseUrl}/admin/dashboard`);
    return { context, page };
  }

  it('light: brand green app bar, buttons and links; favicon and title', async () => {
    const { context, page } = await open('light');
    await expect(page.title()).resolves.toBe('Dashboard · InvoicePay Console');
    const icon = await page.locator('link[rel=icon]').getAttribute('href');
    expect(icon).toBe('/favicon.svg');
    const res = await fetch(`${server.baseUrl}${icon}`);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
    expect(await res.text()).toContain('#0f5132');

    expect(await colour(page, 'header', 'backgroundColor')).toBe('rgb(15, 81, 50)');
    expect(await colour(page, 'a:has-text("Go to Test Payment Page")', 'backgroundColor')).toBe(
      'rgb(15, 81, 50)',
    );
    await context.close();

    // The sign-in page too.
    const signInPage = await browser.newPage();
    await signInPage.goto(`${server.baseUrl}/admin/login`);
    await signInPage.getByRole('button', { name: 'Sign In' }).waitFor();
    await expect(signInPage.title()).resolves.toBe('Sign In · InvoicePay Console');
    const forgot = await signInPage
      .getByRole('link', { name: 'Forgot password?' })
      .evaluate((el) => getComputedStyle(el).color);
    expect(forgot).toBe('rgb(15, 81, 50)');
    expect(
      await signInPage
        .getByRole('button', { name: 'Sign In' })
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe('rgb(15, 81, 50)');
    await signInPage.close();
  });

  it('dark: follows the system setting, with the lifted brand green; the toggle switches to light', async () => {
    const { context, page } = await open('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(18, 22, 20)');
    expect(await colour(page, 'header', 'backgroundColor')).toBe('rgb(11, 61, 38)');
    const button = await colour(page, 'a:has-text("Go to Test Payment Page")', 'backgroundColor');
    expect(button).toBe('rgb(111, 207, 151)');
    for (const c of [background, button]) expect([BROWSER_LINK_BLUE, ...MUI_BLUES]).not.toContain(c);

    await page.getByRole('button', { name: 'Toggle light/dark mode' }).click();
    await expect.poll(() => colour(page, 'header', 'backgroundColor')).toBe('rgb(15, 81, 50)');
    await context.close();
  });

  it("links in pages (a payment's merchant) take the theme's colour, never the browser blue, light and dark", async () => {
    const m = createConnectedMerchant(server, { business_name: 'Link Colour Lumber' });
    const paymentId = crypto.randomUUID();
    const now = new Date().toISOString();
    const db = openServerDb(server);
    db.prepare(
      `insert into payments (id, merchant_id, invoice_number, amount, total_amount, status, created_at, updated_at)
       values (?, ?, 'INV-BRAND', 1000, 1000, 'failed', ?, ?)`,
    ).run(paymentId, m.id, now, now);
    db.close();
    for (const [scheme, expected] of [
      ['light', 'rgb(15, 81, 50)'],
      ['dark', 'rgb(111, 207, 151)'],
    ] as const) {
      const { context, page } = await open(scheme, 390);
      await page.goto(`${server.baseUrl}/admin/payments/${paymentId}`);
      const link = page.getByRole('link', { name: 'Link Colour Lumber' });
      await link.waitFor();
      const c = await link.evaluate((el) => getComputedStyle(el).color);
      expect(c).toBe(expected);
      expect([BROWSER_LINK_BLUE, ...MUI_BLUES]).not.toContain(c);
      await context.close();
    }
  });
});
