/**
 * AU BECS Direct Debit in the browser, sandbox mode (issue 17): the admin turns bank debit on for
 * the merchant (1 % capped at A$3.50) in the console; a customer picks BECS Direct Debit
 * in the widget, enters a BSB and Stripe's succeeding test account, accepts the Direct Debit Request
 * and pays; the widget and the /success page show the processing view. The console lists the payment as processing with
 * its expected clearing date, the dashboard counts it apart ("A$X clearing"), and the payment page
 * shows the mandate and the account's last three digits; seconds later (the sandbox's delay) the
 * debit clears and the console shows it succeeded.
 */
import AxeBuilder from '@axe-core/playwright';
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
import { openServerDb, receiptTokenFor } from './support/site.ts';
import { startServer, type RunningServer } from './support/server.ts';

const SUBMITTED =
  "Payment submitted — bank debits take up to 3 business days to clear. We'll email a receipt when it clears.";

describe('bank debit pay flow', () => {
  let server: RunningServer;
  let browser: Browser;
  let merchant: TestMerchant;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ env: { SANDBOX_BECS_DELAY_SECONDS: '8' } }),
      launchBrowser(),
    ]);
    merchant = createConnectedMerchant(server); // bank debit off until the admin turns it on
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('turns bank debit on, pays A$20,000 by BECS Direct Debit, shows it processing, then clearing in the console', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page: Page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors = watchErrors(page);

    // The admin turns bank debit on for the merchant: 1 % capped at A$3.50.
    await signIn(page, server.baseUrl, seededAdmin(server));
    await page.waitForURL(`${server.baseUrl}/admin/dashboard`);
    await page.goto(`${server.baseUrl}/admin/merchants/${merchant.id}?tab=payments`);
    const settings = page.getByRole('region', { name: 'Bank debit (BECS Direct Debit)' });
    await settings.getByLabel('Offer BECS Direct Debit').check();
    await settings.getByLabel('Surcharge (%)').fill('1');
    await settings.getByLabel('Surcharge cap (A$)').fill('3.50');
    await settings.getByRole('button', { name: 'Save bank debit settings' }).click();
    await page.getByText('Bank debit settings saved').waitFor();

    await page.goto(
      `${server.baseUrl}/pay/${merchant.id}?INVOICENUMBER=INV-BECS1&AMOUNTDUE=20,000.00&CURRENCY=AUD`,
    );
    const w = widget(page);
    await waitForForm(w);

    // Card first (its surcharge), then the bank debit tab: no surcharge on bank debit here.
    await w.getByRole('radio', { name: 'BECS Direct Debit' }).check();
    // Priced by the bank debit rule the moment it is chosen, before any quote: the first Pay is the last.
    const pay = w.locator('button[type=submit]');
    await expect.poll(() => pay.textContent()).toBe(`Pay ${money(2_000_350)}`);
    await w.getByLabel('Account holder name').fill('Jordan Builder');
    await w.getByLabel('Email', { exact: true }).last().fill('jordan@builders.test');
    await w.getByLabel('BSB').fill('000000');
    await expect(w.getByLabel('BSB').inputValue()).resolves.toBe('000-000');
    await w.getByLabel('Account number').fill('000123456');
    await expect(w.getByText(/authorise Stripe Payments Australia Pty Ltd/).isVisible()).resolves.toBe(true);
    await w.getByLabel(/I accept the Direct Debit Request/).check();
    // The bank debit form is accessible: labelled fields, the mandate tied to its checkbox.
    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
    // Quoted by the bank debit rule: 1 % of A$20,000 is A$200, capped at A$3.50.
    await w
      .getByText(`Bank account (BECS Direct Debit) · surcharge 1 % · Total ${money(2_000_350)}`)
      .waitFor();
    await expect.poll(() => pay.textContent()).toBe(`Pay ${money(2_000_350)}`);
    await page.evaluate(() => {
      const seen: unknown[] = [];
      (window as unknown as { seen: unknown[] }).seen = seen;
      for (const n of ['payment', 'paid'])
        document.addEventListener(`invoice-pay:${n}`, (e) =>
          seen.push({ type: e.type, status: (e as CustomEvent).detail.status }),
        );
    });
    await pay.click();

    await w.getByRole('heading', { name: 'Payment submitted' }).waitFor();
    await expect(w.getByText(SUBMITTED).isVisible()).resolves.toBe(true);
    // The host page hears of the submitted debit, but not `paid`: it may yet fail.
    await expect(page.evaluate(() => (window as unknown as { seen: unknown[] }).seen)).resolves.toEqual([
      { type: 'invoice-pay:payment', status: 'processing' },
    ]);
    await expect(w.getByText(money(2_000_350)).first().isVisible()).resolves.toBe(true);
    await expect(w.getByRole('definition').filter({ hasText: 'INV-BECS1' }).isVisible()).resolves.toBe(true);

    // The /success page (a return URL) says the same for this payment, by its reference.
    const reference = await w.locator('dt:text-is("Reference") + dd').textContent();
    const db = openServerDb(server);
    const { id: paymentId } = db
      .prepare('SELECT id FROM payments WHERE payment_intent_id = ?')
      .get(reference ?? '') as { id: string };
    db.close();
    await page.goto(
      `${server.baseUrl}/success?session_id=${encodeURIComponent(reference ?? '')}&t=${receiptTokenFor(paymentId)}`,
    );
    await page.getByRole('heading', { name: 'Payment Submitted' }).waitFor();
    await expect(page.getByText(SUBMITTED).isVisible()).resolves.toBe(true);
    await expect(page.getByText(money(2_000_350)).isVisible()).resolves.toBe(true);

    // The console: processing, with the date it should clear by, counted apart on the dashboard.
    await page.goto(`${server.baseUrl}/admin/dashboard`);
    await page.getByText(`${money(2_000_350)} clearing`).waitFor();
    await page.goto(`${server.baseUrl}/admin/payments`);
    const row = page.getByRole('row').filter({ hasText: 'INV-BECS1' });
    await row.getByText('Being paid').waitFor();
    await expect(row.textContent()).resolves.toMatch(/\d{1,2} \w{3} \d{4}/); // clears by
    await row.getByText('INV-BECS1').click();
    await page.getByText('BSB 000-000, account ending 456').waitFor();
    await page.getByText(/^mandate_/).waitFor();
    await page.getByText('Expected to clear by').waitFor();

    // The sandbox's bank answers after its delay; the payment page shows it cleared.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByText('BSB 000-000, account ending 456').waitFor();
          return page.getByText('Expected to clear by').count();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(0);
    await page.getByText('Paid', { exact: true }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('after part of an invoice is submitted by bank debit, offers to pay the rest', async () => {
    // Runs after the test above turned bank debit on for this merchant.
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(
      `${server.baseUrl}/pay/${merchant.id}?INVOICENUMBER=INV-BECS2&AMOUNTDUE=300.00&CURRENCY=AUD`,
    );
    const w = widget(page);
    await waitForForm(w);
    await w.getByLabel(/^Payment amount/).fill('100.00');
    await w.getByRole('radio', { name: 'BECS Direct Debit' }).check();
    await w.getByLabel('Account holder name').fill('Jordan Builder');
    await w.getByLabel('Email', { exact: true }).last().fill('jordan@builders.test');
    await w.getByLabel('BSB').fill('000000');
    await w.getByLabel('Account number').fill('000123456');
    await w.getByLabel(/I accept the Direct Debit Request/).check();
    await w.locator('button[type=submit]').click();
    await w.getByRole('heading', { name: 'Payment submitted' }).waitFor();
    await w.getByRole('button', { name: 'Make Another Payment' }).click();
    await waitForForm(w);
    await w.getByText(`Balance: ${money(20000)}`).waitFor();
    await page.context().close();
  });
});
