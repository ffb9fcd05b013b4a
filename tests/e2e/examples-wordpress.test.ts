/**
 * The WordPress plugin's shortcode output, rendered by PHP (examples/wordpress/test/render.php: the
 * plugin with the WordPress functions it calls stubbed) for a visitor arriving from Xero's Pay now
 * link, served from another origin than the API: it loads and a sandbox payment completes in
 * Chromium. A pinned build with the integrity hash from manifest.json loads too.
 */
import { execFileSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { waitForForm, widget } from './support/pay-fixtures.ts';
import { startServer, type RunningServer } from './support/server.ts';
import {
  demoMerchantId,
  eventsOf,
  freshInvoice,
  payInWidget,
  recordEvents,
  serveExample,
  type ExampleHost,
} from './support/examples.ts';

const render = (input: Record<string, unknown>) =>
  execFileSync('php', ['examples/wordpress/test/render.php', JSON.stringify(input)], { encoding: 'utf8' });

describe('examples: WordPress [invoice_pay] shortcode', () => {
  let server: RunningServer;
  let browser: Browser;
  let merchantId: string;
  let site: ExampleHost | undefined;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    merchantId = await demoMerchantId(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await site?.close();
  });

  it("renders from Xero's link values, loads and pays; a pinned build with SRI loads too", async () => {
    const invoice = freshInvoice('INV-WP');
    const options = { invoice_pay_origin: server.baseUrl, invoice_pay_merchant: merchantId };
    const query = { INVOICENUMBER: invoice, AMOUNTDUE: '480.00', CURRENCY: 'AUD' };
    const latest = render({ options, query, content: '<h1>Pay your invoice</h1>\n[invoice_pay]' });
    const manifest = await fetch(`${server.baseUrl}/widget/manifest.json`).then((r) => r.json());
    const pinned = render({
      options: {
        ...options,
        invoice_pay_script_path: manifest.script.path,
        invoice_pay_integrity: manifest.script.integrity,
      },
      query: { ...query, INVOICENUMBER: `${invoice}-P` },
      content: '[invoice_pay]',
    });
    expect(pinned).toContain(`integrity="${manifest.script.integrity}"`);
    site = await serveExample('examples/wordpress', undefined, {
      '/pay-invoice/': latest,
      '/pinned/': pinned,
    });

    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    const errors = watchErrors(page);
    await recordEvents(page);
    await page.goto(`${site.url}/pay-invoice/?${new URLSearchParams(query)}`);
    const w = widget(page);
    await waitForForm(w);
    await expect(w.getByLabel(/^Payment amount/).inputValue()).resolves.toBe('480.00');
    await payInWidget(w);
    const payment = (await eventsOf(page)).find((e) => e.type === 'invoice-pay:payment')!.detail;
    expect(payment).toMatchObject({ invoice, amount: 48000, currency: 'AUD', remaining: 0 });

    await page.goto(`${site.url}/pinned/`);
    await waitForForm(widget(page));
    expect(errors).toEqual([]);
    await page.close();
  });
});
