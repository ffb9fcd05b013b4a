/**
 * The Xero connector against a local Xero (tests/support/fake-xero.ts, strict to Xero's OpenAPI
 * document): OAuth connect with a signed single-use state, Xero's granular scopes and tokens sealed
 * at rest; a succeeded payment recorded as a Payment of the base amount on the invoice plus the
 * surcharge as money received; expired tokens, 429 and 5xx, a lost answer (idempotency), validation
 * errors, revoked access; the live amount due for the pay page; disconnect. Refunds, dates, scopes
 * of old connections and write-offs have their own files (accounting-*.test.ts).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getLiveAmountDue, lookupLiveAmountDue } from '../../api/accounting/live-amount.ts';
import { runOutboxOnce } from '../../api/outbox/worker.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { startFakeXero, type FakeXero } from '../support/fake-xero.ts';
import { cancelQueued, connectXero as connect, xeroEnv } from './accounting-support.ts';
import { cardToken, createConnectedMerchant, payThroughLink } from './payments-support.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`Xero connector (${testDialect})`, () => {
  let t: TestApp;
  let xero: FakeXero;
  let admin: { authorization: string };
  let n = 0;

  beforeAll(async () => {
    xero = await startFakeXero();
    t = await createTestApp({ autoDeliverEvents: false, env: xeroEnv(xero) });
  });
  beforeEach(async () => {
    admin = await adminHeaders(t); // tests move the clock past an access token's life
  });
  afterEach(() => cancelQueued(t));
  afterAll(async () => {
    await t?.close();
    await xero?.close();
  });

  const connectXero = (merchantId: string, accounts = true) =>
    connect(t, xero, admin, merchantId, accounts ? undefined : null);

  async function connectedMerchantWithInvoice(totalCents = 100000) {
    const merchant = await createConnectedMerchant(t);
    await connectXero(merchant.id);
    const invoice = `INV-X${++n}`;
    xero.addInvoice(invoice, totalCents);
    return { merchant, invoice };
  }

  async function pay(merchantId: string, invoice: string, amount: number) {
    const { created, state } = await payThroughLink(t, {
      merchant: merchantId,
      invoice,
      linkAmount: '1000.00',
      amount,
    });
    expect(state.status).toBe('succeeded');
    return t.deps.database.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', created.paymentId)
      .executeTakeFirstOrThrow();
  }
  const job = (paymentId: string, refundId: string | null = null) =>
    t.deps.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .where('kind', '=', 'xero')
      .where('refund_id', refundId === null ? 'is' : '=', refundId)
      .executeTakeFirstOrThrow();
  const livePayments = (invoiceId: string) =>
    [...xero.payments.values()].filter((p) => p.InvoiceID === invoiceId && p.Status === 'AUTHORISED');
  const liveSurcharges = (reference: string) =>
    [...xero.bankTransactions.values()].filter((b) => b.Reference === reference && b.Status === 'AUTHORISED');

  it('connects through OAuth with a signed single-use state and keeps the tokens encrypted', async () => {
    const merchant = await createConnectedMerchant(t);
    const { start, done, state } = await connectXero(merchant.id, false);
    const url = new URL(start.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${xero.url}/identity/connect/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: xero.clientId,
      redirect_uri: 'http://127.0.0.1:8787/admin/accounting/callback',
    });
    // Xero's granular scopes: a Xero app created since 2 March 2026 is refused accounting.transactions.
    const scopes = url.searchParams.get('scope')!.split(' ');
    expect(scopes).toEqual([
      'offline_access',
      'accounting.invoices',
      'accounting.payments',
      'accounting.banktransactions',
      'accounting.settings.read',
      'accounting.contacts.read',
    ]);
    expect(scopes).not.toContain('accounting.transactions');
    expect(state).not.toContain(merchant.id);
    expect(done).toMatchObject({
      merchant_id: merchant.id,
      provider: 'xero',
      status: 'connected',
      tenant_id: xero.tenantId,
      tenant_name: xero.tenantName,
      granted_scopes: scopes,
      requested_scopes: scopes,
      payment_services: false,
    });
    const tokenCall = xero.requests.find(
      (r) => r.path === '/connect/token' && r.body.includes('authorization_code'),
    )!;
    expect(tokenCall.headers.authorization).toBe(
      `Basic ${Buffer.from(`${xero.clientId}:${xero.clientSecret}`).toString('base64')}`,
    );
    expect(new URLSearchParams(tokenCall.body).get('redirect_uri')).toBe(
      'http://127.0.0.1:8787/admin/accounting/callback',
    );

    const row = await t.deps.database.db
      .selectFrom('accounting_connections')
      .selectAll()
      .where('merchant_id', '=', merchant.id)
      .executeTakeFirstOrThrow();
    expect(row.access_token_enc).toMatch(/^v1\./);
    expect(row.access_token_enc).not.toContain('xa_');
    expect(row.refresh_token_enc).not.toContain('xr_');

    const replay = await json(
      t.app,
      'POST',
      '/api/admin/accounting/callback',
      { code: xero.issueCode(), state },
      admin,
    );
    expect(replay.status).toBe(400);
    expect(replay.body.error.message).toBe(
      'This connection link has expired or was already used. Please start again.',
    );
    const forged = await json(
      t.app,
      'POST',
      '/api/admin/accounting/callback',
      { code: xero.issueCode(), state: `${state.split('.')[0]}.AAAA` },
      admin,
    );
    expect(forged.status).toBe(400);
    const got = await json(t.app, 'GET', `/api/admin/merchants/${merchant.id}/accounting`, undefined, admin);
    expect(got.body).toMatchObject({
      provider: 'xero',
      status: 'connected',
      payment_account_code: null,
      available: { xero: true, quickbooks: false },
    });
    const actions = (
      await t.deps.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('target_id', '=', merchant.id)
        .execute()
    ).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['accounting.connect_start', 'accounting.connect']));
  });

  it('records the base amount as a Payment on the invoice and the surcharge as money received', async () => {
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
    const small = `INV-X${++n}`;
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

  it('asks for a reconnect when Xero no longer accepts the refresh token', async () => {
    const { merchant, invoice } = await connectedMerchantWithInvoice();
    const payment = await pay(merchant.id, invoice, 10000);
    xero.expireAccessTokens();
    xero.revokeRefreshTokens();
    await runOutboxOnce(t.deps);
    const j = await job(payment.id);
    expect(j.status).toBe('failed');
    expect(j.last_error).toMatch(/connect Xero again/);
    const got = await json(t.app, 'GET', `/api/admin/merchants/${merchant.id}/accounting`, undefined, admin);
    expect(got.body).toMatchObject({ status: 'reconnect_required' });
    expect(got.body.last_error).toMatch(/connect Xero again/);

    // Connecting again and retrying records it.
    await connectXero(merchant.id, false);
    const retried = await json(t.app, 'POST', `/api/admin/outbox/${j.id}/retry`, undefined, admin);
    expect(retried.body.status).toBe('delivered');
    expect(
      (await json(t.app, 'GET', `/api/admin/merchants/${merchant.id}/accounting`, undefined, admin)).body,
    ).toMatchObject({ status: 'connected', payment_account_code: '090' });
  });

  it("gives the pay page the invoice's live amount due, cached briefly, with a clear fallback", async () => {
    const { merchant, invoice } = await connectedMerchantWithInvoice(120000);
    expect(await getLiveAmountDue(t.deps, merchant.id, invoice, 'AUD')).toEqual({ amountDue: 120000 });
    const lookups = () => xero.requests.filter((r) => r.path.endsWith('/Invoices')).length;
    const count = lookups();
    expect(await getLiveAmountDue(t.deps, merchant.id, invoice, 'AUD')).toEqual({ amountDue: 120000 });
    expect(lookups()).toBe(count); // cached

    const payment = await pay(merchant.id, invoice, 20000);
    await runOutboxOnce(t.deps); // recording it drops the cached answer
    expect((await job(payment.id)).status).toBe('delivered');
    expect(await getLiveAmountDue(t.deps, merchant.id, invoice, 'AUD')).toEqual({ amountDue: 100000 });

    expect(await getLiveAmountDue(t.deps, merchant.id, invoice, 'NZD')).toBeNull(); // not in that currency
    expect(await lookupLiveAmountDue(t.deps, merchant.id, 'INV-NOPE', 'AUD')).toEqual({
      status: 'not_found',
      provider: 'xero',
    });
    const other = `INV-X${++n}`;
    xero.addInvoice(other, 5000);
    xero.failNext((r) => r.path.endsWith('/Invoices'), { status: 503, body: 'down' });
    expect(await lookupLiveAmountDue(t.deps, merchant.id, other, 'AUD')).toMatchObject({
      status: 'unavailable',
      provider: 'xero',
      error: 'Xero is unavailable (HTTP 503): down',
    });
    const failedLookups = lookups();
    expect(await getLiveAmountDue(t.deps, merchant.id, other, 'AUD')).toBeNull(); // the failure is cached briefly too
    expect(lookups()).toBe(failedLookups);
    const unconnected = await createConnectedMerchant(t);
    expect(await lookupLiveAmountDue(t.deps, unconnected.id, invoice, 'AUD')).toEqual({
      status: 'not_connected',
    });
  });

  it('bounds the pay page and payment creation by the live amount due, not the link', async () => {
    const { merchant, invoice } = await connectedMerchantWithInvoice(70000);
    // A typed link claims far more than Xero says is due (DESIGN §3.3 case 10 with a connection).
    const session = await json(
      t.app,
      'GET',
      `/api/pay/session?merchant=${merchant.id}&invoice=${invoice}&amount=99999.00&currency=AUD`,
    );
    expect(session.status).toBe(200);
    expect(session.body.invoice).toMatchObject({ linkAmount: 70000, balance: 70000 });
    const token = await cardToken(t, merchant.stripe_account_id!);
    const direct = {
      merchantId: merchant.id,
      invoiceNumber: invoice,
      currency: 'aud',
      amount: 70001,
      amountDue: 9999900,
    };
    const tooMuch = await json(t.app, 'POST', '/api/payments/quote', { ...direct, confirmationToken: token });
    const tooMuchPayment = await json(
      t.app,
      'POST',
      '/api/payments/create-payment-intent',
      { ...direct, confirmationToken: token, quoteId: 'q1.none.none' },
      { 'idempotency-key': `k-${invoice}` },
    );
    for (const res of [tooMuch, tooMuchPayment]) {
      expect(res.status).toBe(422);
      expect(res.body.error.message).toBe('Payment amount cannot exceed the remaining balance of A$700.00.');
    }
  });

  it('disconnects with the tokens revoked', async () => {
    const { merchant } = await connectedMerchantWithInvoice();
    const revocations = xero.requests.filter((r) => r.path === '/connect/revocation').length;
    const off = await json(
      t.app,
      'DELETE',
      `/api/admin/merchants/${merchant.id}/accounting`,
      undefined,
      admin,
    );
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ provider: null, status: 'not_connected' });
    expect(xero.requests.filter((r) => r.path === '/connect/revocation').length).toBe(revocations + 1);
    expect(
      await t.deps.database.db
        .selectFrom('accounting_connections')
        .select('id')
        .where('merchant_id', '=', merchant.id)
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});
