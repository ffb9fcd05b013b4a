/**
 * The invited owner's walk through the console (issue 32), run on SQLite (admin-members.test.ts) and
 * on PostgreSQL (admin-members-postgres.test.ts): an admin creates a merchant with its first owner;
 * the owner accepts from the email's link with a new account, finishes sandbox Stripe onboarding,
 * copies the embed code, sets the staff refund limit, reads their dashboard, searches and exports
 * payments, makes and cancels a pay link, refunds a payment, makes an API key, and sees no other
 * merchant anywhere — lists, search, dashboard, export, menu, URLs typed by hand.
 */
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { bearerFor, expectTitle, openTab, seededAdmin } from './admin.ts';
import { watchErrors } from './browser.ts';
import { payOverHttp } from './pay-fixtures.ts';
import type { RunningServer } from './server.ts';

export interface WalkFixtures {
  /** A merchant connected to Stripe already, straight in the server's database. */
  connectedMerchant(name: string): Promise<{ id: string }>;
  /** The accept link of the newest invitation mailed to `address` (from the `emails` table). */
  invitationLink(address: string): Promise<string>;
}

export async function invitedOwnerWalk(server: RunningServer, browser: Browser, fixtures: WalkFixtures) {
  const owner = `olive-${Date.now().toString(36)}@owner-timber.test`;
  const other = await fixtures.connectedMerchant('Someone Else Bricks');
  const otherPaid = await payOverHttp(server.baseUrl, {
    merchant: other.id,
    invoice: 'INV-OTHER-1',
    linkAmount: '90.00',
    amount: 9000,
  });
  expect(otherPaid.status).toBe(200);

  // The admin creates the merchant with its first owner in one step; the owner gets the invitation.
  const admin = await bearerFor(server.baseUrl, seededAdmin(server));
  const created = await fetch(`${server.baseUrl}/api/admin/merchants`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      business_name: 'Owner Timber Co',
      name: 'Olive Owner',
      email: owner,
      owner_email: owner,
    }),
  });
  expect(created.status).toBe(201);
  const mine = (await created.json()) as { id: string };

  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto((await fixtures.invitationLink(owner)).replace(/^http:\/\/[^/]+/, server.baseUrl));
  await page.getByRole('heading', { name: 'Join Owner Timber Co' }).waitFor();
  await page.getByLabel('Password', { exact: true }).fill('timber-and-nails');
  await page.getByLabel('Confirm password').fill('timber-and-nails');
  await page.getByRole('button', { name: 'Create Account and Join' }).click();
  await page.waitForURL(`${server.baseUrl}/admin/merchants/${mine.id}`);
  // Merchant Details in tabs by purpose (issue 50 item 3); an owner opens every one.
  await expect
    .poll(() => page.getByRole('tab').allTextContents())
    .toEqual(['Setup', 'Payments', 'Accounting', 'Team', 'Developers']);
  await page.getByRole('heading', { name: 'Embed' }).waitFor();
  await openTab(page, 'Team');
  await page.getByRole('cell', { name: owner, exact: true }).first().waitFor();
  await openTab(page, 'Setup');
  // They finish sandbox Stripe onboarding themselves; then the merchant takes a payment.
  await page.getByRole('button', { name: 'Connect with Stripe' }).click();
  await page.waitForURL(/\/api\/sandbox\/connect\/consent\?/);
  await page.getByRole('button', { name: 'Approve test onboarding' }).click();
  await page.waitForURL(/\/connect\/callback\?/);
  await page.getByText('is now connected to this merchant').waitFor();
  await page.getByRole('link', { name: 'View Merchant' }).click();
  await page.waitForURL(`${server.baseUrl}/admin/merchants/${mine.id}`);
  await expect(page.getByTestId('onboarding-status').textContent()).resolves.toBe('Stripe: Active');
  const paid = await payOverHttp(server.baseUrl, {
    merchant: mine.id,
    invoice: 'INV-OWN-1',
    linkAmount: '200.00',
    amount: 5000,
  });
  expect(paid.status).toBe(200);
  // The embed code, copied with its button: the code names their merchant.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
  const embed = page.getByRole('region', { name: 'Embed' });
  await embed.getByRole('button', { name: 'Copy: HTML: pinned version with Subresource Integrity' }).click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toContain(`merchant="${mine.id}"`);
  // An owner's panels, each on its tab: the webhook and its endpoints, wallet domains, the
  // accounting connection, the staff refund limit.
  for (const [tab, panels] of [
    ['Developers', ['API keys', 'Automation Webhook', 'Webhook endpoints', 'Wallet domains']],
    ['Accounting', ['Accounting Connection']],
    ['Payments', ['Customer Surcharge', 'Staff refunds', 'PayTo']],
  ] as const) {
    await openTab(page, tab);
    for (const panel of panels) await page.getByRole('heading', { name: panel, exact: true }).waitFor();
  }

  // The menu: their dashboard, merchants, payments, keys, audit log; nothing of the platform's.
  for (const item of ['Dashboard', 'Merchants', 'Payments', 'Invoices', 'API Keys', 'Audit Log'])
    await expect(page.getByRole('menuitem', { name: item }).count()).resolves.toBeGreaterThan(0);
  for (const item of ['Blog', 'Prospects', 'Diagnostics', 'Xero Integration'])
    expect(await page.getByRole('menuitem', { name: item }).count(), item).toBe(0);

  // Staff may refund up to A$20.00 at once from now on.
  const staffCard = page.getByRole('region', { name: 'Staff refunds' });
  await staffCard.getByLabel('Limit what staff can refund').check();
  await staffCard.getByLabel('Most per refund').fill('20.00');
  await staffCard.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Staff refund limit saved').waitFor();

  // The dashboard: their merchant's figures, not the platform's.
  await page.goto(`${server.baseUrl}/admin/dashboard`);
  await expect(page.getByTestId('stat-total-payments').textContent()).resolves.toBe('1');
  await expect(page.getByTestId('stat-paid-total').textContent()).resolves.toBe('A$50.00');
  expect(await page.getByTestId('stat-platform-revenue').count()).toBe(0);
  await page.getByText('INV-OWN-1').first().waitFor();
  expect(await page.getByText('INV-OTHER-1').count()).toBe(0);

  // Lists: only their merchant and its payment.
  await page.goto(`${server.baseUrl}/admin/merchants`);
  await page.getByText('Owner Timber Co').first().waitFor();
  expect(await page.getByText('Someone Else Bricks').count()).toBe(0);
  await page.goto(`${server.baseUrl}/admin/payments`);
  await page.getByText('INV-OWN-1').first().waitFor();
  expect(await page.getByText('INV-OTHER-1').count()).toBe(0);
  // Searching for the other merchant's invoice finds nothing; the export holds only their rows.
  await page.getByPlaceholder('Invoice, email or intent id').fill('INV-OTHER-1');
  await page.getByText('INV-OWN-1').first().waitFor({ state: 'detached' });
  expect(await page.getByText('INV-OTHER-1').count()).toBe(0);
  await page.getByPlaceholder('Invoice, email or intent id').fill('');
  await page.getByText('INV-OWN-1').first().waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('INV-OWN-1');
  expect(csv).not.toContain('INV-OTHER-1');
  expect(csv).not.toContain('Someone Else Bricks');

  // A pay link for one of their invoices, made and canceled in the console.
  await page.goto(`${server.baseUrl}/admin/pay-links`);
  await page.getByRole('button', { name: 'Create pay link' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Create a pay link' });
  await linkDialog.getByLabel('Invoice').fill('INV-OWN-2');
  await linkDialog.getByLabel('Amount due').fill('75.00');
  // Metadata as key=value lines: a line without "=" is refused before anything is sent.
  await linkDialog.getByLabel('Metadata (optional)').fill('order_id PO-881');
  await linkDialog.getByRole('button', { name: 'Create pay link' }).click();
  await linkDialog.getByText('Line 1: write key=value').waitFor();
  await linkDialog.getByLabel('Metadata (optional)').fill('order_id=PO-881\nsite=shop.example.com');
  await linkDialog.getByRole('button', { name: 'Create pay link' }).click();
  await page.getByText(/^Pay link created: http/).waitFor();
  // … and found again by it.
  const search = page.getByPlaceholder('Invoice, reference, email or metadata');
  await search.fill('PO-999');
  await expect.poll(() => page.getByRole('row', { name: /INV-OWN-2/ }).count()).toBe(0);
  await search.fill('PO-881');
  await expect.poll(() => page.getByRole('row', { name: /INV-OWN-2/ }).count()).toBe(1);
  await search.fill('');
  const linkRow = page.getByRole('row', { name: /INV-OWN-2/ });
  await linkRow.getByText('Active').waitFor();
  await expect(linkRow.getByText('A$75.00').count()).resolves.toBe(1);
  // Copy gives the short link to send (issue 50 item 5); the page is titled Pay Links.
  await expectTitle(page, 'Pay Links');
  await page.getByRole('button', { name: 'Copy the pay link for INV-OWN-2' }).click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toMatch(/^http:\/\/[^/]+\/l\/[A-Za-z0-9]+$/);
  await page.getByRole('button', { name: 'Cancel the pay link for INV-OWN-2' }).click();
  await page
    .getByRole('dialog', { name: 'Cancel this pay link?' })
    .getByRole('button', { name: 'Cancel link' })
    .click();
  await linkRow.getByText('Canceled').waitFor();

  // Their invoices, and the ledger page of one, without the platform's actions.
  await page.goto(`${server.baseUrl}/admin/invoices`);
  await page.getByText('INV-OWN-1').first().waitFor();
  expect(await page.getByText('INV-OTHER-1').count()).toBe(0);
  await page.getByText('INV-OWN-1').first().click();
  await page.waitForURL(/\/admin\/invoices\/[^/]+$/);
  await page
    .getByRole('heading', { name: /INV-OWN-1/ })
    .first()
    .waitFor();

  // Refund their payment from its page.
  await page.goto(`${server.baseUrl}/admin/payments`);
  await page.getByText('INV-OWN-1').first().click();
  await page.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Review refund' }).click();
  await dialog.getByRole('button', { name: 'Confirm refund' }).click();
  await page
    .getByText(/^Refund of A\$[\d.,]+ issued/)
    .first()
    .waitFor();

  // An API key for their merchant: the "all merchants" scope is not offered.
  await page.goto(`${server.baseUrl}/admin/api-keys`);
  await page
    .getByRole('button', { name: /Create/i })
    .first()
    .click();
  const keyDialog = page.getByRole('dialog', { name: 'Create an API key' });
  expect(await keyDialog.getByLabel(/all merchants/i).count()).toBe(0);
  await keyDialog.getByLabel('Name').fill('Owner site');
  await keyDialog.getByRole('combobox', { name: 'Merchant' }).fill('Owner Timber');
  await page.getByRole('option', { name: /Owner Timber Co/ }).click();
  await keyDialog.getByRole('button', { name: 'Create API key' }).click();
  const shown = page.getByRole('dialog', { name: 'Copy the new key now' });
  await shown.waitFor();
  await shown.getByRole('button', { name: 'I have stored it' }).click();
  await page.getByRole('row', { name: /Owner site/ }).waitFor();

  // Another merchant's page and the platform's tools, typed by hand.
  await page.goto(`${server.baseUrl}/admin/merchants/${other.id}`);
  await page
    .getByText('Merchant not found')
    .or(page.getByText(/not found/i))
    .first()
    .waitFor();
  expect(await page.getByText('Someone Else Bricks').count()).toBe(0);
  // The platform's page says whose it is, once (issue 50 item 5): the app bar keeps its title.
  await page.goto(`${server.baseUrl}/admin/diagnostics`);
  await expectTitle(page, 'Diagnostics');
  await expect(page.getByTestId('role-denied').textContent()).resolves.toBe(
    "This page is the platform operators': merchant members do not open it.",
  );
  expect(await page.getByText('Page Not Found').count()).toBe(0);
  expect(errors.filter((e) => !/403|404|Failed to load resource/.test(e))).toEqual([]);
  await context.close();
}
