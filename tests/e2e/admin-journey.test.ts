/**
 * The console's main journey in Chromium against the real server (sandbox payments): an admin signs
 * in at /login, adds a merchant, corrects its contact, connects it through the sandbox's Stripe
 * onboarding consent page, copies the accounting payment URL, pays it in the <invoice-pay> widget,
 * finds the payment on the dashboard and the merchant page, syncs it, refunds part of it, sees the
 * balance come back, and publishes a blog post. Every change the console makes goes through its data
 * provider: the test records the API writes and checks each is the one call expected, and that the
 * screens showing the changed record refresh without a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { expectTitle, seededAdmin, signIn, toast } from './support/admin.ts';

describe('admin console journey', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  /** The console's writes to the admin API, in order, ids replaced by :id. */
  const writes: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    page = await context.newPage();
    errors = watchErrors(page);
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (req.method() !== 'GET' && url.pathname.startsWith('/api/admin/'))
        writes.push(`${req.method()} ${url.pathname.replace(/[0-9a-f-]{36}/g, ':id')}`);
    });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('runs from sign-in to a partial refund whose amount is payable again', async () => {
    const base = server.baseUrl;
    // Sign in on the site's /login: it sends admins to the console dashboard.
    await signIn(page, base, seededAdmin(server), '/login');
    await page.waitForURL(`${base}/admin/dashboard`);
    await expectTitle(page, 'Dashboard');
    await page.getByText('No payments have been processed yet.').waitFor();

    // Add a merchant in the modal.
    await page.getByRole('menuitem', { name: 'Merchants' }).click();
    await page.waitForURL(`${base}/admin/merchants`);
    await page.getByRole('button', { name: 'Add Merchant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Merchant' });
    await dialog.getByLabel('Business Name').fill('Hardwood Supplies Pty');
    await dialog.getByLabel('Contact Name').fill('Hannah Wood');
    await dialog.getByLabel(/^Email/).fill('accounts@hardwood.example');
    await dialog.getByLabel('Phone').fill('+61 2 5550 1234');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Merchant created successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: 'Hardwood Supplies Pty' });
    // Two labelled facts, never contradicting: the account exists (Active), Stripe not yet connected.
    await expect(row.getByTestId('account-status').textContent()).resolves.toBe('Active');
    await expect(row.getByTestId('onboarding-status').textContent()).resolves.toBe('Not connected');
    await row.getByText('Hardwood Supplies Pty').click();
    await page.waitForURL(/\/admin\/merchants\/[0-9a-f-]{36}$/);
    const merchantId = page.url().split('/').pop()!;
    await expectTitle(page, 'Merchant Details');
    await page.getByText('No description provided').waitFor();
    await expect(page.getByTestId('merchant-id').textContent()).resolves.toBe(merchantId);
    await page.getByText('Not connected to Stripe').waitFor();
    await expect(page.getByTestId('onboarding-status').textContent()).resolves.toBe('Stripe: Not connected');

    // Correct the contact (useUpdate): the card shows it at once, no reload.
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Merchant' });
    await edit.getByLabel('Contact Name').fill('Hannah Woodley');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Merchant details updated successfully').waitFor();
    await page.getByText('Hannah Woodley').waitFor();

    // Connect through the sandbox's onboarding consent page, back through /connect/callback.
    await page.getByRole('button', { name: 'Connect with Stripe' }).click();
    await page.waitForURL(/\/api\/sandbox\/connect\/consent/);
    await page.getByRole('button', { name: 'Approve test onboarding' }).click();
    await page.waitForURL(/\/connect\/callback/);
    await page.getByText('is now connected to this merchant').waitFor();
    await page.getByRole('link', { name: 'View Merchant' }).click();
    await page.waitForURL(`${base}/admin/merchants/${merchantId}`);
    await page
      .getByTestId('stripe-status')
      .getByText(/^Connected: acct_/)
      .waitFor();
    await page.getByText('Charges enabled').waitFor();
    await expect(page.getByTestId('onboarding-status').textContent()).resolves.toBe('Stripe: Active');
    await expect(page.getByTestId('account-status').textContent()).resolves.toBe('Account: Active');

    // Copy the accounting payment URL: 'Copied!' for 3 s and a 'URL copied' toast. (The Embed
    // panel's buttons are named after their code: 'Copy: Script tag …'.)
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByRole('button', { name: 'Copied!', exact: true }).waitFor();
    await toast(page, 'URL copied').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(
      `${base}/pay/${merchantId}?INVOICENUMBER=[INVOICENUMBER]&AMOUNTDUE=[AMOUNTDUE]&CURRENCY=[CURRENCY]&SHORTCODE=${merchantId.slice(0, 8)}`,
    );
    await page.getByRole('button', { name: 'Copy', exact: true }).waitFor({ timeout: 4000 });

    // Open it as Xero would fill it, and pay the whole invoice in the widget (sandbox card form).
    const payUrl = copied
      .replace('[INVOICENUMBER]', 'INV-7781')
      .replace('[AMOUNTDUE]', '250.00')
      .replace('[CURRENCY]', 'AUD');
    const customer = await context.newPage();
    await customer.goto(payUrl);
    await customer.getByText('Hardwood Supplies Pty').first().waitFor();
    await customer.getByText('Balance: A$250.00').waitFor();
    await customer.getByLabel('Email for receipt (optional)').fill('builder@site.example');
    await customer.getByLabel('Cardholder name').fill('Bob Builder');
    // A declined card first: it must not show among the dashboard's recent payments.
    await customer.getByLabel('Card number').fill('4000 0000 0000 0002');
    await customer.getByLabel('Expiry (MM/YY)').fill('12/34');
    await customer.getByLabel('CVC').fill('123');
    await customer.getByRole('button', { name: /^Pay A\$257\.38$/ }).click();
    await customer.getByText('Your card was declined.').first().waitFor({ timeout: 20_000 });
    await customer.getByLabel('Card number').fill('4242 4242 4242 4242');
    await customer.getByRole('button', { name: /^Pay A\$257\.38$/ }).click();
    await customer.getByText('Payment Successful!').waitFor({ timeout: 20_000 });
    await customer.getByText('Invoice fully paid!').waitFor();

    // The dashboard and the merchant page show it.
    await page.goto(`${base}/admin/dashboard`);
    const recent = page.getByRole('row', { name: 'Payment INV-7781' });
    await recent.waitFor();
    await expect(recent.textContent()).resolves.toContain('A$250.00');
    await expect(recent.locator('[data-tone]').getAttribute('data-tone')).resolves.toBe('success');
    await expect(page.getByRole('row', { name: 'Payment INV-7781' }).count()).resolves.toBe(1); // not the decline
    await expect(page.getByTestId('stat-total-payments').textContent()).resolves.toBe('1');
    await expect(page.getByTestId('stat-platform-revenue').textContent()).resolves.toBe('A$3.22');
    await page.goto(`${base}/admin/merchants/${merchantId}?tab=payments`);
    // The merchant's page lists every attempt; the declined one is there too, marked Declined.
    await page.getByRole('row').filter({ hasText: 'INV-7781' }).filter({ hasText: 'Declined' }).waitFor();
    const merchantRow = page.getByRole('row').filter({ hasText: 'INV-7781' }).filter({ hasText: 'Paid' });
    await merchantRow.getByText('builder@site.example').waitFor();
    await merchantRow.getByRole('link', { name: 'View payment INV-7781' }).click();
    await page.waitForURL(/\/admin\/payments\/[0-9a-f-]{36}$/);
    await expectTitle(page, 'Payment Details');
    await page.getByText('Surcharge (2.95%)').waitFor();
    await page.getByText('A$257.38').waitFor();

    // Nothing to sync to (no accounting tool, no automation webhook): no Sync to Xero is offered.
    await page.getByText('not synced', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Sync to Xero' }).count()).toBe(0);

    // Refund part of it, with confirmation.
    await page.getByRole('button', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog');
    await refund.getByLabel('Refund amount (AUD)').fill('100.00');
    // The customer still owes it (a re-open, DESIGN §3.8): the part is due on the invoice again.
    await refund.getByRole('radio', { name: /^Re-open/ }).check();
    await refund.getByRole('button', { name: 'Review refund' }).click();
    await refund
      .getByText('Refund A$100.00 of invoice INV-7781 plus A$2.95 surcharge (total A$102.95)')
      .waitFor();
    await refund.getByRole('button', { name: 'Confirm refund' }).click();
    await toast(page, 'Refund of A$102.95 issued').waitFor();
    await page.getByText('Partly refunded').first().waitFor();

    // The refunded part is payable again through the same link.
    await customer.goto(payUrl);
    await customer.getByText('Balance: A$100.00').waitFor();

    // A blog post: created in the console (<Create>), listed there, and live on the public blog.
    await page.getByRole('menuitem', { name: 'Blog' }).click();
    await page.getByRole('link', { name: 'Create Post' }).click();
    await page.waitForURL(`${base}/admin/blog`);
    await expectTitle(page, 'Create Blog Post');
    await page.getByRole('textbox', { name: 'Post Title' }).fill('Paid on the day');
    await page
      .getByRole('textbox', { name: 'Content (HTML)' })
      .fill('<p>Hardwood Supplies takes cards on every invoice.</p>');
    await page.getByRole('button', { name: 'Create Post' }).click();
    await toast(page, 'Blog post created successfully!').waitFor();
    await page.getByRole('row').filter({ hasText: 'Paid on the day' }).waitFor();
    await customer.goto(`${base}/blog/paid-on-the-day`);
    await customer.getByRole('heading', { name: 'Paid on the day' }).waitFor();

    expect(writes).toEqual([
      'POST /api/admin/merchants', // useCreate
      'PUT /api/admin/merchants/:id', // useUpdate
      'POST /api/admin/stripe-connect-url', // dataProvider.startStripeConnect
      'POST /api/admin/stripe-connect-callback', // the site's /connect/callback page
      'POST /api/admin/payments/:id/refund', // dataProvider.refund
      'POST /api/admin/blogs', // <Create>
    ]);
    expect(errors.filter((e) => !/status of 40[34]/.test(e))).toEqual([]);
  });
});
