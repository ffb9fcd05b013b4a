/**
 * Money maths in integer minor units (cents, or whole yen for JPY).
 *
 * Floats are only ever parsed from user text, never multiplied: conversions
 * use exact string arithmetic and fees use integer (or BigInt) maths with
 * round-half-up.
 */

import { minimumChargeMinor } from './charge-table.ts';
import { minorUnitExponent, normalizeCurrency } from './currencies.ts';
import { mulDivFloor, mulDivRoundHalfUp, numberToDecimalString, scaleDecimal } from './decimal.ts';

/** Default card surcharge: 2.95%. */
export const DEFAULT_SURCHARGE_BPS = 295;
/** Default platform fee: 1.25% of amount plus surcharge. */
export const DEFAULT_PLATFORM_FEE_BPS = 125;
/** Highest surcharge a merchant may configure: 5%. */
export const MAX_SURCHARGE_BPS = 500;

const BPS_DENOMINATOR = 10_000;

/**
 * Convert a major-unit amount to integer minor units exactly (half-up).
 * Returns null for unparseable, negative, non-finite or unsafe values.
 *
 * @example
 * toMinorUnits('19.99', 'AUD'); // 1999
 * toMinorUnits('1250.005', 'AUD'); // 125001
 * toMinorUnits('1000', 'JPY'); // 1000
 */
export function toMinorUnits(major: string | number, currency: string): number | null {
  let text: string | null;
  if (typeof major === 'number') {
    if (!Number.isFinite(major) || major < 0) return null;
    text = numberToDecimalString(major);
  } else if (typeof major === 'string') {
    text = major;
  } else {
    return null;
  }
  return text === null ? null : scaleDecimal(text, minorUnitExponent(currency));
}

/** An accounting template placeholder the tool did not fill in (e.g. "[AMOUNTDUE]"): no amount. */
const PLACEHOLDER = /^\[[A-Za-z_]+\]$/;
/** Digits, optionally grouped by commas in threes, optionally a "." and decimals (DESIGN §4a). */
const PLAIN_DECIMAL = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;

/**
 * Read a raw link amount (DESIGN §4a, round four): `null` when the link has none (blank, or a
 * placeholder the accounting tool did not fill); `'invalid'` when it is not a plain decimal — digits,
 * optionally grouped `1,234` by commas in threes, optionally `.` and at most the currency's minor
 * digits — never guessed (`1234,56`, `1 234,56`, `1.234,56`, `1e3`, `0x10`, `12.5.0`, JPY `3000.5`);
 * else minor units, 0 when the link says nothing is due: zero, or a negative amount (a credit
 * balance, written "-12.50", "−12.50" or "(12.50)").
 */
export function readLinkAmount(raw: string | null | undefined, currency: string): number | null | 'invalid' {
  if (typeof raw !== 'string') return null;
  let text = raw.trim();
  if (text === '' || PLACEHOLDER.test(text)) return null;
  let negative = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    negative = true;
    text = text.slice(1, -1).trim();
  } else if (/^[-\u2212]/.test(text)) {
    negative = true;
    text = text.slice(1).trim();
  }
  const m = PLAIN_DECIMAL.exec(text);
  if (!m || (m[2]?.length ?? 0) > minorUnitExponent(currency)) return 'invalid';
  const minor = toMinorUnits(m[2] ? `${m[1].replace(/,/g, '')}.${m[2]}` : m[1].replace(/,/g, ''), currency);
  if (minor === null || !Number.isSafeInteger(minor)) return 'invalid';
  return negative ? 0 : minor;
}

/**
 * The customer-facing reason a link's amount is refused, or null when it is a plain amount (or none).
 *
 * @example linkAmountProblem('1234,56', 'EUR') // 'Invalid payment link: the amount "1234,56" is not …'
 */
export function linkAmountProblem(raw: string | null | undefined, currency: string): string | null {
  if (readLinkAmount(raw, currency) !== 'invalid') return null;
  const exponent = minorUnitExponent(currency);
  const example = exponent === 0 ? '1,250' : `1,250.${'0'.repeat(exponent)}`;
  const decimals =
    exponent === 0 ? `${currency} has no decimal places` : `at most ${exponent} decimal places after a "."`;
  return `Invalid payment link: the amount "${String(raw).trim().slice(0, 40)}" is not a plain amount (digits, commas only between thousands, ${decimals}, e.g. ${example}).`;
}

/**
 * A link amount in minor units, or null when the link has none — or when it is not a plain amount:
 * check `linkAmountProblem` first wherever a link is taken (the server refuses it).
 *
 * @example
 * parseLinkAmount('1,250.00', 'AUD'); // 125000
 * parseLinkAmount('0.00', 'AUD'); // 0
 * parseLinkAmount('-12.50', 'AUD'); // 0
 * parseLinkAmount('[AMOUNTDUE]', 'AUD'); // null
 */
export function parseLinkAmount(raw: string | null | undefined, currency: string): number | null {
  const amount = readLinkAmount(raw, currency);
  return amount === 'invalid' ? null : amount;
}

