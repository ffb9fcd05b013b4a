/**
 * The signature of a pay link made through the API: `pl_<id>.<mac>`, the path segment of its hosted
 * URL (`/pay/pl_…?invoice=…&amount=…&currency=…`). The MAC (HMAC-SHA256, key derived from
 * JWT_SECRET, 192 bits) covers the link's id, merchant, invoice (normalised number), currency,
 * amount and expiry, so a link whose amount (or anything else) was changed is refused, and a token
 * nobody signed is refused before any database read.
 *
 * @example const token = payLinkToken(secret, link); verifyPayLinkToken(secret, token, link) // true
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { invoiceNumberKey } from '../../core/invoice-number.ts';

export const PAY_LINK_PREFIX = 'pl_';
const TOKEN = /^pl_([0-9a-f]{32})\.([A-Za-z0-9_-]{32})$/;

export interface SignedFields {
  id: string;
  merchant_id: string;
  invoice_number: string;
  currency: string;
  amount: number;
  expires_at: string | null;
}

const keys = new Map<string, KeyObject>();
function keyFor(secret: string | null): KeyObject {
  if (!secret || secret.length < 32) throw new Error('JWT_SECRET is not configured');
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(createHmac('sha256', secret).update('invoicepay pay-link v1').digest());
    keys.set(secret, key);
  }
  return key;
}

function mac(secret: string | null, f: SignedFields): Buffer {
  const message = [
    'pl1',
    f.id,
    f.merchant_id,
    invoiceNumberKey(f.invoice_number),
    f.currency,
    String(f.amount),
    f.expires_at ?? '',
  ].join('\u0000');
  return createHmac('sha256', keyFor(secret)).update(message).digest().subarray(0, 24);
}

export const isPayLinkToken = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.startsWith(PAY_LINK_PREFIX);

export function payLinkToken(secret: string | null, f: SignedFields): string {
  return `${PAY_LINK_PREFIX}${f.id.replace(/-/g, '')}.${mac(secret, f).toString('base64url')}`;
}

/** The link id a well-formed token names (its dashes restored), or null. */
export function payLinkIdOf(token: string): string | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const h = m[1];
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** True when `token` is the signature of exactly these fields. */
export function verifyPayLinkToken(secret: string | null, token: string, f: SignedFields): boolean {
  const m = TOKEN.exec(token);
  if (!m) return false;
  const given = Buffer.from(m[2], 'base64url');
  const expected = mac(secret, f);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
