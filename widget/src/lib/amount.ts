/**
 * The amount box's rules (spec §5): only digits and one decimal point, at most the currency's
 * decimals, never above the balance. Values are kept as the typed text; money leaves as minor units.
 */
import { minorUnitExponent } from '../../../core/currencies.ts';
import { formatMoney, fromMinorUnits, minimumPaymentMinor, toMinorUnits } from '../../../core/money.ts';

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
 * Sanitize, then clamp to the balance (when there is one): the value the input should show.
 *
 * @example
 * applyAmountInput('2000', 125000, 'AUD'); // '1250.00'
 */
export function applyAmountInput(raw: string, balance: number | null, currency: string): string {
  const text = sanitizeAmountInput(raw, currency);
  if (balance !== null && amountMinor(text, currency) > balance) return fromMinorUnits(balance, currency);
  return text;
}

export const INVALID_AMOUNT = 'Please enter a valid payment amount.';

export const exceedsBalance = (balance: number, currency: string, locale?: string) =>
  `Payment amount cannot exceed the remaining balance of ${formatMoney(balance, currency, locale)}.`;

/**
 * Why an amount cannot be paid, or null when it can. The minimum (0.50) is waived when the amount
 * is the whole remaining balance (DESIGN §3.3).
 */
export function amountProblem(
  amount: number,
  balance: number | null,
  currency: string,
  locale?: string,
): string | null {
  if (!Number.isSafeInteger(amount) || amount <= 0) return INVALID_AMOUNT;
  if (balance !== null && amount > balance) return exceedsBalance(balance, currency, locale);
  const minimum = minimumPaymentMinor(currency);
  if (amount < minimum && amount !== balance) {
    return `The minimum payment is ${formatMoney(minimum, currency, locale)}.`;
  }
  return null;
}
