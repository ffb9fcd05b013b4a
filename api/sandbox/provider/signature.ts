/**
 * Stripe's webhook signature scheme, implemented for the sandbox: header
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, verified in
 * constant time against any `v1` entry, with a replay tolerance. Events the sandbox signs verify
 * with the official SDK's `webhooks.constructEvent` (a test proves it), so our webhook route
 * treats both providers alike.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from '../../ports/payment-provider.ts';

export function signPayload(rawBody: string, secret: string, timestampSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}

/** Throws WebhookSignatureError unless one `v1` signature matches one secret within the tolerance. */
export function verifySignature(
  rawBody: string,
  header: string | null,
  secrets: string[],
  nowMs: number,
  toleranceSeconds: number,
): void {
  if (!header) throw new WebhookSignatureError('Missing Stripe-Signature header');
  let timestamp = -1;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [k, v] = part.split('=', 2).map((s) => s?.trim() ?? '');
    if (k === 't' && /^\d+$/.test(v)) timestamp = Number(v);
    if (k === 'v1' && v) signatures.push(v);
  }
  if (timestamp < 0 || signatures.length === 0) {
    throw new WebhookSignatureError('Unable to extract timestamp and signatures from header');
  }
  const matches = secrets.some((secret) => {
    const expected = Buffer.from(
      createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex'),
    );
    return signatures.some((sig) => {
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  });
  if (!matches)
    throw new WebhookSignatureError('No signatures found matching the expected signature for payload');
  // Stale or dated in the future beyond the tolerance alike (a future date would stretch the replay window).
  if (Math.abs(Math.floor(nowMs / 1000) - timestamp) > toleranceSeconds) {
    throw new WebhookSignatureError('Timestamp outside the tolerance zone');
  }
}
