/**
 * Card-testing defence (DESIGN §3.9) with RATE_LIMITS on: payment creation is limited per IP and
 * per invoice, and repeated declines slow further attempts down (doubling waits).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLINE_SLOWDOWN, PAYMENT_RATE_RULES } from '../../api/payments/rate-limits.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { CARDS, confirmCard, createConnectedMerchant, createPayment, refresh } from './payments-support.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`payment rate limits (${testDialect})`, () => {
  let t: TestApp;
  let merchant: Awaited<ReturnType<typeof createConnectedMerchant>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMITS: '1', TRUST_PROXY: '1' } });
    merchant = await createConnectedMerchant(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const attempt = (ip: string, invoice: string) =>
    createPayment(
      t,
      { merchantId: merchant.id, amount: 1000, invoiceNumber: invoice, amountDue: 10_000_000 },
      { 'x-forwarded-for': ip },
    );

  it('limits payment creation per IP', async () => {
    for (let i = 0; i < PAYMENT_RATE_RULES.createPerIp.limit; i++)
      expect((await attempt('203.0.113.1', `INV-IP-${i}`)).status).toBe(200);
    const refused = await attempt('203.0.113.1', 'INV-IP-X');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await attempt('203.0.113.2', 'INV-IP-X')).status).toBe(200);
    t.clock.advance(PAYMENT_RATE_RULES.createPerIp.windowMs);
    expect((await attempt('203.0.113.1', 'INV-IP-Y')).status).toBe(200);
  });

  it('limits payment creation per invoice, whatever the IP', async () => {
    for (let i = 0; i < PAYMENT_RATE_RULES.createPerInvoice.limit; i++)
      expect((await attempt(`198.51.100.${i}`, 'INV-ONE')).status).toBe(200);
    const refused = await attempt('198.51.100.250', 'INV-ONE');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect((await attempt('198.51.100.250', 'INV-TWO')).status).toBe(200);
  });

  it('slows down after repeated declines, doubling the wait', async () => {
    t.clock.advance(60 * 60_000);
    const ip = '192.0.2.9';
    const decline = async () => {
      const res = await attempt(ip, `INV-DECLINES-${crypto.randomUUID().slice(0, 6)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await confirmCard(t, res.body, CARDS.declined);
      expect((await refresh(t, res.body.paymentId)).status).toBe('failed');
    };
    for (let i = 0; i < DECLINE_SLOWDOWN.freeDeclines; i++) await decline();
    const slowed = await attempt(ip, 'INV-DECLINES-NEXT');
    expect(slowed.status).toBe(429);
    expect(slowed.body.error.message).toBe(
      'Too many declined payment attempts. Please wait 30 seconds and try again.',
    );
    expect(slowed.headers.get('retry-after')).toBe('30');
    expect((await attempt('192.0.2.10', 'INV-OTHER-CUSTOMER')).status).toBe(200);
    t.clock.advance(31_000);
    await decline();
    const longer = await attempt(ip, 'INV-DECLINES-NEXT');
    expect(longer.headers.get('retry-after')).toBe('60');
  });
});
