import { describe, expect, it } from 'vitest';
import {
  amountRefusal,
  amountRefusalMessage,
  largestPayment,
  maximumChargeMinor,
  MINIMUM_CHARGE,
  minimumChargeMinor,
} from '../../../core/charge-limits.ts';
import { SUPPORTED_CURRENCIES } from '../../../core/currencies.ts';
import { computeSurcharge } from '../../../core/money.ts';

describe('charge limits', () => {
  it("carries Stripe's minimums for the currencies Stripe lists", () => {
    expect(minimumChargeMinor('AUD')).toBe(50);
    expect(minimumChargeMinor('usd')).toBe(50);
    expect(minimumChargeMinor('NZD')).toBe(50);
    expect(minimumChargeMinor('EUR')).toBe(50);
    expect(minimumChargeMinor('GBP')).toBe(30);
    expect(minimumChargeMinor('HKD')).toBe(400);
    expect(minimumChargeMinor('JPY')).toBe(50);
    expect(minimumChargeMinor('MXN')).toBe(1000);
    expect(maximumChargeMinor('AUD')).toBe(99_999_999);
  });

  it('has a minimum for every supported currency', () => {
    for (const c of SUPPORTED_CURRENCIES) expect(MINIMUM_CHARGE[c], c).toBeGreaterThan(0);
  });
});

describe('amountRefusal', () => {
  it('refuses a payment that would leave less than the minimum, naming both choices', () => {
    const r = amountRefusal(99970, 100000, 'AUD');
    expect(r).toEqual({
      reason: 'remainder_below_minimum',
      balance: 100000,
      minimum: 50,
      rest: 30,
      largest: 99950,
    });
    expect(amountRefusalMessage(r!, 'AUD')).toBe(
      'This would leave A$0.30, less than the smallest card payment. Pay A$1,000.00, or leave at least A$0.50.',
    );
    expect(amountRefusal(99950, 100000, 'AUD')).toBeNull();
    expect(amountRefusal(100000, 100000, 'AUD')).toBeNull();
  });

  it('says a balance below the minimum cannot be paid by card at all', () => {
    expect(amountRefusal(30, 30, 'AUD')).toEqual({
      reason: 'balance_below_minimum',
      balance: 30,
      minimum: 50,
    });
    expect(amountRefusalMessage(amountRefusal(30, 30, 'AUD')!, 'AUD')).toBe(
      "The remaining A$0.30 is below the smallest card payment (A$0.50) and can't be paid by card.",
    );
  });

  it('refuses over the balance, under the minimum, and a total over the maximum charge', () => {
    expect(amountRefusal(0, 100, 'AUD')).toEqual({ reason: 'invalid' });
    expect(amountRefusal(1.5, null, 'AUD')).toEqual({ reason: 'invalid' });
    expect(amountRefusal(101, 100, 'AUD')).toEqual({ reason: 'exceeds_balance', balance: 100 });
    expect(amountRefusal(49, null, 'AUD')).toEqual({ reason: 'below_minimum', minimum: 50 });
    expect(amountRefusal(99_999_999, null, 'AUD')).toBeNull();
    const over = amountRefusal(99_999_000, null, 'AUD', 100_000_000);
    expect(over).toEqual({ reason: 'above_maximum', maximum: 99_999_999 });
    expect(amountRefusalMessage(over!, 'AUD')).toBe(
      'This amount is above the card limit per payment; please split it across cards.',
    );
  });
});

describe('largestPayment', () => {
  it('is the balance when it fits one charge', () => {
    expect(largestPayment(100000, 'AUD', 295)).toBe(100000);
    expect(largestPayment(null, 'AUD', 0)).toBe(99_999_999);
  });

  it('keeps the total with the highest surcharge within the maximum charge', () => {
    const cap = largestPayment(null, 'AUD', 295);
    expect(cap + computeSurcharge(cap, 295)).toBeLessThanOrEqual(99_999_999);
    expect(cap + 1 + computeSurcharge(cap + 1, 295)).toBeGreaterThan(99_999_999);
    expect(largestPayment(500_000_000, 'AUD', 295)).toBe(cap);
  });

  it('never leaves less than the minimum after the largest payment', () => {
    // A balance a few cents over one charge: paying the cap would leave 0.10.
    const cap = largestPayment(null, 'AUD', 0);
    expect(largestPayment(cap + 10, 'AUD', 0)).toBe(cap + 10 - 50);
    expect(largestPayment(cap + 50, 'AUD', 0)).toBe(cap);
  });

  it('is 0 when the balance is below the minimum', () => {
    expect(largestPayment(30, 'AUD', 0)).toBe(0);
    expect(largestPayment(399, 'HKD', 0)).toBe(0);
  });
});

describe('the words of a refusal above the maximum (issue 49 item 12)', () => {
  const refusal = { reason: 'above_maximum', maximum: 99_999_999 } as const;
  it('speaks of cards for a card, and of payments in parts for a bank payment', () => {
    expect(amountRefusalMessage(refusal, 'AUD')).toBe(
      'This amount is above the card limit per payment; please split it across cards.',
    );
    expect(amountRefusalMessage(refusal, 'AUD', undefined, 'card')).toMatch(/split it across cards/);
    for (const method of ['payto', 'au_becs_debit'])
      expect(amountRefusalMessage(refusal, 'AUD', undefined, method)).toBe(
        'This amount is above the limit for one payment; please pay it in parts.',
      );
  });
});
