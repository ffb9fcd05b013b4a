/**
 * The console's payment pages, in Chromium against the real server with real sandbox payments (paid
 * over HTTP as the widget does): the payments list's load failure and CSV export, pages that cannot
 * load, the refund form (invalid and too-large amounts, the confirmation step, the server refusing
 * and failing), the overpaid flag, and the fatal-error screen. Failures the server cannot be made
 * to produce are made at the browser's network edge (`page.route`).
 */
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { bearerFor, createVerifiedUser, expectTitle, seededAdmin, signIn, toast } from './support/admin.ts';
import { launchBrowser } from './support/browser.ts';
import { callApi, paySucceeded, serverError, type AdminPayment } from './support/console-api.ts';
import { parseCsv } from './support/csv.ts';
import {
  CARDS,
  createConnectedMerchant,
  money,
  payOverHttp,
  type TestMerchant,
} from './support/pay-fixtures.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe('console: payments, refunds, the overpaid flag and the fatal-error screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let merchant: TestMerchant;
  let first: AdminPayment;
  let second: AdminPayment;
  let otherPayment: AdminPayment;

  const call = <T = unknown>(method: string, path: string, body?: unknown) =>
    callApi<T>(server.baseUrl, token, method, path, body);
  /** The server's database, for a state a browser cannot reach (a time zone, a past date, a flag). */
  const withDb = (change: (db: Database.Database) => void) => {
    const db = new Database(join(server.dataDir, 'app.db'));
    try {
      db.pragma('busy_timeout = 5000');
      change(db);
    } finally {
      db.close();
    }
  };
  const pay = (m: TestMerchant, invoice: string, amount: number) =>
    paySucceeded(server.baseUrl, token, m, invoice, amount);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    token = await bearerFor(server.baseUrl, seededAdmin(server));
    merchant = createConnectedMerchant(server, { business_name: 'Refund Test Timber' });
    const other = createConnectedMerchant(server, { business_name: 'Hooked Hardware' });
    first = await pay(merchant, 'INV-5501', 20000);
    second = await pay(merchant, 'INV-5502', 4550);
    otherPayment = await pay(other, 'INV-7701', 12000);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    await signIn(page, server.baseUrl, seededAdmin(server));
    await page.waitForURL(`${server.baseUrl}/admin/dashboard`);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('payments list: a load failure says so; Export CSV downloads every payment with the header', async () => {
    await page.route('**/api/admin/payments?*', (route) => route.fulfill(serverError));
    await page.goto(`${server.baseUrl}/admin/payments`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Failed to load payment details. Please try again.' })
      .first()
      .waitFor();
    await page.unroute('**/api/admin/payments?*');

    await page.reload();
    await page.getByRole('row').filter({ hasText: 'INV-5502' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('payments.csv');
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const [head, ...rows] = parseCsv(csv);
    expect(head.join(',')).toBe(
      'id,created_at,invoice_number,merchant,currency,amount,surcharge,total_amount,refunded,platform_fee,status,customer_email,payment_intent_id,xero_sync_status',
    );
    expect(rows).toHaveLength(3); // the three payments
    const row = rows.find((r) => r[0] === first.id)!;
    expect(row.slice(2, 8)).toEqual([
      'INV-5501',
      'Refund Test Timber',
      'AUD',
      '200.00',
      (first.surcharge / 100).toFixed(2),
      (first.total_amount / 100).toFixed(2),
    ]);
    expect(row[10]).toBe('succeeded');
    expect(rows.some((r) => r[0] === otherPayment.id && r[3] === 'Hooked Hardware')).toBe(true);
  });

  it('payment and merchant pages that cannot load say so', async () => {
    await page.route(`**/api/admin/payments/${first.id}`, (route) => route.fulfill(serverError));
    await page.goto(`${server.baseUrl}/admin/payments/${first.id}`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Failed to load payment details. Please try again.' })
      .waitFor();
    await expect(page.getByText('Payment not found.').count()).resolves.toBe(0);
    await page.unroute(`**/api/admin/payments/${first.id}`);

    await page.route(`**/api/admin/merchants/${merchant.id}`, (route) => route.fulfill(serverError));
    await page.goto(`${server.baseUrl}/admin/merchants/${merchant.id}`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Failed to load merchant details. Please try again.' })
      .waitFor();
    await expect(page.getByText('Merchant not found.').count()).resolves.toBe(0);
    await page.unroute(`**/api/admin/merchants/${merchant.id}`);
  });

  it('refund: invalid and too-large amounts, Cancel, confirmation with Back, server refusal and failure, then success', async () => {
    await page.goto(`${server.baseUrl}/admin/payments/${first.id}`);
    await expectTitle(page, 'Payment Details');
    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog');
    const amount = dialog.getByLabel('Refund amount (AUD)');
    await expect(amount.inputValue()).resolves.toBe('200.00'); // all that is left, by default
    await dialog.getByText('Refundable: A$200.00 of the invoice amount').waitFor();

    for (const bad of ['', '0', '0.00', '.']) {
      await amount.fill(bad);
      await dialog.getByRole('button', { name: 'Review refund' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'Please enter a valid refund amount.' }).waitFor();
    }
    await amount.fill('abc'); // letters are dropped as typed
    await expect(amount.inputValue()).resolves.toBe('');
    await amount.fill('200.01');
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Refund amount cannot exceed the refundable amount of A$200.00.' })
      .waitFor();
    await amount.fill('60');
    await expect(dialog.getByRole('alert').count()).resolves.toBe(0); // editing clears the message

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Refund' }).click();
    await expect(amount.inputValue()).resolves.toBe('200.00'); // a fresh form

    // The confirmation step names the amounts; Back returns to the form.
    const surcharge = Math.round((6000 * first.surcharge) / first.amount);
    await amount.fill('60');
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await dialog.getByRole('heading', { name: 'Confirm refund' }).waitFor();
    await dialog
      .getByText(
        `Refund A$60.00 of invoice INV-5501 plus ${money(surcharge)} surcharge (total ${money(6000 + surcharge)})`,
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(amount.inputValue()).resolves.toBe('60');

    // Meanwhile someone else refunds 150: the server refuses the stale 60 with its own reason.
    const other = await call('POST', `/api/admin/payments/${first.id}/refund`, { amount: 15000 });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await dialog.getByRole('button', { name: 'Confirm refund' }).click();
    const refused = 'The refund must be between A$0.01 and A$50.00.';
    await dialog.getByRole('alert').filter({ hasText: refused }).waitFor();
    await toast(page, refused).waitFor();
    // The page reloads the payment: what is left now is shown at once.
    await dialog.getByText('Refundable: A$50.00 of the invoice amount').waitFor();
    // The payment's own section (by its markup: the open dialog hides the page from the accessibility tree).
    const payment = page.locator('section[aria-labelledby="payment-title"]');
    await payment.getByText('Partly refunded').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // A server failure: the spec-style fallback, not the server's internal wording.
    await page.route(`**/api/admin/payments/${first.id}/refund`, (route) => route.fulfill(serverError));
    await page.getByRole('button', { name: 'Refund' }).click();
    await expect(amount.inputValue()).resolves.toBe('50.00');
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await dialog.getByRole('button', { name: 'Confirm refund' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Failed to refund payment. Please try again.' })
      .waitFor();
    await toast(page, 'Failed to refund payment. Please try again.').waitFor();
    await expect(dialog.getByText('Internal error').count()).resolves.toBe(0);
    await page.unroute(`**/api/admin/payments/${first.id}/refund`);

    // The rest, confirmed: fully refunded, no Refund button any more.
    const left = await call<AdminPayment & { refunded_surcharge: number }>(
      'GET',
      `/api/admin/payments/${first.id}`,
    );
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await dialog.getByRole('button', { name: 'Confirm refund' }).click();
    await toast(
      page,
      `Refund of ${money(5000 + first.surcharge - left.body.refunded_surcharge)} issued`,
    ).waitFor();
    await payment.locator('[data-status=refunded]').getByText('Refunded', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Refund' }).waitFor({ state: 'detached' });
  });

  it('a card hold is listed under "held (being paid)" and staff cancel it from its page', async () => {
    const created = await payOverHttp(server.baseUrl, {
      merchant: merchant.id,
      invoice: 'INV-5503',
      linkAmount: '90.00',
      amount: 9000,
      card: CARDS.threeDSecure,
    });
    expect(created.body?.status, JSON.stringify(created.body)).toBe('requires_action');
    const id = created.body.paymentId as string;
    const filter = encodeURIComponent(JSON.stringify({ status: 'held' }));
    await page.goto(`${server.baseUrl}/admin/payments?filter=${filter}`);
    await page.getByRole('row', { name: /INV-5503/ }).waitFor();
    await expect(page.getByRole('row', { name: /INV-5501/ }).count()).resolves.toBe(0);

    await page.goto(`${server.baseUrl}/admin/payments/${id}`);
    await page.getByText(/This payment holds A\$90\.00 of invoice INV-5503/).waitFor();
    await page.getByRole('button', { name: 'Cancel hold' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this card payment?' });
    await dialog.getByRole('button', { name: 'Cancel hold' }).click();
    await toast(page, 'The hold was cancelled; the amount is payable again.').waitFor();
    await expect
      .poll(async () => (await call<AdminPayment>('GET', `/api/admin/payments/${id}`)).body.status)
      .toBe('canceled');
    await expect(page.getByRole('button', { name: 'Cancel hold' }).count()).resolves.toBe(0);
  });

  it('filters: the invoice number as the ledger folds it, a reversed date range said, Add filter lists what it can add', async () => {
    await page.goto(`${server.baseUrl}/admin/payments?filter=%7B%7D`); // no filter kept from before
    await page.getByRole('row', { name: /INV-5502/ }).waitFor();
    await page.getByLabel('Invoice number').fill('inv 5501');
    await page.getByRole('row', { name: /INV-5501/ }).waitFor();
    await expect.poll(() => page.getByRole('row', { name: /INV-5502/ }).count()).toBe(0);

    const reversed = encodeURIComponent(
      JSON.stringify({ date_from: '2026-12-01', date_to: '2026-11-01T23:59:59.999Z' }),
    );
    await page.goto(`${server.baseUrl}/admin/payments?filter=${reversed}`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'The From date is after the To date, so no payment can match: swap the dates.' })
      .waitFor();

    // "Add filter" offers the filters not shown (it opened an empty menu).
    for (const [path, items] of [
      ['/admin/payments?filter=%7B%7D', ['Payment method', 'Accounting sync']],
      ['/admin/audit-log', ['Action']],
    ] as const) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByRole('button', { name: 'Add filter' }).click();
      for (const item of items) await page.getByRole('menuitemcheckbox', { name: item }).waitFor();
      await page.keyboard.press('Escape');
    }
  });

  it("a row's date is its merchant's day in the reader's language, and filtering on that date finds it (issue 50 item 6)", async () => {
    // A Sydney merchant paid at 00:30 on 8 December, Sydney time (13:30 UTC on the 7th; 08:30 on the
    // 7th in New York, where this reader's browser is).
    const sydney = createConnectedMerchant(server, { business_name: 'Midnight Sydney Sheds' });
    const late = await pay(sydney, 'INV-MIDNIGHT-1', 3000);
    withDb((db) => {
      db.prepare("update merchants set time_zone = 'Australia/Sydney' where id = ?").run(sydney.id);
      db.prepare("update payments set created_at = '2026-12-07T13:30:00.000Z' where id = ?").run(late.id);
    });
    const reader = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-AU',
      timezoneId: 'America/New_York',
    });
    const p = await reader.newPage();
    await signIn(p, server.baseUrl, seededAdmin(server));
    await p.waitForURL(`${server.baseUrl}/admin/dashboard`);
    await p.goto(
      `${server.baseUrl}/admin/payments?filter=${encodeURIComponent(JSON.stringify({ merchant_id: sydney.id }))}`,
    );
    const row = p.getByRole('row', { name: /INV-MIDNIGHT-1/ });
    // Day first for an Australian reader, and the 8th: the merchant's day, not New York's 7th.
    await row.getByText('08/12/2026').waitFor();
    await p.getByLabel('From', { exact: true }).fill('2026-12-08');
    await p.getByLabel('To', { exact: true }).fill('2026-12-08');
    await expect.poll(() => p.url()).toContain('date_to');
    await row.waitFor();
    await p.getByLabel('From', { exact: true }).fill('2026-12-07');
    await p.getByLabel('To', { exact: true }).fill('2026-12-07');
    await expect.poll(() => row.count()).toBe(0);
    await reader.close();
  });

  it("the dashboard chart counts a Sydney merchant's days on its clock, either side of midnight (issue 50 item 6)", async () => {
    const shop = createConnectedMerchant(server, { business_name: 'Midnight Chart Timber' });
    const owner = await createVerifiedUser(server, `chart-${Date.now()}@timber.test`, 'owner-pass-123');
    // Two days back in Sydney (so "today" never lies ahead): 23:30 on the day before and 00:30 on
    // the day — one hour apart, both on the same UTC day (12:30 and 13:30 UTC).
    const sydneyDay = (daysAgo: number) => {
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
      const d = new Date(`${today}T12:00:00Z`);
      d.setUTCDate(d.getUTCDate() - daysAgo);
      return d.toISOString().slice(0, 10);
    };
    /** The instant of a wall-clock time in Sydney. */
    const sydneyAt = (day: string, time: string) => {
      const wall = Date.parse(`${day}T${time}:00Z`);
      const local = (ms: number) => {
        const p = Object.fromEntries(
          new Intl.DateTimeFormat('en-CA', {
            timeZone: 'Australia/Sydney',
            hourCycle: 'h23',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
          })
            .formatToParts(new Date(ms))
            .map((x) => [x.type, x.value]),
        );
        return Date.parse(`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:00Z`);
      };
      let at = wall - (local(wall) - wall);
      at -= local(at) - wall; // once more across a daylight-saving change
      return new Date(at).toISOString();
    };
    const [before, after] = [sydneyDay(3), sydneyDay(2)];
    const late = await pay(shop, 'INV-CHART-LATE', 1000);
    const early = await pay(shop, 'INV-CHART-EARLY', 2000);
    withDb((db) => {
      db.prepare("update merchants set time_zone = 'Australia/Sydney' where id = ?").run(shop.id);
      const at = db.prepare('update payments set created_at = ?, succeeded_at = ? where id = ?');
      const lateAt = sydneyAt(before, '23:30');
      const earlyAt = sydneyAt(after, '00:30');
      at.run(lateAt, lateAt, late.id);
      at.run(earlyAt, earlyAt, early.id);
      expect(lateAt.slice(0, 10)).toBe(earlyAt.slice(0, 10)); // one UTC day: a UTC count merges them
      const user = db.prepare('select id from users where email = ?').get(owner.email) as { id: string };
      db.prepare(
        "insert into merchant_members (merchant_id, user_id, role, invited_by, created_at) values (?, ?, 'owner', null, ?)",
      ).run(shop.id, user.id, new Date().toISOString());
    });
    // The owner's dashboard (their merchant only), read by an Australian browser in New York.
    const reader = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-AU',
      timezoneId: 'America/New_York',
    });
    const p = await reader.newPage();
    await signIn(p, server.baseUrl, owner, '/admin/login');
    await p.waitForURL(`${server.baseUrl}/admin/dashboard`);
    // The chart's table (for screen readers): one payment on each Sydney day, dated as en-AU writes.
    const days = p.locator('table').filter({ has: p.getByText('Payments and amounts paid by day') });
    const rowOf = (day: string) => {
      const [y, m, d] = day.split('-');
      return days.getByRole('row').filter({ hasText: `${d}/${m}/${y}` });
    };
    await expect.poll(() => rowOf(before).count()).toBe(1);
    await expect(rowOf(before).getByRole('cell').nth(1).textContent()).resolves.toBe('1');
    await expect(rowOf(after).getByRole('cell').nth(1).textContent()).resolves.toBe('1');
    await reader.close();
  });

  it('the payments list, a payment and the merchants list pass axe-core in light and dark (status chips included)', async () => {
    const failures: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: scheme });
      const p = await ctx.newPage();
      await signIn(p, server.baseUrl, seededAdmin(server));
      await p.waitForURL(`${server.baseUrl}/admin/dashboard`);
      for (const path of ['/payments?filter=%7B%7D', `/payments/${first.id}`, '/merchants']) {
        await p.goto(`${server.baseUrl}/admin${path}`);
        await p.waitForLoadState('networkidle');
        const result = await new AxeBuilder({ page: p }).analyze();
        for (const v of result.violations)
          if (v.impact === 'serious' || v.impact === 'critical')
            failures.push(`${scheme} ${path}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
      }
      await ctx.close();
    }
    expect(failures).toEqual([]);
  });

  it('an overpaid invoice is flagged on the invoices list and on its payment', async () => {
    // A late success past what the invoice owed (DESIGN §3.4) cannot be timed from a browser test:
    // the ledger is put in that state directly, as the reservation expiry would leave it.
    withDb((db) => {
      const changed = db
        .prepare(
          'update invoices set overpaid = 1, credible_limit = paid_amount - 1000 where merchant_id = ? and invoice_number = ?',
        )
        .run(merchant.id, 'INV-5502').changes;
      expect(changed).toBe(1);
    });
    await page.goto(`${server.baseUrl}/admin/invoices`);
    const row = page.getByRole('row').filter({ hasText: 'INV-5502' });
    await row.getByText('Overpaid A$10.00').waitFor();
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: 'INV-7701' })
        .getByText(/Overpaid/)
        .count(),
    ).resolves.toBe(0);
    await page.getByLabel('Overpaid only').check();
    await page.getByRole('row').filter({ hasText: 'INV-7701' }).waitFor({ state: 'detached' });
    await row.waitFor();

    await page.goto(`${server.baseUrl}/admin/payments/${second.id}`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Invoice INV-5502 is overpaid' })
      .filter({ hasText: 'Refund the difference.' })
      .waitFor();
  });

  it("a render error shows the fatal-error screen; 'Reload Page' recovers", async () => {
    // A payment whose currency is not a currency: formatting its amount throws while rendering.
    await page.route(`**/api/admin/payments/${second.id}`, async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      await route.fulfill({ response: res, json: { ...body, currency: 'NOT-A-CURRENCY' } });
    });
    await page.goto(`${server.baseUrl}/admin/payments/${second.id}`);
    const screen = page
      .getByRole('alert')
      .filter({ has: page.getByRole('heading', { name: 'Something went wrong' }) });
    await screen.waitFor();
    await expect(screen.textContent()).resolves.toMatch(/currency/i);
    await screen.getByText('Component stack').waitFor();
    await expect(screen.locator('pre').textContent()).resolves.toMatch(/^at \S+/m); // minified names

    await page.unroute(`**/api/admin/payments/${second.id}`);
    await screen.getByRole('button', { name: 'Reload Page' }).click();
    await page.getByRole('heading', { name: 'Invoice INV-5502' }).waitFor();
    await expect(page.getByText('Something went wrong').count()).resolves.toBe(0);
  });
});
