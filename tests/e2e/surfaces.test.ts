/**
 * Every surface loads through its real pipeline: the built site, console and widget served by the
 * real server process, driven in Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe('surfaces load', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('serves the site with its header and footer', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const res = await page.goto(`${server.baseUrl}/`);
    expect(res?.status()).toBe(200);
    // waitFor() fails the test if the element does not become visible (30 s).
    await page.getByRole('banner').getByRole('link', { name: 'Blog' }).waitFor();
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: /Privacy/ })
      .waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves the console, which asks an anonymous visitor to sign in at /admin/login', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/admin/`);
    await page.waitForURL(/\/admin\/login$/);
    await page
      .getByLabel(/Username|Email/i)
      .first()
      .waitFor();
    await page
      .getByLabel(/Password/i)
      .first()
      .waitFor();
    await page.close();
  });

  it('serves the widget script, which registers <invoice-pay> and renders inside its shadow root', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    // A host page on the server's origin that holds nothing but the script tag and the element.
    await page.route(`${server.baseUrl}/host.html`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><script src="/widget/invoice-pay.js"></script><invoice-pay merchant="x" invoice="INV-1" amount="10.00"></invoice-pay>',
      }),
    );
    await page.goto(`${server.baseUrl}/host.html`);
    await page.waitForFunction(() => Boolean(customElements.get('invoice-pay')));
    const text = await page.waitForFunction(
      () => document.querySelector('invoice-pay')?.shadowRoot?.textContent ?? '',
    );
    expect(await text.jsonValue()).toMatch(/\S/);
    // Merchant "x" does not exist: the widget shows 'Merchant Not Found' after the session lookup's
    // 404, which Chromium logs as a failed resource load; anything else would be a real error.
    await page.locator('invoice-pay').getByRole('heading', { name: 'Merchant Not Found' }).waitFor();
    expect(errors.filter((e) => !/Failed to load resource: .* 404/.test(e))).toEqual([]);
    await page.close();
  });
});
