/**
 * Pay-session ids: stateless, HMAC-signed tokens (key derived from JWT_SECRET) carrying what the
 * server saw when the customer opened the link — merchant, invoice, currency, the link's amount and
 * the written-back net S at that moment (DESIGN §3.3 observation), plus a random session id.
 * Opening a link therefore writes nothing; the observation is stored only when a payment is created
 * against it. Tokens cannot be forged or altered, so the link amount in a payment request is the one
 * the server observed.
 *
 * @example const token = signPaySession(secret, { sid, merchantId, invoiceNumber: 'INV-1', currency: 'AUD',
 *   linkAmount: 125000, writtenBack: 0, issuedAt: Date.now() });
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

export interface PaySessionClaims {
  /** Random id of the pay session (kept when a page reload resumes the session). */
  sid: string;
  merchantId: string;
  invoiceNumber: string;
  currency: string;
  /** The link's amount due in minor units, or null when the link had none. */
  linkAmount: number | null;
  /** Written-back net (S) when the link was observed. */
  writtenBack: number;
  /** Milliseconds since the epoch. */
  issuedAt: number;
}

const PREFIX = 'ps1';
/** A pay page left open longer than this must be reloaded. */
export const PAY_SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

// A KeyObject per secret: creating an Hmac from it skips importing raw key bytes on every call.
const keys = new Map<string, KeyObject>();
function keyFor(secret: string | null): KeyObject {
  if (!secret || secret.length < 32) throw new Error('JWT_SECRET is not configured');
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(createHmac('sha256', secret).update('invoicepay pay-session v1').digest());
    keys.set(secret, key);
  }
  return key;
}

export function newSessionId(): string {
  // randomUUID draws from a cached entropy pool: cheaper per call than randomBytes.
  return crypto.randomUUID();
}

export function signPaySession(secret: string | null, claims: PaySessionClaims): string {
  const payload = Buffer.from(
    JSON.stringify([
      claims.sid,
      claims.merchantId,
      claims.invoiceNumber,
      claims.currency,
      claims.linkAmount,
      claims.writtenBack,
      claims.issuedAt,
    ]),
  ).toString('base64url');
  const mac = createHmac('sha256', keyFor(secret)).update(`${PREFIX}.${payload}`).digest('base64url');
  return `${PREFIX}.${payload}.${mac}`;
}

/** The claims of a valid, unexpired token, or null. */
export function verifyPaySession(
  secret: string | null,
  token: string,
  nowMs: number,
): PaySessionClaims | null {
  if (typeof token !== 'string' || token.length > 2000) return null;
  const [prefix, payload, mac] = token.split('.');
  if (prefix !== PREFIX || !payload || !mac) return null;
  const expected = createHmac('sha256', keyFor(secret)).update(`${PREFIX}.${payload}`).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [sid, merchantId, invoiceNumber, currency, linkAmount, writtenBack, issuedAt] = JSON.parse(
      Buffer.from(payload, 'base64url').toString('utf8'),
    );
    if (
      typeof issuedAt !== 'number' ||
      nowMs - issuedAt > PAY_SESSION_MAX_AGE_MS ||
      issuedAt - nowMs > 60_000
    )
      return null;
    return { sid, merchantId, invoiceNumber, currency, linkAmount, writtenBack, issuedAt };
  } catch {
    return null;
  }
}