/**
 * Plain decimal string for minor units, suitable for an input's value.
 * Throws RangeError when `minor` is not a safe integer.
 *
 * @example
 * fromMinorUnits(125000, 'AUD'); // '1250.00'
 * fromMinorUnits(1000, 'JPY'); // '1000'
 */
export function fromMinorUnits(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) {
    throw new RangeError(`minor units must be a safe integer, got ${minor}`);
  }
  const exponent = minorUnitExponent(currency);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor));
  if (exponent === 0) return sign + digits;
  const padded = digits.padStart(exponent + 1, '0');
  return `${sign}${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * The en-US currency symbols (CLDR) of the supported currencies whose symbol is not their code.
 * A symbol ending in a letter (a code, "FCFA") is followed by a no-break space, as ICU does.
 */
const EN_US_SYMBOLS: Readonly<Record<string, string>> = {
  AUD: 'A$',
  BRL: 'R$',
  CAD: 'CA$',
  CNY: 'CN¥',
  EUR: '€',
  GBP: '£',
  HKD: 'HK$',
  ILS: '₪',
  INR: '₹',
  JPY: '¥',
  KRW: '₩',
  MXN: 'MX$',
  NZD: 'NZ$',
  PHP: '₱',
  USD: '$',
  VND: '₫',
  XAF: 'FCFA',
  XCD: 'EC$',
  XOF: 'F\u202fCFA',
  XPF: 'CFPF',
};

/**
 * What `Intl.NumberFormat('en-US', { style: 'currency' })` gives for a supported currency, without
 * Intl: a browser loads its locale data at the first Intl call, some 15–30 ms on the pay page's
 * critical path (DESIGN §9, the page's time to interactive). Checked against Intl for every
 * supported currency, in Node (tests/unit/core/money.test.ts) and in Chromium (tests/e2e/money-format.test.ts).
 */
function formatEnUs(minor: number, code: string): string {
  const [whole, fraction] = fromMinorUnits(Math.abs(minor), code).split('.');
  const symbol = EN_US_SYMBOLS[code] ?? code;
  const space = /[A-Z]$/i.test(symbol) ? '\u00a0' : '';
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${minor < 0 ? '-' : ''}${symbol}${space}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/**
 * Format minor units for display with Intl currency style. Throws RangeError
 * for a malformed currency code or locale.
 *
 * @example
 * formatMoney(10295, 'AUD'); // 'A$102.95'
 * formatMoney(1030, 'JPY'); // '¥1,030'
 */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  const code = currency.trim().toUpperCase();
  if (locale === 'en-US' && normalizeCurrency(code)) return formatEnUs(minor, code);
  const key = `${locale}|${code}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const digits = minorUnitExponent(code);
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    if (formatters.size >= 64) formatters.clear(); // bound the cache (locales may come from requests)
    formatters.set(key, formatter);
  }
  // A decimal string is formatted exactly by modern engines; older engines
  // coerce it to the same number that minor / 10^digits would give.
  return formatter.format(fromMinorUnits(minor, code) as unknown as number);
}

/**
 * Convert a percentage ('2.95', 2.95, '2.95%') to basis points, half-up.
 * Throws RangeError for unparseable or negative input.
 *
 * @example
 * bpsFromPercentage('2.95'); // 295
 */
export function bpsFromPercentage(pct: string | number): number {
  const text = typeof pct === 'number' ? numberToDecimalString(pct) : pct.trim().replace(/%$/, '');
  const bps = text === null ? null : scaleDecimal(text, 2);
  if (bps === null) throw new RangeError(`invalid percentage: ${String(pct)}`);
  return bps;
}

/**
 * Basis points as a percentage string without trailing zeros.
 *
 * @example
 * percentageFromBps(295); // '2.95'
 * percentageFromBps(300); // '3'
 * percentageFromBps(250); // '2.5'
 */
export function percentageFromBps(bps: number): string {
  // Basis points are hundredths of a percent, like cents of a dollar.
  return fromMinorUnits(bps, 'AUD').replace(/\.?0+$/, '');
}

