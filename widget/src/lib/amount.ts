/**
 * The amount box's rules (spec §5, DESIGN §3.3): only digits and one decimal separator — the
 * locale's (a point in English, a comma in German: "1.250,50" is 1250.50 there) — at most the
 * currency's decimals, never above what one payment may take (the balance, or less under the card
 * limit), and the server's own rule for what may be paid (core/charge-limits.ts: the currency's
 * minimum, no remainder below it, no total above the card limit), in the catalogue's words. Link
 * parameters and the `amount` attribute keep the spec's parsing rule (core/money.ts
 * parseLinkAmount); only what the customer types here follows the locale. Values are kept as the
 * typed text; money leaves as minor units.
 */
import { amountRefusal, minimumChargeMinor, type AmountRefusal } from '../../../core/charge-limits.ts';
import { minorUnitExponent } from '../../../core/currencies.ts';
import {
  formatMoney,
  fromMinorUnits,
  percentOf,
  toMinorUnits,
  type BalancePercent,
} from '../../../core/money.ts';
import type { Messages } from '../i18n/en.ts';

const separatorCache = new Map<string, string>();

/** The locale's decimal separator ('.' for en-US, ',' for de-DE). */
export function decimalSeparator(locale = 'en-US'): string {
  // The default locale's, without Intl: the browser's first Intl call loads its locale data, which
  // the pay page's first render would wait for (formatMoney's en-US path avoids it too).
  if (locale === 'en-US') return '.';
  let sep = separatorCache.get(locale);
  if (sep === undefined) {
    try {
      sep = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    } catch {
      sep = '.';
    }
    separatorCache.set(locale, sep);
  }
  return sep;
}

/**
 * Clean what the customer typed: strip everything but digits and the first decimal separator of
 * the locale (group separators and anything else go), and cut the decimals to the currency's.
 *
 * @example
 * sanitizeAmountInput('$1,2a5.5.0', 'AUD'); // '125.50'
 * sanitizeAmountInput('1.250,505', 'EUR', 'de-DE'); // '1250,50'
 * sanitizeAmountInput('12.5', 'JPY'); // '125'
 */
export function sanitizeAmountInput(raw: string, currency: string, locale = 'en-US'): string {
  const sep = decimalSeparator(locale);
  let kept = '';
  for (const ch of raw) if ((ch >= '0' && ch <= '9') || ch === sep) kept += ch;
  const exponent = minorUnitExponent(currency);
  if (exponent === 0) return kept.split(sep).join('');
  const at = kept.indexOf(sep);
  if (at === -1) return kept;
  return (
    kept.slice(0, at + 1) +
    kept
      .slice(at + 1)
      .split(sep)
      .join('')
      .slice(0, exponent)
  );
}

/** Minor units of the typed text (in the locale's notation); 0 when empty or unparseable. */
export function amountMinor(text: string, currency: string, locale = 'en-US'): number {
  const clean = sanitizeAmountInput(text, currency, locale);
  if (!/\d/.test(clean)) return 0;
  const plain = clean.split(decimalSeparator(locale)).join('.');
  return toMinorUnits(plain, currency) ?? 0;
}

/** The input's text for an amount: '1250.00' in English, '1250,00' in German (no grouping). */
export function amountText(minor: number, currency: string, locale = 'en-US'): string {
  return fromMinorUnits(minor, currency).replace('.', decimalSeparator(locale));
}

/**
 * Sanitize, then clamp to the most one payment may take (when there is a bound: the session's
 * `limits.maximum`, or the balance): the value the input should show.
 *
 * @example
 * applyAmountInput('2000', 125000, 'AUD'); // '1250.00'
 */
export function applyAmountInput(
  raw: string,
  cap: number | null,
  currency: string,
  locale = 'en-US',
): string {
  const text = sanitizeAmountInput(raw, currency, locale);
  if (cap !== null && amountMinor(text, currency, locale) > cap) return amountText(cap, currency, locale);
  return text;
}

/** A refusal of the charge rule in the catalogue's words (English: the server's words). */
export function refusalMessage(
  refusal: AmountRefusal,
  currency: string,
  t: Messages,
  locale: string,
): string {
  const money = (minor: number) => formatMoney(minor, currency, locale);
  switch (refusal.reason) {
    case 'invalid':
      return t.invalidAmount;
    case 'exceeds_balance':
      return t.exceedsBalance(money(refusal.balance));
    case 'balance_below_minimum':
      return t.balanceBelowMinimum(money(refusal.balance), money(refusal.minimum));
    case 'below_minimum':
      return t.belowMinimum(money(refusal.minimum));
    case 'remainder_below_minimum':
      return t.remainderBelowMinimum(money(refusal.rest), money(refusal.balance), money(refusal.minimum));
    case 'above_maximum':
      return t.aboveMaximum;
  }
}

/**
 * Why an amount cannot be paid, or null when it can. `total` is the amount with its surcharge,
 * when known (it must stay within the card limit).
 */
export function amountProblem(
  amount: number,
  balance: number | null,
  currency: string,
  t: Messages,
  locale: string,
  total?: number,
): string | null {
  const refusal = amountRefusal(amount, balance, currency, total ?? amount);
  return refusal ? refusalMessage(refusal, currency, t, locale) : null;
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
