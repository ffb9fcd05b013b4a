/** The amount box's rules (spec §5) and the charge limits of DESIGN §3.3, as the widget applies them. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountMinor,
  amountProblem,
  applyAmountInput,
  quickAmount,
  sanitizeAmountInput,
} from '../../widget/src/lib/amount.ts';
import { amountRefusal, largestPayment } from '../../core/charge-limits.ts';
import { computeSurcharge } from '../../core/money.ts';
import { sessionUrl } from '../../widget/src/lib/session-request.ts';

describe('amount input', () => {
  it('strips everything but digits and one decimal point, to the currency decimals', () => {
    expect(sanitizeAmountInput('$1,2a5.5.0', 'AUD')).toBe('125.50');
    expect(sanitizeAmountInput('1.2.3x', 'AUD')).toBe('1.23');
    expect(sanitizeAmountInput('.5', 'AUD')).toBe('.5');
    expect(sanitizeAmountInput('12.5', 'JPY')).toBe('125');
    expect(sanitizeAmountInput('abc', 'AUD')).toBe('');
  });

  it('clamps to the balance, and never above it for any input', () => {
    expect(applyAmountInput('2000', 125000, 'AUD')).toBe('1250.00');
    expect(applyAmountInput('999.99', 125000, 'AUD')).toBe('999.99');
    expect(applyAmountInput('5000000', null, 'AUD')).toBe('5000000');
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 10_000_000 }), (raw, balance) => {
        const shown = applyAmountInput(raw, balance, 'AUD');
        expect(shown).toMatch(/^\d*(\.\d{0,2})?$/);
        expect(amountMinor(shown, 'AUD')).toBeLessThanOrEqual(balance);
      }),
    );
  });

  it("explains why an amount cannot be paid, in the server's words", () => {
    expect(amountProblem(0, 10000, 'AUD')).toBe('Please enter a valid payment amount.');
    expect(amountProblem(10001, 10000, 'AUD')).toBe(
      'Payment amount cannot exceed the remaining balance of A$100.00.',
    );
    expect(amountProblem(49, 10000, 'AUD')).toBe('The minimum payment is A$0.50.');
    expect(amountProblem(9970, 10000, 'AUD')).toBe(
      'This would leave A$0.30, less than the smallest card payment. Pay A$100.00, or leave at least A$0.50.',
    );
    expect(amountProblem(30, 30, 'AUD')).toBe(
      "The remaining A$0.30 is below the smallest card payment (A$0.50) and can't be paid by card.",
    );
    expect(amountProblem(50, null, 'AUD')).toBeNull();
    expect(amountProblem(49, null, 'JPY')).toBe('The minimum payment is ¥50.');
    expect(amountProblem(29, null, 'GBP')).toBe('The minimum payment is £0.30.');
    expect(amountProblem(99_000_000, null, 'AUD', undefined, 101_920_500)).toBe(
      'This amount is above the card limit per payment; please split it across cards.',
    );
  });
});

describe('quick amounts', () => {
  it('never leave less than the minimum: 75 % of A$1.00 is A$0.50', () => {
    expect(quickAmount(100, 75, 'AUD', 100)).toBe(50);
    expect(quickAmount(100, 25, 'AUD', 100)).toBe(50);
    expect(quickAmount(100, 100, 'AUD', 100)).toBe(100);
    expect(quickAmount(80, 50, 'AUD', 80)).toBe(80);
    expect(quickAmount(100000, 75, 'AUD', 100000)).toBe(75000);
    expect(quickAmount(30, 100, 'AUD', 0)).toBeNull();
  });

  it('are always payable and within the card limit, for any balance and currency', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400_000_000 }),
        fc.constantFrom<25 | 50 | 75 | 100>(25, 50, 75, 100),
        fc.constantFrom('AUD', 'GBP', 'HKD', 'JPY', 'IDR'),
        fc.integer({ min: 0, max: 500 }),
        (balance, percent, currency, bps) => {
          const maximum = largestPayment(balance, currency, bps);
          const amount = quickAmount(balance, percent, currency, maximum);
          if (amount === null) return;
          expect(amountRefusal(amount, balance, currency, amount + computeSurcharge(amount, bps))).toBeNull();
        },
      ),
    );
  });
});

describe('pay-session request', () => {
  it('is the same URL whether the hosted page or the widget builds it', () => {
    const q = { merchant: 'm-1', invoice: 'INV 1&2', amount: '1,250.00', currency: 'AUD' };
    expect(sessionUrl('https://pay.example', q)).toBe(
      'https://pay.example/api/pay/session?merchant=m-1&invoice=INV+1%262&amount=1%2C250.00&currency=AUD',
    );
    expect(
      sessionUrl('https://pay.example', {
        currency: 'AUD',
        invoice: 'X',
        shortcode: 'abcd1234',
        merchant: undefined,
      }),
    ).toBe('https://pay.example/api/pay/session?shortcode=abcd1234&invoice=X&currency=AUD');
  });
});
