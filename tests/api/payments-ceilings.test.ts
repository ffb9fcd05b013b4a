/**
 * Card testing that rotates client addresses and typed invoice numbers (issue 30 item 7, DESIGN
 * §3.4): declines are counted per merchant and platform-wide too, and past a ceiling every quote
 * for that merchant needs a solved proof-of-work challenge — a challenge, not a lockout: a customer
 * whose browser solves it pays. A solution is good once, only unexpired and only as signed; other
 * merchants are untouched by one merchant's ceiling; the challenge ends with the block.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { CARDS, cardToken, createConnectedMerchant, createPayment } from './support/payments.ts';
import { solveChallenge, type Challenge } from '../../core/proof-of-work.ts';
import { CHALLENGE_FAILED_MESSAGE, CHALLENGE_REQUIRED_MESSAGE } from '../../api/payments/create/challenge.ts';

const skip = await skipPostgres();

/** What the widget does (core/proof-of-work.ts). */
async function solve(c: Challenge) {
  const solution = await solveChallenge(c);
  if (!solution) throw new Error('no solution');
  return solution;
}

let addressSeq = 0;
const freshAddress = () => `198.18.${Math.floor(++addressSeq / 250)}.${addressSeq % 250}`;

describe.skipIf(skip)(`decline ceilings per merchant and platform (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        RATE_LIMITS: '1',
        TRUST_PROXY: '1',
        DECLINE_CEILING_MERCHANT: '3',
        DECLINE_CEILING_PLATFORM: '8',
        DECLINE_BLOCK_MINUTES: '15',
        CHALLENGE_MAX_NUMBER: '3000',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A direct quote from `ip` for a typed invoice of `merchant` (no pay session). */
  async function quoteFrom(
    merchant: { id: string; stripe_account_id: string | null },
    ip: string,
    invoice: string,
    card: string = CARDS.visa,
    proofOfWork?: unknown,
  ) {
    const token = await cardToken(t, merchant.stripe_account_id!, card);
    const body = {
      merchantId: merchant.id,
      invoiceNumber: invoice,
      amountDue: 100_000,
      currency: 'aud',
      amount: 1000,
      confirmationToken: token,
      ...(proofOfWork ? { proofOfWork } : {}),
    };
    const q = await json(t.app, 'POST', '/api/payments/quote', body, { 'x-forwarded-for': ip });
    return { q, body, token };
  }

  /** A declined card from a new address on a new typed invoice: what a card tester rotates. */
  async function rotatingDecline(merchant: { id: string; stripe_account_id: string | null }, i: number) {
    const ip = freshAddress();
    const { q, body } = await quoteFrom(merchant, ip, `TEST-${merchant.id.slice(0, 6)}-${i}`, CARDS.declined);
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    const paid = await createPayment(t, { ...body, quoteId: q.body.quoteId }, { 'x-forwarded-for': ip });
    expect(paid.status).toBe(422);
  }

  it("past the merchant's ceiling every quote needs a solved challenge; solved, the customer pays", async () => {
    const m = await createConnectedMerchant(t);
    const other = await createConnectedMerchant(t);
    for (let i = 0; i < 3; i++) await rotatingDecline(m, i);

    // A real customer from a new address on another invoice: asked for the check, not locked out.
    const ip = freshAddress();
    const asked = await quoteFrom(m, ip, 'INV-REAL-1');
    expect(asked.q.status).toBe(428);
    expect(asked.q.body.error).toMatchObject({
      code: 'challenge_required',
      message: CHALLENGE_REQUIRED_MESSAGE,
    });
    const challenge = asked.q.body.challenge as Challenge;
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 3000 });
    const solution = await solve(challenge);

    const solved = await quoteFrom(m, ip, 'INV-REAL-1', CARDS.visa, solution);
    expect(solved.q.status, JSON.stringify(solved.q.body)).toBe(200);
    const paid = await createPayment(
      t,
      { ...solved.body, proofOfWork: undefined, quoteId: solved.q.body.quoteId },
      { 'x-forwarded-for': ip },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.status).toBe('succeeded');

    // Each solution is good once; a wrong number, a forged signature or an expired one are refused.
    const replay = await quoteFrom(m, ip, 'INV-REAL-1', CARDS.visa, solution);
    expect(replay.q.status).toBe(428);
    expect(replay.q.body.error.message).toBe(CHALLENGE_FAILED_MESSAGE);
    const fresh = await solve((await quoteFrom(m, ip, 'INV-REAL-2')).q.body.challenge);
    for (const bad of [
      { ...fresh, number: fresh.number + 1 },
      { ...fresh, signature: '0'.repeat(64) },
    ])
      expect((await quoteFrom(m, ip, 'INV-REAL-2', CARDS.visa, bad)).q.status).toBe(428);
    t.clock.advance(6 * 60_000); // past the challenge's 5 minutes (the block lasts 15)
    expect((await quoteFrom(m, ip, 'INV-REAL-2', CARDS.visa, fresh)).q.status).toBe(428);

    // Another merchant's customers are not asked.
    expect((await quoteFrom(other, freshAddress(), 'INV-OTHER')).q.status).toBe(200);

    // The block ends: no more challenge.
    t.clock.advance(10 * 60_000);
    expect((await quoteFrom(m, freshAddress(), 'INV-REAL-3')).q.status).toBe(200);
  });

  it('past the platform-wide ceiling, declines spread over merchants bring the challenge to every merchant', async () => {
    t.clock.advance(2 * 60 * 60_000); // a new window
    const merchants = await Promise.all(Array.from({ length: 5 }, () => createConnectedMerchant(t)));
    let i = 0;
    // 8 declines, at most 2 per merchant (under its ceiling of 3).
    for (const m of merchants.slice(0, 4)) for (let k = 0; k < 2; k++) await rotatingDecline(m, i++);
    const untouched = merchants[4];
    const asked = await quoteFrom(untouched, freshAddress(), 'INV-PLATFORM');
    expect(asked.q.status).toBe(428);
    const solved = await quoteFrom(
      untouched,
      freshAddress(),
      'INV-PLATFORM',
      CARDS.visa,
      await solve(asked.q.body.challenge),
    );
    expect(solved.q.status).toBe(200);
  });

  it('cannot be skipped through create: a made-up or stale quote id past the ceiling gets the challenge, not a fresh quote', async () => {
    t.clock.advance(2 * 60 * 60_000); // a new window
    const m = await createConnectedMerchant(t);
    for (let i = 0; i < 3; i++) await rotatingDecline(m, 100 + i);
    // A card tester skips the quote: a made-up quote id used to come back as a 409 carrying a fresh,
    // chargeable quote that had passed no challenge.
    for (let i = 0; i < 5; i++) {
      const ip = freshAddress();
      const token = await cardToken(t, m.stripe_account_id!, CARDS.declined);
      const body = {
        merchantId: m.id,
        invoiceNumber: `SKIP-${i}`,
        amountDue: 100_000,
        currency: 'aud',
        amount: 1000,
        confirmationToken: token,
      };
      const forged = await createPayment(t, { ...body, quoteId: `forged.${i}` }, { 'x-forwarded-for': ip });
      expect(forged.status, JSON.stringify(forged.body)).toBe(428);
      expect(forged.body.quote).toBeUndefined();
      expect(forged.body.error.code).toBe('challenge_required');
    }
    const attempts = await t.deps.database.db
      .selectFrom('payments')
      .select('id')
      .where('merchant_id', '=', m.id)
      .where('invoice_number', 'like', 'SKIP-%')
      .execute();
    expect(attempts).toEqual([]); // nothing reached the provider
  });

  it('binds a solution to its merchant, and asks more work the further past the ceiling', async () => {
    t.clock.advance(2 * 60 * 60_000); // a new window
    const [a, b] = [await createConnectedMerchant(t), await createConnectedMerchant(t)];
    for (let i = 0; i < 3; i++) await rotatingDecline(a, 200 + i);
    for (let i = 0; i < 3; i++) await rotatingDecline(b, 300 + i);
    const forA = (await quoteFrom(a, freshAddress(), 'INV-A')).q.body.challenge as Challenge;
    expect(forA.maxnumber).toBe(3000); // at the ceiling: the base work
    const solution = await solve(forA);
    const onB = await quoteFrom(b, freshAddress(), 'INV-B', CARDS.visa, solution);
    expect(onB.q.status).toBe(428);
    expect(onB.q.body.error.message).toBe(CHALLENGE_FAILED_MESSAGE);
    expect((await quoteFrom(a, freshAddress(), 'INV-A', CARDS.visa, solution)).q.status).toBe(200);
    // Three more declines (another ceiling's worth; each needs a solution to be quoted): twice the work.
    for (let i = 0; i < 3; i++) {
      const ip = freshAddress();
      const asked = await quoteFrom(a, ip, `MORE-${i}`, CARDS.declined);
      const { q, body } = await quoteFrom(
        a,
        ip,
        `MORE-${i}`,
        CARDS.declined,
        await solve(asked.q.body.challenge),
      );
      expect(q.status).toBe(200);
      expect(
        (
          await createPayment(
            t,
            { ...body, proofOfWork: undefined, quoteId: q.body.quoteId },
            { 'x-forwarded-for': ip },
          )
        ).status,
      ).toBe(422);
    }
    expect(((await quoteFrom(a, freshAddress(), 'INV-A2')).q.body.challenge as Challenge).maxnumber).toBe(
      6000,
    );
  });
});
