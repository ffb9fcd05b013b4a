/**
 * The amount box's rules (spec §5, DESIGN §3.3): only digits and one decimal point, at most the
 * currency's decimals, never above what one payment may take (the balance, or less under the card
 * limit), and the server's own rule for what may be paid (core/charge-limits.ts: the currency's
 * minimum, no remainder below it, no total above the card limit) in the server's own words. The
 * quick buttons never offer an amount that rule refuses. Values are kept as the typed text; money
 * leaves as minor units.
 */
import { minimumChargeMinor, amountRefusal, amountRefusalMessage } from '../../../core/charge-limits.ts';
import { minorUnitExponent } from '../../../core/currencies.ts';
import {
  formatMoney,
  fromMinorUnits,
  percentOf,
  toMinorUnits,
  type BalancePercent,
} from '../../../core/money.ts';

/**
 * Clean what the customer typed: strip everything but digits and the first decimal point, and cut
 * the decimals to the currency's (none for JPY).
 *
 * @example
 * sanitizeAmountInput('$1,2a5.5.0', 'AUD'); // '125.50'
 * sanitizeAmountInput('12.5', 'JPY'); // '125'
 */
export function sanitizeAmountInput(raw: string, currency: string): string {
  const kept = raw.replace(/[^\d.]/g, '');
  const exponent = minorUnitExponent(currency);
  if (exponent === 0) return kept.replace(/\./g, '');
  const dot = kept.indexOf('.');
  if (dot === -1) return kept;
  return (
    kept.slice(0, dot + 1) +
    kept
      .slice(dot + 1)
      .replace(/\./g, '')
      .slice(0, exponent)
  );
}

/** Minor units of the typed text; 0 when empty or unparseable. */
export function amountMinor(text: string, currency: string): number {
  if (!/\d/.test(text)) return 0;
  return toMinorUnits(text, currency) ?? 0;
}

/**
 * Sanitize, then clamp to the most one payment may take (when there is a bound: the session's
 * `limits.maximum`, or the balance): the value the input should show.
 *
 * @example
 * applyAmountInput('2000', 125000, 'AUD'); // '1250.00'
 */
export function applyAmountInput(raw: string, cap: number | null, currency: string): string {
  const text = sanitizeAmountInput(raw, currency);
  if (cap !== null && amountMinor(text, currency) > cap) return fromMinorUnits(cap, currency);
  return text;
}

export const INVALID_AMOUNT = 'Please enter a valid payment amount.';

export const exceedsBalance = (balance: number, currency: string, locale?: string) =>
  `Payment amount cannot exceed the remaining balance of ${formatMoney(balance, currency, locale)}.`;

/**
 * Why an amount cannot be paid, or null when it can: the server's rule and words. `total` is the
 * amount with its surcharge, when known (it must stay within the card limit).
 */
export function amountProblem(
  amount: number,
  balance: number | null,
  currency: string,
  locale?: string,
  total?: number,
): string | null {
  const refusal = amountRefusal(amount, balance, currency, total ?? amount);
  return refusal ? amountRefusalMessage(refusal, currency, locale) : null;
}

/**
 * A quick button's amount: that share of the balance, made payable — never above `maximum` (the
 * session's `limits.maximum`), never leaving less than the currency's minimum (75 % of A$1.00 is
 * A$0.50, leaving A$0.50, not A$0.75 leaving A$0.25), never below the minimum. Null when no amount
 * near it can be paid by card (a balance below the minimum).
 *
 * @example
 * quickAmount(100, 75, 'AUD', 100); // 50
 * quickAmount(100000, 25, 'AUD', 100000); // 25000
 */
export function quickAmount(
  balance: number,
  percent: BalancePercent,
  currency: string,
  maximum: number | null,
): number | null {
  const minimum = minimumChargeMinor(currency);
  const cap = Math.min(balance, maximum ?? balance);
  if (cap < minimum) return null;
  let amount = Math.min(Math.max(percentOf(balance, percent), minimum), cap);
  const rest = balance - amount;
  if (rest > 0 && rest < minimum) {
    // Leave the minimum, or pay it all when the card limit allows and nothing smaller is possible.
    const leaveMinimum = balance - minimum;
    amount = leaveMinimum >= minimum ? leaveMinimum : cap === balance ? balance : leaveMinimum;
  }
  return amountRefusal(amount, balance, currency) ? null : amount;
}
