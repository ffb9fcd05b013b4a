/**
 * Quote ids: stateless, `q1.<payload>.<mac>` (HMAC-SHA256, key derived from JWT_SECRET). The payload
 * is what the server priced — for which pay session or link, which amount, which confirmation token
 * and the payment method its preview showed, the surcharge rate and rule that applied, the total —
 * and until when the quote holds. Quoting writes nothing; a create request carrying the quote id is
 * checked against it: same token, same amount, same link, the same rule still applying to the quoted
 * method (the merchant may have changed its policy) and not expired. Anything else is a changed
 * quote (409 with the new breakdown), never a charge at a price the customer did not see.
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

export interface QuotedMethod {
  type: string;
  brand: string | null;
  funding: string | null;
  country: string | null;
  wallet: string | null;
  last4: string | null;
}

export interface QuoteClaims {
  /** The pay session's id, or null for a direct API call. */
  sid: string | null;
  merchantId: string;
  invoiceNumber: string;
  currency: string;
  amount: number;
  token: string;
  method: QuotedMethod;
  bps: number;
  rule: string;
  total: number;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

const PREFIX = 'q1';
/** A quote holds this long (Stripe's confirmation tokens live about as long). */
export const QUOTE_TTL_MS = 15 * 60_000;

const keys = new Map<string, KeyObject>();
function keyFor(secret: string | null): KeyObject {
  if (!secret || secret.length < 32) throw new Error('JWT_SECRET is not configured');
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(createHmac('sha256', secret).update('invoicepay quote v1').digest());
    keys.set(secret, key);
  }
  return key;
}

const mac = (secret: string | null, payload: string) =>
  createHmac('sha256', keyFor(secret)).update(`${PREFIX}.${payload}`).digest();

export function signQuote(secret: string | null, q: QuoteClaims): string {
  const m = q.method;
  const payload = Buffer.from(
    JSON.stringify([
      q.sid,
      q.merchantId,
      q.invoiceNumber,
      q.currency,
      q.amount,
      q.token,
      [m.type, m.brand, m.funding, m.country, m.wallet, m.last4],
      q.bps,
      q.rule,
      q.total,
      q.expiresAt,
    ]),
  ).toString('base64url');
  return `${PREFIX}.${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The claims of an authentic quote id (expired or not), or null. */
export function readQuote(secret: string | null, quoteId: string): QuoteClaims | null {
  if (typeof quoteId !== 'string' || quoteId.length > 4000) return null;
  const [prefix, payload, given, extra] = quoteId.split('.');
  if (prefix !== PREFIX || !payload || !given || extra !== undefined) return null;
  const expected = mac(secret, payload);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    const [sid, merchantId, invoiceNumber, currency, amount, token, m, bps, rule, total, expiresAt] =
      JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const [type, brand, funding, country, wallet, last4] = m;
    return {
      sid,
      merchantId,
      invoiceNumber,
      currency,
      amount,
      token,
      method: { type, brand, funding, country, wallet, last4 },
      bps,
      rule,
      total,
      expiresAt,
    };
  } catch {
    return null;
  }
}
