/**
 * Stripe onboarding never looks frozen when the console is opened on another address than
 * PUBLIC_BASE_URL (here the console at 127.0.0.1, PUBLIC_BASE_URL on localhost, as on a developer's
 * machine): the merchant page says which address to use; approving on the sandbox's consent page
 * (served at the public address) comes back to the console's own address and completes; and a
 * merchant page left open shows the outcome of an onboarding finished elsewhere, without a reload.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectTitle, seededAdmin, signIn, toast } from './support/admin.ts';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { freePort, startServer, type RunningServer } from './support/server.ts';

describe('Stripe onboarding from a console on another address than PUBLIC_BASE_URL', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let publicBase: string;

  async function addMerchant(name: string): Promise<string> {
    await page.goto(`${server.baseUrl}/admin/merchants`);
    await page.getByRole('button', { name: 'Add Merchant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Merchant' });
    await dialog.getByLabel('Business Name').fill(name);
    await dialog.getByLabel('Contact Name').fill('Olive Onboard');
    await dialog.getByLabel(/^Email/).fill(`${name.toLowerCase().replace(/\W+/g, '.')}@example.com`);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('row').filter({ hasText: name }).getByText(name).click();
    await page.waitForURL(/\/admin\/merchants\/[0-9a-f-]{36}$/);
    return page.url().split('/').pop()!;
  }

  beforeAll(async () => {
    const port = await freePort();
    publicBase = `http://localhost:${port}`;
    [server, browser] = await Promise.all([
      startServer({ port, env: { PUBLIC_BASE_URL: publicBase } }),
      launchBrowser(),
    ]);
    expect(server.baseUrl).toBe(`http://127.0.0.1:${port}`);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await signIn(page, server.baseUrl, seededAdmin(server));
    await page.waitForURL(`${server.baseUrl}/admin/dashboard`);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('says which address to use, and approving comes back here and completes', async () => {
    const errors = watchErrors(page);
    const id = await addMerchant('Elsewhere Timber');
    const notice = page.getByTestId('stripe-address-notice');
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toContain(
      `This console is open at ${server.baseUrl}, but the product’s public address is ${publicBase}.`,
    );
    await expect(notice.getByRole('link').getAttribute('href')).resolves.toBe(
      `${publicBase}/admin/merchants/${id}`,
    );

    await page.getByRole('button', { name: 'Connect with Stripe' }).click();
    await page.waitForURL(`${publicBase}/api/sandbox/connect/consent?**`);
    await page.getByRole('button', { name: 'Approve test onboarding' }).click();
    // Back on the console's own address (where the admin is signed in), not stuck on the consent page.
    await page.waitForURL(`${server.baseUrl}/connect/callback?**`);
    await page.getByText('is now connected to this merchant').waitFor();
    await page.getByRole('link', { name: 'View Merchant' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/merchants/${id}`);
    await expectTitle(page, 'Merchant Details');
    await expect(page.getByTestId('onboarding-status').textContent()).resolves.toBe('Stripe: Active');
    await page.getByText('Charges enabled').waitFor();
    // Onboarded: nothing left to do at the other address.
    await expect(notice.count()).resolves.toBe(0);
    expect(errors.filter((e) => !/status of 40[134]/.test(e))).toEqual([]);
  });

  it('a merchant page left open shows the outcome of onboarding finished in another tab', async () => {
    const id = await addMerchant('Second Tab Steel');
    // Another tab starts onboarding and waits on the consent page.
    const other = await context.newPage();
    await other.goto(`${server.baseUrl}/admin/merchants/${id}`);
    await other.getByRole('button', { name: 'Connect with Stripe' }).click();
    await other.waitForURL(`${publicBase}/api/sandbox/connect/consent?**`);

    // This page now shows the onboarding under way (the account exists, charges not yet enabled).
    await page.reload();
    await expect(page.getByTestId('onboarding-status').textContent()).resolves.toBe('Stripe: Onboarding');
    await page.getByRole('button', { name: 'Continue Stripe onboarding' }).waitFor();

    await other.getByRole('button', { name: 'Approve test onboarding' }).click();
    await other.waitForURL(`${server.baseUrl}/connect/callback?**`);

    // No reload here: the page follows the merchant and says so.
    await toast(page, 'Stripe onboarding complete: Second Tab Steel can take card payments.').waitFor({
      timeout: 15_000,
    });
    await expect(page.getByTestId('onboarding-status').textContent()).resolves.toBe('Stripe: Active');
    await expect(page.getByRole('button', { name: 'Continue Stripe onboarding' }).count()).resolves.toBe(0);
    await other.close();
  });
});
