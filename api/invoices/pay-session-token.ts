/**
 * Pay-session ids: stateless tokens `ps2.<observation>.<mac>.<sid>`. The signed part (HMAC, key
 * derived from JWT_SECRET) is what the server saw when the link was opened — merchant, invoice,
 * currency, the link's amount and the written-back net S at that moment (DESIGN §3.3 observation).
 * It is the same for everyone who opens the link at that moment, so the pay-session lookup signs
 * it once and reuses it for a short while. The random session id travels beside it, unsigned: it
 * only groups one page's attempts (a new attempt replaces the page's unconfirmed one), and, like
 * the whole token, it is known only to the browser that holds it — signing it would add nothing.
 * Opening a link therefore writes nothing; the observation is stored only when a payment is
 * created against it. The observation cannot be forged or altered, so the link amount in a payment
 * request is the one the server observed. It is a statement about an invoice, so it lives with the
 * invoices: the pay page (api/pay) signs it, payments verify it, and neither imports the other.
 *
 * @example const token = withSessionId(signObservation(secret, { merchantId, invoiceNumber: 'INV-1',
 *   currency: 'AUD', linkAmount: 125000, writtenBack: 0, issuedAt: Date.now(), source: 'link' }),
 *   newSessionId());
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

export interface PaySessionClaims extends Observation {
  /** Random id of the pay session (kept when a page reload resumes the session). */
  sid: string;
}

export interface Observation {
  merchantId: string;
  invoiceNumber: string;
  currency: string;
  /** The link's amount due in minor units, or null when the link had none. */
  linkAmount: number | null;
  /** Written-back net (S) when the link was observed. */
  writtenBack: number;
  /** Milliseconds since the epoch. */
  issuedAt: number;
  /** Where the amount came from: the link, or the connected accounting tool's live amount due. */
  source: 'link' | 'live';
  /** A signed pay link's id (api/pay-links): quotes and payments check it is still open. */
  payLinkId?: string | null;
}

const PREFIX = 'ps2';
/** A pay page left open longer than this must be reloaded. */
export const PAY_SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// A KeyObject per secret: creating an Hmac from it skips importing raw key bytes on every call.
const keys = new Map<string, KeyObject>();
function keyFor(secret: string | null): KeyObject {
  if (!secret || secret.length < 32) throw new Error('JWT_SECRET is not configured');
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(createHmac('sha256', secret).update('invoicepay pay-session v2').digest());
    keys.set(secret, key);
  }
  return key;
}

export function newSessionId(): string {
  // randomUUID draws from a cached entropy pool: cheaper per call than randomBytes.
  return crypto.randomUUID();
}

/** The signed observation, `ps2.<payload>.<mac>`: join it to a session id with `withSessionId`. */
export function signObservation(secret: string | null, o: Observation): string {
  const payload = Buffer.from(
    JSON.stringify([
      o.merchantId,
      o.invoiceNumber,
      o.currency,
      o.linkAmount,
      o.writtenBack,
      o.issuedAt,
      ...(o.payLinkId ? [o.source, o.payLinkId] : o.source === 'live' ? ['live'] : []),
    ]),
  ).toString('base64url');
  const mac = createHmac('sha256', keyFor(secret)).update(`${PREFIX}.${payload}`).digest('base64url');
  return `${PREFIX}.${payload}.${mac}`;
}

export const withSessionId = (signedObservation: string, sid: string) => `${signedObservation}.${sid}`;

/** The claims of a valid, unexpired token, or null. */
export function verifyPaySession(
  secret: string | null,
  token: string,
  nowMs: number,
): PaySessionClaims | null {
  if (typeof token !== 'string' || token.length > 2000) return null;
  const [prefix, payload, mac, sid, extra] = token.split('.');
  if (prefix !== PREFIX || !payload || !mac || !sid || extra !== undefined || !SESSION_ID.test(sid))
    return null;
  const expected = createHmac('sha256', keyFor(secret)).update(`${PREFIX}.${payload}`).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [merchantId, invoiceNumber, currency, linkAmount, writtenBack, issuedAt, live, payLinkId] =
      JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (
      typeof issuedAt !== 'number' ||
      nowMs - issuedAt > PAY_SESSION_MAX_AGE_MS ||
      issuedAt - nowMs > 60_000
    )
      return null;
    const source = live === 'live' ? 'live' : 'link';
    return {
      sid,
      merchantId,
      invoiceNumber,
      currency,
      linkAmount,
      writtenBack,
      issuedAt,
      source,
      payLinkId: typeof payLinkId === 'string' ? payLinkId : null,
    };
  } catch {
    return null;
  }
}
