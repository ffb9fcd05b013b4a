/**
 * The console's lists in Chromium against the real server, with real sandbox payments made in the
 * widget: on a 390 px phone every list is react-admin's SimpleList that fits the screen, its filters
 * start collapsed and Add Merchant is in reach; at 1280 px they are tables with their filters open.
 * CSV exports of every list, cells a spreadsheet would run neutralised (an invoice number typed
 * into a public pay link as =HYPERLINK(…), a company name typed into the contact form); bulk export,
 * mark-as-recorded and mark-as-contacted.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, seededAdmin, signIn, toast } from './support/admin.ts';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { parseCsv } from './support/csv.ts';
import {
  CARDS,
  createConnectedMerchant,
  fillSandboxCard,
  waitForForm,
  widget,
  type TestMerchant,
} from './support/pay-fixtures.ts';
import { startServer, type RunningServer } from './support/server.ts';

const EVIL_INVOICE = '=HYPERLINK("http://evil.example","Open")';
const EVIL_COMPANY = '@SUM(1+1)*cmd';
const LISTS = [
  '/admin/merchants',
  '/admin/payments',
  '/admin/blogs',
  '/admin/prospects',
  '/admin/audit-log',
  '/admin/invoices',
];

/** A text cell a spreadsheet would run: starts with =, +, -, @, tab or CR (and is not a plain number). */
const runnable = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell);

