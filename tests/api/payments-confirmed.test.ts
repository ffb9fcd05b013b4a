/**
 * The server confirms every charge (decision 0009, DESIGN §3.2, §3.4, §4b), tried as an attacker would:
 *  - no reservation without a real charge: quoting holds nothing, a declined attempt gives its amount
 *    back at once, and other customers' balance never moves for either;
 *  - the surcharge follows the card actually charged: a quote for one card cannot pay with another
 *    (409 with the new breakdown, nothing charged), and a success on another method through the
 *    3-D Secure client secret is recorded and shown with the surcharge that should have applied;
 *  - a declined attempt is cancelled, so no client can ever confirm it again (no overpayment);
 *  - 3-D Secure completed, failed and abandoned (the reservation lasts the action window only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireReservations } from '../../api/payments/lifecycle/expiry.ts';
import { QUOTE_CHANGED_MESSAGE } from '../../api/payments/create/service.ts';
import { merchantChanged } from '../../api/merchants/changes.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import {
  authenticate,
  CARDS,
  cardToken,
  confirmInBrowser,
  createConnectedMerchant,
  createPayment,
  invoiceRow,
  openSession,
  quote,
  quoteAndPay,
  refresh,
  sandbox,
} from './support/payments.ts';
import { AdminPayment } from '../../api/payments/console/admin-schema.ts';
import { expectShape } from './support/shape.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`server-confirmed payments (${testDialect})`, () => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function link(amount = '100.00', over: Parameters<typeof createConnectedMerchant>[1] = {}) {
    const m = await createConnectedMerchant(t, over);
    const invoice = `INV-SC-${++seq}`;
    const open = async () => (await openSession(t, { merchant: m.id, invoice, amount })).body;
    return { m, invoice, account: m.stripe_account_id!, open };
  }

  it('holds nothing for a quote or a decline: another customer can pay the whole balance meanwhile', async () => {
    const { m, invoice, account, open } = await link();
    const mallory = await open();
    // Quoting the whole invoice, as often as one likes, holds nothing.
    for (let i = 0; i < 3; i++) {
      const token = await cardToken(t, account);
      expect(
        (await quote(t, { paySessionId: mallory.paySessionId, amount: 10000, confirmationToken: token }))
          .status,
      ).toBe(200);
    }
    const declined = await quoteAndPay(t, {
      account,
      paySessionId: mallory.paySessionId,
      amount: 10000,
      card: CARDS.insufficientFunds,
    });
    expect(declined.res.status).toBe(422);
    expect(declined.res.body.error).toMatchObject({
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds. Please try a different payment method.',
    });
    expect(declined.res.body.payment).toMatchObject({ status: 'failed', remaining: 10000 });
    expect(await invoiceRow(t, m.id, invoice)).toMatchObject({ reserved_amount: 0, paid_amount: 0 });
    const builder = await open();
    expect(builder.invoice).toMatchObject({ balance: 10000, fullyPaid: false });
    const paid = await quoteAndPay(t, { account, paySessionId: builder.paySessionId, amount: 10000 });
    expect(paid.res.body).toMatchObject({ status: 'succeeded', remaining: 0 });
  });

  it('a declined intent is cancelled: no client can confirm it again, so it can never overpay', async () => {
    const { m, invoice, account, open } = await link();
    const s = await open();
    const first = await quoteAndPay(t, {
      account,
      paySessionId: s.paySessionId,
      amount: 10000,
      card: CARDS.declined,
    });
    expect(first.res.status).toBe(422);
    const declinedIntent = first.res.body.payment.transactionId as string;
    expect((await sandbox(t).retrieveIntent(declinedIntent, account)).status).toBe('canceled');
    // The same customer pays the full balance at once with a second card.
    const second = await quoteAndPay(t, { account, paySessionId: s.paySessionId, amount: 10000 });
    expect(second.res.body).toMatchObject({ status: 'succeeded', remaining: 0 });
    // Whoever holds the first intent's client secret (never handed out) still cannot confirm it.
    const row = await sandbox(t)
      .ctx.db.selectFrom('sandbox_payment_intents')
      .select('client_secret')
      .where('id', '=', declinedIntent)
      .executeTakeFirstOrThrow();
    const again = await confirmInBrowser(t, {
      paymentIntentId: declinedIntent,
      clientSecret: row.client_secret,
      account,
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'payment_intent_unexpected_state' });
    expect(again.body.error.message).toContain('status of canceled');
    await t.deps.payments.flushEvents();
    expect(await invoiceRow(t, m.id, invoice)).toMatchObject({
      paid_amount: 10000,
      reserved_amount: 0,
      overpaid: 0,
    });
  });

  it('quote for a debit card, pay with a credit card: 409 with the new breakdown, then the new total is charged', async () => {
    const { m, account, open } = await link('1000.00', {
      surcharge_rules: JSON.stringify([{ funding: 'debit', bps: 0 }]),
    });
    const s = await open();
    const debit = await cardToken(t, account, CARDS.visaDebit);
    const debitQuote = await quote(t, {
      paySessionId: s.paySessionId,
      amount: 50000,
      confirmationToken: debit,
    });
    expect(debitQuote.body.breakdown).toMatchObject({ surcharge: 0, total: 50000, rule: 'debit: 0%' });
    const credit = await cardToken(t, account, CARDS.visaAu);
    const swapped = await createPayment(t, {
      paySessionId: s.paySessionId,
      amount: 50000,
      confirmationToken: credit,
      quoteId: debitQuote.body.quoteId,
    });
    expect(swapped.status).toBe(409);
    expect(swapped.body.error.message).toBe(QUOTE_CHANGED_MESSAGE);
    expect(swapped.body.quote).toMatchObject({
      confirmationToken: credit,
      paymentMethod: { label: 'Visa credit', country: 'AU' },
      breakdown: { amount: 50000, surcharge: 1475, total: 51475, rule: 'default: 2.95%' },
    });
    expect(await invoiceRow(t, m.id, s.invoice.number)).toBeUndefined(); // nothing reserved or charged
    expect(await sandboxIntentCount(account)).toBe(0);
    const paid = await createPayment(t, {
      paySessionId: s.paySessionId,
      amount: 50000,
      confirmationToken: credit,
      quoteId: swapped.body.quote.quoteId,
    });
    expect(paid.body).toMatchObject({ status: 'succeeded', total: 51475, surcharge: 1475 });
    const intent = await sandbox(t).retrieveIntent(paid.body.paymentIntentId, account);
    expect(intent).toMatchObject({ amount: 51475, card: { funding: 'credit', country: 'AU' } });
  });

  it('a quote no longer holds for another amount, a changed rule or once expired: 409, nothing charged', async () => {
    const { m, account, open } = await link('1000.00');
    const s = await open();
    const token = await cardToken(t, account, CARDS.visaAu);
    const q = (await quote(t, { paySessionId: s.paySessionId, amount: 20000, confirmationToken: token }))
      .body;
    const attempt = (over: Record<string, unknown>) =>
      createPayment(t, {
        paySessionId: s.paySessionId,
        amount: 20000,
        confirmationToken: token,
        quoteId: q.quoteId,
        ...over,
      });
    const otherAmount = await attempt({ amount: 30000 });
    expect(otherAmount.status).toBe(409);
    expect(otherAmount.body.quote.breakdown).toMatchObject({ amount: 30000, total: 30885 });
    const forged = await attempt({
      // Another MAC (its first character: the last one also carries unused padding bits).
      quoteId: q.quoteId.replace(
        /\.([^.])([^.]*)$/,
        (_m: string, c: string, rest: string) => `.${c === 'A' ? 'B' : 'A'}${rest}`,
      ),
    });
    expect(forged.status).toBe(409);
    await t.deps.database.db
      .updateTable('merchants')
      .set({ surcharge_bps: 150 })
      .where('id', '=', m.id)
      .execute();
    merchantChanged(t.deps); // as every merchant write through the server announces it
    const ruleChanged = await attempt({});
    expect(ruleChanged.status).toBe(409);
    expect(ruleChanged.body.quote.breakdown).toMatchObject({
      surcharge: 300,
      total: 20300,
      rule: 'default: 1.5%',
    });
    const fresh = ruleChanged.body.quote.quoteId;
    t.clock.advance(16 * 60_000);
    const expired = await attempt({ quoteId: fresh });
    expect(expired.status).toBe(422); // the token itself has expired by now: new payment details are needed
    expect(await sandboxIntentCount(account)).toBe(0);
    expect(await invoiceRow(t, m.id, s.invoice.number)).toBeUndefined();
  });

  it('3-D Secure completed: succeeded; failed: declined and released; abandoned: released after the action window', async () => {
    const { m, invoice, account, open } = await link('300.00');
    const s = await open();
    const done = (
      await quoteAndPay(t, { account, paySessionId: s.paySessionId, amount: 10000, card: CARDS.threeDSecure })
    ).res.body;
    expect(done.status).toBe('requires_action');
    expect((await authenticate(t, done)).body.paymentIntent.status).toBe('succeeded');
    expect(await refresh(t, done.paymentId)).toMatchObject({ status: 'succeeded' });

    const other = await open();
    const failed = (
      await quoteAndPay(t, {
        account,
        paySessionId: other.paySessionId,
        amount: 10000,
        card: CARDS.threeDSecure,
      })
    ).res.body;
    expect((await invoiceRow(t, m.id, invoice))!.reserved_amount).toBe(10000);
    await authenticate(t, failed, 'fail');
    expect(await refresh(t, failed.paymentId)).toMatchObject({
      status: 'failed',
      failure: { code: 'payment_intent_authentication_failure' },
    });
    expect((await invoiceRow(t, m.id, invoice))!.reserved_amount).toBe(0);

    const third = await open();
    const abandoned = (
      await quoteAndPay(t, {
        account,
        paySessionId: third.paySessionId,
        amount: 20000,
        card: CARDS.threeDSecure,
      })
    ).res.body;
    expect(abandoned.status).toBe('requires_action');
    const row = await t.deps.database.db
      .selectFrom('payments')
      .select('reserved_until')
      .where('id', '=', abandoned.paymentId)
      .executeTakeFirstOrThrow();
    // The action window: 5 minutes by default (RESERVATION_TTL_MINUTES).
    expect(Date.parse(row.reserved_until!)).toBe(t.clock.now().getTime() + 5 * 60_000);
    t.clock.advance(4 * 60_000);
    expect(await expireReservations(t.deps)).toMatchObject({ expired: 0 });
    expect((await open()).invoice.balance).toBe(0); // still held for the customer
    t.clock.advance(2 * 60_000);
    expect(await expireReservations(t.deps)).toMatchObject({ expired: 1 });
    expect((await sandbox(t).retrieveIntent(abandoned.paymentIntentId, account)).status).toBe('canceled');
    expect(await invoiceRow(t, m.id, invoice)).toMatchObject({ reserved_amount: 0, paid_amount: 10000 });
    // Completing the abandoned step afterwards is refused: the intent is canceled.
    expect((await authenticate(t, abandoned)).status).toBe(400);
  });

  it('charged ≠ quoted: another card through the 3-D Secure client secret is recorded and shown with the surcharge due', async () => {
    const { m, account, open } = await link('1000.00', {
      surcharge_rules: JSON.stringify([{ funding: 'debit', bps: 0 }]),
    });
    const s = await open();
    const waiting = (
      await quoteAndPay(t, { account, paySessionId: s.paySessionId, amount: 40000, card: CARDS.threeDSecure })
    ).res.body;
    expect(waiting).toMatchObject({ status: 'requires_action', surcharge: 1180 });
    // The customer confirms with a debit card instead of completing 3-D Secure (Stripe allows it).
    const swapped = await confirmInBrowser(t, { ...waiting, account }, CARDS.visaDebit);
    expect(swapped.body.paymentIntent.status).toBe('succeeded');
    await t.deps.payments.flushEvents(); // the webhook names only the new payment method's id
    const admin = await adminHeaders(t);
    const viaWebhook = await json(t.app, 'GET', `/api/admin/payments/${waiting.paymentId}`, undefined, admin);
    expectShape(AdminPayment, viaWebhook.body); // with the method it was quoted and the mismatch
    expect(viaWebhook.body).toMatchObject({
      status: 'succeeded',
      card: { funding: 'debit', last4: '5556' },
      quoted_method: { brand: 'visa', funding: 'credit', last4: '3220' },
      method_mismatch: {
        quoted: { funding: 'credit' },
        charged: { brand: 'visa', funding: 'debit', last4: '5556' },
        chargedSurcharge: 1180,
        expected: { surchargeBps: 0, surcharge: 0, rule: 'debit: 0%' },
      },
    });
    expect((await refresh(t, waiting.paymentId)).status).toBe('succeeded');
    // A payment charged as quoted carries no mismatch.
    const fine = (await quoteAndPay(t, { account, paySessionId: (await open()).paySessionId, amount: 1000 }))
      .res.body;
    const ok = await json(t.app, 'GET', `/api/admin/payments/${fine.paymentId}`, undefined, admin);
    expect(ok.body.method_mismatch).toBeNull();
    void m;
  });

  async function sandboxIntentCount(account: string): Promise<number> {
    const rows = await sandbox(t)
      .ctx.db.selectFrom('sandbox_payment_intents')
      .select('id')
      .where('account_id', '=', account)
      .execute();
    return rows.length;
  }
});
