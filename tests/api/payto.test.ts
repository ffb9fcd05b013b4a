/**
 * PayTo end to end through the sandbox and our webhook route (issue 34): the customer names a PayID
 * or account, the payment waits (`requires_action`) while they approve the agreement in their bank —
 * the amount held for the approval window, so no one else can pay that part — and then it is paid
 * within seconds, or declined, expires, or is cancelled by the customer, and the hold is released
 * every time. Webhooks arriving twice or out of order change nothing more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireReservations } from '../../api/payments/lifecycle/expiry.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import {
  createConnectedMerchant,
  createPayment,
  invoiceRow,
  openSession,
  quote,
  sandbox,
} from './support/payments.ts';
import { emailsTo, eventTypesFor, outboxOf, paymentRow } from './support/bank-debit.ts';

const skip = await skipPostgres();

const DELAY_S = 5;
const APPROVAL_MIN = 10;

describe.skipIf(skip)(`PayTo (${testDialect})`, () => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp({
      autoDeliverEvents: false,
      env: { SANDBOX_PAYTO_DELAY_SECONDS: String(DELAY_S), PAYTO_APPROVAL_MINUTES: String(APPROVAL_MIN) },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A merchant offering PayTo (rule and minimum as given), and a way to open a page on a new invoice. */
  async function link(amount: string, over: Record<string, unknown> = {}) {
    const m = await createConnectedMerchant(t, {});
    await t.deps.database.db
      .updateTable('merchants')
      .set({ payto_enabled: 1, ...over })
      .where('id', '=', m.id)
      .execute();
    const invoice = `INV-PT-${++seq}`;
    const open = async () => (await openSession(t, { merchant: m.id, invoice, amount })).body;
    return { m, invoice, account: m.stripe_account_id!, open };
  }

  async function payToToken(account: string, by: { payId?: string; bsb?: string; accountNumber?: string }) {
    const res = await json(t.app, 'POST', '/api/sandbox/confirmation_tokens', {
      payment_method_data: {
        type: 'payto',
        payto: { pay_id: by.payId, bsb_number: by.bsb, account_number: by.accountNumber },
        billing_details: { name: 'Jordan Builder', email: 'jordan@builders.test' },
      },
      stripe_account: account,
    });
    return res;
  }

  /** Token → quote → create-and-confirm by PayTo, as the widget does. */
  async function payByPayTo(
    o: { account: string; amount: number; paySessionId: string },
    by: { payId?: string; bsb?: string; accountNumber?: string } = { payId: 'customer@payto.test' },
  ) {
    const token = await payToToken(o.account, by);
    expect(token.status, JSON.stringify(token.body)).toBe(200);
    const where = { paySessionId: o.paySessionId, currency: 'aud', amount: o.amount };
    const q = await quote(t, { ...where, confirmationToken: token.body.id });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    const res = await createPayment(t, {
      ...where,
      confirmationToken: token.body.id,
      quoteId: q.body.quoteId,
      customerEmail: 'jordan@builders.test',
    });
    return { quote: q.body, res };
  }

  /** The sandbox's bank page: approve or decline, as the customer does in their banking app. */
  async function decide(intentId: string, decision: 'approve' | 'decline', paySessionId: string) {
    const res = await t.app.request(
      `/api/sandbox/payto/${intentId}?paySessionId=${encodeURIComponent(paySessionId)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ decision }).toString(),
      },
    );
    return { status: res.status, html: await res.text() };
  }

  const deliver = () => sandbox(t).flushEvents();
  async function settle(afterMs = 1100) {
    t.clock.advance(afterMs);
    await sandbox(t).settleDueDebits();
    await deliver();
  }
  const watch = (paymentId: string, paySessionId: string) =>
    json(t.app, 'GET', `/api/pay/payments/${paymentId}?paySessionId=${encodeURIComponent(paySessionId)}`);

  it('waits for the approval holding the amount, then is paid within seconds of the approval', async () => {
    const { m, invoice, account, open } = await link('50000.00');
    const session = await open();
    expect(session.payTo).toMatchObject({
      offered: true,
      surchargeBps: 0,
      rule: 'PayTo: no surcharge',
      approvalMinutes: APPROVAL_MIN,
    });
    const started = t.clock.now().getTime();
    const { quote: q, res } = await payByPayTo({
      account,
      amount: 4_000_000,
      paySessionId: session.paySessionId,
    });
    expect(q.paymentMethod.label).toBe('PayTo');
    expect(q.breakdown).toMatchObject({ surcharge: 0, total: 4_000_000 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'requires_action', method: 'payto', clientSecret: null });
    expect(Date.parse(res.body.approvalExpiresAt) - started).toBe(APPROVAL_MIN * 60_000);
    const paymentId = res.body.paymentId as string;
    const intentId = res.body.paymentIntentId as string;

    // Held for the approval window: shown to others as being paid, and not payable twice.
    expect(await invoiceRow(t, m.id, invoice)).toMatchObject({ reserved_amount: 4_000_000, paid_amount: 0 });
    // The console's "held (being paid)" filter lists it.
    const held = await json(
      t.app,
      'GET',
      `/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ status: 'held', merchant_id: m.id }))}`,
      undefined,
      await adminHeaders(t),
    );
    expect(held.body.map((p: { id: string }) => p.id)).toContain(paymentId);
    const other = await open();
    expect(other.invoice.balance).toBe(1_000_000);
    expect(other.invoice.beingPaid).toEqual([
      expect.objectContaining({ amount: 4_000_000, method: 'payto', status: 'requires_action' }),
    ]);
    const secondToken = await payToToken(account, { payId: 'approve@payto.test' });
    const second = await quote(t, {
      paySessionId: other.paySessionId,
      amount: 2_000_000,
      confirmationToken: secondToken.body.id,
    });
    expect(second.status).toBe(422);
    expect(second.body.error.message).toContain('is being paid in payments not yet received');

    // The bank page shows the request to the pay session that made it only (the payer's name and
    // PayID are on it: issue 49 item 10); that page watches it (our ledger, no provider call).
    expect((await t.app.request(`/api/sandbox/payto/${intentId}`)).status).toBe(404);
    expect(
      (
        await t.app.request(
          `/api/sandbox/payto/${intentId}?paySessionId=${encodeURIComponent(other.paySessionId)}`,
        )
      ).status,
    ).toBe(404);
    const page = await t.app.request(
      `/api/sandbox/payto/${intentId}?paySessionId=${encodeURIComponent(session.paySessionId)}`,
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('PayID customer@payto.test');
    expect(html).toContain('A$40,000.00');
    expect((await watch(paymentId, session.paySessionId)).body).toMatchObject({ status: 'requires_action' });
    expect((await watch(paymentId, other.paySessionId)).status).toBe(404); // another page cannot read it

    const approved = await decide(intentId, 'approve', session.paySessionId);
    expect(approved.status).toBe(200);
    expect(approved.html).toContain('You approved the payment.');
    await deliver();
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'processing', reserved_until: null });
    await settle();
    const paid = await paymentRow(t, paymentId);
    expect(paid).toMatchObject({
      status: 'succeeded',
      method_type: 'payto',
      payto_pay_id: 'c***@payto.test',
      card_brand: null,
    });
    expect(paid.mandate_reference).toMatch(/^mandate_/);
    expect(await invoiceRow(t, m.id, invoice)).toMatchObject({ reserved_amount: 0, paid_amount: 4_000_000 });
    expect((await watch(paymentId, session.paySessionId)).body).toMatchObject({
      status: 'succeeded',
      approvalExpiresAt: null,
    });
    // The sandbox delivers queued events several at a time, as Stripe may: requires_action and
    // processing (both queued before the first delivery) arrive in either order; succeeded came later.
    const types = await eventTypesFor(t, intentId);
    expect(types.slice(0, 2).sort()).toEqual(['payment_intent.processing', 'payment_intent.requires_action']);
    expect(types.slice(2)).toEqual(['payment_intent.succeeded']);
    // The customer's receipt is ours to send (no provider mails one for PayTo here).
    const notices = await t.deps.database.db
      .selectFrom('payment_notices')
      .select(['kind', 'to_address'])
      .where('payment_id', '=', paymentId)
      .execute();
    expect(notices).toEqual([{ kind: 'card_receipt', to_address: 'jordan@builders.test' }]);
    const [receipt] = (await emailsTo(t, 'jordan@builders.test')).filter((e) =>
      e.text_body.includes(invoice),
    );
    expect(receipt.text_body).toContain('Your PayTo payment to');
    expect(receipt.text_body).toContain('Paid by: PayTo (PayID c***@payto.test)');

    // The console shows the method, the masked PayID and the mandate.
    const admin = await json(
      t.app,
      'GET',
      `/api/admin/payments/${paymentId}`,
      undefined,
      await adminHeaders(t),
    );
    expect(admin.body).toMatchObject({
      method_type: 'payto',
      bank_account: { pay_id: 'c***@payto.test', bsb: null },
      mandate_reference: paid.mandate_reference,
    });

    // A duplicate and a stale event afterwards change nothing.
    const before = await invoiceRow(t, m.id, invoice);
    await json(t.app, 'POST', `/api/pay/payments/${paymentId}/refresh`);
    expect(await invoiceRow(t, m.id, invoice)).toEqual(before);
  });

  it('a decline on the bank page releases the hold at once and tells the page why', async () => {
    const { m, invoice, account, open } = await link('10000.00');
    const session = await open();
    const { res } = await payByPayTo(
      { account, amount: 1_000_000, paySessionId: session.paySessionId },
      { bsb: '000-000', accountNumber: '000123456' },
    );
    expect(res.status).toBe(200);
    expect(await invoiceRow(t, m.id, invoice)).toMatchObject({ reserved_amount: 1_000_000 });
    expect((await decide(res.body.paymentIntentId, 'decline', session.paySessionId)).html).toContain(
      'You declined the payment.',
    );
    await deliver();
    const row = await paymentRow(t, res.body.paymentId);
    expect(row).toMatchObject({
      status: 'failed',
      failure_code: 'payment_method_provider_decline',
      bank_bsb: '000000',
      bank_last4: '3456',
      payto_pay_id: null,
    });
    expect(await invoiceRow(t, m.id, invoice)).toMatchObject({ reserved_amount: 0, paid_amount: 0 });
    const watched = await watch(res.body.paymentId, session.paySessionId);
    expect(watched.body.failure.message).toBe(
      'The customer declined the PayTo agreement in their banking app.',
    );
    // Answered already: the bank page says so, and the intent stays as it is.
    expect((await decide(res.body.paymentIntentId, 'approve', session.paySessionId)).status).toBe(409);
    // The whole balance is payable again.
    expect((await open()).invoice.balance).toBe(1_000_000);
  });

  it.each([
    ['approve@payto.test', 'succeeded', null],
    ['decline@payto.test', 'failed', 'payment_method_provider_decline'],
    ['expire@payto.test', 'failed', 'payment_method_provider_timeout'],
  ] as const)('the test PayID %s answers by itself after the delay: %s', async (payId, status, code) => {
    const { m, invoice, account, open } = await link('3000.00');
    const session = await open();
    const { res } = await payByPayTo(
      { account, amount: 300_000, paySessionId: session.paySessionId },
      { payId },
    );
    expect(res.body.status).toBe('requires_action');
    await settle(DELAY_S * 1000 - 1000); // not yet
    expect(await paymentRow(t, res.body.paymentId)).toMatchObject({ status: 'requires_action' });
    await settle(1000); // the bank answers
    await settle(); // an approved payment settles a moment later
    expect(await paymentRow(t, res.body.paymentId)).toMatchObject({ status, failure_code: code });
    expect(await invoiceRow(t, m.id, invoice)).toMatchObject({
      reserved_amount: 0,
      paid_amount: status === 'succeeded' ? 300_000 : 0,
    });
  });

  it('the customer cancels while waiting: cancelled at the provider first, then released', async () => {
    const { m, invoice, account, open } = await link('8000.00');
    const session = await open();
    const { res } = await payByPayTo({ account, amount: 800_000, paySessionId: session.paySessionId });
    const cancel = await json(
      t.app,
      'POST',
      `/api/pay/payments/${res.body.paymentId}/abandon?paySessionId=${encodeURIComponent(session.paySessionId)}`,
    );
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe('canceled');
    expect(await invoiceRow(t, m.id, invoice)).toMatchObject({ reserved_amount: 0 });
    // The bank can no longer approve it, and its page says what the payment page said: cancelled,
    // not "already answered" (issue 50 item 8).
    const late = await decide(res.body.paymentIntentId, 'approve', session.paySessionId);
    expect(late.status).toBe(409);
    expect(late.html).toContain('This request was cancelled before you answered: no money moves.');
    expect(late.html).toContain('Cancelled before you answered');
    await deliver();
    expect(await paymentRow(t, res.body.paymentId)).toMatchObject({ status: 'canceled' });
  });

  it('an approval window that runs out is ended by the sweep: cancelled, then released', async () => {
    const { m, invoice, account, open } = await link('6000.00');
    const session = await open();
    const { res } = await payByPayTo({ account, amount: 600_000, paySessionId: session.paySessionId });
    t.clock.advance(APPROVAL_MIN * 60_000 - 1000);
    await expireReservations(t.deps);
    expect(await paymentRow(t, res.body.paymentId)).toMatchObject({ status: 'requires_action' });
    t.clock.advance(2000);
    await expireReservations(t.deps);
    expect(await paymentRow(t, res.body.paymentId)).toMatchObject({
      status: 'expired',
      reserved_until: null,
    });
    expect(await invoiceRow(t, m.id, invoice)).toMatchObject({ reserved_amount: 0 });
    expect((await decide(res.body.paymentIntentId, 'approve', session.paySessionId)).status).toBe(409);
  });

  it('is refunded like any payment once paid: a credit keeps the invoice settled, a re-open gives the part back', async () => {
    const { m, invoice, account, open } = await link('1000.00');
    const session = await open();
    const { res } = await payByPayTo(
      { account, amount: 100_000, paySessionId: session.paySessionId },
      { payId: 'approve@payto.test' },
    );
    await settle(DELAY_S * 1000);
    await settle();
    expect(await paymentRow(t, res.body.paymentId)).toMatchObject({ status: 'succeeded' });
    const admin = await adminHeaders(t);
    const refund = (body: Record<string, unknown>) =>
      json(t.app, 'POST', `/api/admin/payments/${res.body.paymentId}/refund`, body, admin);
    const credit = await refund({ amount: 20_000 });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    expect((await open()).invoice.balance).toBe(0);
    const reopen = await refund({ amount: 30_000, kind: 'reopen' });
    expect(reopen.status, JSON.stringify(reopen.body)).toBe(200);
    expect(reopen.body.refunds.map((r: { kind: string }) => r.kind)).toEqual(['credit', 'reopen']);
    expect((await open()).invoice.balance).toBe(30_000);
    expect(await paymentRow(t, res.body.paymentId)).toMatchObject({ status: 'partially_refunded' });
    expect(await invoiceRow(t, m.id, invoice)).toMatchObject({ paid_amount: 50_000 });
  });

  it('refunds a capped surcharge by its share of what was charged, and the console says it was capped (issue 49 item 12)', async () => {
    const { open, account } = await link('600.00', { payto_surcharge_bps: 100, payto_surcharge_cap: 350 });
    const session = await open();
    const { res, quote: q } = await payByPayTo(
      { account, amount: 60_000, paySessionId: session.paySessionId },
      { payId: 'approve@payto.test' },
    );
    expect(q.breakdown).toMatchObject({ surcharge: 350, total: 60_350 });
    await settle(DELAY_S * 1000);
    await settle();
    const admin = await adminHeaders(t);
    const refund = (amount: number) =>
      json(t.app, 'POST', `/api/admin/payments/${res.body.paymentId}/refund`, { amount }, admin);
    // 1 % capped at A$3.50 on A$600.00: A$100.00 back returns A$0.58 (not the uncapped A$1.00), A$200.00 A$1.17.
    const first = await refund(10_000);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await refund(20_000);
    const last = await refund(30_000);
    expect(last.body.refunds.map((r: { surcharge: number }) => r.surcharge)).toEqual([58, 117, 175]);
    const shown = await json(t.app, 'GET', `/api/admin/payments/${res.body.paymentId}`, undefined, admin);
    expect(shown.body).toMatchObject({
      surcharge_percentage: 1,
      surcharge_capped: true,
      refunded_surcharge: 350,
    });
    expect(second.status).toBe(200);
  });

  it('reaches the automation webhook like any payment: payment.succeeded with the method, or payment.failed', async () => {
    const hooks = { make_webhook_url: 'http://127.0.0.1:9/hook', webhook_version: '2026-11' };
    const paid = await link('700.00', hooks);
    const s1 = await paid.open();
    const ok = await payByPayTo(
      { account: paid.account, amount: 70_000, paySessionId: s1.paySessionId },
      { payId: 'approve@payto.test' },
    );
    const declined = await link('700.00', hooks);
    const s2 = await declined.open();
    const no = await payByPayTo(
      { account: declined.account, amount: 70_000, paySessionId: s2.paySessionId },
      { payId: 'decline@payto.test' },
    );
    // Nothing is sent while the customer's bank has not answered.
    expect((await outboxOf(t, ok.res.body.paymentId)).map((j) => j.event)).toEqual([]);
    await settle(DELAY_S * 1000);
    await settle();
    const okEvents = await outboxOf(t, ok.res.body.paymentId);
    expect(okEvents.map((j) => j.event)).toEqual(['payment.succeeded', 'invoice.paid']);
    expect(okEvents[0].body.data.object).toMatchObject({
      method: 'payto',
      bank_account: { pay_id: 'a***@payto.test' },
    });
    const noEvents = await outboxOf(t, no.res.body.paymentId);
    expect(noEvents.map((j) => j.event)).toEqual(['payment.failed']);
  });

  it('events delivered twice or out of order move nothing twice', async () => {
    const { m, invoice, account, open } = await link('2000.00');
    const session = await open();
    const { res } = await payByPayTo({ account, amount: 200_000, paySessionId: session.paySessionId });
    await decide(res.body.paymentIntentId, 'approve', session.paySessionId);
    await settle();
    // Every event of this intent again, newest first: the success is counted once, nothing moves back.
    const events = await sandbox(t)
      .ctx.db.selectFrom('sandbox_events')
      .select(['payload'])
      .where('payload', 'like', `%${res.body.paymentIntentId}%`)
      .orderBy('seq', 'desc')
      .execute();
    expect(events.length).toBeGreaterThanOrEqual(3);
    for (const e of events) {
      const raw = e.payload;
      const r = await t.app.request('/api/webhooks/stripe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': sandbox(t).signPayload(raw) },
        body: raw,
      });
      expect(r.status).toBe(200);
    }
    expect(await paymentRow(t, res.body.paymentId)).toMatchObject({ status: 'succeeded' });
    expect(await invoiceRow(t, m.id, invoice)).toMatchObject({ paid_amount: 200_000, reserved_amount: 0 });
  });

  it('is offered only where the merchant switched it on, in AUD, from its minimum, with its own rule', async () => {
    const { account, open } = await link('900.00', {
      payto_minimum_amount: 100_000,
      payto_surcharge_bps: 50,
      payto_surcharge_cap: 200,
    });
    const session = await open();
    expect(session.payTo).toMatchObject({ offered: false, minimumAmount: 100_000 });
    const token = await payToToken(account, { payId: 'approve@payto.test' });
    const q = await quote(t, {
      paySessionId: session.paySessionId,
      amount: 90_000,
      confirmationToken: token.body.id,
    });
    expect(q.status).toBe(422);
    expect(q.body.error.message).toBe(
      "PayTo isn't offered for this invoice. Please pay by card or contact the merchant.",
    );

    const big = await link('5000.00', { payto_surcharge_bps: 50, payto_surcharge_cap: 200 });
    const s2 = await big.open();
    const t2 = await payToToken(big.account, { payId: 'approve@payto.test' });
    const q2 = await quote(t, {
      paySessionId: s2.paySessionId,
      amount: 500_000,
      confirmationToken: t2.body.id,
    });
    expect(q2.status, JSON.stringify(q2.body)).toBe(200);
    expect(q2.body.breakdown).toMatchObject({ surcharge: 200, total: 500_200 });
    expect(q2.body.breakdown.rule).toBe('PayTo: 0.5% capped at A$2.00');
  });

  it('is switched on in the merchant settings, its own minimum and rule, for Australian merchants only', async () => {
    const admin = await adminHeaders(t);
    const created = await json(
      t.app,
      'POST',
      '/api/admin/merchants',
      { business_name: 'Steel Pty', name: 'Sam', email: 'sam@steel.test' },
      admin,
    );
    expect(created.body).toMatchObject({ payto_enabled: false, payto_surcharge_percentage: 0 });
    const put = (body: Record<string, unknown>) =>
      json(t.app, 'PUT', `/api/admin/merchants/${created.body.id}`, body, admin);
    const on = await put({
      payto_enabled: true,
      payto_minimum_amount: 1_000_000,
      payto_surcharge_percentage: '0.5',
      payto_surcharge_cap: 500,
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toMatchObject({
      payto_enabled: true,
      payto_minimum_amount: 1_000_000,
      payto_surcharge_percentage: 0.5,
      payto_surcharge_cap: 500,
      becs_enabled: false,
    });
    const moved = await put({ country: 'NZ' });
    expect([moved.status, moved.body.error.field, moved.body.error.message]).toEqual([
      400,
      'country',
      'PayTo is for Australian merchants: set the country to AU to switch it on.',
    ]);
    expect((await put({ payto_surcharge_percentage: 6 })).status).toBe(400);
    expect((await put({ payto_minimum_amount: 0 })).status).toBe(400);
  });

  it('refuses anything but a test PayID or account, and names the problem', async () => {
    const { account } = await link('100.00');
    const live = await payToToken(account, { payId: 'someone@example.com' });
    expect(live.status).toBe(400);
    expect(live.body.error.message).toContain('Test mode: use a test PayID');
    const bad = await payToToken(account, { payId: 'not a payid' });
    expect(bad.body.error.code).toBe('invalid_pay_id');
    const list = await json(t.app, 'GET', '/api/sandbox/test-payto');
    expect(list.body.data.map((d: { pay_id: string | null }) => d.pay_id)).toContain('customer@payto.test');
  });
});