describe('console lists: phones, exports and bulk actions', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  let merchant: TestMerchant;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as T;
  }

  async function signedIn(width: number, colorScheme: 'light' | 'dark' = 'light') {
    const context = await browser.newContext({
      viewport: { width, height: 844 },
      colorScheme,
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await signIn(page, server.baseUrl, seededAdmin(server));
    await page.waitForURL(`${server.baseUrl}/admin/dashboard`);
    return { context, page };
  }

  /** Pay the whole of a link in the <invoice-pay> widget, as a customer does. */
  async function payInWidget(page: Page, invoice: string, amount: string) {
    const q = new URLSearchParams({ INVOICENUMBER: invoice, AMOUNTDUE: amount, CURRENCY: 'AUD' });
    await page.goto(`${server.baseUrl}/pay/${merchant.id}?${q}`);
    const w = widget(page);
    await waitForForm(w);
    await fillSandboxCard(w, CARDS.visa);
    await w.locator('button[type=submit]').click();
    await w.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 20_000 });
  }

  async function exportCsv(page: Page, path: string, button = 'Export CSV') {
    await page.goto(`${server.baseUrl}${path}`);
    await page.getByRole('table').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: button }).click(),
    ]);
    return {
      name: download.suggestedFilename(),
      rows: parseCsv(readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '')),
    };
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    token = await bearerFor(server.baseUrl, seededAdmin(server));
    merchant = createConnectedMerchant(server, { business_name: 'List Test Lumber' });
    const customer = await browser.newPage();
    await payInWidget(customer, EVIL_INVOICE, '120.00');
    await payInWidget(customer, 'INV-LIST-2', '80.00');
    await customer.close();
    const contact = await fetch(`${server.baseUrl}/api/public/prospects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Pat Prospect',
        email: 'pat@prospect.example',
        company_name: EVIL_COMPANY,
      }),
    });
    expect(contact.status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('at 390 px: every list is a SimpleList that fits, filters start collapsed, Add Merchant is in reach', async () => {
    const { context, page } = await signedIn(390);
    const errors = watchErrors(page);
    for (const path of LISTS) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByRole('listitem').first().waitFor();
      expect([path, await page.getByRole('table').count()]).toEqual([path, 0]);
      const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
      expect([path, scroll]).toEqual([path, inner]);
    }
    // Payments: only the search box is open; the other filters wait behind "Add filter".
    await page.goto(`${server.baseUrl}/admin/payments`);
    await page.getByText('INV-LIST-2').waitFor();
    await expect(page.getByPlaceholder('Invoice, email or intent id').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('combobox', { name: 'Status' }).count()).resolves.toBe(0);
    await expect(page.getByLabel('Invoice number').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Status' }).click();
    await page.getByRole('combobox', { name: 'Status' }).waitFor();
    // A payment opens from the list.
    await page.getByText('INV-LIST-2').click();
    await page.waitForURL(/\/admin\/payments\/[0-9a-f-]{36}$/);

    // Add Merchant: on screen and working.
    await page.goto(`${server.baseUrl}/admin/merchants`);
    const add = page.getByRole('button', { name: 'Add Merchant' });
    const box = (await add.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Add Merchant' });
    await dialog.waitFor();
    expect((await dialog.getByRole('button', { name: 'Create' }).boundingBox())!.x).toBeLessThan(390);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // The merchant's two labelled badges on the phone list.
    const item = page.getByRole('listitem').filter({ hasText: 'List Test Lumber' });
    await expect(item.getByTestId('account-status').textContent()).resolves.toBe('Account: Active');
    await expect(item.getByTestId('onboarding-status').textContent()).resolves.toBe('Stripe: Active');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 1280 px: the same lists are tables with their filters open', async () => {
    const { context, page } = await signedIn(1280);
    for (const path of LISTS) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByRole('table').waitFor();
      const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
      expect([path, scroll]).toEqual([path, inner]);
    }
    await page.goto(`${server.baseUrl}/admin/payments`);
    await page.getByRole('combobox', { name: 'Status' }).waitFor();
    await expect(page.getByLabel('Invoice number').isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('the audit log reads as fields and hides sign-ins on request (issue 50 item 7)', async () => {
    const { context, page } = await signedIn(1280);
    await page.goto(`${server.baseUrl}/admin/audit-log`);
    await page.getByRole('table').waitFor();
    // Signing in was audited; details are field: value lines, not JSON.
    await expect
      .poll(() => page.getByRole('cell', { name: 'auth.login', exact: true }).count())
      .toBeGreaterThan(0);
    expect(await page.getByRole('cell').filter({ hasText: /^\{"/ }).count()).toBe(0);
    await page.getByLabel('Hide sign-ins').check();
    await expect.poll(() => page.getByRole('cell', { name: 'auth.login', exact: true }).count()).toBe(0);
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(1);
    await context.close();
  });

  it('exports every list as CSV; what a spreadsheet would run as a formula is neutralised', async () => {
    const { context, page } = await signedIn(1280);
    const payments = await exportCsv(page, '/admin/payments');
    expect(payments.name).toBe('payments.csv');
    const evil = payments.rows.find((r) => r[2].includes('HYPERLINK'))!;
    expect(evil[2]).toBe(`'${EVIL_INVOICE}`);
    expect(evil[5]).toBe('120.00'); // amounts stay numbers

    const invoices = await exportCsv(page, '/admin/invoices');
    expect(invoices.name).toBe('invoices.csv');
    expect(invoices.rows[0].slice(0, 4)).toEqual(['id', 'invoice_number', 'merchant', 'currency']);
    expect(invoices.rows.find((r) => r[1].includes('HYPERLINK'))![1]).toBe(`'${EVIL_INVOICE}`);

    const prospects = await exportCsv(page, '/admin/prospects');
    expect(prospects.name).toBe('prospects.csv');
    expect(prospects.rows.find((r) => r[3] === 'pat@prospect.example')![5]).toBe(`'${EVIL_COMPANY}`);

    const merchants = await exportCsv(page, '/admin/merchants');
    expect(merchants.name).toBe('merchants.csv');
    expect(merchants.rows[0]).toContain('stripe_onboarding');
    const lumber = merchants.rows.find((r) => r[2] === 'List Test Lumber')!;
    expect(lumber[merchants.rows[0].indexOf('account_status')]).toBe('Active');
    expect(lumber[merchants.rows[0].indexOf('stripe_onboarding')]).toBe('complete');

    const audit = await exportCsv(page, '/admin/audit-log');
    expect(audit.name).toBe('audit-log.csv');
    expect(audit.rows[0]).toEqual([
      'id',
      'created_at',
      'actor_email',
      'action',
      'target_type',
      'target_id',
      'details',
      'ip',
    ]);
    expect(audit.rows.length).toBeGreaterThan(1);

    for (const file of [payments, invoices, prospects, merchants, audit])
      expect(file.rows.flat().filter(runnable)).toEqual([]);
    await context.close();
  });

  it('bulk: export the selected payments, mark them recorded; mark prospects contacted (undoable)', async () => {
    const { context, page } = await signedIn(1280);
    await page.goto(`${server.baseUrl}/admin/payments`);
    const row = page.getByRole('row').filter({ hasText: 'INV-LIST-2' });
    await row.getByRole('checkbox').check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export selected' }).click(),
    ]);
    const selected = parseCsv(readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, ''));
    expect(selected.slice(1).map((r) => r[2])).toEqual(['INV-LIST-2']);

    await page.getByRole('button', { name: 'Mark as recorded' }).click();
    const confirm = page.getByRole('dialog', { name: 'Mark 1 payment as recorded?' });
    await confirm.getByRole('button', { name: 'Mark as recorded' }).click();
    await toast(page, '1 payment marked as recorded').waitFor();
    const listed = await call<Array<{ invoice_number: string; xero_sync_status: string | null }>>(
      'GET',
      `/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ merchant_id: merchant.id }))}`,
    );
    expect(Object.fromEntries(listed.map((p) => [p.invoice_number, p.xero_sync_status]))).toEqual({
      'INV-LIST-2': 'synced',
      [EVIL_INVOICE]: null,
    });

    await page.goto(`${server.baseUrl}/admin/prospects`);
    const prospect = page.getByRole('row').filter({ hasText: 'pat@prospect.example' });
    await prospect.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Mark as contacted' }).click();
    await toast(page, 'Prospect marked as contacted').waitFor();
    await prospect.getByText('contacted', { exact: true }).waitFor(); // shown at once, sent when the notice closes
    await toast(page, 'Prospect marked as contacted').getByRole('button', { name: 'Close' }).click();
    await expect
      .poll(
        async () =>
          (await call<Array<{ email: string; status: string }>>('GET', '/api/admin/prospects')).find(
            (p) => p.email === 'pat@prospect.example',
          )?.status,
      )
      .toBe('contacted');
    await context.close();
  });
});
