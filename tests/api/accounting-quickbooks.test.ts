/**
 * The QuickBooks Online connector against a local QuickBooks (tests/support/fake-quickbooks.ts):
 * connect with the callback's realmId; a succeeded payment becomes a `Payment` linked to the invoice
 * (`Line[].LinkedTxn`) for the base amount plus a surcharge `Deposit`; a partial refund replaces it;
 * an expired token is refreshed; `requestid` makes a repeated create harmless; live balance.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getLiveAmountDue } from '../../api/accounting/live-amount.ts';
import { runOutboxOnce } from '../../api/outbox/worker.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { startFakeQuickBooks, type FakeQuickBooks } from '../support/fake-quickbooks.ts';
import { createConnectedMerchant, payThroughLink } from './payments-support.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`QuickBooks Online connector (${testDialect})`, () => {
  let t: TestApp;
  let qbo: FakeQuickBooks;
  let admin: { authorization: string };
  let n = 0;

  beforeAll(async () => {
    qbo = await startFakeQuickBooks();
    t = await createTestApp({
      autoDeliverEvents: false,
      env: {
        QUICKBOOKS_CLIENT_ID: qbo.clientId,
        QUICKBOOKS_CLIENT_SECRET: qbo.clientSecret,
        QUICKBOOKS_API_BASE: qbo.url,
        QUICKBOOKS_IDENTITY_BASE: qbo.url,
        OUTBOX_BACKOFF_BASE_MS: '1000',
        OUTBOX_TIMEOUT_MS: '2000',
      },
    });
  });
  beforeEach(async () => {
    admin = await adminHeaders(t);
  });
  afterEach(async () => {
    await t.deps.database.db
      .updateTable('outbox')
      .set({ status: 'canceled' })
      .where('status', 'in', ['pending', 'processing'])
      .execute();
  });
  afterAll(async () => {
    await t?.close();
    await qbo?.close();
  });

  async function connected() {
    const merchant = await createConnectedMerchant(t);
    const start = await json(
      t.app,
      'POST',
      `/api/admin/merchants/${merchant.id}/accounting/quickbooks/connect-url`,
      {},
      admin,
    );
    expect(start.status).toBe(200);
    const url = new URL(start.body.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://appcenter.intuit.com/connect/oauth2');
    expect(url.searchParams.get('scope')).toBe('com.intuit.quickbooks.accounting');
    const done = await json(
      t.app,
      'POST',
      '/api/admin/accounting/callback',
      { code: qbo.issueCode(), state: url.searchParams.get('state'), realmId: qbo.realmId },
      admin,
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      provider: 'quickbooks',
      status: 'connected',
      tenant_id: qbo.realmId,
      tenant_name: 'Harbour Hardware Pty Ltd',
    });
    await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchant.id}/accounting/settings`,
      { payment_account_code: '35', surcharge_account_code: '79' },
      admin,
    );
    const invoice = `1${String(++n).padStart(3, '0')}`;
    const inv = qbo.addInvoice(invoice, 100000);
    return { merchant, invoice, inv };
  }

  async function pay(merchantId: string, invoice: string, amount: number) {
    const { created } = await payThroughLink(t, {
      merchant: merchantId,
      invoice,
      linkAmount: '1000.00',
      amount,
    });
    return t.deps.database.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', created.paymentId)
      .executeTakeFirstOrThrow();
  }
  const livePayments = () => [...qbo.payments.values()].filter((p) => !p.deleted);

  it('records a Payment linked to the invoice and the surcharge as a deposit; a partial refund replaces them', async () => {
    const { merchant, invoice, inv } = await connected();
    const payment = await pay(merchant.id, invoice, 25000);
    const before = qbo.requests.length;
    expect(await runOutboxOnce(t.deps)).toMatchObject({ delivered: 1 });
    const calls = qbo.requests.slice(before);
    expect(calls[0].query.get('query')).toBe(`select * from Invoice where DocNumber = '${invoice}'`);
    const created = calls.find((c) => c.path.endsWith('/payment'))!;
    expect(created.query.get('requestid')).toMatch(/^[0-9a-f]{40}$/);
    expect(created.json).toMatchObject({
      CustomerRef: { value: inv.customerId },
      TotalAmt: 250,
      DepositToAccountRef: { value: '35' },
      Line: [{ Amount: 250, LinkedTxn: [{ TxnId: inv.Id, TxnType: 'Invoice' }] }],
    });
    const deposit = calls.find((c) => c.path.endsWith('/deposit'))!;
    expect(deposit.json.Line[0]).toMatchObject({
      Amount: payment.surcharge / 100,
      DetailType: 'DepositLineDetail',
      DepositLineDetail: { AccountRef: { value: '79' } },
    });
    expect(inv.balanceCents).toBe(75000);
    expect(
      await t.deps.database.db
        .selectFrom('accounting_writebacks')
        .select(['source', 'amount'])
        .where('payment_id', '=', payment.id)
        .execute(),
    ).toEqual([{ source: 'quickbooks', amount: 25000 }]);

    const refund = await json(
      t.app,
      'POST',
      `/api/admin/payments/${payment.id}/refund`,
      { amount: 5000, kind: 'reopen' },
      admin,
    );
    expect(refund.status).toBe(200);
    await runOutboxOnce(t.deps);
    expect(
      livePayments()
        .filter((p) => p.body.Line[0].LinkedTxn[0].TxnId === inv.Id)
        .map((p) => p.cents),
    ).toEqual([20000]);
    expect(inv.balanceCents).toBe(80000);
    expect(
      [...qbo.deposits.values()].filter((d) => !d.deleted && d.body.PrivateNote.includes(invoice)),
    ).toHaveLength(1);
  });

  it('refreshes an expired token, and a repeated create with the same requestid makes no second payment', async () => {
    const { merchant, invoice, inv } = await connected();
    const payment = await pay(merchant.id, invoice, 10000);
    qbo.expireAccessTokens();
    qbo.failNext((r) => r.path.endsWith('/deposit'), {
      status: 503,
      body: { Fault: { Error: [{ Message: 'Service unavailable' }] } },
    });
    await runOutboxOnce(t.deps);
    const job = await t.deps.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('payment_id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'pending', last_response_status: 503 });
    expect(
      qbo.requests.some((r) => r.path === '/oauth2/v1/tokens/bearer' && r.body.includes('refresh_token')),
    ).toBe(true);
    expect(inv.balanceCents).toBe(90000); // the payment went in before the deposit failed

    t.clock.advance(60_000);
    await runOutboxOnce(t.deps);
    expect(
      (
        await t.deps.database.db
          .selectFrom('outbox')
          .select('status')
          .where('id', '=', job.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('delivered');
    expect(livePayments().filter((p) => p.body.Line[0].LinkedTxn[0].TxnId === inv.Id)).toHaveLength(1);
    expect(inv.balanceCents).toBe(90000);
    expect(await getLiveAmountDue(t.deps, merchant.id, invoice, 'AUD')).toEqual({ amountDue: 90000 });
  });
});
