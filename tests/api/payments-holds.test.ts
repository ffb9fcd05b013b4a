/**
 * Money not yet received is never shown as paid (DESIGN §3.4, issue 30 item 4): a card attempt
 * waiting for 3-D Secure, or a bank debit clearing, holds its amount — other customers see it as
 * *being paid* (method, since when, until or clears by) and what is left to pay now, and a refusal
 * says so instead of "A$0.00 remaining"; one client address or pay session has at most one
 * unfinished attempt per invoice; a page that says its customer left ends the hold at once (cancel
 * first, then release); the console lists holds and staff can cancel a card hold (audited).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import {
  authenticate,
  CARDS,
  cardToken,
  confirmInBrowser,
  createConnectedMerchant,
  invoiceRow,
  openSession,
  quote,
  quoteAndPay,
  sandbox,
} from './support/payments.ts';
import { bankDebitMerchant, payByBankDebit } from './support/bank-debit.ts';
import { createKey } from './support/v1.ts';
import { ATTEMPT_UNFINISHED_MESSAGE } from '../../api/payments/create/declines.ts';
import { HOLD_NOT_CANCELLABLE } from '../../api/payments/lifecycle/holds.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`held money is being paid, not paid (${testDialect})`, () => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp({
      autoDeliverEvents: false,
      env: { RATE_LIMITS: '1', TRUST_PROXY: '1', SANDBOX_BECS_DELAY_SECONDS: '120' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function link(amount = '100.00', merchant?: { id: string; stripe_account_id: string | null }) {
    const m = merchant ?? (await createConnectedMerchant(t));
    const invoice = `INV-HOLD-${++seq}`;
    const open = async () => {
      const res = await openSession(t, { merchant: m.id, invoice, amount });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    return { m, invoice, account: m.stripe_account_id!, open };
  }

  /** A 3-D Secure attempt from `ip`, waiting for its customer. */
  async function waiting(account: string, paySessionId: string, amount: number, ip = '203.0.113.10') {
    const { res } = await quoteAndPay(
      t,
      { account, paySessionId, amount, card: CARDS.threeDSecure },
      { 'x-forwarded-for': ip },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('requires_action');
    return res.body as { paymentId: string; paymentIntentId: string; clientSecret: string };
  }

  it('a 3-D Secure hold of the whole balance is shown to others as being paid, and a payer is told so', async () => {
    const { account, open, m, invoice } = await link('100.00');
    const first = await open();
    const held = await waiting(account, first.paySessionId, 10000);

    const other = await open();
    expect(other.invoice).toMatchObject({ balance: 0, fullyPaid: false, state: 'being_paid' });
    expect(other.invoice.beingPaid).toEqual([
      {
        amount: 10000,
        method: 'card',
        status: 'requires_action',
        since: expect.any(String),
        until: expect.any(String),
        clearsBy: null,
      },
    ]);
    const until = Date.parse(other.invoice.beingPaid[0].until);
    expect(until - Date.parse(other.invoice.beingPaid[0].since)).toBeLessThanOrEqual(16 * 60_000);

    // A second payer is told the money is being paid, not that A$0.00 remains of a paid invoice.
    const token = await cardToken(t, account);
    const q = await quote(t, { paySessionId: other.paySessionId, amount: 10000, confirmationToken: token });
    expect(q.status).toBe(422);
    expect(q.body.error.message).toContain('A$100.00 of this invoice is being paid');
    expect(q.body).toMatchObject({ reason: 'exceeds_balance', balance: 0, held: 10000 });

    // The integrator API says the same.
    const key = await createKey(t, await adminHeaders(t), { merchant_id: m.id, permission: 'read' });
    const row = (await invoiceRow(t, m.id, invoice))!;
    const v1 = await json(t.app, 'GET', `/api/v1/invoices/${row.id}`, undefined, key.headers);
    expect(v1.status, JSON.stringify(v1.body)).toBe(200);
    expect(v1.body).toMatchObject({ status: 'being_paid', amount_due: 0, reserved_amount: 10000 });

    // Its own page does not see its own attempt as someone else's.
    const resumed = (
      await openSession(t, {
        merchant: m.id,
        invoice,
        amount: '100.00',
        paySessionId: first.paySessionId,
      })
    ).body;
    expect(resumed.invoice.beingPaid).toEqual([]);

    await authenticate(t, { ...held }, 'complete');
    await sandbox(t).flushEvents();
    expect((await open()).invoice).toMatchObject({ state: 'paid', fullyPaid: true, beingPaid: [] });
  });

  it('part of the balance held: the rest is payable now, and the hold is listed', async () => {
    const { account, open } = await link('100.00');
    await waiting(account, (await open()).paySessionId, 4000);
    const other = await open();
    expect(other.invoice).toMatchObject({ balance: 6000, state: 'open', fullyPaid: false });
    expect(other.invoice.beingPaid).toMatchObject([{ amount: 4000, method: 'card' }]);
    const paid = await quoteAndPay(
      t,
      { account, paySessionId: other.paySessionId, amount: 6000 },
      { 'x-forwarded-for': '198.51.100.7' },
    );
    expect(paid.res.body.status).toBe('succeeded');
  });

  it('a bank debit clearing is shown as being paid with the date it clears by', async () => {
    const m = await bankDebitMerchant(t);
    const { account, open } = await link('500.00', m);
    const { res } = await payByBankDebit(t, {
      account,
      amount: 50000,
      paySessionId: (await open()).paySessionId,
    });
    expect(res.body.status, JSON.stringify(res.body)).toBe('processing');
    const other = await open();
    expect(other.invoice).toMatchObject({ state: 'being_paid', fullyPaid: false, balance: 0 });
    expect(other.invoice.beingPaid).toEqual([
      {
        amount: 50000,
        method: 'bank_debit',
        status: 'processing',
        since: expect.any(String),
        until: null,
        clearsBy: res.body.clearsBy,
      },
    ]);
  });

  it('one unfinished attempt per invoice from one address: another session there is refused, another address is not', async () => {
    const { account, open } = await link('300.00');
    const ip = '203.0.113.44';
    const a = await open();
    await waiting(account, a.paySessionId, 10000, ip);

    const b = await open();
    const refused = await quoteAndPay(
      t,
      { account, paySessionId: b.paySessionId, amount: 10000, card: CARDS.threeDSecure },
      { 'x-forwarded-for': ip },
    );
    expect(refused.res.status).toBe(409);
    expect(refused.res.body.error.message).toBe(ATTEMPT_UNFINISHED_MESSAGE);
    expect(Number(refused.res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Nothing reached the provider for it, and nothing more is held.
    const c = await open();
    expect(c.invoice.balance).toBe(20000);

    // Another address pays (and may even start its own card check).
    await waiting(account, c.paySessionId, 10000, '198.51.100.99');

    // The first session starting again replaces its own attempt: it is not blocked by it.
    const again = await waiting(account, a.paySessionId, 10000, ip);
    expect(again.paymentId).toBeDefined();
    expect((await open()).invoice.beingPaid).toHaveLength(2);
  });

  it('the page says its customer left: the card check is cancelled at the provider, then the hold is released', async () => {
    const { account, open, m, invoice } = await link('100.00');
    const a = await open();
    const held = await waiting(account, a.paySessionId, 10000);
    const path = (sid: string) =>
      `/api/pay/payments/${held.paymentId}/abandon?paySessionId=${encodeURIComponent(sid)}`;

    // Another session cannot end it.
    const stranger = await open();
    expect((await json(t.app, 'POST', path(stranger.paySessionId))).status).toBe(404);
    expect((await invoiceRow(t, m.id, invoice))!.reserved_amount).toBe(10000);

    const left = await json(t.app, 'POST', path(a.paySessionId));
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    expect(left.body).toMatchObject({ paymentId: held.paymentId, status: 'canceled', remaining: 10000 });
    expect((await sandbox(t).retrieveIntent(held.paymentIntentId, account)).status).toBe('canceled');
    expect((await invoiceRow(t, m.id, invoice))!.reserved_amount).toBe(0);
    expect((await open()).invoice).toMatchObject({ state: 'open', balance: 10000, beingPaid: [] });
    // The browser that still holds the client secret cannot confirm it later.
    expect((await confirmInBrowser(t, { ...held, account }, CARDS.visa)).status).toBe(400);
    // Sent twice (a beacon and a close): the second changes nothing.
    expect((await json(t.app, 'POST', path(a.paySessionId))).body.status).toBe('canceled');
  });

  it('a customer who finished the check just before leaving is recorded as paid, not cancelled', async () => {
    const { account, open, m, invoice } = await link('100.00');
    const a = await open();
    const held = await waiting(account, a.paySessionId, 10000);
    await authenticate(t, held, 'complete');
    const left = await json(
      t.app,
      'POST',
      `/api/pay/payments/${held.paymentId}/abandon?paySessionId=${encodeURIComponent(a.paySessionId)}`,
    );
    expect(left.body.status).toBe('succeeded');
    expect(await invoiceRow(t, m.id, invoice)).toMatchObject({ paid_amount: 10000, reserved_amount: 0 });
  });

  it('the console lists holds and staff cancel a card hold (audited); a clearing bank debit cannot be cancelled', async () => {
    const headers = await adminHeaders(t);
    const { account, open, m, invoice } = await link('100.00');
    const held = await waiting(account, (await open()).paySessionId, 10000);

    const list = await json(
      t.app,
      'GET',
      `/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ status: 'held', merchant_id: m.id }))}`,
      undefined,
      headers,
    );
    expect(list.status).toBe(200);
    expect(list.body.map((p: { id: string; status: string }) => [p.id, p.status])).toEqual([
      [held.paymentId, 'requires_action'],
    ]);

    const cancel = await json(
      t.app,
      'POST',
      `/api/admin/payments/${held.paymentId}/cancel-hold`,
      undefined,
      headers,
    );
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body).toMatchObject({ id: held.paymentId, status: 'canceled', reserved_until: null });
    expect((await sandbox(t).retrieveIntent(held.paymentIntentId, account)).status).toBe('canceled');
    expect((await invoiceRow(t, m.id, invoice))!.reserved_amount).toBe(0);
    const audit = await t.deps.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'payment.cancel_hold')
      .where('target_id', '=', held.paymentId)
      .execute();
    expect(audit).toHaveLength(1);
    // Cancelling again: nothing left to cancel.
    const twice = await json(
      t.app,
      'POST',
      `/api/admin/payments/${held.paymentId}/cancel-hold`,
      undefined,
      headers,
    );
    expect(twice.status).toBe(409);

    const bd = await bankDebitMerchant(t);
    const debitLink = await link('200.00', bd);
    const debit = await payByBankDebit(t, {
      account: debitLink.account,
      amount: 20000,
      paySessionId: (await debitLink.open()).paySessionId,
    });
    const refused = await json(
      t.app,
      'POST',
      `/api/admin/payments/${debit.res.body.paymentId}/cancel-hold`,
      undefined,
      headers,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(HOLD_NOT_CANCELLABLE);
  });
});
