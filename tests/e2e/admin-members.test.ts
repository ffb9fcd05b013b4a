/**
 * A merchant's owner in the console (issue 32): invited by an admin, they accept from the email's
 * link with a new account, land on their merchant, see their team, embed codes and payments, refund
 * one, make an API key for their merchant (no "all merchants" choice), and see no other merchant or
 * platform page anywhere — lists, menu, URLs typed by hand. Then a new user starts a merchant of
 * their own from /unauthorized.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { bearerFor, createVerifiedUser, seededAdmin, signIn } from './support/admin.ts';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { createConnectedMerchant, payOverHttp } from './support/pay-fixtures.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe('merchant members in the console', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  function invitationLink(address: string): string {
    const db = new Database(join(server.dataDir, 'app.db'), { readonly: true });
    try {
      db.pragma('busy_timeout = 5000');
      const row = db
        .prepare(
          "select text_body from emails where to_address = ? and kind = 'merchant_invitation' order by created_at desc",
        )
        .get(address) as { text_body: string };
      return /(http\S+\/accept-invitation\?token=\S+)/.exec(row.text_body)![1];
    } finally {
      db.close();
    }
  }

  it('an invited owner accepts, refunds, makes a key, and sees only their merchant', async () => {
    const owner = `olive-${Date.now().toString(36)}@owner-timber.test`;
    const mine = createConnectedMerchant(server, { business_name: 'Owner Timber Co' });
    const other = createConnectedMerchant(server, { business_name: 'Someone Else Bricks' });
    const paid = await payOverHttp(server.baseUrl, {
      merchant: mine.id,
      invoice: 'INV-OWN-1',
      linkAmount: '200.00',
      amount: 5000,
    });
    expect(paid.status).toBe(200);
    const otherPaid = await payOverHttp(server.baseUrl, {
      merchant: other.id,
      invoice: 'INV-OTHER-1',
      linkAmount: '90.00',
      amount: 9000,
    });
    expect(otherPaid.status).toBe(200);

    const admin = await bearerFor(server.baseUrl, seededAdmin(server));
    const invited = await fetch(`${server.baseUrl}/api/admin/merchants/${mine.id}/invitations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner, role: 'owner' }),
    });
    expect(invited.status).toBe(201);

    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(invitationLink(owner).replace(/^http:\/\/[^/]+/, server.baseUrl));
    await page.getByRole('heading', { name: 'Join Owner Timber Co' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('timber-and-nails');
    await page.getByLabel('Confirm password').fill('timber-and-nails');
    await page.getByRole('button', { name: 'Create Account and Join' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/merchants/${mine.id}`);
    await page.getByRole('heading', { name: 'Team' }).waitFor();
    await page.getByRole('cell', { name: owner, exact: true }).first().waitFor();
    await page.getByRole('heading', { name: 'Embed' }).waitFor();
    // An owner's panels: the webhook, the accounting connection, wallet domains, the staff refund limit.
    for (const panel of ['Automation Webhook', 'Accounting Connection', 'Wallet domains', 'Staff refunds'])
      await page.getByRole('heading', { name: panel, exact: true }).waitFor();

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
    const keyDialog = page.getByRole('dialog');
    expect(await keyDialog.getByLabel(/all merchants/i).count()).toBe(0);

    // Another merchant's page and the platform's tools, typed by hand.
    await page.goto(`${server.baseUrl}/admin/merchants/${other.id}`);
    await page
      .getByText('Merchant not found')
      .or(page.getByText(/not found/i))
      .first()
      .waitFor();
    expect(await page.getByText('Someone Else Bricks').count()).toBe(0);
    await page.goto(`${server.baseUrl}/admin/diagnostics`);
    await page.getByText('Page Not Found').waitFor();
    expect(errors.filter((e) => !/403|404|Failed to load resource/.test(e))).toEqual([]);
    await context.close();
  });

  it('a signed-up user starts a merchant, finishes sandbox onboarding and takes a payment, without an admin', async () => {
    const user = await createVerifiedUser(server, 'new.trader@example.test', 'new-trader-pass');
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, server.baseUrl, user, '/login');
    await page.waitForURL(`${server.baseUrl}/unauthorized`);
    await page.getByRole('heading', { name: 'Start taking payments' }).waitFor();
    await page.getByLabel('Business name').fill('Fresh Pavers');
    await page.getByLabel('Your name').fill('Fran Paver');
    await page.getByRole('button', { name: 'Start Taking Payments' }).click();
    await page.waitForURL(/\/admin\/merchants\/[0-9a-f-]+$/);
    await page.getByText('Fresh Pavers').first().waitFor();
    await page.getByRole('heading', { name: 'Team' }).waitFor();
    const merchantId = /\/admin\/merchants\/([0-9a-f-]+)$/.exec(page.url())![1];
    // Links do not take payments until Stripe onboarding is finished.
    const early = await payOverHttp(server.baseUrl, {
      merchant: merchantId,
      invoice: 'INV-PAVE-1',
      linkAmount: '80.00',
      amount: 8000,
    }).catch((err: Error) => ({ status: 0, body: err.message }));
    expect(early.status).not.toBe(200);
    // The owner finishes sandbox onboarding without an admin, and the merchant takes a payment.
    await page.getByRole('button', { name: 'Connect with Stripe' }).click();
    await page.waitForURL(/\/api\/sandbox\/connect\/consent\?/);
    await page.getByRole('button', { name: 'Approve test onboarding' }).click();
    await page.waitForURL(/\/connect\/callback\?/);
    await page.getByText('is now connected to this merchant').waitFor();
    await page.getByRole('link', { name: 'View Merchant' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/merchants/${merchantId}`);
    await expect(page.getByTestId('onboarding-status').textContent()).resolves.toBe('Stripe: Active');
    const paid = await payOverHttp(server.baseUrl, {
      merchant: merchantId,
      invoice: 'INV-PAVE-1',
      linkAmount: '80.00',
      amount: 8000,
    });
    expect(paid.status).toBe(200);
    await page.goto(`${server.baseUrl}/admin/payments`);
    await page.getByText('INV-PAVE-1').first().waitFor();
    await context.close();
  });

  it('an agency in two merchants switches between them, and every list follows', async () => {
    const a = createConnectedMerchant(server, { business_name: 'Agency Client Alpha' });
    const b = createConnectedMerchant(server, { business_name: 'Agency Client Beta' });
    for (const [m, invoice] of [
      [a, 'INV-ALPHA-1'],
      [b, 'INV-BETA-1'],
    ] as const)
      expect(
        (await payOverHttp(server.baseUrl, { merchant: m.id, invoice, linkAmount: '50.00', amount: 5000 }))
          .status,
      ).toBe(200);
    const agency = await createVerifiedUser(
      server,
      `dev-${Date.now().toString(36)}@web-agency.test`,
      'agency-pass-123',
    );
    const admin = await bearerFor(server.baseUrl, seededAdmin(server));
    const token = await bearerFor(server.baseUrl, agency);
    for (const [m, role] of [
      [a, 'staff'],
      [b, 'owner'],
    ] as const) {
      const invited = await fetch(`${server.baseUrl}/api/admin/merchants/${m.id}/invitations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email: agency.email, role }),
      });
      expect(invited.status).toBe(201);
      const link = new URL(invitationLink(agency.email));
      const accepted = await fetch(`${server.baseUrl}/api/auth/invitations/accept`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ token: link.searchParams.get('token') }),
      });
      expect(accepted.status).toBe(200);
    }

    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, server.baseUrl, agency, '/admin/login');
    // The dashboard of both their merchants, then of the one chosen.
    await page.waitForURL(`${server.baseUrl}/admin/dashboard`);
    await expect(page.getByTestId('stat-total-payments').textContent()).resolves.toBe('2');
    await page.getByRole('combobox', { name: 'Showing' }).click();
    await page.getByRole('option', { name: 'Agency Client Alpha' }).click();
    await page.getByText('Figures for Agency Client Alpha.').waitFor();
    await expect(page.getByTestId('stat-total-payments').textContent()).resolves.toBe('1');
    await page.getByRole('combobox', { name: 'Showing' }).click();
    await page.getByRole('option', { name: 'All my merchants' }).click();
    await page.goto(`${server.baseUrl}/admin/merchants`);
    await page.getByText('Agency Client Alpha').first().waitFor();
    await page.getByText('Agency Client Beta').first().waitFor();
    await page.goto(`${server.baseUrl}/admin/payments`);
    await page.getByText('INV-ALPHA-1').first().waitFor();
    await page.getByText('INV-BETA-1').first().waitFor();

    await page.getByRole('combobox', { name: 'Showing' }).click();
    await page.getByRole('option', { name: 'Agency Client Beta' }).click();
    await page.getByText('INV-ALPHA-1').first().waitFor({ state: 'detached' });
    await page.getByText('INV-BETA-1').first().waitFor();
    // Kept for the next visit, and applied to every list.
    await page.reload();
    await page.getByText('INV-BETA-1').first().waitFor();
    expect(await page.getByText('INV-ALPHA-1').count()).toBe(0);
    await page.goto(`${server.baseUrl}/admin/merchants`);
    await page.getByText('Agency Client Beta').first().waitFor();
    expect(await page.getByText('Agency Client Alpha').count()).toBe(0);
    await context.close();
  });
});
