/**
 * Who gets into the console: anonymous visitors are sent to /admin/login, a signed-in non-admin
 * reaches the site's /unauthorized page (from /admin/login and from the site's /login) and the API
 * refuses them; an admin lands on /admin/dashboard, the header follows the path, unknown paths show
 * Page Not Found, /debug leads to Diagnostics, and Sign Out returns to /admin/login.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { bearerFor, createVerifiedUser, expectTitle, seededAdmin, signIn } from './support/admin.ts';

describe('console access', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends an anonymous visitor of any console page to /admin/login', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/admin/merchants`);
    await page.waitForURL(`${server.baseUrl}/admin/login`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.close();
  });

  it('sends a signed-in non-admin to /unauthorized, from either sign-in page, and the API refuses them', async () => {
    const user = await createVerifiedUser(server, 'builder@example.test', 'builder-pass-1');
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, server.baseUrl, user, '/admin/login');
    await page.waitForURL(`${server.baseUrl}/unauthorized`);
    // Wait for the page's own session restore (a navigation during a refresh would drop the rotated cookie).
    // (With sign-up open it is the first screen of a new business, naming the account.)
    await page.getByRole('heading', { name: 'Set up your business' }).waitFor();
    await page.getByText('builder@example.test').waitFor();
    // Still signed in (the page offers sign-out itself); the console keeps refusing.
    await page.goto(`${server.baseUrl}/admin/dashboard`);
    await page.waitForURL(`${server.baseUrl}/unauthorized`);
    await context.close();

    const viaSite = await browser.newContext();
    const sitePage = await viaSite.newPage();
    await signIn(sitePage, server.baseUrl, user, '/login');
    await sitePage.waitForURL(`${server.baseUrl}/unauthorized`);
    await viaSite.close();

    const token = await bearerFor(server.baseUrl, user);
    for (const path of [
      '/api/admin/merchants',
      '/api/admin/stats',
      '/api/admin/payments',
      '/api/admin/diagnostics',
    ]) {
      const res = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, path).toBe(403);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        'You must be an admin to perform this action.',
      );
    }
  });

  it('lets an admin in: /admin is the dashboard, titles follow the path, unknown paths show Page Not Found, Sign Out leaves', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, server.baseUrl, seededAdmin(server), '/admin/login');
    await page.waitForURL(`${server.baseUrl}/admin/dashboard`);
    await page.goto(`${server.baseUrl}/admin`);
    await page.waitForURL(`${server.baseUrl}/admin/dashboard`);
    await expectTitle(page, 'Dashboard');
    for (const [item, path, title] of [
      ['Merchants', '/admin/merchants', 'Merchants'],
      ['Payments', '/admin/payments', 'Payments'],
      ['Blog', '/admin/blogs', 'Blog Posts'],
      ['Xero Integration', '/admin/xero-integration', 'Xero Integration'],
      ['Test Xero URLs', '/admin/test-xero-urls', 'Test Xero URLs'],
      ['Dashboard', '/admin/dashboard', 'Dashboard'],
    ] as const) {
      await page.getByRole('menuitem', { name: item, exact: true }).click();
      await page.waitForURL(`${server.baseUrl}${path}`);
      await expectTitle(page, title);
    }
    await page.goto(`${server.baseUrl}/admin/blog`);
    await expectTitle(page, 'Create Blog Post');

    // An unknown console path: Page Not Found, answered with HTTP 404 by the server; known ones 200.
    const notFound = await page.goto(`${server.baseUrl}/admin/no-such-page`);
    expect(notFound?.status()).toBe(404);
    await expectTitle(page, 'Page Not Found');
    await expect(page.title()).resolves.toBe('Page Not Found · InvoicePay Console');
    expect((await page.goto(`${server.baseUrl}/admin/merchants`))?.status()).toBe(200);
    await page.goto(`${server.baseUrl}/admin/no-such-page`);
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/dashboard`);

    await page.goto(`${server.baseUrl}/debug`);
    await page.waitForURL(`${server.baseUrl}/admin/diagnostics`);
    await page.getByText('Connected successfully to SQLite!').waitFor();
    await page.getByText('admin@invoicepay.local (admin)').waitFor();
    await page.getByRole('heading', { name: 'Merchants (up to 5)' }).waitFor();

    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/login`);
    // Signed out: the console sends the visitor straight back to the sign-in page.
    // The console may redirect before the navigation commits; that redirect is what is asserted.
    await page.goto(`${server.baseUrl}/admin/dashboard`, { waitUntil: 'commit' }).catch((err: Error) => {
      if (!/interrupted by another navigation/.test(err.message)) throw err;
    });
    await page.waitForURL(`${server.baseUrl}/admin/login`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await context.close();
  });
});
