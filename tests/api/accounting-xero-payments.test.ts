/**
 * Recording payments in Xero (against a local Xero, strict to its OpenAPI document): a succeeded
 * payment as a Payment of the base amount on the invoice plus the surcharge as money received;
 * expired tokens, 429 and 5xx, a lost answer (idempotency), validation errors. Refunds, dates,
 * scopes of old connections and write-offs have their own files (accounting-*.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { runOutboxOnce } from '../../api/accounting/sync/worker.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { xeroSuite } from './support/xero-suite.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`Xero payment records (${testDialect})`, () => {
  const suite = xeroSuite();
  const { connectedMerchantWithInvoice, pay, job, livePayments, nextInvoice } = suite;

  it('records the base amount as a Payment on the invoice and the surcharge as money received', async () => {
    const { t, xero } = suite;
    const { merchant, invoice } = await connectedMerchantWithInvoice(100000);
    const payment = await pay(merchant.id, invoice, 25000);
    expect(await job(payment.id)).toMatchObject({
      status: 'pending',
      idempotency_key: `payment.succeeded:${payment.id}:xero`,
    });
    const before = xero.apiRequests().length;
    expect(await runOutboxOnce(t.deps)).toMatchObject({ delivered: 1 });

    const calls = xero.apiRequests().slice(before);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api.xro/2.0/Invoices',
      'PUT /api.xro/2.0/Payments',
      'PUT /api.xro/2.0/BankTransactions',
    ]);
    expect(calls[0].query.get('where')).toBe(`Type=="ACCREC" AND InvoiceNumber=="${invoice}"`);
    for (const c of calls) expect(c.headers['xero-tenant-id']).toBe(xero.tenantId);
    expect(calls[1].headers['idempotency-key']).toBe(`invoicepay:${payment.id}:payment:25000`);
    const inv = xero.invoices.get(invoice)!;
    expect(calls[1].json).toEqual({
      Payments: [
        {
          Invoice: { InvoiceID: inv.InvoiceID },
          Account: { Code: '090' },
          Date: '2026-11-22', // 11:00 in Sydney on 22 November
          Amount: 250,
          Reference: payment.payment_intent_id,
        },
      ],
    });
    expect(calls[2].json.BankTransactions[0]).toMatchObject({
      Type: 'RECEIVE',
      Contact: { ContactID: inv.Contact.ContactID },
      BankAccount: { Code: '090' },
      LineItems: [{ Quantity: 1, UnitAmount: payment.surcharge / 100, AccountCode: '260' }],
    });
    // Xero's amount due drops by the invoice part only; the surcharge is not on the invoice.
    expect(xero.amountDue(invoice)).toBe(75000);
    expect(livePayments(inv.InvoiceID).map((p) => p.cents)).toEqual([25000]);
    const row = await t.deps.database.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ xero_sync_status: 'synced', xero_sync_error: null });
    expect(
      await t.deps.database.db
        .selectFrom('accounting_writebacks')
        .select(['source', 'amount'])
        .where('payment_id', '=', payment.id)
        .execute(),
    ).toEqual([{ source: 'xero', amount: 25000 }]);

    // Delivered once: running the worker again sends nothing.
    const count = xero.apiRequests().length;
    await runOutboxOnce(t.deps);
    expect(xero.apiRequests().length).toBe(count);
  });

  it('refreshes an expired access token and carries on in the same attempt', async () => {
    const { t, xero } = suite;
    const { merchant, invoice } = await connectedMerchantWithInvoice();
    const payment = await pay(merchant.id, invoice, 10000);
    const before = await t.deps.database.db
      .selectFrom('accounting_connections')
      .select(['access_token_enc', 'refresh_token_enc'])
      .where('merchant_id', '=', merchant.id)
      .executeTakeFirstOrThrow();
    xero.expireAccessTokens();
    expect(await runOutboxOnce(t.deps)).toMatchObject({ delivered: 1 });
    const statuses = xero.requests.filter((r) => r.path === '/api.xro/2.0/Invoices').slice(-2);
    expect(statuses).toHaveLength(2); // one 401, one after the refresh
    expect(
      xero.requests.some((r) => r.path === '/connect/token' && r.body.includes('grant_type=refresh_token')),
    ).toBe(true);
    expect((await job(payment.id)).attempts).toBe(1);
    const after = await t.deps.database.db
      .selectFrom('accounting_connections')
      .select(['access_token_enc', 'refresh_token_enc'])
      .where('merchant_id', '=', merchant.id)
      .executeTakeFirstOrThrow();
    expect(after.refresh_token_enc).not.toBe(before.refresh_token_enc);

    // Shortly before expiry (30 min tokens) the token is refreshed first, without a 401.
    const payment2 = await pay(merchant.id, invoice, 10000);
    t.clock.advance(29 * 60 * 1000);
    const refreshes = xero.requests.filter((r) => r.path === '/connect/token').length;
    expect(await runOutboxOnce(t.deps)).toMatchObject({ delivered: 1 });
    expect(xero.requests.filter((r) => r.path === '/connect/token').length).toBe(refreshes + 1);
    expect((await job(payment2.id)).status).toBe('delivered');
  });

  it('waits out a 429 (Retry-After) and a 503, then records the payment exactly once', async () => {
    const { t, xero } = suite;
    const { merchant, invoice } = await connectedMerchantWithInvoice();
    const payment = await pay(merchant.id, invoice, 20000);
    xero.failNext((r) => r.method === 'PUT' && r.path.endsWith('/Payments'), {
      status: 429,
      headers: { 'retry-after': '60', 'x-rate-limit-problem': 'minute' },
      body: '',
    });
    await runOutboxOnce(t.deps);
    let j = await job(payment.id);
    expect(j).toMatchObject({ status: 'pending', attempts: 1, last_response_status: 429 });
    expect(j.last_error).toBe('Xero rate limit reached; will retry after 60 s');
    expect(Date.parse(j.next_attempt_at) - t.clock.now().getTime()).toBe(60_000);
    expect(
      (
        await t.deps.database.db
          .selectFrom('payments')
          .select('xero_sync_status')
          .where('id', '=', payment.id)
          .executeTakeFirstOrThrow()
      ).xero_sync_status,
    ).toBe('pending');

    t.clock.advance(60_000);
    xero.failNext((r) => r.path.endsWith('/Invoices'), {
      status: 503,
      body: { Title: 'Service Unavailable' },
    });
    await runOutboxOnce(t.deps);
    j = await job(payment.id);
    expect(j).toMatchObject({ status: 'pending', attempts: 2, last_response_status: 503 });
    expect(j.last_error).toMatch(/^Xero is unavailable \(HTTP 503\)/);

    t.clock.advance(10 * 60_000);
    await runOutboxOnce(t.deps);
    expect(await job(payment.id)).toMatchObject({ status: 'delivered', attempts: 3 });
    expect(livePayments(xero.invoices.get(invoice)!.InvoiceID)).toHaveLength(1);
  });

  it('gets the same Xero payment back when the answer to the create was lost (Idempotency-Key)', async () => {
    const { t, xero } = suite;
    const { merchant, invoice } = await connectedMerchantWithInvoice();
    const payment = await pay(merchant.id, invoice, 30000);
    xero.failAfter((r) => r.method === 'PUT' && r.path.endsWith('/Payments'), {
      status: 504,
      body: 'Gateway Timeout',
    });
    await runOutboxOnce(t.deps);
    expect((await job(payment.id)).status).toBe('pending');
    const inv = xero.invoices.get(invoice)!;
    expect(livePayments(inv.InvoiceID)).toHaveLength(1); // Xero did create it

    t.clock.advance(10 * 60_000);
    await runOutboxOnce(t.deps);
    expect((await job(payment.id)).status).toBe('delivered');
    expect(livePayments(inv.InvoiceID)).toHaveLength(1);
    const record = await t.deps.database.db
      .selectFrom('accounting_records')
      .selectAll()
      .where('payment_id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(record.external_payment_id).toBe(livePayments(inv.InvoiceID)[0].PaymentID);
    expect(xero.amountDue(invoice)).toBe(70000);
  });

  it("fails at once, with Xero's reason, when the invoice is missing or Xero refuses the amount", async () => {
    const { t, xero } = suite;
    const { merchant } = await connectedMerchantWithInvoice();
    const missing = await pay(merchant.id, 'INV-NOT-IN-XERO', 10000);
    await runOutboxOnce(t.deps);
    expect(await job(missing.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'Invoice INV-NOT-IN-XERO was not found in Xero',
    });
    expect(
      await t.deps.database.db
        .selectFrom('payments')
        .select(['xero_sync_status', 'xero_sync_error'])
        .where('id', '=', missing.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      xero_sync_status: 'failed',
      xero_sync_error: 'Invoice INV-NOT-IN-XERO was not found in Xero',
    });

    // Xero said 1000.00 was due when the customer paid 100.00; before the sync runs, 950.00 arrives by
    // bank transfer, so Xero now refuses a payment above the 50.00 outstanding.
    const small = nextInvoice();
    xero.addInvoice(small, 100000);
    const over = await pay(merchant.id, small, 10000);
    xero.invoices.get(small)!.paidCents = 95000;
    await runOutboxOnce(t.deps);
    const j = await job(over.id);
    expect(j.status).toBe('failed');
    expect(j.last_error).toBe(
      'Xero refused the request (HTTP 400): Payment amount exceeds the amount outstanding on this document',
    );
  });
});
