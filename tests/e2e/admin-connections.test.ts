/**
 * The console's parts of a merchant's connections, in Chromium against the real server with real
 * sandbox payments: Sync to Xero failing (the call, and the merchant's automation webhook), the
 * Xero Integration page's Retry of a failed sync job (a local receiver that answers 500, then 200),
 * and Stripe Disconnect (confirmation, failure, success). Each test has its own merchant.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { bearerFor, expectTitle, seededAdmin, signIn, toast } from './support/admin.ts';
import { launchBrowser } from './support/browser.ts';
import { callApi, paySucceeded, serverError, type AdminPayment } from './support/console-api.ts';
import { createConnectedMerchant, type TestMerchant } from './support/pay-fixtures.ts';
import { freePort, startServer, type RunningServer } from './support/server.ts';

describe('console: sync to Xero, retrying failed syncs, Stripe disconnect', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let receiver: Server;
  let receiverPort: number;
  let receiverStatus = 500;
  const received: string[] = [];
  let token: string;
  let unhooked: AdminPayment;
  let hookedPayment: AdminPayment;
  let retryPayment: AdminPayment;

  const call = <T = unknown>(method: string, path: string, body?: unknown) =>
    callApi<T>(server.baseUrl, token, method, path, body);
  const pay = (m: TestMerchant, invoice: string, amount: number) =>
    paySucceeded(server.baseUrl, token, m, invoice, amount);

  /** A connected merchant whose automation webhook is the local receiver. */
  async function hookedMerchant(businessName: string): Promise<TestMerchant> {
    const m = createConnectedMerchant(server, { business_name: businessName });
    const saved = await call('PUT', `/api/admin/merchants/${m.id}/webhook`, {
      webhook_url: `http://127.0.0.1:${receiverPort}/hook`,
      scenario_id: null,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return m;
  }

  beforeAll(async () => {
    receiverPort = await freePort();
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        received.push(body);
        res.writeHead(receiverStatus, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => receiver.listen(receiverPort, '127.0.0.1', r));
    [server, browser] = await Promise.all([
      // One attempt, polled often: a refused delivery becomes a failed job within the test.
      startServer({
        env: { OUTBOUND_ALLOWLIST: '127.0.0.1', OUTBOX_MAX_ATTEMPTS: '1', OUTBOX_POLL_MS: '100' },
      }),
      launchBrowser(),
    ]);
    token = await bearerFor(server.baseUrl, seededAdmin(server));
    unhooked = await pay(
      createConnectedMerchant(server, { business_name: 'Unhooked Decking' }),
      'INV-5502',
      4550,
    );
    // Paid while the receiver refuses: each payment's automatic sync fails once and stays failed.
    hookedPayment = await pay(await hookedMerchant('Hooked Hardware'), 'INV-7701', 12000);
    retryPayment = await pay(await hookedMerchant('Retry Roofing'), 'INV-8801', 9900);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await signIn(page, server.baseUrl, seededAdmin(server));
    await page.waitForURL(`${server.baseUrl}/admin/dashboard`);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await new Promise((r) => receiver?.close(r));
  });

  it("Sync to Xero: a failing call and a failing webhook both show 'Failed to sync payment to Xero. Please try again.'", async () => {
    // Nothing connected: no Sync to Xero at all (issue 50 item 9).
    await page.goto(`${server.baseUrl}/admin/payments/${unhooked.id}`);
    await page.getByText('not synced', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Sync to Xero' }).count()).toBe(0);
    await page.route('**/api/admin/payments/*/sync-to-xero', (route) => route.fulfill(serverError));
    await page.goto(`${server.baseUrl}/admin/payments/${hookedPayment.id}`);
    await page.getByRole('button', { name: 'Sync to Xero' }).click();
    await toast(page, /^Failed to sync payment to Xero\. Please try again\.$/).waitFor();
    await page.getByRole('button', { name: 'Sync to Xero' }).waitFor(); // still offered
    await page.unroute('**/api/admin/payments/*/sync-to-xero');

    // The merchant's automation webhook refuses: the message says so and the payment shows why.
    receiverStatus = 500;
    const before = received.length;
    await page.goto(`${server.baseUrl}/admin/payments/${hookedPayment.id}`);
    await page.getByRole('button', { name: 'Sync to Xero' }).click();
    await toast(
      page,
      /^Failed to sync payment to Xero\. Please try again\. \(Automation webhook: The webhook answered HTTP 500: \{\}\)$/,
    ).waitFor();
    expect(received.length).toBeGreaterThan(before);
    await page
      .getByRole('region', { name: 'Invoice INV-7701' })
      .getByText('failed', { exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Sync to Xero' }).waitFor();
  });

  it('Xero Integration: a failed sync job is listed and Retry delivers it once the receiver accepts', async () => {
    receiverStatus = 500;
    await page.goto(`${server.baseUrl}/admin/xero-integration`);
    await expectTitle(page, 'Xero Integration');
    const merchantRow = page.getByRole('row').filter({ hasText: 'Retry Roofing' });
    await merchantRow.getByText('Configured', { exact: true }).waitFor();
    const failed = page.getByRole('region', { name: 'Failed syncs' });
    // This test's payment's job (other tests' payments may have failed jobs too).
    const job = failed
      .getByRole('row')
      .filter({ has: page.locator(`a[href$="/payments/${retryPayment.id}"]`) });
    await job.first().waitFor();
    await expect(job.count()).resolves.toBe(1);
    await expect(job.textContent()).resolves.toMatch(/500/);

    // Still refused: the job stays failed and the toast says why.
    await job.getByRole('button', { name: 'Retry' }).click();
    await toast(page, /^Retried: .*500/).waitFor();
    await expect(job.count()).resolves.toBe(1);

    receiverStatus = 200;
    const before = received.length;
    await job.getByRole('button', { name: 'Retry' }).click();
    await toast(page, 'Sync delivered').waitFor();
    await job.waitFor({ state: 'detached' });
    expect(received.length).toBe(before + 1);
    expect(JSON.parse(received[received.length - 1])).toMatchObject({ InvoiceNumber: 'INV-8801' });

    await page.goto(`${server.baseUrl}/admin/payments/${retryPayment.id}`);
    await page
      .getByRole('region', { name: 'Invoice INV-8801' })
      .getByText('synced', { exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Sync to Xero' }).waitFor({ state: 'detached' });
  });

  it('Stripe Disconnect: confirmation, Cancel, a failure, then success', async () => {
    const m = createConnectedMerchant(server, { business_name: 'Disconnect Decking' });
    await page.goto(`${server.baseUrl}/admin/merchants/${m.id}`);
    await page.getByTestId('stripe-status').getByText(`Connected: ${m.accountId}`).waitFor();
    const confirm = page.getByRole('dialog', { name: 'Disconnect Stripe account?' });

    await page.getByRole('button', { name: 'Disconnect' }).click();
    await confirm
      .getByText(
        'Disconnect Decking will not be able to take payments until a Stripe account is connected again.',
      )
      .waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByTestId('stripe-status').getByText(`Connected: ${m.accountId}`).waitFor();

    await page.route('**/api/admin/merchants/*/disconnect-stripe', (route) => route.fulfill(serverError));
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await toast(page, 'Failed to disconnect Stripe account').waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByTestId('stripe-status').getByText(`Connected: ${m.accountId}`).waitFor();
    await page.unroute('**/api/admin/merchants/*/disconnect-stripe');

    await page.getByRole('button', { name: 'Disconnect' }).click();
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await toast(page, 'Stripe account disconnected successfully').waitFor();
    await page.getByRole('region', { name: 'Stripe Connect' }).getByText('Not connected to Stripe').waitFor();
    const after = await call<{ stripe_account_id: string | null }>('GET', `/api/admin/merchants/${m.id}`);
    expect(after.body.stripe_account_id).toBeNull();
  });
});
