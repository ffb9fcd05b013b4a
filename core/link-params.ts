/**
 * Payment-link parameter parsing for /pay links pasted into Xero and
 * QuickBooks invoice templates, plus the link template itself.
 */

import { DEFAULT_CURRENCY, normalizeCurrency } from './currencies.ts';

/** Anything with URLSearchParams-style `get`. */
export interface ParamSource {
  get(name: string): string | null;
}

/** Result of parsePayLink; blank values come back as null. */
export interface PayLinkParams {
  merchantId: string | null;
  shortcode: string | null;
  invoiceNumber: string | null;
  amountRaw: string | null;
  /** Normalized currency; DEFAULT_CURRENCY when absent or invalid. */
  currency: string;
  /** False when a currency was given but is not supported. */
  currencyValid: boolean;
}

/** Query aliases, in precedence order (case-sensitive). */
export const INVOICE_PARAMS = [
  'invoiceno',
  'invoicenumber',
  'invoiceNo',
  'INVOICENUMBER',
  'invoice_no',
  'invoice',
] as const;
export const AMOUNT_PARAMS = ['amount', 'amountdue', 'AMOUNTDUE'] as const;
export const CURRENCY_PARAMS = ['currency', 'CURRENCY'] as const;
export const MERCHANT_PARAMS = ['merchantId', 'merchant_id', 'merchant'] as const;
export const SHORTCODE_PARAMS = ['shortCode', 'shortcode', 'SHORTCODE'] as const;

/** Params whose presence on `/` means "this is a pay link": redirect to /pay. */
export const LINK_TRIGGER_PARAMS = [
  'INVOICENUMBER',
  'AMOUNTDUE',
  'SHORTCODE',
  'shortcode',
  'merchantId',
  'merchant',
] as const;

/** Path segments longer than this are merchant ids; shorter are shortcodes. */
export const MERCHANT_ID_MIN_LENGTH = 31;

/** Longest invoice number kept, in characters (code points). */
export const MAX_INVOICE_NUMBER_LENGTH = 100;

function clean(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  // An accounting template placeholder the tool did not fill in (e.g. "[AMOUNTDUE]") is no value.
  if (/^\[[A-Za-z_]+\]$/.test(trimmed)) return null;
  return trimmed === '' ? null : trimmed;
}

function firstValue(params: ParamSource, names: readonly string[]): string | null {
  for (const name of names) {
    const value = clean(params.get(name));
    if (value !== null) return value;
  }
  return null;
}

function limitInvoiceNumber(value: string | null): string | null {
  if (value === null) return null;
  const chars = Array.from(value);
  return chars.length <= MAX_INVOICE_NUMBER_LENGTH
    ? value
    : clean(chars.slice(0, MAX_INVOICE_NUMBER_LENGTH).join(''));
}

/**
 * Read a pay link's query (and optional `/pay/:segment`). Aliases are tried
 * in order and the first non-blank value wins. A segment longer than 30
 * characters, or any segment when a merchant query param is also given, is
 * the merchant id; otherwise it is the shortcode.
 *
 * @example
 * parsePayLink(new URLSearchParams('INVOICENUMBER=INV-0042&AMOUNTDUE=1,250.00&CURRENCY=AUD&SHORTCODE=abcd1234'));
 * // { merchantId: null, shortcode: 'abcd1234', invoiceNumber: 'INV-0042',
 * //   amountRaw: '1,250.00', currency: 'AUD', currencyValid: true }
 */
export function parsePayLink(params: ParamSource, pathSegment?: string | null): PayLinkParams {
  const segment = clean(pathSegment);
  const merchantParam = firstValue(params, MERCHANT_PARAMS);
  const shortcodeParam = firstValue(params, SHORTCODE_PARAMS);
  // A path segment longer than 30 characters is a merchant id (spec §2); a shorter one is a shortcode.
  const segmentIsMerchant = segment !== null && segment.length >= MERCHANT_ID_MIN_LENGTH;

  let merchantId = merchantParam;
  let shortcode = shortcodeParam;
  if (segment !== null && segmentIsMerchant) merchantId = segment;
  if (segment !== null && !segmentIsMerchant) shortcode = segment;

  const currencyRaw = firstValue(params, CURRENCY_PARAMS);
  const currency = currencyRaw === null ? DEFAULT_CURRENCY : normalizeCurrency(currencyRaw);

  return {
    merchantId,
    shortcode,
    invoiceNumber: limitInvoiceNumber(firstValue(params, INVOICE_PARAMS)),
    amountRaw: firstValue(params, AMOUNT_PARAMS),
    currency: currency ?? DEFAULT_CURRENCY,
    currencyValid: currency !== null,
  };
}

/**
 * True when any LINK_TRIGGER_PARAMS key is present (even if blank).
 *
 * @example
 * hasPayLinkParams(new URLSearchParams('SHORTCODE=abcd1234')); // true
 * hasPayLinkParams(new URLSearchParams('utm_source=x')); // false
 */
export function hasPayLinkParams(params: ParamSource): boolean {
  return LINK_TRIGGER_PARAMS.some((name) => params.get(name) !== null);
}

/**
 * Link template merchants paste into Xero/QuickBooks; the accounting system
 * fills the [PLACEHOLDERS].
 *
 * @example
 * buildAccountingPaymentUrl('https://pay.example.com/', 'm-uuid', 'abcd1234');
 * // 'https://pay.example.com/pay/m-uuid?INVOICENUMBER=[INVOICENUMBER]&AMOUNTDUE=[AMOUNTDUE]&CURRENCY=[CURRENCY]&SHORTCODE=abcd1234'
 */
export function buildAccountingPaymentUrl(
  publicBaseUrl: string,
  merchantId: string,
  shortcode: string,
): string {
  const base = publicBaseUrl.replace(/\/+$/, '');
  const merchant = encodeURIComponent(merchantId);
  const code = encodeURIComponent(shortcode);
  return `${base}/pay/${merchant}?INVOICENUMBER=[INVOICENUMBER]&AMOUNTDUE=[AMOUNTDUE]&CURRENCY=[CURRENCY]&SHORTCODE=${code}`;
}

/**
 * Short code derived from a merchant id: its first 8 characters.
 *
 * @example
 * shortcodeFromId('abcd1234-5678-90ab-cdef-1234567890ab'); // 'abcd1234'
 */
export function shortcodeFromId(id: string): string {
  return id.slice(0, 8);
}
