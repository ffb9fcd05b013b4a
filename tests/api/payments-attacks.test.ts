/**
 * What the security test and the money audit of round two found, each tried as they tried it
 * (DESIGN §3.3, §3.4, §3.8): an attempt that ended without success can never be confirmed later;
 * idempotent refunds and pay links under concurrent repeats; money details of links and refunds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import {
  authenticate,
  CARDS,
  cardToken,
  createPayment,
  quote,
  confirmInBrowser,
  createConnectedMerchant,
  invoiceRow,
  openSession,
  quoteAndPay,
  refresh,
  sandbox,
  payThroughLink,
} from './support/payments.ts';
import { createKey, partsOf } from './support/v1.ts';
import { DISPUTED_REFUND_MESSAGE } from '../../api/payments/refunds/refunds.ts';
import { merchantInactiveMessage, NOT_READY_MESSAGE } from '../../api/merchants/resolve.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`payments under attack (${testDialect})`, () => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp({ autoDeliverEvents: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function link(amount = '100.00') {
    const m = await createConnectedMerchant(t);
    const invoice = `INV-ATK-${++seq}`;
    const open = async () => (await openSession(t, { merchant: m.id, invoice, amount })).body;
    return { m, invoice, account: m.stripe_account_id!, open };
  }

  /** A 3-D Secure attempt for the whole balance, waiting for the customer's step. */
  async function waitingAttempt(account: string, paySessionId: string, card: string = CARDS.threeDSecure) {
    const { res } = await quoteAndPay(t, { account, paySessionId, amount: 10000, card });
    expect(res.body.status, JSON.stringify(res.body)).toBe('requires_action');
    return res.body as { paymentId: string; paymentIntentId: string; clientSecret: string };
  }

  for (const how of ['the widget refreshes', 'the webhook arrives'] as const) {
    it(`a failed 3-D Secure step is cancelled before its hold goes (${how}): the browser cannot confirm it after the invoice is paid`, async () => {
      const { m, invoice, account, open } = await link();
      const first = await waitingAttempt(account, (await open()).paySessionId);
      await authenticate(t, first, 'fail'); // answered as Stripe.js's handleNextAction error
      if (how === 'the widget refreshes')
        expect(await refresh(t, first.paymentId)).toMatchObject({ status: 'failed' });
      else await sandbox(t).flushEvents();
      expect((await sandbox(t).retrieveIntent(first.paymentIntentId, account)).status).toBe('canceled');
      expect((await invoiceRow(t, m.id, invoice))!.reserved_amount).toBe(0);

      // Someone else pays the balance.
      const other = await quoteAndPay(t, {
        account,
        paySessionId: (await open()).paySessionId,
        amount: 10000,
      });
      expect(other.res.body.status).toBe('succeeded');
      // The first browser still holds the client secret and tries a good card: refused.
      const late = await confirmInBrowser(t, { ...first, account }, CARDS.visa);
      expect(late.status).toBe(400);
      await sandbox(t).flushEvents();
      expect(await invoiceRow(t, m.id, invoice)).toMatchObject({ paid_amount: 10000, overpaid: 0 });
    });
  }

  it('a 3-D Secure attempt declined after the step is cancelled too', async () => {
    const { m, invoice, account, open } = await link();
    const first = await waitingAttempt(account, (await open()).paySessionId, CARDS.threeDSecureThenDeclined);
    await authenticate(t, first, 'complete');
    expect(await refresh(t, first.paymentId)).toMatchObject({ status: 'failed' });
    expect((await sandbox(t).retrieveIntent(first.paymentIntentId, account)).status).toBe('canceled');
    await quoteAndPay(t, { account, paySessionId: (await open()).paySessionId, amount: 10000 });
    expect((await confirmInBrowser(t, { ...first, account }, CARDS.visa)).status).toBe(400);
    expect(await invoiceRow(t, m.id, invoice)).toMatchObject({ paid_amount: 10000, overpaid: 0 });
  });

  it('ten concurrent refunds with one Idempotency-Key make one refund; the others get its answer or "in progress"', async () => {
    const { m, invoice } = await link();
    const key = await createKey(t, await adminHeaders(t), { merchant_id: m.id });
    const { created } = await payThroughLink(t, {
      merchant: m.id,
      invoice,
      linkAmount: '100.00',
      amount: 10000,
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        json(
          t.app,
          'POST',
          `/api/v1/payments/${created.paymentId}/refunds`,
          { amount: 3000 },
          {
            ...key.headers,
            'idempotency-key': 'refund-once',
          },
        ),
      ),
    );
    const made = answers.filter((a) => a.status === 201);
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(new Set(made.map((a) => a.body.id)).size).toBe(1);
    expect(
      answers.every(
        (a) => a.status === 201 || (a.status === 409 && a.body.error.code === 'idempotency_conflict'),
      ),
    ).toBe(true);
    const refunds = await t.deps.database.db
      .selectFrom('refunds')
      .select(['id', 'amount'])
      .where('payment_id', '=', created.paymentId)
      .execute();
    expect(refunds).toEqual([{ id: made[0].body.id, amount: 3000 }]);
    // Asked again once all are done: the same refund.
    const again = await json(
      t.app,
      'POST',
      `/api/v1/payments/${created.paymentId}/refunds`,
      { amount: 3000 },
      {
        ...key.headers,
        'idempotency-key': 'refund-once',
      },
    );
    expect([again.status, again.body.id]).toEqual([201, made[0].body.id]);
  });

  it('ten concurrent pay-link creates with one Idempotency-Key make one link', async () => {
    const m = await createConnectedMerchant(t);
    const key = await createKey(t, await adminHeaders(t), { merchant_id: m.id });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        json(
          t.app,
          'POST',
          '/api/v1/pay-links',
          { invoice_number: 'INV-ONCE', amount: 20000, currency: 'AUD' },
          {
            ...key.headers,
            'idempotency-key': 'link-once',
          },
        ),
      ),
    );
    const made = answers.filter((a) => a.status === 201);
    expect(new Set(made.map((a) => a.body.id)).size).toBe(1);
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    const links = await t.deps.database.db
      .selectFrom('pay_links')
      .select('id')
      .where('merchant_id', '=', m.id)
      .execute();
    expect(links).toHaveLength(1);
  });

  it("a 7,000-deep array (16 KB bodies) in an ignored field is no 500, and is no part of the request's identity", async () => {
    const { account, open } = await link();
    const s = await open();
    const token = await cardToken(t, account);
    const q = await quote(t, { paySessionId: s.paySessionId, amount: 5000, confirmationToken: token });
    const body = {
      currency: 'aud',
      paySessionId: s.paySessionId,
      amount: 5000,
      confirmationToken: token,
      quoteId: q.body.quoteId,
    };
    // Written out by hand: JSON.stringify itself cannot nest that deep (the reviewers' 8,000 is over the 16 KB body limit here).
    const raw = `${JSON.stringify(body).slice(0, -1)},"metadata":${'['.repeat(7000)}${']'.repeat(7000)}}`;
    const res = await t.app.request('/api/payments/create-payment-intent', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'deep-1' },
      body: raw,
    });
    const paid = { status: res.status, body: await res.json() };
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // The same request without the ignored field is the same request: its answer, not a conflict.
    const again = await createPayment(t, body, { 'idempotency-key': 'deep-1' });
    expect([again.status, again.body.paymentId]).toEqual([200, paid.body.paymentId]);
  });

  it('a refund over an open dispute is refused with a clear message; after the dispute is won it is taken', async () => {
    const { m, invoice } = await link();
    const { created } = await payThroughLink(t, {
      merchant: m.id,
      invoice,
      linkAmount: '100.00',
      amount: 10000,
    });
    const admin = await adminHeaders(t);
    const setDispute = (status: string) =>
      t.deps.database.db
        .updateTable('payments')
        .set({ dispute_status: status })
        .where('id', '=', created.paymentId)
        .execute();
    await setDispute('needs_response');
    const refused = await json(
      t.app,
      'POST',
      `/api/admin/payments/${created.paymentId}/refund`,
      { amount: 1000 },
      admin,
    );
    expect([refused.status, refused.body.error?.message]).toEqual([409, DISPUTED_REFUND_MESSAGE]);
    expect(
      await t.deps.database.db
        .selectFrom('refunds')
        .select('id')
        .where('payment_id', '=', created.paymentId)
        .execute(),
    ).toEqual([]);
    await setDispute('won');
    const taken = await json(
      t.app,
      'POST',
      `/api/admin/payments/${created.paymentId}/refund`,
      { amount: 1000 },
      admin,
    );
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
  });

  it('an inactive merchant, or one still onboarding, takes no payment', async () => {
    for (const [change, messageOf] of [
      [{ status: 'inactive' }, (name: string) => merchantInactiveMessage(name)],
      [{ stripe_onboarding_complete: 0 as const }, () => NOT_READY_MESSAGE],
    ] as const) {
      const { m, account, open } = await link();
      const message = messageOf(m.business_name);
      const s = await open();
      await t.deps.database.db.updateTable('merchants').set(change).where('id', '=', m.id).execute();
      const token = await cardToken(t, account);
      const q = await quote(t, { paySessionId: s.paySessionId, amount: 5000, confirmationToken: token });
      expect([q.status, q.body.error?.message]).toEqual([422, message]);
    }
  });

  it('partial refunds give back the surcharge on each part half-up (A$10.00 of A$30.00 at 2.95 %: 0.30, 0.30, then the last 0.29)', async () => {
    const m = await createConnectedMerchant(t, { surcharge_enabled: 1, surcharge_bps: 295 });
    const { created } = await payThroughLink(t, {
      merchant: m.id,
      invoice: 'INV-SUR-1',
      linkAmount: '30.00',
      amount: 3000,
    });
    const admin = await adminHeaders(t);
    const totals = [];
    for (let i = 0; i < 3; i++) {
      const res = await json(
        t.app,
        'POST',
        `/api/admin/payments/${created.paymentId}/refund`,
        { amount: 1000 },
        admin,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    for (const r of await t.deps.database.db
      .selectFrom('refunds')
      .select(['surcharge', 'total_amount', 'created_at'])
      .where('payment_id', '=', created.paymentId)
      .orderBy('created_at')
      .orderBy('surcharge', 'desc')
      .execute())
      totals.push(r.surcharge);
    expect(totals).toEqual([30, 30, 29]);
  });

  it('`inv 001` is the invoice `INV-001`: a second full payment through it is refused', async () => {
    const m = await createConnectedMerchant(t);
    await payThroughLink(t, { merchant: m.id, invoice: 'INV-001', linkAmount: '100.00', amount: 10000 });
    const s = await openSession(t, { merchant: m.id, invoice: 'inv 001', amount: '100.00' });
    expect(s.body.invoice).toMatchObject({ balance: 0, fullyPaid: true });
  });

  it('a pay page opened before its signed link was canceled or expired no longer quotes or pays', async () => {
    const m = await createConnectedMerchant(t);
    const key = await createKey(t, await adminHeaders(t), { merchant_id: m.id });
    for (const end of ['cancel', 'expire'] as const) {
      const made = await json(
        t.app,
        'POST',
        '/api/v1/pay-links',
        {
          invoice_number: `INV-LINK-${end}`,
          amount: 20000,
          currency: 'AUD',
          expires_at: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
        },
        key.headers,
      );
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const session = await openSession(t, partsOf(made.body.url));
      expect(session.status).toBe(200);
      const account = session.body.provider.connectedAccountId;
      const token = await cardToken(t, account);
      const body = { paySessionId: session.body.paySessionId, amount: 5000, confirmationToken: token };
      const q = await quote(t, body);
      expect(q.status).toBe(200);
      if (end === 'cancel')
        expect(
          (await json(t.app, 'POST', `/api/v1/pay-links/${made.body.id}/cancel`, {}, key.headers)).status,
        ).toBe(200);
      else t.clock.advance(3_600_001);
      const after = await quote(t, body);
      expect(after.status).toBe(410);
      expect(after.body.error.message).toContain(`Please ask ${m.business_name} for a new one`);
      const paid = await createPayment(t, { ...body, quoteId: q.body.quoteId });
      expect(paid.status).toBe(410);
    }
  });

  it("an unsigned typed link, paid, never caps the merchant's signed link", async () => {
    const m = await createConnectedMerchant(t);
    const key = await createKey(t, await adminHeaders(t), { merchant_id: m.id });
    const made = await json(
      t.app,
      'POST',
      '/api/v1/pay-links',
      { invoice_number: 'INV-SIGNED', amount: 20000, currency: 'AUD' },
      key.headers,
    );
    expect(made.status).toBe(201);
    // Someone types amount=0.50 on the same invoice and pays it: that observation becomes credible.
    await payThroughLink(t, { merchant: m.id, invoice: 'INV-SIGNED', linkAmount: '0.50', amount: 50 });
    const signed = await openSession(t, partsOf(made.body.url));
    expect(signed.body.invoice).toMatchObject({ balance: 19950, fullyPaid: false });
    // And the rest can be paid through it.
    const account = signed.body.provider.connectedAccountId;
    const { res } = await quoteAndPay(t, { account, paySessionId: signed.body.paySessionId, amount: 19950 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The typed link itself stays capped by what it was paid against.
    expect(
      (await openSession(t, { merchant: m.id, invoice: 'INV-SIGNED', amount: '0.50' })).body.invoice.balance,
    ).toBe(0);
  });
});
