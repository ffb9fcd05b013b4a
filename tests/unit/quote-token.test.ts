/** Quote ids: what the server priced, signed; any change to it, or another secret, is not a quote. */
import { describe, expect, it } from 'vitest';
import { readQuote, signQuote, type QuoteClaims } from '../../api/payments/create/quote-token.ts';

const SECRET = 'quote-test-secret-quote-test-secret-01';
const claims: QuoteClaims = {
  sid: '3f0c8a52-1d0e-4c1e-9a57-1f1f2b6d9e10',
  merchantId: 'm-1',
  invoiceNumber: 'INV-1',
  currency: 'AUD',
  amount: 10000,
  token: 'ctoken_abc',
  method: { type: 'card', brand: 'visa', funding: 'debit', country: 'AU', wallet: null, last4: '5556' },
  bps: 0,
  rule: 'debit: 0%',
  total: 10000,
  expiresAt: 1_800_000_000_000,
};

describe('quote ids', () => {
  it('round-trips what was priced', () => {
    expect(readQuote(SECRET, signQuote(SECRET, claims))).toEqual(claims);
  });

  it('refuses a changed payload, a changed mac, another secret and garbage', () => {
    const id = signQuote(SECRET, claims);
    const [prefix, payload, mac] = id.split('.');
    const cheaper = Buffer.from(
      Buffer.from(payload, 'base64url').toString('utf8').replace('"debit: 0%"', '"credit: 0%"'),
    ).toString('base64url');
    expect(readQuote(SECRET, `${prefix}.${cheaper}.${mac}`)).toBeNull();
    expect(
      readQuote(SECRET, `${prefix}.${payload}.${mac.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`),
    ).toBeNull();
    expect(readQuote('another-secret-another-secret-another-1', id)).toBeNull();
    for (const bad of ['', 'q1', 'q1.x.y', `${id}.extra`, 'q2.' + id.slice(3)])
      expect(readQuote(SECRET, bad)).toBeNull();
  });
});
