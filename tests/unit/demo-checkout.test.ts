/**
 * The demo checkout's rules: what the amount box keeps, the quick buttons, the surcharge and total,
 * the partial-payment remainder, en-AU formatting, and required card fields.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEMO_INVOICE,
  demoAmountMinor,
  demoBreakdown,
  fakeTransactionId,
  formatAud,
  formatCardNumber,
  formatExpiry,
  quickAmountText,
  sanitizeDemoAmount,
  validateDemoCard,
} from '../../site/src/features/demo-checkout/demo-logic.ts';

describe('demo amount input', () => {
  it.each([
    ['250', '250'],
    ['250.5', '250.5'],
    ['250.567', '250.56'],
    ['1.2.3', '1.23'],
    ['$1,2a3', '123'],
    ['', ''],
    ['.', '.'],
    ['.5', '.5'],
    ['abc', ''],
    ['600.01', '600.00'],
    ['99999', '600.00'],
    ['600', '600'],
  ])('keeps %j as %j', (typed, kept) => {
    expect(sanitizeDemoAmount(typed)).toBe(kept);
  });

  it('never keeps more than one point, two decimals, or more than the amount due', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('0', '1', '5', '9', '.', ',', 'a', '-', ' ') }),
        (typed) => {
          const kept = sanitizeDemoAmount(typed);
          expect(kept).toMatch(/^\d*(\.\d{0,2})?$/);
          expect(demoAmountMinor(kept)).toBeLessThanOrEqual(DEMO_INVOICE.amountDue);
          // Sanitising is stable: the box does not change what it already shows.
          expect(sanitizeDemoAmount(kept)).toBe(kept);
        },
      ),
    );
  });

  it('reads the kept text as cents', () => {
    expect(demoAmountMinor('')).toBe(0);
    expect(demoAmountMinor('.')).toBe(0);
    expect(demoAmountMinor('150.5')).toBe(15050);
    expect(demoAmountMinor('600.00')).toBe(60000);
  });
});

describe('demo quick buttons and totals', () => {
  it('fills 25/50/75/100 % of 600.00', () => {
    expect([25, 50, 75, 100].map((p) => quickAmountText(p as 25))).toEqual([
      '150.00',
      '300.00',
      '450.00',
      '600.00',
    ]);
  });

  it('adds a 2.95 % surcharge and shows the remaining balance for a partial payment', () => {
    expect(demoBreakdown(60000)).toEqual({
      amount: 60000,
      surcharge: 1770,
      total: 61770,
      remaining: 0,
      isPartial: false,
    });
    expect(demoBreakdown(15000)).toEqual({
      amount: 15000,
      surcharge: 443,
      total: 15443,
      remaining: 45000,
      isPartial: true,
    });
    expect(demoBreakdown(0).isPartial).toBe(false);
  });

  it('formats money en-AU', () => {
    expect(formatAud(60000)).toBe('$600.00');
    expect(formatAud(61770)).toBe('$617.70');
    expect(formatAud(123456789)).toBe('$1,234,567.89');
  });
});

describe('demo card', () => {
  it('requires every card field', () => {
    expect(validateDemoCard({ holder: ' ', number: '', expiry: '', cvv: '' })).toEqual({
      holder: 'Card holder name is required',
      number: 'Card number is required',
      expiry: 'Expiry date is required',
      cvv: 'CVV is required',
    });
    expect(
      validateDemoCard({ holder: 'A B', number: '4242 4242 4242 4242', expiry: '12/30', cvv: '123' }),
    ).toEqual({});
  });

  it('formats the card number in fours and the expiry as MM/YY', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42x')).toBe('4242 42');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('12/305')).toBe('12/30');
  });

  it('makes transaction ids that say they are demos', () => {
    expect(fakeTransactionId(() => 0)).toBe('DEMO-AAAAAAAAAA');
    expect(fakeTransactionId()).toMatch(/^DEMO-[A-Z2-9]{10}$/);
  });
});
