/**
 * The card processor's smallest and largest charge per currency (DESIGN §3.3): the one table the
 * widget, the API and the sandbox provider use (no imports, so money.ts can use it too).
 *
 * Minimums are Stripe's published minimum charge amounts where Stripe lists the currency; for the
 * other supported currencies (charged and converted to the merchant's settlement currency, where
 * Stripe's minimum is the equivalent of its own) a round amount at or above the equivalent of
 * US$0.50, so a charge we allow is never below what Stripe accepts. The maximum is Stripe's eight
 * digits of minor units (999,999.99 in two-decimal currencies).
 */
export interface ChargeLimits {
  /** Minor units. */
  minimum: number;
  /** Minor units. */
  maximum: number;
}

const STRIPE_MAXIMUM = 99_999_999;

/** Minimum charge per currency, in minor units (whole units for zero-decimal currencies). */
export const MINIMUM_CHARGE: Readonly<Record<string, number>> = Object.freeze({
  // Stripe's table.
  USD: 50,
  AED: 200,
  AUD: 50,
  BGN: 100,
  BRL: 50,
  CAD: 50,
  CHF: 50,
  CZK: 1500,
  DKK: 250,
  EUR: 50,
  GBP: 30,
  HKD: 400,
  INR: 50,
  JPY: 50,
  MXN: 1000,
  MYR: 200,
  NOK: 300,
  NZD: 50,
  PLN: 200,
  RON: 200,
  SEK: 300,
  SGD: 50,
  THB: 1000,
  // The equivalent of at least US$0.50, rounded up.
  ZAR: 1000,
  ILS: 200,
  SAR: 200,
  QAR: 200,
  PHP: 3000,
  IDR: 800000,
  CNY: 400,
  FJD: 150,
  PGK: 200,
  WST: 150,
  TOP: 150,
  XCD: 150,
  TRY: 2500,
  COP: 250000,
  PEN: 200,
  BIF: 1500,
  CLP: 500,
  DJF: 100,
  GNF: 5000,
  KMF: 250,
  KRW: 700,
  MGA: 2500,
  PYG: 4000,
  RWF: 700,
  UGX: 2000,
  VND: 13000,
  VUV: 60,
  XAF: 300,
  XOF: 300,
  XPF: 60,
});

/** Used for a currency missing from the table (none of the supported ones): Stripe's US$0.50 in minor units. */
const FALLBACK_MINIMUM = 50;

export function chargeLimits(currency: string): ChargeLimits {
  const code = currency.trim().toUpperCase();
  return { minimum: MINIMUM_CHARGE[code] ?? FALLBACK_MINIMUM, maximum: STRIPE_MAXIMUM };
}

/**
 * The smallest card charge in a currency, minor units.
 *
 * @example
 * minimumChargeMinor('AUD'); // 50 (A$0.50)
 * minimumChargeMinor('GBP'); // 30 (£0.30)
 * minimumChargeMinor('HKD'); // 400 (HK$4.00)
 */
export function minimumChargeMinor(currency: string): number {
  return chargeLimits(currency).minimum;
}

/**
 * The largest card charge (surcharge included) in a currency, minor units.
 *
 * @example
 * maximumChargeMinor('AUD'); // 99999999 (A$999,999.99)
 */
export function maximumChargeMinor(currency: string): number {
  return chargeLimits(currency).maximum;
}
