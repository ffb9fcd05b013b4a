/**
 * The payment calls answer with their headers already in place (api/http/edge.ts completeJson):
 * the quote, the create-and-confirm (first and replayed) and the provider's webhook carry the same
 * security, CORS and request-id headers as any other answer of their path, and the replay its
 * `Idempotent-Replayed`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { cardToken, createConnectedMerchant, sandbox } from './support/payments.ts';

const skip = await skipPostgres();

/** Everything but what differs per answer (date, length, request id value). */
function stableHeaders(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of res.headers)
    if (!['date', 'content-length', 'x-request-id'].includes(name)) out[name] = value;
  return out;
}

describe.skipIf(skip)(`payment answers' headers (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    t.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://supplier.example', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('the quote and the payment, first and replayed, carry the headers of their path', async () => {
    const merchant = await createConnectedMerchant(t);
    const token = await cardToken(t, merchant.stripe_account_id!);
    const where = { merchantId: merchant.id, invoiceNumber: 'HDR-1', amountDue: 50_000, currency: 'aud' };
    // An ordinary answer of the same (public, CORS-open) prefix, made the usual way.
    const refused = await post('/api/payments/quote', { ...where, amount: 1, confirmationToken: token });
    expect(refused.status).toBe(400); // an amount the request schema refuses
    const expected = stableHeaders(refused);
    expect(expected).toMatchObject({
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'content-type': expect.stringContaining('application/json'),
    });

    const quoted = await post('/api/payments/quote', { ...where, amount: 10_000, confirmationToken: token });
    expect(quoted.status).toBe(200);
    expect(quoted.headers.get('x-request-id')).toMatch(/\S/);
    expect(stableHeaders(quoted)).toEqual(expected);
    const { quoteId } = (await quoted.json()) as { quoteId: string };

    const body = { ...where, amount: 10_000, confirmationToken: token, quoteId, customerEmail: 'a@b.test' };
    const first = await post('/api/payments/create-payment-intent', body, { 'idempotency-key': 'hdr-1' });
    expect(first.status).toBe(200);
    expect(stableHeaders(first)).toEqual(expected);
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    const again = await post('/api/payments/create-payment-intent', body, { 'idempotency-key': 'hdr-1' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(await first.json());
    expect(stableHeaders(again)).toEqual({ ...expected, 'idempotent-replayed': 'true' });
  });

  it("the provider's webhook answer carries the headers of its path", async () => {
    const raw = JSON.stringify({
      id: `evt_headers_${crypto.randomUUID().slice(0, 8)}`,
      object: 'event',
      type: 'account.updated',
      account: 'acct_headersUnknown',
      created: Math.floor(t.clock.now().getTime() / 1000),
      data: { object: { id: 'acct_headersUnknown', object: 'account', charges_enabled: false } },
    });
    const res = await t.app.request('/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': sandbox(t).signPayload(raw) },
      body: raw,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, duplicate: false });
    // An ordinary answer of the same path: a refused signature.
    const refused = await t.app.request('/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: raw,
    });
    expect(refused.status).toBe(400);
    expect(stableHeaders(res)).toEqual(stableHeaders(refused));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
