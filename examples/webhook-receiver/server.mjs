#!/usr/bin/env node
/**
 * A minimal receiver for InvoicePay's automation webhook — the checks every integration should make:
 *
 *  1. verify `X-InvoicePay-Signature: t=<unix>,v1=<hex>` = HMAC-SHA256(secret, `${t}.${rawBody}`),
 *     compared in constant time, over the RAW body (before any JSON parsing);
 *  2. refuse old timestamps (default 5 minutes) so a captured request cannot be replayed later;
 *  3. apply each `Idempotency-Key` once: InvoicePay retries until it gets a 2xx, so the same
 *     payment can arrive more than once — acknowledge repeats without recording them again;
 *  4. answer 2xx quickly (anything else is retried with backoff).
 *
 * Run:  INVOICEPAY_WEBHOOK_SECRET=whsec_… PORT=8788 node examples/webhook-receiver/server.mjs
 * No dependencies; Node 18+.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

/**
 * The header is `t=<unix>,v1=<hex>`; after the merchant rotates the secret it carries a second
 * `v1=` for 24 hours (the new secret's and the old one's), so accept the delivery when ANY `v1`
 * matches your secret.
 * @returns {{ ok: true, timestamp: number } | { ok: false, reason: string }}
 */
export function verifySignature(secret, header, rawBody, { toleranceSeconds = 300, now = Date.now() } = {}) {
  if (!header) return { ok: false, reason: 'missing signature header' };
  const pairs = String(header)
    .split(',')
    .map((p) => p.trim().split('='))
    .filter((kv) => kv.length === 2);
  const timestamp = Number(pairs.find(([k]) => k === 't')?.[1]);
  const signatures = pairs.filter(([k, v]) => k === 'v1' && /^[0-9a-f]{64}$/.test(v)).map(([, v]) => v);
  if (!Number.isInteger(timestamp) || signatures.length === 0)
    return { ok: false, reason: 'malformed signature header' };
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds)
    return { ok: false, reason: 'timestamp outside the tolerance' };
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  const matches = signatures.some((hex) => {
    const given = Buffer.from(hex, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) return { ok: false, reason: 'signature does not match' };
  return { ok: true, timestamp };
}

/** Both payload versions: `v1` (the spec's body, decimal amounts) and `2026-11` (events, minor units). */
function printPayment(payload) {
  if (payload.object === 'event') {
    const o = payload.data.object;
    const amount = typeof o.amount === 'number' ? ` ${o.amount} (minor units) ${o.currency}` : '';
    console.log(
      `${payload.type} ${o.object} ${o.id}${o.invoice_number ? ` on invoice ${o.invoice_number}` : ''}:${amount}` +
        `${o.reference ? `, reference ${o.reference}` : ''}`,
    );
    return;
  }
  const d = payload.payment_details ?? {};
  const what =
    payload.event === 'refund.succeeded' ? 'Refund' : payload.event === 'test' ? 'Test payment' : 'Payment';
  console.log(
    `${what} on invoice ${payload.InvoiceNumber}: ${payload.Amount} ${payload.Currency} ` +
      `(surcharge ${d.surcharge_amount}, total ${d.total_amount}) on ${payload.Date}, reference ${payload.Reference}`,
  );
}

/**
 * An http.Server that verifies, de-duplicates and hands each new payment to `onPayment`.
 * `now` and `toleranceSeconds` are there for tests.
 */
export function createReceiver({
  secret,
  onPayment = printPayment,
  now = () => Date.now(),
  toleranceSeconds = 300,
}) {
  if (!secret) throw new Error('Set INVOICEPAY_WEBHOOK_SECRET to the secret shown in the InvoicePay console');
  const seen = new Set();
  return createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const answer = (status, body) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST') return answer(405, { error: 'POST only' });
      const check = verifySignature(secret, req.headers['x-invoicepay-signature'], raw, {
        toleranceSeconds,
        now: now(),
      });
      if (!check.ok) return answer(400, { error: `invalid signature: ${check.reason}` });
      const key = req.headers['idempotency-key'];
      if (key && seen.has(key)) return answer(200, { received: true, duplicate: true });
      let payload;
      try {
        payload = JSON.parse(raw);
      } catch {
        return answer(400, { error: 'body is not JSON' });
      }
      onPayment(payload, { idempotencyKey: key ?? null });
      if (key) seen.add(key);
      answer(200, { received: true, duplicate: false });
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env.PORT ?? 8788);
  createReceiver({ secret: process.env.INVOICEPAY_WEBHOOK_SECRET }).listen(port, () =>
    console.log(`Listening for InvoicePay webhooks on http://localhost:${port}/`),
  );
}
