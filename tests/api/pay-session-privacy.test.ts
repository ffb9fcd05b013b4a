/**
 * Pay-session privacy (DESIGN §3.9) with RATE_LIMITS on: one client address may open only
 * PAY_LOOKUP_INVOICES_PER_IP distinct invoices in 10 minutes — a scan of sequential invoice numbers
 * is refused — while reopening an invoice (another amount, another way of writing its number) is
 * never counted; and the history shows amounts, dates and statuses only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { createConnectedMerchant, payThroughLink } from './support/payments.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`pay-session privacy (${testDialect})`, () => {
  let t: TestApp;
  let merchant: Awaited<ReturnType<typeof createConnectedMerchant>>;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMITS: '1', TRUST_PROXY: '1', PAY_LOOKUP_INVOICES_PER_IP: '5' } });
    merchant = await createConnectedMerchant(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const lookup = (ip: string, invoice: string, amount = '1000.00') =>
    json(
      t.app,
      'GET',
      `/api/pay/session?${new URLSearchParams({ merchant: merchant.id, invoice, amount, currency: 'AUD' })}`,
      undefined,
      { 'x-forwarded-for': ip },
    );

  it('refuses a scan of invoice numbers past the limit; reopening one invoice is never counted', async () => {
    const scanner = '203.0.113.7';
    for (let i = 1; i <= 5; i++) expect((await lookup(scanner, `INV-${1000 + i}`)).status).toBe(200);
    const refused = await lookup(scanner, 'INV-1006');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // The same invoices again, however written and whatever the amount: still answered.
    for (let i = 0; i < 20; i++) expect((await lookup(scanner, 'INV-1001')).status).toBe(200);
    expect((await lookup(scanner, 'inv-1003 ', '12.50')).status).toBe(200);
    // Another address is its own budget.
    expect((await lookup('198.51.100.9', 'INV-1006')).status).toBe(200);
    // After the window the scanner may look up new invoices again.
    t.clock.advance(10 * 60_000 + 1000);
    expect((await lookup(scanner, 'INV-1006')).status).toBe(200);
  });

  it('shows a history of amounts, dates and statuses only', async () => {
    const invoice = 'INV-HISTORY';
    await payThroughLink(t, { merchant: merchant.id, invoice, linkAmount: '1000.00', amount: 25000 });
    const session = await lookup('192.0.2.44', invoice);
    expect(session.status).toBe(200);
    expect(session.body.invoice.history).toHaveLength(1);
    for (const entry of session.body.invoice.history)
      expect(Object.keys(entry).sort()).toEqual(['amount', 'date', 'status', 'surcharge', 'total']);
    const text = JSON.stringify(session.body);
    expect(text).not.toMatch(/4242|customer_email|card_last4|pi_|client_ip/);
  });
});
