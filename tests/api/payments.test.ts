/**
 * Payments over HTTP: the server-owned error messages of spec §5/§8, nothing reserved without a
 * confirmation token, a quote and an Idempotency-Key, the breakdown equal to the shared money
 * functions for random amounts and policies (client-sent numbers ignored), surcharge rules by the
 * card a token previews, Idempotency-Key, 3-D Secure, the success page's details, refunds, manual
 * write-backs and the console's payment list. Rate limits are off here (they have their own file).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeBreakdown } from '../../core/money.ts';
import { merchantChanged } from '../../api/merchants/changes.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { PAYMENT_DETAILS_EXPIRED } from '../../api/payments/create/attempts.ts';
import { IDEMPOTENCY_KEY_REQUIRED } from '../../api/payments/routes.ts';
import { QUOTE_REQUIRED_MESSAGE, TOKEN_REQUIRED_MESSAGE } from '../../api/payments/schema.ts';
import { DETAILS_NOT_FOUND } from '../../api/payments/lifecycle/read-back.ts';
import { receiptToken } from '../../api/payments/notices/receipt.ts';
import {
  authenticate,
  CARDS,
  cardToken,
  createConnectedMerchant,
  createPayment,
  invoiceRow,
  openSession,
  payThroughLink,
  quote,
  quoteAndPay,
  refresh,
  sandbox,
} from './support/payments.ts';
import { sandboxIntents } from './support/recovery.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`payments (${testDialect})`, () => {
  let t: TestApp;
  let admin: { authorization: string };
  let merchant: Awaited<ReturnType<typeof createConnectedMerchant>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminHeaders(t);
    merchant = await createConnectedMerchant(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every server-owned error message of the spec by HTTP', async () => {
    const session = (await openSession(t, { merchant: merchant.id, invoice: 'INV-ERR', amount: '250.00' }))
      .body;
    const token = await cardToken(t, merchant.stripe_account_id!);
    const body = {
      merchantId: merchant.id,
      invoiceNumber: 'INV-ERR',
      paySessionId: session.paySessionId,
      confirmationToken: token,
      quoteId: 'q1.none.none',
    };
    const { quoteId: _none, ...quoteBody } = body;
    for (const amount of [0, -100, 12.5, '100', null]) {
      for (const res of [
        await createPayment(t, { ...body, amount }),
        await quote(t, { ...quoteBody, amount }),
      ]) {
        expect(res.status, String(amount)).toBe(400);
        expect(res.body.error.message).toBe('Please enter a valid payment amount.');
      }
    }
    const missing = await createPayment(t, {
      merchantId: merchant.id,
      invoiceNumber: 'INV-ERR',
      amountDue: 25000,
    });
    expect(missing.body.error.message).toBe('Please enter a valid payment amount.');
    // Over the balance: refused by the quote, and by a payment whatever quote it names.
    const overQuote = await quote(t, { ...quoteBody, amount: 25001 });
    expect(overQuote.status).toBe(422);
    expect(overQuote.body.error.message).toBe(
      'Payment amount cannot exceed the remaining balance of A$250.00.',
    );
    const over = await createPayment(t, { ...body, amount: 25001 });
    expect(over.status).toBe(422);
    expect(over.body.error.message).toBe('Payment amount cannot exceed the remaining balance of A$250.00.');
    const noMerchant = await createPayment(t, {
      ...body,
      paySessionId: undefined,
      amount: 100,
      merchantId: '  ',
    });
    expect(noMerchant.body.error.message).toBe('Invalid merchant. Please check the URL and try again.');
    const unknown = await createPayment(t, {
      ...body,
      paySessionId: undefined,
      amount: 100,
      merchantId: crypto.randomUUID(),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(
      'Could not find the merchant. Please check the URL and try again.',
    );
    const unconnected = await createConnectedMerchant(t, { stripe_account_id: null });
    const notConnected = await createPayment(t, {
      ...body,
      paySessionId: undefined,
      amount: 100,
      merchantId: unconnected.id,
    });
    expect(notConnected.body.error.message).toBe('This merchant has not connected their Stripe account');
    const currency = await createPayment(t, {
      ...body,
      paySessionId: undefined,
      amount: 100,
      currency: 'xyz',
    });
    expect(currency.body.error.message).toBe('Unsupported currency: XYZ');
    const noSession = await json(t.app, 'POST', '/api/payments/details');
    expect(noSession.status).toBe(400);
    expect(noSession.body.error.message).toBe('Invalid payment session.');
    const noDetails = await json(t.app, 'POST', '/api/payments/details?session_id=pi_nope');
    expect(noDetails.status).toBe(404);
    expect(noDetails.body.error.message).toBe('Unable to retrieve payment details. Please contact support.');
    const noPayment = await json(
      t.app,
      'GET',
      `/api/admin/payments/${crypto.randomUUID()}`,
      undefined,
      admin,
    );
    expect(noPayment.body.error.message).toBe('Payment not found.');
    const noInvoice = await json(t.app, 'GET', `/api/pay/session?merchant=${merchant.id}&amount=10`);
    expect(noInvoice.body.error.message).toContain('Invalid payment link');
    const forged = await createPayment(t, {
      ...body,
      amount: 100,
      paySessionId: session.paySessionId.slice(0, -2) + 'xx',
    });
    expect(forged.body.error.message).toBe(
      'Your payment session has expired. Please reload the page and try again.',
    );
    const unreadable = await quote(t, {
      ...quoteBody,
      amount: 100,
      confirmationToken: 'ctoken_doesnotexist',
    });
    expect(unreadable.status).toBe(422);
    expect(unreadable.body.error.message).toBe(
      'Your payment details could not be read. Please check them and try again.',
    );
    expect(await invoiceRow(t, merchant.id, 'INV-ERR')).toBeUndefined(); // nothing reserved, ever
  });

  it('reserves nothing without a confirmation token, a quote and an Idempotency-Key', async () => {
    const s = (await openSession(t, { merchant: merchant.id, invoice: 'INV-NOTOKEN', amount: '100.00' }))
      .body;
    const base = { paySessionId: s.paySessionId, amount: 10000, currency: 'aud' };
    const noToken = await createPayment(t, base);
    expect(noToken.status).toBe(400);
    expect(noToken.body.error).toMatchObject({ field: 'confirmationToken', message: TOKEN_REQUIRED_MESSAGE });
    const token = await cardToken(t, merchant.stripe_account_id!);
    const noQuote = await createPayment(t, { ...base, confirmationToken: token });
    expect(noQuote.status).toBe(400);
    expect(noQuote.body.error).toMatchObject({ field: 'quoteId', message: QUOTE_REQUIRED_MESSAGE });
    const q = await quote(t, { ...base, confirmationToken: token });
    const noKey = await json(t.app, 'POST', '/api/payments/create-payment-intent', {
      ...base,
      confirmationToken: token,
      quoteId: q.body.quoteId,
    });
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.message).toBe(IDEMPOTENCY_KEY_REQUIRED);
    // The attack decision 0009 closed: a bare request with a typed amountDue used to hold the whole invoice.
    const bare = await json(
      t.app,
      'POST',
      '/api/payments/create-payment-intent',
      { merchantId: merchant.id, invoiceNumber: 'INV-NOTOKEN', amountDue: 10000, amount: 10000 },
      { 'idempotency-key': 'bare-1' },
    );
    expect(bare.status).toBe(400);
    expect(await invoiceRow(t, merchant.id, 'INV-NOTOKEN')).toBeUndefined();
    expect(
      (await openSession(t, { merchant: merchant.id, invoice: 'INV-NOTOKEN', amount: '100.00' })).body
        .invoice,
    ).toMatchObject({ balance: 10000, fullyPaid: false });
    // No route hands out a client secret for a payment that does not wait for 3-D Secure.
    const paid = await createPayment(t, { ...base, confirmationToken: token, quoteId: q.body.quoteId });
    expect(paid.body).toMatchObject({ status: 'succeeded', clientSecret: null });
    expect(JSON.stringify(paid.body)).not.toContain('_secret_');
    expect(JSON.stringify(await refresh(t, paid.body.paymentId))).not.toContain('_secret_');
  });

  it('charges the breakdown of the shared money functions for random amounts and policies; client numbers ignored', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 50, max: 5_000_000 }),
        fc.integer({ min: 0, max: 500 }),
        fc.boolean(),
        async (amount, bps, enabled) => {
          await t.deps.database.db
            .updateTable('merchants')
            .set({ surcharge_bps: bps, surcharge_enabled: enabled ? 1 : 0 })
            .where('id', '=', merchant.id)
            .execute();
          merchantChanged(t.deps); // as every merchant write through the server announces it
          const where = {
            merchantId: merchant.id,
            invoiceNumber: `INV-PROP-${amount}-${bps}-${enabled}`,
            amountDue: amount,
          };
          const token = await cardToken(t, merchant.stripe_account_id!, CARDS.visaAu);
          const q = await quote(t, { ...where, amount, confirmationToken: token });
          expect(q.status, JSON.stringify(q.body)).toBe(200);
          const res = await createPayment(t, {
            ...where,
            amount,
            confirmationToken: token,
            quoteId: q.body.quoteId,
            surcharge: 1,
            total_amount: amount + 1,
            applicationFeeAmount: 0,
            metadata: { surchargeAmount: 1 },
          });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          const expected = computeBreakdown({
            amount,
            surchargeEnabled: enabled,
            surchargeBps: bps,
            platformFeeBps: 125,
          });
          expect(q.body.breakdown).toMatchObject(expected);
          expect(res.body.breakdown).toMatchObject(expected);
          expect(res.body).toMatchObject({ status: 'succeeded', clientSecret: null });
          const intent = await sandbox(t).retrieveIntent(
            res.body.paymentIntentId,
            res.body.stripeConnectAccountId,
          );
          expect({ amount: intent.amount, fee: intent.applicationFeeAmount, status: intent.status }).toEqual({
            amount: expected.total,
            fee: expected.platformFee,
            status: 'succeeded',
          });
        },
      ),
      { numRuns: 20, seed: 2026 },
    );
    await t.deps.database.db
      .updateTable('merchants')
      .set({ surcharge_bps: 295, surcharge_enabled: 1 })
      .where('id', '=', merchant.id)
      .execute();
    merchantChanged(t.deps); // as every merchant write through the server announces it
  });

  it('quotes surcharge rules by funding, brand and region for the card the token previews, and stores the rule', async () => {
    const m = await createConnectedMerchant(t);
    const put = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${m.id}`,
      {
        surcharge_rules: [
          { funding: 'debit', percentage: 0 },
          { brand: 'amex', percentage: 3.5 },
          { region: 'international', percentage: '4' },
        ],
      },
      admin,
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // Two rules for the same cards (the second could never apply) are refused, naming the cards.
    const twice = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${m.id}`,
      {
        surcharge_rules: [
          { brand: 'amex', percentage: 3.5 },
          { brand: 'AMEX', percentage: 1 },
        ],
      },
      admin,
    );
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain(
      'Two surcharge rules apply to the same cards (amex); keep one',
    );
    const session = (await openSession(t, { merchant: m.id, invoice: 'INV-RULES', amount: '1000.00' })).body;
    expect(session.surcharge.rules).toHaveLength(3);
    const priced = async (number: string) => {
      const token = await cardToken(t, m.stripe_account_id!, number);
      const res = await quote(t, {
        amount: 10000,
        paySessionId: session.paySessionId,
        confirmationToken: token,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    expect((await priced(CARDS.visaDebit)).breakdown).toMatchObject({
      surcharge: 0,
      surchargeBps: 0,
      rule: 'debit: 0%',
    });
    expect((await priced(CARDS.amex)).breakdown).toMatchObject({ surcharge: 350, rule: 'amex: 3.5%' });
    expect((await priced(CARDS.visaGb)).breakdown).toMatchObject({
      surcharge: 400,
      rule: 'international: 4%',
    });
    const domestic = await priced(CARDS.visaAu);
    expect(domestic.breakdown).toMatchObject({ surcharge: 295, rule: 'default: 2.95%' });
    expect(domestic.paymentMethod).toMatchObject({
      type: 'card',
      brand: 'visa',
      funding: 'credit',
      country: 'AU',
      wallet: null,
      last4: '0006',
      label: 'Visa credit',
    });
    // Quoting holds no money: nothing reserved, no intent at the provider.
    expect(await invoiceRow(t, m.id, 'INV-RULES')).toBeUndefined();
    expect(await sandboxIntents(t, m.stripe_account_id!)).toHaveLength(0);
    const { res } = await quoteAndPay(t, {
      account: m.stripe_account_id!,
      amount: 10000,
      paySessionId: session.paySessionId,
      card: CARDS.visaGb,
    });
    expect(res.body).toMatchObject({ status: 'succeeded', total: 10400 });
    const stored = await t.deps.database.db
      .selectFrom('payments')
      .select(['surcharge_rule', 'card_brand', 'card_country', 'quoted_method'])
      .where('id', '=', res.body.paymentId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      surcharge_rule: 'international: 4%',
      card_brand: 'visa',
      card_country: 'GB',
    });
    expect(JSON.parse(stored.quoted_method!)).toMatchObject({ funding: 'credit', country: 'GB' });
  });

  it('Idempotency-Key: the same key returns the same result; another body with it is refused', async () => {
    const key = { 'idempotency-key': `key-${crypto.randomUUID()}` };
    const where = { merchantId: merchant.id, invoiceNumber: 'INV-IDEM', amountDue: 100000 };
    const token = await cardToken(t, merchant.stripe_account_id!);
    const q = await quote(t, { ...where, amount: 1234, confirmationToken: token });
    const body = { ...where, amount: 1234, confirmationToken: token, quoteId: q.body.quoteId };
    const first = await createPayment(t, body, key);
    const again = await createPayment(t, body, key);
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('succeeded');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const rows = await t.deps.database.db
      .selectFrom('payments')
      .select('id')
      .where('invoice_number', '=', 'INV-IDEM')
      .execute();
    expect(rows).toHaveLength(1);
    const other = await createPayment(t, { ...body, amount: 1235 }, key);
    expect(other.status).toBe(409);
    expect(other.body.error.message).toBe('This Idempotency-Key was already used with a different request.');
    const fallback = await json(
      t.app,
      'POST',
      '/api/payments/create-intent',
      { ...body, currency: 'aud' },
      key,
    );
    expect(fallback.body.paymentId).toBe(first.body.paymentId);
    // A new key with the same (used) token: the provider refuses the token, nothing is charged twice.
    const reuse = await createPayment(t, body);
    expect(reuse.status).toBe(422);
    expect(reuse.body.error.message).toBe(PAYMENT_DETAILS_EXPIRED);
    expect((await invoiceRow(t, merchant.id, 'INV-IDEM'))!.paid_amount).toBe(1234);
  });

  it("gives the success page the payment's details — only to the payer: its pay session or receipt token (issue 49 item 7)", async () => {
    const { created, paySessionId } = await payThroughLink(t, {
      merchant: merchant.id,
      invoice: 'INV-DETAILS',
      linkAmount: '300.00',
      amount: 10000,
    });
    const ps = encodeURIComponent(paySessionId);
    const res = await json(
      t.app,
      'POST',
      `/api/payments/details?session_id=${created.paymentIntentId}&paySessionId=${ps}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.paymentId, // never the provider's intent id
      amount: 10000,
      currency: 'AUD',
      status: 'succeeded',
      invoiceNo: 'INV-DETAILS',
      paymentMethod: 'visa •••• 4242',
      surcharge: 295,
      merchantName: merchant.business_name,
      remaining_due: 20000,
      merchant_id: merchant.id,
      receiptUrl: null, // the receipt token is never handed out here
    });
    expect(JSON.stringify(res.body)).not.toContain(created.paymentIntentId);
    // A payment id (or intent id) alone, another pay session, or a wrong token: as if unknown.
    const other = (await openSession(t, { merchant: merchant.id, invoice: 'INV-OTHER', amount: '10.00' }))
      .body;
    for (const query of [
      `reference=${created.paymentId}`,
      `session_id=${created.paymentIntentId}`,
      `reference=${created.paymentId}&paySessionId=${encodeURIComponent(other.paySessionId)}`,
      `reference=${created.paymentId}&t=${'x'.repeat(22)}`,
    ]) {
      const refused = await json(t.app, 'GET', `/api/payments/details?${query}`);
      expect(refused.status, query).toBe(404);
      expect(refused.body.error.message).toBe(DETAILS_NOT_FOUND);
    }
    // The receipt link's token proves it too (the receipt mail's holder).
    const t1 = receiptToken(t.deps.config.jwtSecret, created.paymentId);
    const byToken = await json(t.app, 'GET', `/api/payments/details?reference=${created.paymentId}&t=${t1}`);
    expect(byToken.status).toBe(200);
    expect(byToken.body.receiptUrl).toContain(`t=${t1}`);
  });

  it('3-D Secure: the client secret only while the intent waits; the refresh asks the provider', async () => {
    const s = (await openSession(t, { merchant: merchant.id, invoice: 'INV-REFRESH', amount: '100.00' }))
      .body;
    const { res } = await quoteAndPay(t, {
      account: merchant.stripe_account_id!,
      amount: 10000,
      paySessionId: s.paySessionId,
      card: CARDS.threeDSecure,
    });
    const c = res.body;
    expect(c).toMatchObject({ status: 'requires_action', total: 10295 });
    expect(c.clientSecret).toMatch(new RegExp(`^${c.paymentIntentId}_secret_`));
    const waiting = await refresh(t, c.paymentId);
    expect(waiting.status).toBe('requires_action');
    expect(JSON.stringify(waiting)).not.toContain('_secret_');
    expect((await authenticate(t, c)).status).toBe(200);
    expect(await refresh(t, c.paymentId)).toMatchObject({
      status: 'succeeded',
      remaining: 0,
      total: 10295,
      transactionId: c.paymentIntentId,
    });
    const history = (
      await openSession(t, { merchant: merchant.id, invoice: 'INV-REFRESH', amount: '100.00' })
    ).body.invoice.history;
    expect(history).toEqual([
      { amount: 10000, surcharge: 295, total: 10295, date: expect.any(String), status: 'succeeded' },
    ]);
  });

  it('refunds part and then the rest: surcharge at the same rate, fee returned, base back on the balance; audited', async () => {
    const { state } = await payThroughLink(t, {
      merchant: merchant.id,
      invoice: 'INV-REFUND',
      linkAmount: '1000.00',
      amount: 40000,
    });
    const id = state.paymentId;
    const part = await json(
      t.app,
      'POST',
      `/api/admin/payments/${id}/refund`,
      { amount: 10000, reason: 'damaged', kind: 'reopen' },
      admin,
    );
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body).toMatchObject({
      status: 'partially_refunded',
      refunded_amount: 10000,
      refunded_surcharge: 295,
    });
    expect(part.body.refunds[0]).toMatchObject({
      amount: 10000,
      surcharge: 295,
      total_amount: 10295,
      platform_fee_refunded: 129,
      status: 'succeeded',
    });
    expect(
      (await openSession(t, { merchant: merchant.id, invoice: 'INV-REFUND', amount: '1000.00' })).body.invoice
        .balance,
    ).toBe(70000);
    const intent = await sandbox(t).retrieveIntent(state.transactionId, merchant.stripe_account_id!);
    expect(intent.amountRefunded).toBe(10295);
    const tooMuch = await json(t.app, 'POST', `/api/admin/payments/${id}/refund`, { amount: 30001 }, admin);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.message).toBe('The refund must be between A$0.01 and A$300.00.');
    const rest = await json(t.app, 'POST', `/api/admin/payments/${id}/refund`, { kind: 'reopen' }, admin);
    expect(rest.body).toMatchObject({ status: 'refunded', refunded_amount: 40000, refunded_surcharge: 1180 });
    expect(
      rest.body.refunds.reduce(
        (s: number, r: { platform_fee_refunded: number }) => s + r.platform_fee_refunded,
        0,
      ),
    ).toBe(rest.body.platform_fee);
    expect((await json(t.app, 'POST', `/api/admin/payments/${id}/refund`, {}, admin)).status).toBe(409);
    expect(await invoiceRow(t, merchant.id, 'INV-REFUND')).toMatchObject({ paid_amount: 0 });
    const audit = await t.deps.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', id)
      .execute();
    expect(audit.filter((a) => a.action === 'payment.refund')).toHaveLength(2);
  });

  it('mark-recorded writes the payment (or a refund) back once and moves S', async () => {
    const { state } = await payThroughLink(t, {
      merchant: merchant.id,
      invoice: 'INV-WB',
      linkAmount: '500.00',
      amount: 20000,
    });
    const first = await json(
      t.app,
      'POST',
      `/api/admin/payments/${state.paymentId}/mark-recorded`,
      {},
      admin,
    );
    expect(first.body).toMatchObject({
      xero_sync_status: 'synced',
      xero_sync_time: t.clock.now().toISOString(),
    });
    await json(t.app, 'POST', `/api/admin/payments/${state.paymentId}/mark-recorded`, {}, admin);
    expect((await invoiceRow(t, merchant.id, 'INV-WB'))!.written_back_amount).toBe(20000);
    const refunded = await json(
      t.app,
      'POST',
      `/api/admin/payments/${state.paymentId}/refund`,
      { amount: 5000, kind: 'reopen' },
      admin,
    );
    const refundId = refunded.body.refunds[0].id;
    await json(t.app, 'POST', `/api/admin/payments/${state.paymentId}/mark-recorded`, { refundId }, admin);
    expect((await invoiceRow(t, merchant.id, 'INV-WB'))!.written_back_amount).toBe(15000);
    const pending = (
      await quoteAndPay(t, {
        account: merchant.stripe_account_id!,
        merchantId: merchant.id,
        amount: 1000,
        invoiceNumber: 'INV-WB',
        amountDue: 50000,
        card: CARDS.threeDSecure,
      })
    ).res.body;
    expect(pending.status).toBe('requires_action');
    const refused = await json(
      t.app,
      'POST',
      `/api/admin/payments/${pending.paymentId}/mark-recorded`,
      {},
      admin,
    );
    expect(refused.status).toBe(409);
    const audit = await t.deps.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', state.paymentId)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['payment.mark_recorded', 'refund.mark_recorded']),
    );
  });

  it('lists payments with filters, sort and Content-Range; expired reservations only when asked for', async () => {
    const m = await createConnectedMerchant(t, { business_name: 'List Co' });
    await payThroughLink(t, { merchant: m.id, invoice: 'INV-L1', linkAmount: '100.00', amount: 3000 });
    t.clock.advance(1000);
    await payThroughLink(t, { merchant: m.id, invoice: 'INV-L2', linkAmount: '100.00', amount: 7000 });
    const stale = (
      await quoteAndPay(t, {
        account: m.stripe_account_id!,
        merchantId: m.id,
        amount: 1000,
        invoiceNumber: 'INV-L3',
        amountDue: 10000,
        card: CARDS.threeDSecure,
      })
    ).res.body;
    expect(stale.status).toBe('requires_action');
    t.clock.advance(16 * 60_000); // the 3-D Secure step was abandoned: the action window ran out
    const { expireReservations } = await import('../../api/payments/lifecycle/expiry.ts');
    await expireReservations(t.deps);
    admin = await adminHeaders(t); // the clock moved past the access token's life
    const filter = (f: object) => encodeURIComponent(JSON.stringify({ merchant_id: m.id, ...f }));
    const res = await t.app.request(
      `/api/admin/payments?filter=${filter({})}&sort=${encodeURIComponent('["amount","DESC"]')}&range=[0,9]`,
      { headers: admin },
    );
    const rows = await res.json();
    expect(res.status, JSON.stringify(rows)).toBe(200);
    expect(res.headers.get('content-range')).toBe('payments 0-1/2');
    expect(rows.map((r: { amount: number }) => r.amount)).toEqual([7000, 3000]);
    expect(rows[0]).toMatchObject({
      merchant_name: 'List Co',
      surcharge_percentage: 2.95,
      status: 'succeeded',
    });
    const expired = await json(
      t.app,
      'GET',
      `/api/admin/payments?filter=${filter({ status: 'expired' })}`,
      undefined,
      admin,
    );
    expect(expired.body.map((r: { id: string }) => r.id)).toEqual([stale.paymentId]);
    const byInvoice = await json(
      t.app,
      'GET',
      `/api/admin/payments?filter=${filter({ invoice_number: 'INV-L1' })}`,
      undefined,
      admin,
    );
    expect(byInvoice.body).toHaveLength(1);
    // The console's invoice filter matches the number as the ledger folds it, anywhere in it
    // (issue 36 item 7): case, spaces and dashes do not matter; a part of the number finds it.
    for (const typed of ['inv-l1', 'INV L1', ' inv  l1 ', 'l1'])
      expect(
        (
          await json(
            t.app,
            'GET',
            `/api/admin/payments?filter=${filter({ invoice_number: typed })}`,
            undefined,
            admin,
          )
        ).body.map((r: { invoice_number: string }) => r.invoice_number),
        typed,
      ).toEqual(['INV-L1']);
    const byId = await json(
      t.app,
      'GET',
      `/api/admin/payments?filter=${filter({ invoice_id: byInvoice.body[0].invoice_id })}`,
      undefined,
      admin,
    );
    expect(byId.body).toHaveLength(1);
    const since = await json(
      t.app,
      'GET',
      `/api/admin/payments?filter=${filter({ created_at_gte: t.clock.now().toISOString() })}`,
      undefined,
      admin,
    );
    expect(since.body).toHaveLength(0);
  });
});
