/**
 * The connection's account settings are chosen from the tool's own lists (issue 50 item 1):
 * `GET /api/admin/merchants/{id}/account-choices` reads Xero's chart of accounts (bank accounts
 * and accounts that take payments; active revenue accounts with a code) or QuickBooks' accounts and
 * items, through the fakes; an owner may read them, staff may not; without a connection it says to
 * connect first; a Xero connection without the settings scope answers Xero's reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../api/merchants/team-members.ts';
import { NOT_CONNECTED_FOR_CHOICES } from '../../api/accounting/connections/routes.ts';
import { json, type TestApp } from '../support/app.ts';
import { adminHeaders, bearerFor, createUser } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { startFakeQuickBooks, type FakeQuickBooks } from '../support/fake-quickbooks.ts';
import { startFakeXero, type FakeXero } from '../support/fake-xero.ts';
import { connectXero, createAccountingApp, quickbooksEnv, xeroEnv } from './support/accounting.ts';
import { createConnectedMerchant } from './support/payments.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`account choices read from the accounting tool (${testDialect})`, () => {
  let t: TestApp;
  let xero: FakeXero;
  let qbo: FakeQuickBooks;
  let admin: { authorization: string };
  beforeAll(async () => {
    [xero, qbo] = await Promise.all([startFakeXero(), startFakeQuickBooks()]);
    t = await createAccountingApp({ ...xeroEnv(xero), ...quickbooksEnv(qbo) });
    admin = await adminHeaders(t);
  });
  afterAll(async () => {
    await t?.close();
    await xero?.close();
    await qbo?.close();
  });

  const choicesOf = (merchantId: string, headers: Record<string, string>) =>
    json(t.app, 'GET', `/api/admin/merchants/${merchantId}/account-choices`, undefined, headers);

  async function member(merchantId: string, role: 'owner' | 'staff') {
    const user = await createUser(t, { email: `${role}-${merchantId.slice(0, 8)}@choices.test` });
    await addMember(t.deps.database.db, merchantId, user.id, role, null, t.clock.now().toISOString());
    return bearerFor(t, user.id);
  }

  it("lists Xero's bank and revenue accounts for the owner, by name; not for staff", async () => {
    const merchant = await createConnectedMerchant(t);
    const notYet = await choicesOf(merchant.id, admin);
    expect([notYet.status, notYet.body.error.message]).toEqual([409, NOT_CONNECTED_FOR_CHOICES]);

    await connectXero(t, xero, admin, merchant.id);
    const owner = await member(merchant.id, 'owner');
    const res = await choicesOf(merchant.id, owner);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Bank accounts and one that takes payments; no account without a code; no expense or archived one.
    expect(res.body.payment).toEqual([
      { code: '090', name: 'Business Bank Account' },
      { code: '091', name: 'Business Savings Account' },
      { code: '620', name: 'Prepayments' },
    ]);
    const revenue = [
      { code: '261', name: 'Card Surcharges' },
      { code: '260', name: 'Other Revenue' },
      { code: '200', name: 'Sales' },
    ];
    expect(res.body.surcharge).toEqual(revenue);
    expect(res.body.credit).toEqual(revenue);

    expect((await choicesOf(merchant.id, await member(merchant.id, 'staff'))).status).toBe(403);
  });

  it("lists QuickBooks' deposit and income accounts by id, and its items for credits", async () => {
    const merchant = await createConnectedMerchant(t);
    const start = await json(
      t.app,
      'POST',
      `/api/admin/merchants/${merchant.id}/accounting/quickbooks/connect-url`,
      {},
      admin,
    );
    const done = await json(
      t.app,
      'POST',
      '/api/admin/accounting/callback',
      {
        code: qbo.issueCode(),
        state: new URL(start.body.url).searchParams.get('state'),
        realmId: qbo.realmId,
      },
      admin,
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const res = await choicesOf(merchant.id, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      payment: [
        { code: '35', name: 'Cheque Account' },
        { code: '4', name: 'Undeposited Funds' },
      ],
      surcharge: [
        { code: '83', name: 'Card Surcharge Income' },
        { code: '79', name: 'Sales of Product Income' },
      ],
      credit: [
        { code: '19', name: 'Returned goods' },
        { code: '1', name: 'Services' },
      ],
    });
  });

  it("says Xero's reason when the connection lacks the settings scope", async () => {
    const merchant = await createConnectedMerchant(t);
    await connectXero(t, xero, admin, merchant.id);
    await t.deps.database.db
      .updateTable('accounting_connections')
      .set({ granted_scopes: 'offline_access accounting.invoices accounting.payments' })
      .where('merchant_id', '=', merchant.id)
      .execute();
    const res = await choicesOf(merchant.id, admin);
    expect(res.status).toBe(502);
    expect(res.body.error.message).toMatch(/not granted the accounting\.settings scope/);
  });
});