function assertAmount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative safe integer, got ${value}`);
  }
}

/**
 * Card surcharge in minor units: round-half-up of amount × bps / 10000.
 * Throws RangeError unless 0 <= surchargeBps <= MAX_SURCHARGE_BPS.
 *
 * @example
 * computeSurcharge(10000, 295); // 295
 * computeSurcharge(1000, 295); // 30 (JPY)
 */
export function computeSurcharge(amountMinor: number, surchargeBps: number): number {
  assertAmount('amountMinor', amountMinor);
  assertAmount('surchargeBps', surchargeBps);
  if (surchargeBps > MAX_SURCHARGE_BPS) {
    throw new RangeError(`surchargeBps ${surchargeBps} exceeds ${MAX_SURCHARGE_BPS}`);
  }
  return mulDivRoundHalfUp(amountMinor, surchargeBps, BPS_DENOMINATOR);
}

/**
 * Platform fee on the charged total (amount + surcharge), half-up.
 *
 * @example
 * computePlatformFee(10295); // 129
 */
export function computePlatformFee(
  amountPlusSurchargeMinor: number,
  feeBps: number = DEFAULT_PLATFORM_FEE_BPS,
): number {
  assertAmount('amountPlusSurchargeMinor', amountPlusSurchargeMinor);
  assertAmount('feeBps', feeBps);
  if (feeBps > BPS_DENOMINATOR) throw new RangeError(`feeBps ${feeBps} exceeds 100%`);
  return mulDivRoundHalfUp(amountPlusSurchargeMinor, feeBps, BPS_DENOMINATOR);
}

/** Inputs to computeBreakdown; bps values default to the platform defaults. */
export interface BreakdownInput {
  amount: number;
  surchargeEnabled: boolean;
  surchargeBps?: number;
  platformFeeBps?: number;
  /** The most the surcharge may be, minor units (e.g. a bank debit rule: 1 % capped at A$3.50); null: no cap. */
  surchargeCap?: number | null;
}

/** Charge breakdown in minor units; surchargeBps is the rate applied (0 when off). */
export interface Breakdown {
  amount: number;
  surcharge: number;
  total: number;
  platformFee: number;
  surchargeBps: number;
}

/**
 * Surcharge, total and platform fee for an amount in minor units.
 *
 * @example
 * computeBreakdown({ amount: 10000, surchargeEnabled: true });
 * // { amount: 10000, surcharge: 295, total: 10295, platformFee: 129, surchargeBps: 295 }
 * computeBreakdown({ amount: 5_000_000, surchargeEnabled: true, surchargeBps: 100, surchargeCap: 350 });
 * // { amount: 5000000, surcharge: 350, total: 5000350, platformFee: 62504, surchargeBps: 100 }
 */
export function computeBreakdown(input: BreakdownInput): Breakdown {
  const { amount, surchargeEnabled } = input;
  const surchargeBps = surchargeEnabled ? (input.surchargeBps ?? DEFAULT_SURCHARGE_BPS) : 0;
  const cap = input.surchargeCap;
  if (cap !== undefined && cap !== null) assertAmount('surchargeCap', cap);
  const uncapped = computeSurcharge(amount, surchargeBps);
  const surcharge = cap === undefined || cap === null ? uncapped : Math.min(uncapped, cap);
  const total = amount + surcharge;
  assertAmount('total', total);
  const platformFee = computePlatformFee(total, input.platformFeeBps ?? DEFAULT_PLATFORM_FEE_BPS);
  return { amount, surcharge, total, platformFee, surchargeBps };
}

/**
 * Smallest payment accepted: the card processor's minimum charge in that currency (core/charge-table.ts).
 *
 * @example
 * minimumPaymentMinor('AUD'); // 50 (A$0.50)
 * minimumPaymentMinor('GBP'); // 30 (£0.30)
 * minimumPaymentMinor('JPY'); // 50 (¥50)
 */
export function minimumPaymentMinor(currency: string): number {
  return minimumChargeMinor(currency);
}

/** Quick-pick fractions of an outstanding balance. */
export type BalancePercent = 25 | 50 | 75 | 100;

/**
 * A percentage of a balance in minor units, rounded down; 100 is exact.
 *
 * @example
 * percentOf(10001, 50); // 5000
 * percentOf(10001, 100); // 10001
 */
export function percentOf(balanceMinor: number, percent: BalancePercent): number {
  assertAmount('balanceMinor', balanceMinor);
  if (percent === 100) return balanceMinor;
  if (percent !== 25 && percent !== 50 && percent !== 75) {
    throw new RangeError(`percent must be 25, 50, 75 or 100, got ${String(percent)}`);
  }
  return mulDivFloor(balanceMinor, percent, 100);
}

/**
 * The surcharge a refund of `base` gives back (DESIGN §3.8, one rule for every method since round
 * four): its proportional share of the surcharge actually charged, `half-up(S × base ÷ B)` for a
 * payment of base `B` and surcharge `S`, never more than what is left of it; the refund that settles
 * the base settles the rest of the surcharge too. For an uncapped percentage this is the surcharge
 * on that part at the rate it was charged; for a capped one (1 % capped at A$3.50 on A$600.00) it is
 * the capped surcharge's share (A$0.58 for A$100.00), never the uncapped rate's (A$1.00).
 *
 * @example
 * // A$30.00 paid with 2.95 % (A$0.89 charged): refunding A$10.00 gives back A$0.30, then A$0.30, then A$0.29.
 * refundSurcharge({ amount: 3000, surcharge: 89, refunded_amount: 0, refunded_surcharge: 0 }, 1000); // 30
 */
export function refundSurcharge(
  payment: {
    amount: number;
    surcharge: number;
    refunded_amount: number;
    refunded_surcharge: number;
  },
  base: number,
): number {
  const left = Math.max(0, payment.surcharge - payment.refunded_surcharge);
  if (base >= payment.amount - payment.refunded_amount) return left;
  if (base <= 0 || payment.amount <= 0) return 0;
  // half-up(S × base ÷ B) for any B: floor((2·S·base + B) ÷ 2B), in exact integer maths.
  return Math.min(left, mulDivFloor(2 * payment.surcharge, base, 2 * payment.amount, payment.amount));
}
