/**
 * The QuickBooks Online connector against a local QuickBooks (tests/support/fake-quickbooks.ts,
 * strict to Intuit's entity reference): connect with the callback's realmId; a succeeded payment
 * becomes a `Payment` linked to the invoice (`Line[].LinkedTxn`) for the base amount plus a
 * surcharge `Deposit`; a credit refund is a `RefundReceipt` on the refund's date with its surcharge
 * part as a `Purchase`, the payment untouched; a re-open refund lowers the payment (sparse update)
 * and a full one deletes it; an expired token is refreshed; `requestid` makes a repeated create
 * harmless; live balance. Amounts with odd cents and in a zero-decimal currency.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getLiveAmountDue } from '../../api/accounting/live/live-amount.ts';
import { runOutboxOnce } from '../../api/accounting/sync/worker.ts';
import { json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { startFakeQuickBooks, type FakeQuickBooks } from '../support/fake-quickbooks.ts';
import { requestId } from '../../api/accounting/quickbooks/records.ts';
import {
  cancelQueued,
  createAccountingApp,
  entriesOf,
  payInvoice,
  paymentRow,
  quickbooksEnv,
  refund,
} from './support/accounting.ts';
import { createConnectedMerchant } from './support/payments.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`QuickBooks Online connector (${testDialect})`, () => {
  let t: TestApp;
  let qbo: FakeQuickBooks;
  let admin: { authorization: string };
  let n = 0;

  beforeAll(async () => {
    qbo = await startFakeQuickBooks();
    t = await createAccountingApp(quickbooksEnv(qbo));
  });
  beforeEach(async () => {
    admin = await adminHeaders(t);
  });
  afterEach(() => cancelQueued(t));
  afterAll(async () => {
    await t?.close();
    await qbo?.close();
  });

  async function connected(totalCents = 100000, currency = 'AUD') {
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
      granted_scopes: ['com.intuit.quickbooks.accounting'],
    });
    const saved = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchant.id}/accounting/settings`,
      { payment_account_code: '35', surcharge_account_code: '79', credit_account_code: '1' },
      admin,
    );
    expect(saved.status).toBe(200);
    const invoice = `1${String(++n).padStart(3, '0')}`;
    const inv = qbo.addInvoice(invoice, totalCents, currency);
    return { merchant, invoice, inv };
  }

  const livePayments = (invoiceId: string) =>
    [...qbo.payments.values()].filter(
      (p) => !p.deleted && p.body.Line.some((l: any) => l.LinkedTxn[0].TxnId === invoiceId),
    );

  it('records a Payment linked to the invoice and the surcharge as a deposit', async () => {
    const { merchant, invoice, inv } = await connected();
    const payment = await payInvoice(t, { merchant: merchant.id, invoice, amount: 25013 });
    const before = qbo.requests.length;
    expect(await runOutboxOnce(t.deps)).toMatchObject({ delivered: 1 });
    const calls = qbo.requests.slice(before);
    expect(calls[0].query.get('query')).toBe(`select * from Invoice where DocNumber = '${invoice}'`);
    const created = calls.find((c) => c.path.endsWith('/payment'))!;
    expect(created.query.get('requestid')).toMatch(/^[0-9a-f]{40}$/);
    expect(created.json).toMatchObject({
      CustomerRef: { value: inv.customerId },
      TotalAmt: 250.13,
      TxnDate: '2026-11-22',
      DepositToAccountRef: { value: '35' },
      Line: [
        {
          Amount: 250.13,
          DetailType: 'PaymentLineDetail',
          LinkedTxn: [{ TxnId: inv.Id, TxnType: 'Invoice' }],
        },
      ],
    });
    const deposit = calls.find((c) => c.path.endsWith('/deposit'))!;
    expect(deposit.json.Line[0]).toMatchObject({
      Amount: payment.surcharge / 100,
      DetailType: 'DepositLineDetail',
      DepositLineDetail: { AccountRef: { value: '79' } },
    });
    expect(inv.balanceCents).toBe(100000 - 25013);
    expect(
      await t.deps.database.db
        .selectFrom('accounting_writebacks')
        .select(['source', 'amount'])
        .where('payment_id', '=', payment.id)
        .execute(),
    ).toEqual([{ source: 'quickbooks', amount: 25013 }]);
  });

  it('records a credit refund as a Refund Receipt on its date, its surcharge as a Purchase, the payment untouched', async () => {
    const { merchant, invoice, inv } = await connected();
    const payment = await payInvoice(t, { merchant: merchant.id, invoice, amount: 40037 });
    await runOutboxOnce(t.deps);
    const [original] = livePayments(inv.Id);
    t.clock.advance(3 * 24 * 3600_000); // refunded three days later
    admin = await adminHeaders(t);
    const r = await refund(t, admin, payment.id, 'credit', 10011);
    const before = qbo.requests.length;
    expect(await runOutboxOnce(t.deps)).toMatchObject({ delivered: 1 });
    const calls = qbo.requests.slice(before).filter((c) => c.method === 'POST' && c.path.startsWith('/v3/'));
    expect(calls.map((c) => c.path.split('/').pop())).toEqual(['refundreceipt', 'purchase']);
    expect(calls[0].json).toMatchObject({
      CustomerRef: { value: inv.customerId },
      TxnDate: '2026-11-25',
      DepositToAccountRef: { value: '35' },
      Line: [
        {
          Amount: 100.11,
          DetailType: 'SalesItemLineDetail',
          SalesItemLineDetail: { ItemRef: { value: '1' }, Qty: 1, UnitPrice: 100.11 },
        },
      ],
    });
    expect(calls[1].json).toMatchObject({
      PaymentType: 'Cash',
      AccountRef: { value: '35' },
      TxnDate: '2026-11-25',
      Line: [
        {
          Amount: r.surcharge / 100,
          DetailType: 'AccountBasedExpenseLineDetail',
          AccountBasedExpenseLineDetail: { AccountRef: { value: '79' } },
        },
      ],
    });
    // The payment is untouched (it matches the payout); the invoice's balance stays as our balance does.
    expect(livePayments(inv.Id)).toEqual([original]);
    expect(original.SyncToken).toBe('0');
    expect(inv.balanceCents).toBe(100000 - 40037);
    expect((await entriesOf(t, r.id)).map((e) => [e.step, e.amount, e.entry_date])).toEqual([
      ['refund_receipt', 10011, '2026-11-25'],
      ['surcharge_refund', r.surcharge, '2026-11-25'],
    ]);
  });

  it('lowers the payment for a re-open refund and deletes it when all of it is re-opened', async () => {
    const { merchant, invoice, inv } = await connected();
    const payment = await payInvoice(t, { merchant: merchant.id, invoice, amount: 25013 });
    await runOutboxOnce(t.deps);
    const [original] = livePayments(inv.Id);
    const partial = await refund(t, admin, payment.id, 'reopen', 5007);
    expect(await runOutboxOnce(t.deps)).toMatchObject({ delivered: 1 });
    const [lowered] = livePayments(inv.Id);
    expect(lowered.Id).toBe(original.Id); // updated in place (sparse update), not replaced
    expect(lowered.cents).toBe(20006);
    expect(lowered.SyncToken).toBe('1');
    expect(inv.balanceCents).toBe(100000 - 20006);
    expect((await entriesOf(t, partial.id)).map((e) => e.step)).toEqual([
      'surcharge_refund',
      'payment_changed',
    ]);

    const rest = await refund(t, admin, payment.id, 'reopen');
    expect(await runOutboxOnce(t.deps)).toMatchObject({ delivered: 1 });
    expect(livePayments(inv.Id)).toEqual([]);
    expect(inv.balanceCents).toBe(100000);
    expect((await paymentRow(t, payment.id)).xero_sync_status).toBe('synced');
    expect((await entriesOf(t, rest.id)).map((e) => e.step)).toEqual(['surcharge_refund', 'payment_changed']);
  });

  it('records amounts in a zero-decimal currency (JPY) without cents', async () => {
    const { merchant, invoice, inv } = await connected(123457, 'JPY');
    const payment = await payInvoice(t, {
      merchant: merchant.id,
      invoice,
      amount: 45679,
      currency: 'JPY',
      linkAmount: '123457',
    });
    expect(await runOutboxOnce(t.deps)).toMatchObject({ delivered: 1 });
    const [created] = livePayments(inv.Id);
    expect(created.body).toMatchObject({ TotalAmt: 45679, CurrencyRef: { value: 'JPY' } });
    expect(inv.balanceCents).toBe(123457 - 45679);
    const r = await refund(t, admin, payment.id, 'credit', 1001);
    expect(await runOutboxOnce(t.deps)).toMatchObject({ delivered: 1 });
    const receipt = [...qbo.refundReceipts.values()].at(-1)!;
    expect(receipt.body.Line[0].Amount).toBe(1001);
    expect(receipt.cents).toBe(1001);
    expect((await entriesOf(t, r.id)).map((e) => e.amount)).toEqual([1001, r.surcharge]);
  });

  it('refreshes an expired token, and a repeated create with the same requestid makes no second payment', async () => {
    const { merchant, invoice, inv } = await connected();
    const payment = await payInvoice(t, { merchant: merchant.id, invoice, amount: 10000 });
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
    expect(livePayments(inv.Id)).toHaveLength(1);
    expect(inv.balanceCents).toBe(90000);
    expect(await getLiveAmountDue(t.deps, merchant.id, invoice, 'AUD')).toEqual({ amountDue: 90000 });
  });

  it('a Payment edited in QuickBooks between our read and our update: read again, retried, the re-open refund recorded', async () => {
    const { merchant, invoice, inv } = await connected();
    const payment = await payInvoice(t, { merchant: merchant.id, invoice, amount: 30000 });
    await runOutboxOnce(t.deps);
    const [original] = livePayments(inv.Id);
    // Every Payment line we sent carries its DetailType.
    expect(original.body.Line.every((l: any) => l.DetailType === 'PaymentLineDetail')).toBe(true);
    qbo.editPaymentBeforeNextUpdate(original.Id);
    const before = qbo.requests.length;
    const partial = await refund(t, admin, payment.id, 'reopen', 10000);
    expect(await runOutboxOnce(t.deps)).toMatchObject({ delivered: 1 });
    const [lowered] = livePayments(inv.Id);
    expect([lowered.Id, lowered.cents]).toEqual([original.Id, 20000]);
    expect(inv.balanceCents).toBe(100000 - 20000);
    expect((await entriesOf(t, partial.id)).map((e) => e.step)).toEqual([
      'surcharge_refund',
      'payment_changed',
    ]);
    // Two updates of different bodies (the stale SyncToken, then the fresh one): two requestids.
    const updates = qbo.requests.slice(before).filter((r) => r.path.endsWith('/payment') && r.json?.sparse);
    expect(updates).toHaveLength(2);
    expect(updates[0].json.SyncToken).not.toBe(updates[1].json.SyncToken);
    expect(updates[0].query.get('requestid')).not.toBe(updates[1].query.get('requestid'));
  });

  it('a retry of the same body reuses its requestid; another body never does', () => {
    const body = { Id: '7', SyncToken: '0', sparse: true, TotalAmt: 100 };
    expect(requestId('refund-1', body)).toBe(requestId('refund-1', { ...body }));
    expect(requestId('refund-1', body)).not.toBe(requestId('refund-1', { ...body, SyncToken: '1' }));
    expect(requestId('refund-1', body)).not.toBe(requestId('refund-1', body, 'delete'));
    expect(requestId('refund-1', body)).toMatch(/^[0-9a-f]{40}$/);
  });

  it('the authorize URL is configuration, like the token and API URLs', async () => {
    const local = await createAccountingApp({
      ...quickbooksEnv(qbo),
      QUICKBOOKS_AUTHORIZE_URL: 'http://127.0.0.1:9/connect/oauth2',
    });
    try {
      const merchant = await createConnectedMerchant(local);
      const start = await json(
        local.app,
        'POST',
        `/api/admin/merchants/${merchant.id}/accounting/quickbooks/connect-url`,
        {},
        await adminHeaders(local),
      );
      expect(start.status).toBe(200);
      const url = new URL(start.body.url);
      expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1:9/connect/oauth2');
    } finally {
      await local.close();
    }
  });
});
