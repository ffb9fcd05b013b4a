/**
 * ISO 4217 currency helpers shared by the widget and the API.
 *
 * Only currencies with 0 or 2 minor-unit digits (as Stripe's API treats them)
 * are supported. Three-decimal currencies (BHD, KWD, ...) and Stripe's
 * "special case" currencies (HUF, ISK, TWD) are deliberately left out.
 */

/** Currencies Stripe charges in whole units (no minor unit). */
export const ZERO_DECIMAL_CURRENCIES = [
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
] as const;

/** Common ISO 4217 codes that Stripe accepts for card payments. */
export const SUPPORTED_CURRENCIES = [
  // Two-decimal currencies.
  'AUD',
  'USD',
  'NZD',
  'GBP',
  'EUR',
  'CAD',
  'SGD',
  'HKD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'ZAR',
  'INR',
  'MXN',
  'BRL',
  'PLN',
  'CZK',
  'RON',
  'BGN',
  'ILS',
  'AED',
  'SAR',
  'QAR',
  'MYR',
  'THB',
  'PHP',
  'IDR',
  'CNY',
  'FJD',
  'PGK',
  'WST',
  'TOP',
  'XCD',
  'TRY',
  'COP',
  'PEN',
  // Zero-decimal currencies.
  ...ZERO_DECIMAL_CURRENCIES,
] as const;

/** Currency used when a link or merchant does not specify one. */
export const DEFAULT_CURRENCY = 'AUD';

const SUPPORTED = new Set<string>(SUPPORTED_CURRENCIES);
const ZERO_DECIMAL = new Set<string>(ZERO_DECIMAL_CURRENCIES);

/**
 * Trim and upper-case a currency code; null unless it is supported.
 *
 * @example
 * normalizeCurrency(' aud '); // 'AUD'
 * normalizeCurrency('XYZ'); // null
 */
export function normalizeCurrency(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  const code = input.trim().toUpperCase();
  return SUPPORTED.has(code) ? code : null;
}

/**
 * True when the currency has no minor unit (case-insensitive).
 *
 * @example
 * isZeroDecimal('JPY'); // true
 * isZeroDecimal('AUD'); // false
 */
export function isZeroDecimal(currency: string): boolean {
  return ZERO_DECIMAL.has(currency.trim().toUpperCase());
}

/**
 * Number of minor-unit digits: 0 for zero-decimal currencies, else 2.
 *
 * @example
 * minorUnitExponent('JPY'); // 0
 * minorUnitExponent('AUD'); // 2
 */
export function minorUnitExponent(currency: string): 0 | 2 {
  return isZeroDecimal(currency) ? 0 : 2;
}
