/**
 * Merchant members in the console (issue 32), on SQLite: the invited owner's walk
 * (support/member-walk.ts; on PostgreSQL in admin-members-postgres.test.ts), a new user who starts a
 * merchant of their own from /unauthorized, and an agency that switches between its merchants.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { bearerFor, createVerifiedUser, expectTitle, seededAdmin, signIn, toast } from './support/admin.ts';
import { launchBrowser } from './support/browser.ts';
import { createConnectedMerchant, payOverHttp } from './support/pay-fixtures.ts';
import { invitedOwnerWalk } from './support/member-walk.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe('merchant members in the console', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    // Webhook endpoints at 127.0.0.1 are allowed (nothing is listening: none is delivered to).
    [server, browser] = await Promise.all([
      startServer({ env: { OUTBOUND_ALLOWLIST: '127.0.0.1' } }),
      launchBrowser(),
    ]);
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

  it('an invited owner accepts, finishes onboarding, refunds, makes a key, and sees only their merchant', async () => {
    await invitedOwnerWalk(server, browser, {
      connectedMerchant: async (name) => createConnectedMerchant(server, { business_name: name }),
      invitationLink: async (address) => invitationLink(address),
    });
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
    await page.getByRole('tab', { name: 'Team' }).waitFor();
    const merchantId = /\/admin\/merchants\/([0-9a-f-]+)$/.exec(page.url())![1];
    // The new owner lands on the setup checklist, nothing ticked yet (issue 50 item 3).
    const checklist = page.getByRole('region', { name: 'Set up Fresh Pavers' });
    await checklist.getByText('0 of 5 steps done').waitFor();
    const step = (key: string) => checklist.getByTestId(`setup-${key}`);
    for (const key of ['stripe', 'surcharge', 'share', 'accounting', 'team'])
      expect(await step(key).getAttribute('data-done')).toBe('false');
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
    // Each step ticks from the real state: Stripe connected; the suggested surcharge kept with one click;
    // a teammate invited from the Team card.
    await expect.poll(() => step('stripe').getAttribute('data-done')).toBe('true');
    await step('surcharge').getByRole('button', { name: 'Keep 2.95 %' }).click();
    await expect.poll(() => step('surcharge').getAttribute('data-done')).toBe('true');
    await step('team').getByRole('button', { name: 'Invite someone' }).click();
    const team = page.getByRole('region', { name: 'Team' });
    await team.getByLabel(/^Email/).fill('fran.staff@freshpavers.test');
    await team.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect.poll(() => step('team').getAttribute('data-done'), { timeout: 10_000 }).toBe('true');
    await checklist.getByText('3 of 5 steps done').waitFor();
    const paid = await payOverHttp(server.baseUrl, {
      merchant: merchantId,
      invoice: 'INV-PAVE-1',
      linkAmount: '80.00',
      amount: 8000,
    });
    expect(paid.status).toBe(200);
    // A payment received on a link: customers can pay.
    await expect.poll(() => step('share').getAttribute('data-done'), { timeout: 10_000 }).toBe('true');
    await page.goto(`${server.baseUrl}/admin/payments`);
    await page.getByText('INV-PAVE-1').first().waitFor();
    await context.close();

    // The operator reviews it (issue 50 item 4): the dashboard links to the merchants awaiting review;
    // approve it, then suspend it with a reason — its pay page then refuses payment, naming it.
    const operator = await browser.newContext();
    const review = await operator.newPage();
    await signIn(review, server.baseUrl, seededAdmin(server));
    await review.waitForURL(/\/admin\/dashboard/);
    await review.getByTestId('review-queue-link').click();
    await review.waitForURL(/\/admin\/merchants\?/);
    await review.getByRole('row').filter({ hasText: 'Fresh Pavers' }).getByText('Fresh Pavers').click();
    await review.waitForURL(`${server.baseUrl}/admin/merchants/${merchantId}`);
    const card = review.getByRole('region', { name: 'Review' });
    await card.getByText('Account: Awaiting review').waitFor();
    await card.getByRole('button', { name: 'Approve' }).click();
    await toast(review, 'Merchant approved; its owners have been told').waitFor();
    await card.getByText('Account: Active').waitFor();
    await card.getByRole('button', { name: 'Suspend' }).click();
    const dialog = review.getByRole('dialog', { name: 'Suspend Fresh Pavers?' });
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await dialog.getByText('Say why the merchant is suspended: the owners are told.').waitFor();
    await dialog.getByLabel('Reason').fill('Bank details need checking');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await toast(review, 'Merchant suspended; its owners have been told why').waitFor();
    await card.getByText('Reason: Bank details need checking').waitFor();
    await review.goto(
      `${server.baseUrl}/pay?merchant=${merchantId}&invoice=INV-PAVE-2&amount=10.00&currency=AUD`,
    );
    await review
      .getByText(
        'Fresh Pavers is not taking card payments at the moment. Please contact them to pay this invoice.',
      )
      .waitFor();
    const refused = await payOverHttp(server.baseUrl, {
      merchant: merchantId,
      invoice: 'INV-PAVE-3',
      linkAmount: '80.00',
      amount: 8000,
    });
    expect(refused.status).toBe(422);
    await operator.close();
  });

  it('staff and a developer read what their role cannot change, and are told once who can (issue 50 item 5)', async () => {
    const m = createConnectedMerchant(server, { business_name: 'Roles Explained Timber' });
    const admin = await bearerFor(server.baseUrl, seededAdmin(server));
    const stamp = Date.now().toString(36);
    const join = async (role: 'owner' | 'staff' | 'developer') => {
      const user = await createVerifiedUser(server, `${role}-${stamp}@roles-timber.test`, `${role}-pass-123`);
      const invited = await fetch(`${server.baseUrl}/api/admin/merchants/${m.id}/invitations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, role }),
      });
      expect(invited.status).toBe(201);
      const accepted = await fetch(`${server.baseUrl}/api/auth/invitations/accept`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await bearerFor(server.baseUrl, user)}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ token: new URL(invitationLink(user.email)).searchParams.get('token') }),
      });
      expect(accepted.status).toBe(200);
      return user;
    };
    const owner = await join('owner');
    const staff = await join('staff');
    const developer = await join('developer');
    const ask = (who: string) => `${who} — ask ${owner.email}.`;

    for (const [user, tabs] of [
      [staff, ['Setup', 'Payments']],
      [developer, ['Setup', 'Payments', 'Developers']],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, server.baseUrl, user, '/admin/login');
      await page.waitForURL(/\/admin\/(dashboard|merchants)/);
      await page.goto(`${server.baseUrl}/admin/merchants/${m.id}?tab=payments`);
      await expect.poll(() => page.getByRole('tab').allTextContents()).toEqual([...tabs]);
      // The payment settings, read-only, each saying who changes them; nothing to save.
      const surcharge = page.getByRole('region', { name: 'Customer Surcharge' });
      await surcharge.getByText('2.95 %').waitFor();
      await expect(surcharge.getByTestId('read-only-note').textContent()).resolves.toBe(
        ask('Only owners change these settings'),
      );
      for (const card of ['Customer Surcharge', 'Staff refunds', 'PayTo', 'Bank debit (BECS Direct Debit)'])
        expect(await page.getByRole('region', { name: card }).getByRole('button').count(), card).toBe(0);
      expect(await page.getByRole('switch').count()).toBe(0);

      // A page the role does not open, typed by hand: one message, the page's own title, no toast.
      const [path, title, who] =
        user === staff
          ? ['/api-keys', 'API Keys', 'Only owners and developers manage API keys']
          : ['/payments', 'Payments', 'Only owners and staff see payments'];
      await page.goto(`${server.baseUrl}/admin${path}`);
      await expectTitle(page, title);
      await expect(page.getByTestId('role-denied').textContent()).resolves.toBe(ask(who));
      await page.waitForTimeout(500);
      expect(await page.getByText(/Failed to load|Access denied|Page Not Found/).count()).toBe(0);
      expect(await page.getByTestId('role-denied').count()).toBe(1);
      if (user === developer) {
        // Their own tab is theirs to change.
        await page.goto(`${server.baseUrl}/admin/merchants/${m.id}?tab=developers`);
        const hook = page.getByRole('region', { name: 'Automation Webhook' });
        await hook.getByRole('button', { name: 'Save webhook settings' }).waitFor();
        await page
          .getByRole('region', { name: 'API keys' })
          .getByRole('link', { name: 'Open API keys' })
          .waitFor();
      }
      await context.close();
    }
  });

  it('an agency in three merchants switches between them, every list follows, and the key dialog says what its role allows', async () => {
    const a = createConnectedMerchant(server, { business_name: 'Agency Client Alpha' });
    const b = createConnectedMerchant(server, { business_name: 'Agency Client Beta' });
    const g = createConnectedMerchant(server, { business_name: 'Agency Client Gamma' });
    const paymentIds: string[] = [];
    for (const [m, invoice] of [
      [a, 'INV-ALPHA-1'],
      [b, 'INV-BETA-1'],
    ] as const) {
      const paid = await payOverHttp(server.baseUrl, {
        merchant: m.id,
        invoice,
        linkAmount: '50.00',
        amount: 5000,
      });
      expect(paid.status).toBe(200);
      paymentIds.push(paid.body.paymentId);
    }
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
      [g, 'developer'],
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
    // The switcher shows its value, and on a phone sits beside the title, not over it (issue 50 item 9).
    const switcher = page.getByRole('combobox', { name: 'Showing' });
    await expect(switcher.textContent()).resolves.toBe('All my merchants');
    // On a phone the switcher is at the top of the page, below the title, which keeps its words.
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 375, height: 800 });
    await phone.goto(`${server.baseUrl}/admin/dashboard`);
    const phoneSwitcher = phone.getByRole('combobox', { name: 'Showing' });
    await expect(phoneSwitcher.textContent()).resolves.toBe('All my merchants');
    const [title, box] = [
      await phone.getByTestId('page-title').boundingBox(),
      await phoneSwitcher.boundingBox(),
    ];
    expect(title!.y + title!.height).toBeLessThanOrEqual(box!.y);
    await expect(phone.getByTestId('page-title').textContent()).resolves.toBe('Dashboard');
    expect(await phone.getByTestId('page-title').evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await phone.close();
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

    // Staff of Alpha: with its staff refund limit at 0 (a new merchant's) the refund dialog says so before
    // Review; with a limit of 20.00 it says how much is left, and refuses more at Review, not after Confirm.
    const setStaffLimit = (limit: number) =>
      fetch(`${server.baseUrl}/api/admin/merchants/${a.id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ staff_refund_limit: limit }),
      });
    expect((await setStaffLimit(0)).status).toBe(200);
    await page.goto(`${server.baseUrl}/admin/payments/${paymentIds[0]}`);
    await page.getByRole('button', { name: 'Refund' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByText('its owner has not set a staff refund limit').waitFor();
    await expect(dialog.getByRole('button', { name: 'Review refund' }).isDisabled()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await setStaffLimit(2000)).status).toBe(200);
    await page.reload();
    await page.getByRole('button', { name: 'Refund' }).click();
    dialog = page.getByRole('dialog');
    await dialog
      .getByText(
        'As staff you can refund up to A$20.00 of this payment (the owner set A$20.00 per payment, in total).',
      )
      .waitFor();
    await expect(dialog.getByLabel('Refund amount (AUD)').inputValue()).resolves.toBe('20.00');
    await dialog.getByLabel('Refund amount (AUD)').fill('30.00');
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await dialog
      .getByRole('alert')
      .filter({
        hasText: 'As staff you can refund at most A$20.00 of this payment. Ask an owner to refund more.',
      })
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`${server.baseUrl}/admin/payments`);

    // The key dialog says what a key will do with the agency's role in the merchant chosen: as
    // Gamma's developer it never reads payments or refunds; as Beta's owner it does.
    await page.goto(`${server.baseUrl}/admin/api-keys`);
    await page.getByRole('button', { name: 'Create API key' }).click();
    const keyDialog = page.getByRole('dialog', { name: 'Create an API key' });
    await keyDialog
      .getByText('What a key can do is what your role in the merchant you choose allows.')
      .waitFor();
    await keyDialog.getByRole('combobox', { name: 'Merchant' }).fill('Gamma');
    await page.getByRole('option', { name: /Agency Client Gamma/ }).click();
    await keyDialog.getByLabel('Read and write: also manages webhook endpoints').waitFor();
    await keyDialog.getByText('it cannot read payments or refund them').waitFor();
    expect(await keyDialog.getByText(/refunds payments/).count()).toBe(0);
    await keyDialog.getByRole('combobox', { name: 'Merchant' }).fill('Beta');
    await page.getByRole('option', { name: /Agency Client Beta/ }).click();
    await keyDialog
      .getByLabel('Read and write: also creates pay links, refunds payments and manages webhook endpoints')
      .waitFor();
    expect(await keyDialog.getByText('it cannot read payments or refund them').count()).toBe(0);
    await keyDialog.getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`${server.baseUrl}/admin/payments`);

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

    // As Gamma's developer the agency adds a webhook endpoint; the operator removes the agency from
    // Gamma's team and is shown that endpoint, which keeps receiving events.
    const hook = await fetch(`${server.baseUrl}/api/admin/merchants/${g.id}/webhook-endpoints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://127.0.0.1:9/agency-sync', description: 'Agency sync' }),
    });
    expect(hook.status).toBe(201);
    const operator = await browser.newContext();
    const adminPage = await operator.newPage();
    await signIn(adminPage, server.baseUrl, seededAdmin(server));
    await adminPage.waitForURL(/\/admin\/dashboard/);
    await adminPage.goto(`${server.baseUrl}/admin/merchants/${g.id}?tab=team`);
    await adminPage
      .getByRole('row')
      .filter({ hasText: agency.email })
      .getByRole('button', { name: 'Remove' })
      .click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    const left = adminPage.getByRole('alert').filter({ hasText: 'made this webhook endpoint' });
    await left.getByText('http://127.0.0.1:9/agency-sync (Agency sync)').waitFor();
    expect(await left.textContent()).toContain(`${agency.email} made this webhook endpoint`);
    await operator.close();
  });
});
