/**
 * The invoice ledger (DESIGN §3.4) through HTTP: a decline releases its reservation at once; a new
 * attempt from the same pay session replaces one left waiting for 3-D Secure; a late success after
 * expiry is recorded and flags the invoice overpaid. Rate limits are off here. The balance cases of
 * DESIGN §3.3 are in ledger-cases.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireReservations } from '../../api/payments/lifecycle/expiry.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import {
  authenticate,
  CARDS,
  createConnectedMerchant,
  cardToken,
  invoiceRow,
  openSession,
  payThroughLink,
  quote,
  quoteAndPay,
  refresh,
  sandbox,
} from './support/payments.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`ledger (${testDialect})`, () => {
  let t: TestApp;
  let merchant: Awaited<ReturnType<typeof createConnectedMerchant>>;

  beforeAll(async () => {
    t = await createTestApp();
    merchant = await createConnectedMerchant(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Pay `amount` from a session as the widget does: card → token → quote → create-and-confirm. */
  const pay = (
    paySessionId: string,
    amount: number,
    card: string = CARDS.visa,
    app: TestApp = t,
    m = merchant,
  ) => quoteAndPay(app, { account: m.stripe_account_id!, paySessionId, amount, card });

  it('refuses less than the 0.50 minimum unless it is the whole remainder', async () => {
    const session = await openSession(t, { merchant: merchant.id, invoice: 'INV-MIN', amount: '100.00' });
    const token = await cardToken(t, merchant.stripe_account_id!);
    const small = await quote(t, {
      paySessionId: session.body.paySessionId,
      amount: 49,
      confirmationToken: token,
    });
    expect(small.status).toBe(400);
    expect(small.body.error.message).toBe('The minimum payment is A$0.50.');
    const fifty = await pay(session.body.paySessionId, 50);
    expect(fifty.res.status).toBe(200);
  });

  it('after a decline, the whole balance can be paid at once with another card', async () => {
    const invoice = 'INV-DECLINE';
    const session = await openSession(t, { merchant: merchant.id, invoice, amount: '1000.00' });
    const first = (await pay(session.body.paySessionId, 100000, CARDS.insufficientFunds)).res;
    expect(first.status).toBe(422);
    expect(first.body.error.decline_code).toBe('insufficient_funds');
    const state = await refresh(t, first.body.payment.paymentId);
    expect(state.status).toBe('failed');
    expect(state.failure.code).toBe('insufficient_funds');
    expect((await invoiceRow(t, merchant.id, invoice))!.reserved_amount).toBe(0);
    // A different customer (another session) can now take the whole balance, too.
    const other = await openSession(t, { merchant: merchant.id, invoice, amount: '1000.00' });
    expect(other.body.invoice.balance).toBe(100000);
    const second = (await pay(session.body.paySessionId, 100000, CARDS.visa)).res;
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const paid = await refresh(t, second.body.paymentId);
    expect(paid).toMatchObject({ status: 'succeeded', remaining: 0 });
    const row = (await invoiceRow(t, merchant.id, invoice))!;
    expect(row).toMatchObject({ paid_amount: 100000, reserved_amount: 0, overpaid: 0 });
  });

  it('a second attempt from the same pay session replaces one left waiting for 3-D Secure; other sessions do not', async () => {
    const invoice = 'INV-REPLACE';
    const a = await openSession(t, { merchant: merchant.id, invoice, amount: '1000.00' });
    const first = (await pay(a.body.paySessionId, 60000, CARDS.threeDSecure)).res;
    expect(first.body.status).toBe('requires_action');
    // Another customer cannot take more than what is left beside the reservation.
    const b = await openSession(t, { merchant: merchant.id, invoice, amount: '1000.00' });
    expect(b.body.invoice.balance).toBe(40000);
    const blocked = await quote(t, {
      paySessionId: b.body.paySessionId,
      amount: 70000,
      confirmationToken: await cardToken(t, merchant.stripe_account_id!),
    });
    expect(blocked.status).toBe(422);
    // Reloading the page with the same session shows the whole balance again (its own attempt is replaceable).
    const reloaded = await openSession(t, {
      merchant: merchant.id,
      invoice,
      amount: '1000.00',
      paySessionId: a.body.paySessionId,
    });
    expect(reloaded.body.invoice.balance).toBe(100000);
    const second = (await pay(reloaded.body.paySessionId, 70000)).res;
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const replaced = await json(
      t.app,
      'GET',
      `/api/admin/payments/${first.body.paymentId}`,
      undefined,
      await adminHeaders(t),
    );
    expect(replaced.body.status).toBe('canceled');
    const intent = await sandbox(t).retrieveIntent(
      first.body.paymentIntentId,
      first.body.stripeConnectAccountId,
    );
    expect(intent.status).toBe('canceled');
    expect(await invoiceRow(t, merchant.id, invoice)).toMatchObject({
      reserved_amount: 0,
      paid_amount: 70000,
    });
  });

  it('releases a reservation left waiting for 3-D Secure after the action window (cancelling at the provider first)', async () => {
    const invoice = 'INV-EXPIRE';
    const s = await openSession(t, { merchant: merchant.id, invoice, amount: '500.00' });
    const p = (await pay(s.body.paySessionId, 50000, CARDS.threeDSecure)).res;
    expect(p.body.status).toBe('requires_action');
    expect(
      (await openSession(t, { merchant: merchant.id, invoice, amount: '500.00' })).body.invoice.balance,
    ).toBe(0);
    // The action window is 5 minutes (RESERVATION_TTL_MINUTES' default).
    t.clock.advance(4 * 60_000);
    await expireReservations(t.deps);
    expect((await invoiceRow(t, merchant.id, invoice))!.reserved_amount).toBe(50000);
    t.clock.advance(2 * 60_000);
    const swept = await expireReservations(t.deps);
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(
      (await sandbox(t).retrieveIntent(p.body.paymentIntentId, p.body.stripeConnectAccountId)).status,
    ).toBe('canceled');
    expect(
      (await openSession(t, { merchant: merchant.id, invoice, amount: '500.00' })).body.invoice.balance,
    ).toBe(50000);
  });

  it('records a success the provider reports when expiry tries to cancel', async () => {
    // Events held back: neither the webhook nor the widget's refresh reaches us after the customer authenticated.
    const quiet = await createTestApp({ autoDeliverEvents: false });
    try {
      const m = await createConnectedMerchant(quiet);
      const invoice = 'INV-EXPIRE-SUCCEEDED';
      const s = await openSession(quiet, { merchant: m.id, invoice, amount: '500.00' });
      const p = (await pay(s.body.paySessionId, 20000, CARDS.threeDSecure, quiet, m)).res;
      expect((await authenticate(quiet, p.body)).body.paymentIntent.status).toBe('succeeded');
      expect((await invoiceRow(quiet, m.id, invoice))!).toMatchObject({
        paid_amount: 0,
        reserved_amount: 20000,
      });
      quiet.clock.advance(16 * 60_000);
      const swept = await expireReservations(quiet.deps);
      expect(swept.succeeded).toBe(1);
      expect((await invoiceRow(quiet, m.id, invoice))!).toMatchObject({
        paid_amount: 20000,
        reserved_amount: 0,
        overpaid: 0,
      });
      // The success event arriving later changes nothing.
      await quiet.deps.payments.flushEvents();
      expect((await invoiceRow(quiet, m.id, invoice))!).toMatchObject({
        paid_amount: 20000,
        reserved_amount: 0,
      });
    } finally {
      await quiet.close();
    }
  });

  it('records a late success after expiry and flags the invoice overpaid', async () => {
    const invoice = 'INV-LATE';
    const s = await openSession(t, { merchant: merchant.id, invoice, amount: '1000.00' });
    const late = (await pay(s.body.paySessionId, 60000, CARDS.threeDSecure)).res;
    expect(late.body.status).toBe('requires_action');
    t.clock.advance(16 * 60_000);
    await expireReservations(t.deps);
    const admin2 = await adminHeaders(t);
    expect(
      (await json(t.app, 'GET', `/api/admin/payments/${late.body.paymentId}`, undefined, admin2)).body.status,
    ).toBe('expired');
    // Someone else pays the whole invoice.
    await payThroughLink(t, { merchant: merchant.id, invoice, linkAmount: '1000.00', amount: 100000 });
    // Then the provider reports that the expired attempt's charge went through after all (it lost the race
    // with our cancellation): a signed payment_intent.succeeded event.
    const pi = await sandbox(t).retrieveIntentWithSecret(late.body.paymentIntentId, late.body.clientSecret);
    const event = JSON.stringify({
      id: `evt_late_${late.body.paymentId.slice(0, 8)}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      account: late.body.stripeConnectAccountId,
      created: Math.floor(t.clock.now().getTime() / 1000),
      livemode: false,
      data: { object: { ...pi, status: 'succeeded', canceled_at: null, cancellation_reason: null } },
    });
    const res = await t.app.request('/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': sandbox(t).signPayload(event) },
      body: event,
    });
    expect(res.status).toBe(200);
    const payment = await json(t.app, 'GET', `/api/admin/payments/${late.body.paymentId}`, undefined, admin2);
    expect(payment.body.status).toBe('succeeded');
    expect(payment.body.invoice_overpaid).toBe(true);
    expect((await invoiceRow(t, merchant.id, invoice))!).toMatchObject({
      paid_amount: 160000,
      reserved_amount: 0,
      overpaid: 1,
    });
  });
});
