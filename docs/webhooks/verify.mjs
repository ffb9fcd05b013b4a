// Verify an InvoicePay webhook delivery in Node.js (18+), with no dependencies.
//
// X-InvoicePay-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]
// Each v1 is HMAC-SHA256(secret, `${t}.${rawBody}`) in hex. After the merchant rotates the secret,
// deliveries carry two v1 values for 24 hours (the new secret's and the old one's): accept the
// delivery when ANY of them matches yours. Use the raw body bytes, before any JSON parsing.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function verifyInvoicePaySignature(secret, header, rawBody, toleranceSeconds = 300) {
  const pairs = String(header ?? '')
    .split(',')
    .map((part) => part.trim().split('='));
  const timestamp = Number(pairs.find(([key]) => key === 't')?.[1]);
  const signatures = pairs.filter(([key, value]) => key === 'v1' && value).map(([, value]) => value);
  if (!Number.isInteger(timestamp) || signatures.length === 0) return false;
  if (Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false; // a replay
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  return signatures.some((hex) => {
    const given = Buffer.from(hex, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

// In an Express handler (note express.raw, so the body stays bytes):
//   app.post('/invoicepay', express.raw({ type: 'application/json' }), (req, res) => {
//     if (!verifyInvoicePaySignature(process.env.INVOICEPAY_WEBHOOK_SECRET, req.get('X-InvoicePay-Signature'), req.body))
//       return res.status(400).send('invalid signature');
//     // apply req.get('Idempotency-Key') once, then:
//     res.sendStatus(200);
//   });

// From a shell: INVOICEPAY_WEBHOOK_SECRET=whsec_… node verify.mjs "<X-InvoicePay-Signature>" < body.json
if (import.meta.url === `file://${process.argv[1]}`) {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const ok = verifyInvoicePaySignature(
    process.env.INVOICEPAY_WEBHOOK_SECRET,
    process.argv[2],
    Buffer.concat(chunks),
  );
  console.log(ok ? 'verified' : 'invalid signature');
  process.exit(ok ? 0 : 1);
}
