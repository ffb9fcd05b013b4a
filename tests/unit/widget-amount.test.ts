/** The amount box's rules (spec §5) and the minimum of DESIGN §3.3, as the widget applies them. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountMinor,
  amountProblem,
  applyAmountInput,
  sanitizeAmountInput,
} from '../../widget/src/lib/amount.ts';
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

  it('explains why an amount cannot be paid, waiving the minimum for the whole balance', () => {
    expect(amountProblem(0, 10000, 'AUD')).toBe('Please enter a valid payment amount.');
    expect(amountProblem(10001, 10000, 'AUD')).toBe(
      'Payment amount cannot exceed the remaining balance of A$100.00.',
    );
    expect(amountProblem(49, 10000, 'AUD')).toBe('The minimum payment is A$0.50.');
    expect(amountProblem(30, 30, 'AUD')).toBeNull(); // the whole remainder (DESIGN §3.3 case 11)
    expect(amountProblem(50, null, 'AUD')).toBeNull();
    expect(amountProblem(49, null, 'JPY')).toBe('The minimum payment is ¥50.');
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
