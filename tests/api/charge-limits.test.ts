/**
 * The per-currency minimum and maximum charge (DESIGN §3.3, core/charge-table.ts) through HTTP:
 * for every currency of the table a payment that would leave less than that currency's minimum is
 * refused in its words; the sandbox provider charges exactly down to the table's minimum (£0.30);
 * above the card limit the answer is 422 "split it across cards", never 502; the pay session's
 * limits never offer a total above it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINIMUM_CHARGE, maximumChargeMinor } from '../../core/charge-limits.ts';
import { SUPPORTED_CURRENCIES } from '../../core/currencies.ts';
import { computeSurcharge, formatMoney, fromMinorUnits } from '../../core/money.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { createConnectedMerchant, amountAnswer, openSession, payThroughLink } from './support/payments.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`charge limits per currency (${testDialect})`, () => {
  let t: TestApp;
  let merchant: Awaited<ReturnType<typeof createConnectedMerchant>>;

  beforeAll(async () => {
    t = await createTestApp();
    merchant = await createConnectedMerchant(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses a remainder below the minimum with that currency's minimum, for every currency of the table", async () => {
    expect(Object.keys(MINIMUM_CHARGE).sort()).toEqual([...SUPPORTED_CURRENCIES].sort());
    for (const currency of Object.keys(MINIMUM_CHARGE)) {
      const minimum = MINIMUM_CHARGE[currency];
      const due = minimum * 20;
      const invoice = `INV-MIN-${currency}`;
      const session = await openSession(t, {
        merchant: merchant.id,
        invoice,
        amount: fromMinorUnits(due, currency),
        currency,
      });
      expect(session.status, currency).toBe(200);
      expect(session.body.limits.minimum, currency).toBe(minimum);
      const refused = await amountAnswer(t, merchant.stripe_account_id!, {
        merchantId: merchant.id,
        amount: due - minimum + 1,
        currency: currency.toLowerCase(),
        invoiceNumber: invoice,
        paySessionId: session.body.paySessionId,
      });
      expect(refused.status, currency).toBe(422);
      expect(refused.body.error.message, currency).toBe(
        `This would leave ${formatMoney(minimum - 1, currency)}, less than the smallest card payment. ` +
          `Pay ${formatMoney(due, currency)}, or leave at least ${formatMoney(minimum, currency)}.`,
      );
      const small = await amountAnswer(t, merchant.stripe_account_id!, {
        merchantId: merchant.id,
        amount: minimum - 1,
        currency: currency.toLowerCase(),
        invoiceNumber: invoice,
        paySessionId: session.body.paySessionId,
      });
      expect(small.status, currency).toBe(400);
      expect(small.body.error.message, currency).toBe(
        `The minimum payment is ${formatMoney(minimum, currency)}.`,
      );
    }
  });

  it("charges down to the currency's own minimum at the sandbox provider (£0.30, not 0.50)", async () => {
    const merchantNoSurcharge = await createConnectedMerchant(t, { surcharge_enabled: 0 });
    const { state } = await payThroughLink(t, {
      merchant: merchantNoSurcharge.id,
      invoice: 'INV-GBP-MIN',
      linkAmount: '0.30',
      amount: 30,
      currency: 'GBP',
    });
    expect(state).toMatchObject({ status: 'succeeded', currency: 'GBP', total: 30, remaining: 0 });
  });

  it('answers 422 above the card limit per payment, and the session never offers more', async () => {
    const maximum = maximumChargeMinor('AUD');
    const invoice = 'INV-HUGE';
    const session = await openSession(t, { merchant: merchant.id, invoice, amount: '1,500,000.00' });
    const { limits, invoice: inv } = session.body;
    expect(inv.balance).toBe(150_000_000);
    expect(limits.maximumCharge).toBe(maximum);
    // The largest amount whose total at the merchant's 2.95 % stays within the card limit.
    expect(limits.maximum + computeSurcharge(limits.maximum, 295)).toBeLessThanOrEqual(maximum);
    expect(limits.maximum + 1 + computeSurcharge(limits.maximum + 1, 295)).toBeGreaterThan(maximum);
    const over = await amountAnswer(t, merchant.stripe_account_id!, {
      merchantId: merchant.id,
      amount: limits.maximum + 1,
      invoiceNumber: invoice,
      paySessionId: session.body.paySessionId,
    });
    expect(over.status).toBe(422);
    expect(over.body.error.message).toBe(
      'This amount is above the card limit per payment; please split it across cards.',
    );
    const { state } = await payThroughLink(t, {
      merchant: merchant.id,
      invoice,
      linkAmount: '1,500,000.00',
      amount: limits.maximum,
    });
    expect(state.status).toBe('succeeded');
    expect(state.total).toBeLessThanOrEqual(maximum);
  });
});
