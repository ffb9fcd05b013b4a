/**
 * DESIGN §3.3 in Chromium against the real server: the pay page for a balance below the card
 * minimum (no Pay button, the merchant's contact), for a link capped by another observation (the
 * plain-words notice), for a link whose amount is 0, and quick buttons that never leave less than
 * the minimum; then the console's invoice page — Needs attention, dismissing an observation and
 * writing off a remainder, each with a reason — and the refund dialog's credit / re-open choice.
 * Ledger states are written into the server's database as payments would leave them.
 */
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectTitle, seededAdmin, signIn, toast } from './support/admin.ts';
import { launchBrowser } from './support/browser.ts';
import {
  createConnectedMerchant,
  money,
  waitForForm,
  widget,
  type TestMerchant,
} from './support/pay-fixtures.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** axe-core's serious and critical findings (as the pay page's own test counts them). */
const serious = (violations: Array<{ id: string; impact?: string | null; help: string }>) =>
  violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`);

describe('invoice ledger: pay-page notices and the console invoice page', () => {
  let server: RunningServer;
  let browser: Browser;
  let merchant: TestMerchant;
  const ids: Record<string, string> = {};

  /** An invoice as payments leave it: paid so much on a credible link of `credible` (minor units). */
  function ledgerState(
    invoice: string,
    o: { paid: number; credible: number; paymentIntent?: string; attention?: string },
  ) {
    const db = new Database(join(server.dataDir, 'app.db'));
    try {
      db.pragma('busy_timeout = 5000');
      const now = new Date().toISOString();
      const id = crypto.randomUUID();
      const obs = crypto.randomUUID();
      db.prepare(
        `insert into invoices (id, merchant_id, invoice_number, number_key, currency, paid_amount, credible_limit, attention, created_at, updated_at)
         values (?, ?, ?, ?, 'AUD', ?, ?, ?, ?, ?)`,
      ).run(
        id,
        merchant.id,
        invoice,
        invoice.toLowerCase(),
        o.paid,
        o.credible,
        o.attention ?? null,
        now,
        now,
      );
      db.prepare(
        `insert into invoice_observations (id, invoice_id, amount, written_back_at_observation, credible, credible_at, observed_at)
         values (?, ?, ?, 0, 1, ?, ?)`,
      ).run(obs, id, o.credible, now, now);
      const payment = crypto.randomUUID();
      db.prepare(
        `insert into payments (id, merchant_id, invoice_id, observation_id, invoice_number, currency, amount, total_amount,
           status, payment_intent_id, stripe_connect_account_id, link_amount, succeeded_at, created_at, updated_at)
         values (?, ?, ?, ?, ?, 'AUD', ?, ?, 'succeeded', ?, ?, ?, ?, ?, ?)`,
      ).run(
        payment,
        merchant.id,
        id,
        obs,
        invoice,
        o.paid,
        o.paid,
        o.paymentIntent ?? `pi_e2e${payment.slice(0, 8)}`,
        merchant.accountId,
        o.credible,
        now,
        now,
        now,
      );
      ids[invoice] = id;
      ids[`${invoice}:payment`] = payment;
    } finally {
      db.close();
    }
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    merchant = createConnectedMerchant(server, { business_name: 'Ledger Lumber' });
    const db = new Database(join(server.dataDir, 'app.db'));
    try {
      db.prepare('update merchants set email = ?, phone = ? where id = ?').run(
        'accounts@ledger-lumber.test',
        '+61 2 5550 9876',
        merchant.id,
      );
    } finally {
      db.close();
    }
    // Case 12: 1,000.00 paid, 0.30 refunded as re-open. Case 13: a typed 0.50 link, paid.
    ledgerState('INV-E2E-MIN', { paid: 99970, credible: 100000, attention: 'below_minimum' });
    ledgerState('INV-E2E-CAP', { paid: 50, credible: 50 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const open = async (path: string): Promise<Page> => {
    const page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${server.baseUrl}${path}`);
    return page;
  };
  const link = (invoice: string, amount: string) =>
    `/pay/${merchant.id}?INVOICENUMBER=${invoice}&AMOUNTDUE=${amount}&CURRENCY=AUD`;

  it('says what is due when a card cannot pay it, and who to contact', async () => {
    const below = widget(await open(link('INV-E2E-MIN', '1,000.00')));
    await below.getByText(`${money(30)} is still due`).waitFor();
    await below.getByText("it can't be paid by card (the smallest card payment is A$0.50)").waitFor();
    await expect(
      below.getByRole('link', { name: 'accounts@ledger-lumber.test' }).getAttribute('href'),
    ).resolves.toBe('mailto:accounts@ledger-lumber.test');
    await expect(below.getByRole('link', { name: '+61 2 5550 9876' }).getAttribute('href')).resolves.toBe(
      'tel:+61255509876',
    );
    await expect(below.locator('form').count()).resolves.toBe(0);
    const axe = await new AxeBuilder({ page: below.page() }).analyze();
    expect(serious(axe.violations)).toEqual([]);

    const capped = widget(await open(link('INV-E2E-CAP', '1,000.00')));
    await capped
      .getByText(`This invoice shows ${money(0)} due here. If you believe more is due, contact Ledger Lumber`)
      .waitFor();
    await expect(capped.locator('form').count()).resolves.toBe(0);
    // One state, one message: a capped link is not "fully paid" (issue 36 item 4).
    await expect(capped.getByText('Invoice fully paid!').count()).resolves.toBe(0);
    await expect(capped.getByText('Thank you!').count()).resolves.toBe(0);

    const zero = widget(await open(link('INV-E2E-ZERO', '0.00')));
    await zero.getByText('This invoice has been fully paid. Thank you!').waitFor();
    await expect(zero.locator('form').count()).resolves.toBe(0);

    const one = widget(await open(link('INV-E2E-ONE', '1.00')));
    await waitForForm(one);
    await one.getByRole('button', { name: 'Pay 75% of the balance' }).click();
    // 75 % of A$1.00 would leave A$0.25, less than a card can pay: the button offers A$0.50.
    await expect(one.getByLabel(/^Payment amount/).inputValue()).resolves.toBe('0.50');
  });

  it('lists invoices that need attention; dismissing and writing off settle them, with reasons', async () => {
    const page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, server.baseUrl, seededAdmin(server));
    await expectTitle(page, 'Dashboard');
    await page.goto(`${server.baseUrl}/admin/invoices`);
    await page.getByLabel('Needs attention').check();
    await page.getByRole('row').filter({ hasText: 'INV-E2E-CAP' }).getByText('Link capped').waitFor();
    await page.getByRole('row').filter({ hasText: 'INV-E2E-MIN' }).getByText('Below card minimum').waitFor();

    await page.getByRole('link', { name: 'INV-E2E-CAP' }).click();
    await expectTitle(page, 'Invoice Details');
    await page.getByText(/^Your invoice said A\$0\.50 on /).waitFor();
    // The page's own content (the console's app bar is not this page's).
    expect(serious((await new AxeBuilder({ page }).exclude('header').analyze()).violations)).toEqual([]);
    await page.getByRole('button', { name: `Dismiss the ${money(50)} observation` }).click();
    const dialog = page.getByRole('dialog', { name: 'Dismiss this observation?' });
    await dialog.getByRole('button', { name: 'Dismiss observation' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Please give a reason' }).waitFor();
    await dialog.getByLabel('Reason (kept in the audit log)').fill('Typed by hand; Xero says 1,000.00');
    await dialog.getByRole('button', { name: 'Dismiss observation' }).click();
    await toast(page, 'Observation dismissed').waitFor();
    await page.getByText(money(99950), { exact: true }).first().waitFor();
    await page
      .getByTestId('observation-50')
      .getByText(/Dismissed .*Typed by hand/)
      .waitFor();

    await page.goto(`${server.baseUrl}/admin/invoices/${ids['INV-E2E-MIN']}`);
    await page.getByText(`${money(30)} is left, below the card minimum`).waitFor();
    await page.getByRole('button', { name: `Write off ${money(30)}` }).click();
    const writeOff = page.getByRole('dialog', { name: `Write off ${money(30)}?` });
    await writeOff.getByLabel('Reason (kept in the audit log)').fill('Card minimum');
    await writeOff.getByRole('button', { name: 'Write off' }).click();
    await toast(page, `${money(30)} written off`).waitFor();
    await page.getByRole('heading', { name: 'Write-offs' }).waitFor();
    // Not delivered anywhere (no accounting sync set up): recorded by hand, a write-back.
    await page.getByRole('button', { name: `Mark the ${money(30)} write-off recorded` }).click();
    await toast(page, 'Write-off marked as recorded in the accounting tool').waitFor();
    await page.getByRole('row').filter({ hasText: 'Write-off' }).filter({ hasText: 'manual' }).waitFor();
    await page.getByRole('button', { name: /^Write off/ }).waitFor({ state: 'detached' });

    await page.goto(`${server.baseUrl}/admin/invoices`);
    await page.getByLabel('Needs attention').check();
    await page.getByRole('row').filter({ hasText: 'INV-E2E-MIN' }).waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: 'INV-E2E-CAP' }).waitFor({ state: 'detached' });
  });

  it('the refund dialog asks whether the refund is a credit or a re-open', async () => {
    const page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, server.baseUrl, seededAdmin(server));
    await expectTitle(page, 'Dashboard');
    await page.goto(`${server.baseUrl}/admin/payments/${ids['INV-E2E-CAP:payment']}`);
    await expect(page.getByRole('link', { name: 'INV-E2E-CAP' }).getAttribute('href')).resolves.toBe(
      `/admin/invoices/${ids['INV-E2E-CAP']}`,
    );
    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('radio', { name: /^Credit/ }).isChecked()).resolves.toBe(true);
    await dialog.getByRole('radio', { name: /^Re-open/ }).check();
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await dialog.getByText('Re-open: The refunded part is due on the invoice again.').waitFor();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByRole('radio', { name: /^Re-open/ }).isChecked()).resolves.toBe(true);
    // A negative or too precise amount is refused with the field's message, never read as another amount.
    const amount = dialog.getByLabel(/^Refund amount/);
    await amount.fill('-5');
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await dialog.getByText('The refund amount must be a positive amount, e.g. 5.00.').waitFor();
    await amount.fill('250.001');
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await dialog
      .getByText('The refund amount has more decimal places than the currency allows (2).')
      .waitFor();
    await expect(dialog.getByRole('button', { name: 'Confirm refund' }).count()).resolves.toBe(0);
  });
});
