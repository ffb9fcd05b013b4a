/**
 * PayTo in the browser, sandbox mode (issue 34): the admin turns PayTo on in the console; a
 * customer picks PayTo in the widget, names a test PayID and presses Pay; the widget says to approve
 * the request in their banking app, with a countdown; the tester approves it on the sandbox's
 * stand-in for the banking app and the widget shows the success within seconds, by itself; the
 * console shows the method, the masked PayID and the agreement. A decline on the bank page brings
 * the customer back to the form with the reason, the hold released. A page closed while waiting and
 * opened again shows the payment as waiting for the payer's bank, then, once approved, paid (it
 * looks again by itself). On a merchant's own site (another origin) the element pays by PayTo the
 * same way, and the host page hears of the payment once the bank approved it.
 */
import AxeBuilder from '@axe-core/playwright';
import { createServer, type Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededAdmin, signIn } from './support/admin.ts';
import { launchBrowser, watchErrors } from './support/browser.ts';
import {
  createConnectedMerchant,
  money,
  waitForForm,
  widget,
  type TestMerchant,
} from './support/pay-fixtures.ts';
import { freePort, startServer, type RunningServer } from './support/server.ts';

describe('PayTo pay flow', () => {
  let server: RunningServer;
  let browser: Browser;
  let merchant: TestMerchant;

  beforeAll(async () => {
    // The test PayIDs that answer by themselves do so after 2 s.
    [server, browser] = await Promise.all([
      startServer({ env: { SANDBOX_PAYTO_DELAY_SECONDS: '2' } }),
      launchBrowser(),
    ]);
    merchant = createConnectedMerchant(server); // PayTo off until the admin turns it on
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const payUrl = (invoice: string, amount: string) =>
    `${server.baseUrl}/pay/${merchant.id}?INVOICENUMBER=${invoice}&AMOUNTDUE=${amount}&CURRENCY=AUD`;

  /** Choose PayTo, name the payer and the account, press Pay: the approval screen. */
  async function payByPayTo(page: Page, by: { payId: string } | { bsb: string; account: string }) {
    const w = widget(page);
    await waitForForm(w);
    await w.getByRole('radio', { name: 'PayTo' }).check();
    await w.getByLabel('Your name').fill('Jordan Builder');
    if ('payId' in by) await w.getByLabel('PayID (email, mobile number or ABN)').fill(by.payId);
    else {
      await w.getByRole('radio', { name: 'BSB and account number' }).check();
      await w.getByLabel('BSB', { exact: true }).fill(by.bsb);
      await w.getByLabel('Account number', { exact: true }).fill(by.account);
    }
    await w.getByText(/PayTo · no surcharge · Total/).waitFor();
    await w.locator('button[type=submit]').click();
    await w.getByRole('heading', { name: 'Approve the payment in your banking app' }).waitFor();
    return w;
  }

  /** The sandbox's bank page for the payment the widget waits on, in a tab of its own. */
  async function openBank(page: Page) {
    const [bank] = await Promise.all([
      page.context().waitForEvent('page'),
      widget(page).getByRole('link', { name: 'Open the test bank app (test mode)' }).click(),
    ]);
    await bank.getByRole('heading', { name: 'PayTo agreement request' }).waitFor();
    return bank;
  }

  it('turns PayTo on, waits for the approval with a countdown, and shows the success the moment the bank approves', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors = watchErrors(page);

    await signIn(page, server.baseUrl, seededAdmin(server));
    await page.waitForURL(`${server.baseUrl}/admin/dashboard`);
    await page.goto(`${server.baseUrl}/admin/merchants/${merchant.id}?tab=payments`);
    const settings = page.getByRole('region', { name: 'PayTo' });
    await settings.getByLabel('Offer PayTo').check();
    await settings.getByRole('button', { name: 'Save PayTo settings' }).click();
    await page.getByText('PayTo settings saved').waitFor();

    await page.goto(payUrl('INV-PT1', '25,000.00'));
    const w = widget(page);
    await waitForForm(w);
    await w.getByRole('radio', { name: 'PayTo' }).check();
    // Priced by the PayTo rule (no surcharge) the moment it is chosen.
    await expect.poll(() => w.locator('button[type=submit]').textContent()).toBe(`Pay ${money(2_500_000)}`);
    await payByPayTo(page, { payId: 'customer@payto.test' });
    await w.getByText('Approve the payment request from').waitFor();
    await expect(w.getByText(/Approve within \d+:\d{2}\./).isVisible()).resolves.toBe(true);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);

    // Meanwhile the console says what is held in PayTo's words, not a card's (issue 50 item 7).
    const consolePage = await context.newPage();
    await consolePage.goto(
      `${server.baseUrl}/admin/payments?filter=${encodeURIComponent('{"invoice_number":"INV-PT1"}')}`,
    );
    await consolePage.getByRole('row').filter({ hasText: 'INV-PT1' }).getByText('INV-PT1').click();
    await consolePage.getByText(/while the customer approves it in their banking app/).waitFor();
    expect(await consolePage.getByText(/card hold/i).count()).toBe(0);
    await consolePage.getByRole('button', { name: 'Cancel hold' }).click();
    // The dialog names it; closed without cancelling (the customer approves it below).
    await consolePage
      .getByRole('dialog', { name: 'Cancel this PayTo request?' })
      .getByRole('button', { name: 'Cancel', exact: true })
      .click();
    await consolePage.close();

    const bank = await openBank(page);
    await expect(bank.getByText('PayID customer@payto.test').count()).resolves.toBe(1);
    await bank.getByRole('button', { name: 'Approve' }).click();
    await bank.getByText('You approved the payment.').waitFor();

    // The widget hears of it by itself: no reload, no click.
    await w.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 15_000 });
    await expect(w.getByText(money(2_500_000)).first().isVisible()).resolves.toBe(true);

    // The console: PayTo, the masked PayID and the agreement.
    await page.goto(`${server.baseUrl}/admin/payments`);
    await page.getByRole('row').filter({ hasText: 'INV-PT1' }).getByText('INV-PT1').click();
    await page.getByText('c***@payto.test').waitFor();
    await page.getByText(/^mandate_/).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a decline on the bank page brings the customer back to the form with the reason, nothing held', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(payUrl('INV-PT2', '12,000.00'));
    const w = await payByPayTo(page, { bsb: '000000', account: '000123456' });
    const bank = await openBank(page);
    await expect(bank.getByText('BSB 000-000, account ending 3456').count()).resolves.toBe(1);
    await bank.getByRole('button', { name: 'Decline' }).click();
    await bank.getByText('You declined the payment.').waitFor();
    await w.getByText('The payment was declined in your banking app. No money was taken.').waitFor();
    await expect(w.locator('button[type=submit]').isEnabled()).resolves.toBe(true);
    // What the customer typed is still there to try again (issue 50 item 8).
    await expect(w.getByRole('radio', { name: 'PayTo' }).isChecked()).resolves.toBe(true);
    await expect(w.getByLabel('Your name').inputValue()).resolves.toBe('Jordan Builder');
    await expect(w.getByLabel('BSB', { exact: true }).inputValue()).resolves.toBe('000-000');
    await expect(w.getByLabel('Account number', { exact: true }).inputValue()).resolves.toBe('000123456');
    // Nothing is held: the whole invoice can be paid again.
    await page.reload();
    await waitForForm(widget(page));
    await expect(widget(page).getByText('Being paid').count()).resolves.toBe(0);
    await context.close();
  });

  it('a page closed while waiting shows the payment waiting for the bank when opened again, then paid', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(payUrl('INV-PT3', '8,000.00'));
    await payByPayTo(page, { payId: 'customer@payto.test' });
    const bank = await openBank(page);
    await page.close(); // the customer leaves; the request stays in their bank

    const again = await context.newPage();
    again.setDefaultTimeout(15_000);
    await again.goto(payUrl('INV-PT3', '8,000.00'));
    const w = widget(again);
    await w
      .getByText(/by PayTo, started .*, waiting for the payer to approve it in their banking app/)
      .waitFor();

    await bank.getByRole('button', { name: 'Approve' }).click();
    await bank.getByText('You approved the payment.').waitFor();
    // The page looks again by itself while only a PayTo payment is left: paid, without a reload.
    await w.getByText('Invoice fully paid!').waitFor({ timeout: 15_000 });
    await context.close();
  });

  it("pays by PayTo on a merchant's own site, and the host page hears of it once the bank approved", async () => {
    const shop = createConnectedMerchant(server, { payto_enabled: 1 });
    const port = await freePort();
    const host: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><title>Merchant site</title>
<script src="${server.baseUrl}/widget/invoice-pay.js"></script>
<script>window.seen = []; for (const n of ['payment', 'paid']) document.addEventListener('invoice-pay:' + n, (e) => seen.push({ type: e.type, status: e.detail.status, total: e.detail.total }));</script>
</head><body><h1>Pay your invoice</h1>
<invoice-pay merchant="${shop.id}" invoice="INV-PT4" amount="15000.00" currency="AUD"></invoice-pay></body></html>`);
    });
    await new Promise<void>((r) => host.listen(port, '127.0.0.1', r));
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const errors = watchErrors(page);
      await page.goto(`http://127.0.0.1:${port}/pay.html`); // another origin than the API
      const w = await payByPayTo(page, { payId: 'approve@payto.test' }); // approves by itself
      await w.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 15_000 });
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { seen: unknown[] }).seen))
        .toEqual([
          { type: 'invoice-pay:payment', status: 'succeeded', total: 1_500_000 },
          { type: 'invoice-pay:paid', status: 'succeeded', total: 1_500_000 },
        ]);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await new Promise((r) => host.close(r));
    }
  });
});
