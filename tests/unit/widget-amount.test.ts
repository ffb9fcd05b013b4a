/** The amount box's rules (spec §5) and the charge limits of DESIGN §3.3, as the widget applies them. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountMinor,
  amountProblem,
  amountText,
  applyAmountInput,
  quickAmount,
  sanitizeAmountInput,
} from '../../widget/src/lib/amount.ts';
import {
  amountRefusal,
  amountRefusalMessage,
  largestPayment,
  type AmountRefusal,
} from '../../core/charge-limits.ts';
import { de } from '../../widget/src/i18n/de.ts';
import { en } from '../../widget/src/i18n/en.ts';
import { refusalMessage } from '../../widget/src/lib/amount.ts';
import { computeSurcharge } from '../../core/money.ts';
import { sessionUrl } from '../../client/session-request.ts';

const problem = (amount: number, balance: number | null, currency: string, total?: number) =>
  amountProblem(amount, balance, currency, en, 'en-US', total);

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
    expect(problem(0, 10000, 'AUD')).toBe('Please enter a valid payment amount.');
    expect(problem(10001, 10000, 'AUD')).toBe(
      'Payment amount cannot exceed the remaining balance of A$100.00.',
    );
    expect(problem(49, 10000, 'AUD')).toBe('The minimum payment is A$0.50.');
    expect(problem(9970, 10000, 'AUD')).toBe(
      'This would leave A$0.30, less than the smallest card payment. Pay A$100.00, or leave at least A$0.50.',
    );
    expect(problem(30, 30, 'AUD')).toBe(
      "The remaining A$0.30 is below the smallest card payment (A$0.50) and can't be paid by card.",
    );
    expect(problem(50, null, 'AUD')).toBeNull();
    expect(problem(49, null, 'JPY')).toBe('The minimum payment is ¥50.');
    expect(problem(29, null, 'GBP')).toBe('The minimum payment is £0.30.');
    expect(problem(99_000_000, null, 'AUD', 101_920_500)).toBe(
      'This amount is above the card limit per payment; please split it across cards.',
    );
  });
});

describe('amounts typed in the locale of the element', () => {
  it('reads German separators: a comma for decimals, points for thousands', () => {
    expect(sanitizeAmountInput('1.250,505', 'EUR', 'de-DE')).toBe('1250,50');
    expect(amountMinor('1250,50', 'EUR', 'de-DE')).toBe(125050);
    expect(amountMinor('1.250', 'AUD', 'de-DE')).toBe(125000); // a point groups thousands there
    expect(amountMinor('1,250.00', 'AUD', 'en-US')).toBe(125000);
    expect(applyAmountInput('2.000', 125000, 'AUD', 'de-DE')).toBe('1250,00');
    expect(amountText(125000, 'AUD', 'de-DE')).toBe('1250,00');
    expect(amountText(1000, 'JPY', 'de-DE')).toBe('1000');
  });

  it('never shows more than the cap, whatever is typed, in either notation', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom('en-US', 'de-DE'),
        (raw, cap, locale) => {
          const shown = applyAmountInput(raw, cap, 'AUD', locale);
          expect(shown).toMatch(locale === 'de-DE' ? /^\d*(,\d{0,2})?$/ : /^\d*(\.\d{0,2})?$/);
          expect(amountMinor(shown, 'AUD', locale)).toBeLessThanOrEqual(cap);
        },
      ),
    );
  });

  it('says in English what the server says, and in German what the catalogue says', () => {
    const refusals: AmountRefusal[] = [
      { reason: 'invalid' },
      { reason: 'exceeds_balance', balance: 10000 },
      { reason: 'balance_below_minimum', balance: 30, minimum: 50 },
      { reason: 'below_minimum', minimum: 50 },
      { reason: 'remainder_below_minimum', balance: 10000, minimum: 50, rest: 30, largest: 9950 },
      { reason: 'above_maximum', maximum: 99_999_999 },
    ];
    for (const r of refusals)
      expect(refusalMessage(r, 'AUD', en, 'en-US')).toBe(amountRefusalMessage(r, 'AUD'));
    expect(refusalMessage({ reason: 'below_minimum', minimum: 50 }, 'EUR', de, 'de-DE')).toBe(
      'Die Mindestzahlung beträgt 0,50\u00a0€.',
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
