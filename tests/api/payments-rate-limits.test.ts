/**
 * Card-testing defence (DESIGN §3.4, §3.9) with RATE_LIMITS on: payment attempts, quotes and
 * refreshes are limited per client address (the rate limiter), and provider declines are counted per
 * pay session, per invoice and per client address in the database — so the limits hold across server
 * processes; the session's and the address's block them, an invoice's never locks others out. Only a provider decline counts; a first decline never blocks the customer's next card;
 * one customer paying several invoices in a row is not caught; a refusal says when to try again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.ts';
import { PAYMENT_RATE_RULES } from '../../api/payments/create/rate-limits.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { CARDS, cardToken, createConnectedMerchant, createPayment, openSession } from './support/payments.ts';

const skip = await skipPostgres();

// Small limits for the test; production defaults are 5 / 10 / 10 in 60 min, blocked for 15 min.
const LIMITS = { session: 3, invoice: 4, address: 5 };

describe.skipIf(skip)(`payment rate limits (${testDialect})`, () => {
  let t: TestApp;
  let merchant: Awaited<ReturnType<typeof createConnectedMerchant>>;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        RATE_LIMITS: '1',
        TRUST_PROXY: '1',
        DECLINE_LIMIT_SESSION: String(LIMITS.session),
        DECLINE_LIMIT_INVOICE: String(LIMITS.invoice),
        DECLINE_LIMIT_ADDRESS: String(LIMITS.address),
        DECLINE_WINDOW_MINUTES: '60',
        DECLINE_BLOCK_MINUTES: '15',
      },
    });
    merchant = await createConnectedMerchant(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const account = () => merchant.stripe_account_id!;
  /**
   * A payment from `ip` on `invoice` (a direct API call, no pay session unless given): the quote's
   * answer when it refuses, else the payment's.
   */
  async function attempt(
    ip: string,
    invoice: string,
    card: string = CARDS.visa,
    paySessionId?: string,
    amount = 1000,
  ) {
    const from = { 'x-forwarded-for': ip };
    const where = paySessionId
      ? { paySessionId }
      : { merchantId: merchant.id, invoiceNumber: invoice, amountDue: 10_000_000 };
    const token = await cardToken(t, account(), card);
    const q = await json(
      t.app,
      'POST',
      '/api/payments/quote',
      { ...where, currency: 'aud', amount, confirmationToken: token },
      from,
    );
    if (q.status !== 200) return q;
    return createPayment(t, { ...where, amount, confirmationToken: token, quoteId: q.body.quoteId }, from);
  }
  const session = async (invoice: string) =>
    (await openSession(t, { merchant: merchant.id, invoice, amount: '1000.00' })).body.paySessionId as string;

  it('limits payment attempts per address', async () => {
    for (let i = 0; i < PAYMENT_RATE_RULES.createPerIp.limit; i++)
      expect((await attempt('203.0.113.1', `INV-IP-${i}`)).status).toBe(200);
    const refused = await attempt('203.0.113.1', 'INV-IP-X');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await attempt('203.0.113.2', 'INV-IP-X')).status).toBe(200);
    t.clock.advance(PAYMENT_RATE_RULES.createPerIp.windowMs);
    expect((await attempt('203.0.113.1', 'INV-IP-Y')).status).toBe(200);
  });

  it('junk attempts refused before the provider count against no invoice: the real customer still pays', async () => {
    t.clock.advance(60 * 60_000);
    // 30 well-formed creates with a made-up quote from two addresses: refused, nothing reaches the provider.
    for (let i = 0; i < 30; i++) {
      const from = { 'x-forwarded-for': `198.51.100.${i % 2}` };
      const token = await cardToken(t, account(), CARDS.visa);
      const junk = await createPayment(
        t,
        {
          merchantId: merchant.id,
          invoiceNumber: 'INV-ONE',
          amountDue: 100_000,
          amount: 1000,
          confirmationToken: token,
          quoteId: 'q1.fake.fake',
        },
        from,
      );
      expect([409, 429]).toContain(junk.status);
    }
    expect((await attempt('198.51.100.250', 'INV-ONE')).status).toBe(200);
  });

  it('quotes and refreshes are limited per address (each asks the provider)', async () => {
    t.clock.advance(60 * 60_000);
    const from = { 'x-forwarded-for': '203.0.113.77' };
    const token = await cardToken(t, account(), CARDS.visa);
    const body = {
      merchantId: merchant.id,
      invoiceNumber: 'INV-Q',
      amountDue: 100_000,
      currency: 'aud',
      amount: 1000,
      confirmationToken: token,
    };
    for (let i = 0; i < PAYMENT_RATE_RULES.quotePerIp.limit; i++)
      expect((await json(t.app, 'POST', '/api/payments/quote', body, from)).status).toBe(200);
    const refused = await json(t.app, 'POST', '/api/payments/quote', body, from);
    expect(refused.status).toBe(429);
    expect(
      (await json(t.app, 'POST', '/api/payments/quote', body, { 'x-forwarded-for': '203.0.113.78' })).status,
    ).toBe(200);
    const paid = await attempt('203.0.113.79', 'INV-Q');
    for (let i = 0; i < PAYMENT_RATE_RULES.refreshPerIp.limit; i++)
      expect(
        (await json(t.app, 'POST', `/api/pay/payments/${paid.body.paymentId}/refresh`, undefined, from))
          .status,
      ).toBe(200);
    expect(
      (await json(t.app, 'POST', `/api/pay/payments/${paid.body.paymentId}/refresh`, undefined, from)).status,
    ).toBe(429);
  });

  it('a first decline never blocks the next card; declines past the session limit do, with the time to wait', async () => {
    t.clock.advance(60 * 60_000);
    const ip = '192.0.2.9';
    const sid = await session('INV-SESSION');
    expect((await attempt(ip, '', CARDS.declined, sid)).status).toBe(422);
    // The customer's second card goes through at once.
    const good = await attempt(ip, '', CARDS.visa, sid);
    expect(good.status).toBe(200);
    expect(good.body.status).toBe('succeeded');
    for (let i = 1; i < LIMITS.session; i++)
      expect((await attempt(ip, '', CARDS.declined, sid)).status).toBe(422);
    const blocked = await attempt(ip, '', CARDS.visa, sid);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toBe(
      'Too many declined payment attempts. For your security, please wait 15 minutes before trying again.',
    );
    expect(blocked.headers.get('retry-after')).toBe('900');
    expect(blocked.body.retryAt).toBe(new Date(t.clock.now().getTime() + 15 * 60_000).toISOString());
    // The quote is refused too (the widget disables Pay and counts down), but another page on the
    // same invoice from another address is not.
    t.clock.advance(5 * 60_000);
    const later = await attempt(ip, '', CARDS.visa, sid);
    expect(later.status).toBe(429);
    expect(later.headers.get('retry-after')).toBe('600');
    expect((await attempt('192.0.2.77', '', CARDS.visa, await session('INV-SESSION'))).status).toBe(200);
    t.clock.advance(10 * 60_000);
    expect((await attempt(ip, '', CARDS.visa, sid)).status).toBe(200);
  });

  it('declines on one invoice from many addresses lock no one else out of it', async () => {
    t.clock.advance(60 * 60_000);
    for (let i = 0; i < LIMITS.invoice + 2; i++) {
      const spelling = i % 2 ? 'inv-tested' : 'INV-TESTED';
      expect((await attempt(`198.18.0.${i}`, spelling, CARDS.insufficientFunds)).status).toBe(422);
    }
    // Another customer, from another address, pays the invoice however it is written.
    expect((await attempt('198.18.0.200', ' Inv-Tested')).status).toBe(200);
  });

  it('declines from one address across invoices block that address; one customer paying several invoices is not caught', async () => {
    t.clock.advance(60 * 60_000);
    // A builder pays five invoices in a row; the first card is declined on each, the second pays.
    const builder = '203.0.113.50';
    for (let i = 0; i < 4; i++) {
      const sid = await session(`INV-BUILDER-${i}`);
      expect((await attempt(builder, '', CARDS.declined, sid)).status).toBe(422);
      expect((await attempt(builder, '', CARDS.visa, sid)).status).toBe(200);
    }
    // A card tester from one address, one decline per invoice: stopped at the address limit.
    const tester = '203.0.113.66';
    for (let i = 0; i < LIMITS.address; i++)
      expect((await attempt(tester, `INV-SPRAY-${i}`, CARDS.declined)).status).toBe(422);
    expect((await attempt(tester, 'INV-SPRAY-NEXT')).status).toBe(429);
    expect((await attempt('203.0.113.67', 'INV-SPRAY-NEXT')).status).toBe(200);
  });

  it('refusals for business reasons are not declines; the limits live in the database, not in one process', async () => {
    t.clock.advance(60 * 60_000);
    const ip = '192.0.2.200';
    const sid = await session('INV-BUSINESS');
    for (let i = 0; i < 6; i++) expect((await attempt(ip, '', CARDS.visa, sid, 200_000)).status).toBe(422);
    const counted = await t.deps.database.db
      .selectFrom('decline_counters')
      .selectAll()
      .where('scope_key', '=', ip)
      .execute();
    expect(counted).toHaveLength(0);
    for (let i = 0; i < LIMITS.session; i++)
      expect((await attempt(ip, '', CARDS.declined, sid)).status).toBe(422);
    // Another server process (its own memory, the same database) refuses the same session.
    const other = createApp({ ...t.deps });
    const token = await json(other, 'POST', '/api/sandbox/confirmation_tokens', {
      payment_method_data: { card: { number: CARDS.visa, exp_month: 12, exp_year: 2034, cvc: '123' } },
      stripe_account: account(),
    });
    const q = await json(
      other,
      'POST',
      '/api/payments/quote',
      { amount: 1000, currency: 'aud', paySessionId: sid, confirmationToken: token.body.id },
      { 'x-forwarded-for': ip },
    );
    expect(q.status).toBe(429);
    expect(q.body.error.code).toBe('rate_limited');
  });

  /** Quote `count` declining cards at once (from `ip`), for one pay page or for as many invoices. */
  async function quoteMany(count: number, ip: string, where: (i: number) => Record<string, unknown>) {
    return Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const token = await cardToken(t, account(), CARDS.declined);
        const body = { ...where(i), currency: 'aud', amount: 1000 };
        const q = await json(
          t.app,
          'POST',
          '/api/payments/quote',
          { ...body, confirmationToken: token },
          { 'x-forwarded-for': ip },
        );
        expect(q.status).toBe(200);
        return { body, token, quoteId: q.body.quoteId };
      }),
    );
  }
  const payMany = (quoted: Awaited<ReturnType<typeof quoteMany>>, ip: string) =>
    Promise.all(
      quoted.map((q) =>
        createPayment(
          t,
          { ...q.body, confirmationToken: q.token, quoteId: q.quoteId },
          { 'x-forwarded-for': ip },
        ),
      ),
    );

  it('simultaneous declining attempts from one pay page: one at a time reaches the provider, never more than the limit', async () => {
    t.clock.advance(60 * 60_000);
    const ip = '192.0.2.231'; // an address with no declines of its own
    const sid = await session('INV-SIMUL');
    const answers = await payMany(await quoteMany(12, ip, () => ({ paySessionId: sid })), ip);
    const reached = await t.deps.database.db
      .selectFrom('payments')
      .select('id')
      .where('pay_session_id', '=', sid.split('.').pop()!)
      .execute();
    const statuses = answers.map((a) => a.status);
    // Declined (reached the provider), or refused before it: the page's attempt still unfinished
    // (409, DESIGN §3.4: one at a time) or its declines at the limit (429).
    expect(
      statuses.every((s) => s === 422 || s === 409 || s === 429),
      JSON.stringify(statuses),
    ).toBe(true);
    expect(statuses.filter((s) => s === 422)).toHaveLength(reached.length);
    expect(reached.length).toBeGreaterThanOrEqual(1);
    expect(reached.length).toBeLessThanOrEqual(LIMITS.session);
  });

  it('simultaneous declining attempts from one address on as many invoices are counted before the provider: exactly the limit reaches it', async () => {
    t.clock.advance(60 * 60_000);
    const ip = '192.0.2.232';
    const quoted = await quoteMany(12, ip, (i) => ({
      merchantId: merchant.id,
      invoiceNumber: `INV-SIMUL-ADDR-${i}`,
      amountDue: 100_000,
    }));
    const answers = await payMany(quoted, ip);
    const reached = await t.deps.database.db
      .selectFrom('payments')
      .select('id')
      .where('client_ip', '=', ip)
      .execute();
    expect(
      answers.filter((a) => a.status === 422),
      JSON.stringify(answers.map((a) => [a.status, a.body.error?.message])),
    ).toHaveLength(LIMITS.address);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(12 - LIMITS.address);
    expect(reached).toHaveLength(LIMITS.address);
  });
});
