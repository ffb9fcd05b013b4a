/**
 * The console's side of embedding (issue 19): Merchant Details → Embed gives that merchant's codes —
 * the pinned one with the path and SRI hash of the build the server runs (from its manifest), the
 * React one with the package the server serves — each copied with its Copy button; the merchant's
 * logo and brand colour are edited with the rest of its details (a colour too light for white text
 * is refused with its contrast); and a `reference` set on the element on a merchant's site reaches
 * the payment's page in the console and the page's own event.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveExample, type ExampleHost } from './support/examples.ts';
import { seededAdmin, signIn } from './support/admin.ts';
import { launchBrowser, watchErrors } from './support/browser.ts';
import {
  CARDS,
  createConnectedMerchant,
  fillSandboxCard,
  money,
  waitForForm,
  widget,
  type TestMerchant,
} from './support/pay-fixtures.ts';
import { startServer, type RunningServer } from './support/server.ts';

interface Manifest {
  version: string;
  script: { path: string; integrity: string };
  package: { path: string };
}

describe('console: embed codes, branding, reference', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let merchant: TestMerchant;
  let host: ExampleHost;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    merchant = createConnectedMerchant(server, { business_name: 'Embed Timber' });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    // The merchant's logo, answered by the browser's router: nothing leaves the machine.
    await context.route('https://embed-timber.test/**', (route) =>
      route.fulfill({
        contentType: 'image/png',
        body: Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
          'base64',
        ),
      }),
    );
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    errors = watchErrors(page);
    await signIn(page, server.baseUrl, seededAdmin(server));
    await page.waitForURL(/\/admin\/dashboard$/);
    host = await serveExample('examples/html', (t) => t, {
      '/shop.html':
        `<!doctype html><html lang="en"><head><title>Shop</title><script src="${server.baseUrl}/widget/invoice-pay.js" defer></script></head>` +
        `<body><invoice-pay merchant="${merchant.id}" invoice="INV-EMB1" amount="100.00" currency="AUD" reference="PO-7731" loading="eager"></invoice-pay></body></html>`,
    });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await host?.close();
  });

  it('gives copy-ready codes from the running build, and edits the logo and brand colour', async () => {
    const manifest = (await fetch(`${server.baseUrl}/widget/manifest.json`).then((r) =>
      r.json(),
    )) as Manifest;
    await page.goto(`${server.baseUrl}/admin/merchants/${merchant.id}`);
    const embed = page.getByRole('region', { name: 'Embed' });
    const pinned = embed.getByTestId('embed-pinned');
    await pinned.waitFor();
    const code = (await pinned.textContent()) ?? '';
    expect(code).toContain(`src="${server.baseUrl}${manifest.script.path}"`);
    expect(code).toContain(`integrity="${manifest.script.integrity}"`);
    expect(code).toContain(`merchant="${merchant.id}"`);
    await expect(embed.getByTestId('embed-tsx').textContent()).resolves.toContain(
      `npm install ${server.baseUrl}${manifest.package.path}`,
    );
    await expect(embed.getByTestId('embed-wordpress').textContent()).resolves.toContain(
      `[invoice_pay merchant="${merchant.id}"`,
    );
    // The plugin downloads as the zip WordPress installs, with the plugin file inside.
    const download = embed.getByRole('link', { name: 'Download the WordPress plugin (zip)' });
    const href = (await download.getAttribute('href')) ?? '';
    expect(href).toBe(`${server.baseUrl}/widget/invoice-pay-wordpress.zip`);
    const zipAnswer = await fetch(href);
    expect(zipAnswer.status).toBe(200);
    expect(zipAnswer.headers.get('content-type')).toBe('application/zip');
    const zipBytes = Buffer.from(await zipAnswer.arrayBuffer());
    const zipDir = mkdtempSync(join(tmpdir(), 'invoicepay-wp-zip-'));
    writeFileSync(join(zipDir, 'plugin.zip'), zipBytes);
    expect(execFileSync('unzip', ['-t', 'plugin.zip'], { cwd: zipDir, encoding: 'utf8' })).toContain(
      'No errors detected',
    );
    for (const file of ['invoice-pay.php', 'uninstall.php', 'readme.txt'])
      expect(
        execFileSync('unzip', ['-p', 'plugin.zip', `invoice-pay/${file}`], { cwd: zipDir }),
        file,
      ).toEqual(readFileSync(`examples/wordpress/invoice-pay/${file}`));
    rmSync(zipDir, { recursive: true, force: true });
    await embed
      .getByRole('button', { name: 'Copy: HTML: pinned version with Subresource Integrity' })
      .click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await embed
      .getByRole('button', { name: 'Copied!: HTML: pinned version with Subresource Integrity' })
      .waitFor();

    // Every code without the amount: the customer types it.
    expect(code).toContain('amount="1,250.00"');
    await embed.getByRole('radio', { name: 'Leave it out: the customer types what to pay' }).check();
    await expect.poll(() => pinned.textContent()).not.toContain('amount=');
    for (const kind of ['script', 'jsx', 'tsx', 'vue', 'wordpress', 'wordpress_block'])
      expect(await embed.getByTestId(`embed-${kind}`).textContent(), kind).not.toMatch(/amount/i);

    // Branding: a colour too light for white text is refused with its contrast; a dark one is kept.
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Merchant' });
    await edit.getByLabel('Logo URL (https)').fill('http://embed-timber.test/logo.png');
    await edit.getByLabel('Brand colour').fill('#ffd700');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('The logo must be an https:// URL').waitFor();
    await edit.getByText(/too light for white text \(contrast 1\.\d:1/).waitFor();
    await edit.getByLabel('Logo URL (https)').fill('https://embed-timber.test/logo.png');
    await edit.getByLabel('Brand colour').fill('#1d4ed8');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByText('#1d4ed8').waitFor();
    await page.getByText('https://embed-timber.test/logo.png').waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('img', { name: 'Embed Timber logo' })
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBe(1);
    expect(errors).toEqual([]);
  });

  it("shows the reference a merchant's page set on the element on the payment's console page", async () => {
    const shop = await context.newPage();
    shop.setDefaultTimeout(15_000);
    await shop.addInitScript(() => {
      document.addEventListener('invoice-pay:payment', (e) => {
        (window as unknown as { __paid: unknown }).__paid = (e as CustomEvent).detail;
      });
    });
    await shop.goto(`${host.url}/shop.html`);
    const w = widget(shop);
    await waitForForm(w);
    await fillSandboxCard(w, CARDS.visa);
    await w.getByRole('button', { name: `Pay ${money(10295)}` }).click();
    await w.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    const detail = (await shop.evaluate(() => (window as unknown as { __paid: unknown }).__paid)) as {
      paymentId: string;
      reference: string;
    };
    expect(detail.reference).toBe('PO-7731');
    await shop.close();

    await page.goto(`${server.baseUrl}/admin/payments/${detail.paymentId}`);
    const row = page.getByText('Reference (from the payment page)');
    await row.waitFor();
    await page.getByText('PO-7731').waitFor();
  });
});
