/**
 * Holds without money (issue 49 item 9, DESIGN §3.4): a PayTo request nobody approves, or a 3-D Secure
 * step nobody finishes, held the invoice for nothing. The pay session and the client address behind
 * it must pass the proof-of-work challenge before their next hold on that merchant's invoices — at
 * the quote, and at create for a quote taken before the hold ended — while other payers, other
 * merchants and a payer whose attempt succeeded are not asked. The windows are 5 minutes by default,
 * and another payer's page says when a hold ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireReservations } from '../../api/payments/lifecycle/expiry.ts';
import { UNPAID_HOLD_CHALLENGE_MESSAGE } from '../../api/payments/create/challenge.ts';
import { solveChallenge, type Challenge } from '../../core/proof-of-work.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { CARDS, cardToken, createConnectedMerchant, createPayment, sandbox } from './support/payments.ts';

const skip = await skipPostgres();

type Merchant = { id: string; stripe_account_id: string | null };

describe.skipIf(skip)(`a hold that ended unpaid costs a challenge (${testDialect})`, () => {
  let t: TestApp;
  let seq = 0;
  let addressSeq = 0;
  const freshAddress = () => `198.19.${Math.floor(++addressSeq / 250)}.${addressSeq % 250}`;

  beforeAll(async () => {
    // The windows are left at their defaults: 5 minutes each.
    t = await createTestApp({
      autoDeliverEvents: false,
      env: { RATE_LIMITS: '1', TRUST_PROXY: '1', CHALLENGE_MAX_NUMBER: '2000' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function payToMerchant(): Promise<Merchant> {
    const m = await createConnectedMerchant(t, {});
    await t.deps.database.db
      .updateTable('merchants')
      .set({ payto_enabled: 1 })
      .where('id', '=', m.id)
      .execute();
    return m;
  }

  async function open(m: Merchant, ip: string, invoice = `INV-UH-${++seq}`, amount = '5000.00') {
    const params = new URLSearchParams({ merchant: m.id, invoice, amount, currency: 'AUD' });
    const res = await json(t.app, 'GET', `/api/pay/session?${params}`, undefined, { 'x-forwarded-for': ip });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { paySessionId: string; invoice: { beingPaid: unknown[] } };
  }

  async function payToToken(m: Merchant, payId: string) {
    const res = await json(t.app, 'POST', '/api/sandbox/confirmation_tokens', {
      payment_method_data: {
        type: 'payto',
        payto: { pay_id: payId },
        billing_details: { name: 'Jordan Builder', email: 'jordan@builders.test' },
      },
      stripe_account: m.stripe_account_id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.id as string;
  }

  /** A quote as the page asks it, from `ip`; `proofOfWork` a solution when the server asked for one. */
  const quoteFrom = (ip: string, body: Record<string, unknown>, proofOfWork?: unknown) =>
    json(
      t.app,
      'POST',
      '/api/payments/quote',
      { currency: 'aud', ...body, ...(proofOfWork ? { proofOfWork } : {}) },
      { 'x-forwarded-for': ip },
    );

  const create = (ip: string, body: Record<string, unknown>) =>
    createPayment(t, body, { 'x-forwarded-for': ip });

  /** Quote (solving a challenge if asked, as the widget does) and create; answers the create and whether it was asked. */
  async function hold(ip: string, where: { paySessionId: string; amount: number }, token: string) {
    let q = await quoteFrom(ip, { ...where, confirmationToken: token });
    let asked = false;
    if (q.status === 428) {
      asked = true;
      const solution = await solveChallenge(q.body.challenge as Challenge);
      q = await quoteFrom(ip, { ...where, confirmationToken: token }, solution);
    }
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    const res = await create(ip, { ...where, confirmationToken: token, quoteId: q.body.quoteId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { res, asked };
  }

  it('a PayTo request nobody approves: held 5 minutes, then that session and address are challenged before the next hold', async () => {
    const m = await payToMerchant();
    const other = await payToMerchant();
    const ip = freshAddress();
    const invoice = `INV-UH-${++seq}`;
    const page = await open(m, ip, invoice);
    const started = t.clock.now().getTime();
    const first = await hold(
      ip,
      { paySessionId: page.paySessionId, amount: 100_000 },
      await payToToken(m, 'customer@payto.test'),
    );
    expect(first.asked).toBe(false);
    expect(first.res.body.status).toBe('requires_action');
    expect(Date.parse(first.res.body.approvalExpiresAt) - started).toBe(5 * 60_000);

    // A second payer's page says until when the amount is held.
    const second = await open(m, freshAddress(), invoice);
    expect(second.invoice.beingPaid).toEqual([
      expect.objectContaining({
        amount: 100_000,
        method: 'payto',
        until: new Date(started + 5 * 60_000).toISOString(),
      }),
    ]);
    // Never approved: the sweep ends it after the window.
    t.clock.advance(5 * 60_000 + 1000);
    await expireReservations(t.deps);
    const row = await t.deps.database.db
      .selectFrom('payments')
      .select('status')
      .where('id', '=', first.res.body.paymentId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');

    // The same session: asked before the next hold, with the message that says why.
    const token = await payToToken(m, 'customer@payto.test');
    const where = { paySessionId: page.paySessionId, amount: 100_000, confirmationToken: token };
    const asked = await quoteFrom(ip, where);
    expect(asked.status).toBe(428);
    expect(asked.body.error).toMatchObject({
      code: 'challenge_required',
      message: UNPAID_HOLD_CHALLENGE_MESSAGE,
    });
    expect(asked.body.challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 2000 });

    // A new page from the same address: asked too (a new session is no way around it).
    const again = await open(m, ip);
    expect((await quoteFrom(ip, { ...where, paySessionId: again.paySessionId })).status).toBe(428);

    // Another address with another session, or the same address on another merchant: not asked.
    const elsewhere = freshAddress();
    const stranger = await open(m, elsewhere);
    expect((await quoteFrom(elsewhere, { ...where, paySessionId: stranger.paySessionId })).status).toBe(200);
    const otherPage = await open(other, ip);
    const otherToken = await payToToken(other, 'customer@payto.test');
    expect(
      (
        await quoteFrom(ip, {
          paySessionId: otherPage.paySessionId,
          amount: 100,
          confirmationToken: otherToken,
        })
      ).status,
    ).toBe(200);

    // Solved: the next hold is placed, and what was owed is settled (the next quote is not asked).
    const solved = await quoteFrom(ip, where, await solveChallenge(asked.body.challenge as Challenge));
    expect(solved.status, JSON.stringify(solved.body)).toBe(200);
    const placed = await create(ip, { ...where, quoteId: solved.body.quoteId });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.status).toBe('requires_action');
    const fresh = await payToToken(m, 'approve@payto.test');
    expect((await quoteFrom(ip, { ...where, confirmationToken: fresh })).status).toBe(200);
  });

  it('a quote taken before the hold ended is refused at create until the challenge is solved', async () => {
    const m = await payToMerchant();
    const ip = freshAddress();
    const page = await open(m, ip);
    // Two quotes in advance, then a hold that the customer declines in their bank app.
    const spareToken = await payToToken(m, 'customer@payto.test');
    const spare = await quoteFrom(ip, {
      paySessionId: page.paySessionId,
      amount: 50_000,
      confirmationToken: spareToken,
    });
    expect(spare.status).toBe(200);
    const first = await hold(
      ip,
      { paySessionId: page.paySessionId, amount: 50_000 },
      await payToToken(m, 'customer@payto.test'),
    );
    const decided = await t.app.request(
      `/api/sandbox/payto/${first.res.body.paymentIntentId}?paySessionId=${encodeURIComponent(page.paySessionId)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ decision: 'decline' }).toString(),
      },
    );
    expect(decided.status).toBe(200);
    await sandbox(t).flushEvents();

    const refused = await create(ip, {
      paySessionId: page.paySessionId,
      amount: 50_000,
      confirmationToken: spareToken,
      quoteId: spare.body.quoteId,
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(428);
    expect(refused.body.error.message).toBe(UNPAID_HOLD_CHALLENGE_MESSAGE);
    // Nothing was held or sent to the provider for it: the declined request is the merchant's only payment.
    const payments = await t.deps.database.db
      .selectFrom('payments')
      .select(['id', 'status'])
      .where('merchant_id', '=', m.id)
      .execute();
    expect(payments).toEqual([{ id: first.res.body.paymentId, status: 'failed' }]);

    // The widget's way: quote again, solve, pay.
    const next = await hold(
      ip,
      { paySessionId: page.paySessionId, amount: 50_000 },
      await payToToken(m, 'approve@payto.test'),
    );
    expect(next.asked).toBe(true);
  });

  it('a 3-D Secure step the customer left: the next card from that page is challenged; a paid one is not', async () => {
    const m = await createConnectedMerchant(t);
    const ip = freshAddress();
    const invoice = `INV-UH-${++seq}`;
    const page = await open(m, ip, invoice, '300.00');
    const started = t.clock.now().getTime();
    const token = await cardToken(t, m.stripe_account_id!, CARDS.threeDSecure);
    const held = await hold(ip, { paySessionId: page.paySessionId, amount: 10_000 }, token);
    expect(held.res.body.status).toBe('requires_action');
    // Held for the 5-minute action window, and another payer is told until when.
    const second = await open(m, freshAddress(), invoice, '300.00');
    expect(second.invoice.beingPaid).toEqual([
      expect.objectContaining({
        amount: 10_000,
        method: 'card',
        status: 'requires_action',
        until: new Date(started + 5 * 60_000).toISOString(),
      }),
    ]);

    const left = await json(
      t.app,
      'POST',
      `/api/pay/payments/${held.res.body.paymentId}/abandon?paySessionId=${encodeURIComponent(page.paySessionId)}`,
    );
    expect(left.body.status).toBe('canceled');

    const visa = await cardToken(t, m.stripe_account_id!, CARDS.visa);
    const paid = await hold(ip, { paySessionId: page.paySessionId, amount: 10_000 }, visa);
    expect(paid.asked).toBe(true);
    expect(paid.res.body.status).toBe('succeeded');

    // A payment that succeeded leaves nothing owed: the next one is not asked.
    const more = await hold(
      ip,
      { paySessionId: page.paySessionId, amount: 5_000 },
      await cardToken(t, m.stripe_account_id!, CARDS.visa),
    );
    expect(more.asked).toBe(false);
  });
});
