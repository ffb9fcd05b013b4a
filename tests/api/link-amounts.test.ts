/**
 * Link amounts are plain decimals or refused (issue 49 item 3, DESIGN §4a): `1234,56`, `1 234,56`,
 * `1.234,56`, `1e3`, `0x10`, `12.5.0` and JPY `3000.5` used to be guessed (€123,456.00, €1.23, 13.00,
 * 10.00, 12.50, ¥3,001 — a €5,000 payment succeeded on a link for €1,234.56). Now the pay session is
 * refused as an invalid link, naming the amount and what a plain one looks like; plain amounts, with
 * or without thousands groups, open as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { createConnectedMerchant, openSession } from './support/payments.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`link amounts (${testDialect})`, () => {
  let t: TestApp;
  let merchantId: string;
  beforeAll(async () => {
    t = await createTestApp();
    merchantId = (await createConnectedMerchant(t)).id;
  });
  afterAll(async () => t?.close());

  it.each([
    ['1234,56', 'EUR'],
    ['1 234,56', 'EUR'],
    ['1.234,56', 'EUR'],
    ['1e3', 'AUD'],
    ['0x10', 'AUD'],
    ['12.5.0', 'AUD'],
    ['3000.5', 'JPY'],
  ])('refuses %s (%s) as an invalid link', async (amount, currency) => {
    const res = await openSession(t, {
      merchant: merchantId,
      invoice: `INV-AMT-${amount}`,
      amount,
      currency,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', field: 'amount' });
    expect(res.body.error.message).toContain(`the amount "${amount}" is not a plain amount`);
  });

  it('opens plain amounts, grouped or not, and a placeholder as no amount', async () => {
    const grouped = await openSession(t, {
      merchant: merchantId,
      invoice: 'INV-AMT-OK',
      amount: '1,234.56',
      currency: 'EUR',
    });
    expect(grouped.status, JSON.stringify(grouped.body)).toBe(200);
    expect(grouped.body.invoice.balance).toBe(123456);
    const plain = await openSession(t, {
      merchant: merchantId,
      invoice: 'INV-AMT-JPY',
      amount: '3000',
      currency: 'JPY',
    });
    expect(plain.body.invoice.balance).toBe(3000);
    const none = await openSession(t, {
      merchant: merchantId,
      invoice: 'INV-AMT-NONE',
      amount: '[AMOUNTDUE]',
    });
    expect(none.status).toBe(200);
  });
});
