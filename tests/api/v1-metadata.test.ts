/**
 * Metadata on pay links, payments and refunds (issue 33), with Stripe's limits: a link's metadata is
 * returned and a payment made through it starts with it; `POST /api/v1/payments/{id}` merges (""
 * removes a key) and a read-only key may not; a refund takes its own; too many keys, a long key or
 * value, or a merge past the limit is 400 naming the field; and the console's search finds a payment
 * and a link by a metadata value.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { createConnectedMerchant } from './support/payments.ts';
import { createKey, payThroughSignedLink, type Headers, type MadeKey } from './support/v1.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`metadata (${testDialect})`, () => {
  let t: TestApp;
  let admin: Headers;
  let key: MadeKey;
  let readOnly: MadeKey;
  let paymentId: string;
  let linkId: string;
  let n = 0;

  const post = (path: string, body: unknown, headers: Headers = key.headers) =>
    json(t.app, 'POST', path, body, { ...headers, 'idempotency-key': `meta-${++n}` });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminHeaders(t);
    const merchant = await createConnectedMerchant(t);
    key = await createKey(t, admin, { merchant_id: merchant.id });
    readOnly = await createKey(t, admin, { merchant_id: merchant.id, permission: 'read' });
    const link = await post('/api/v1/pay-links', {
      invoice_number: 'INV-META-1',
      amount: 40_000,
      currency: 'AUD',
      metadata: { order_id: 'ORDER-7731', site: 'trade-portal' },
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    linkId = link.body.id;
    paymentId = await payThroughSignedLink(t, link.body.url, 10_000);
  });
  afterAll(() => t?.close());

  it("a link keeps its metadata, and a payment through it starts with the link's", async () => {
    const link = await json(t.app, 'GET', `/api/v1/pay-links/${linkId}`, undefined, key.headers);
    expect(link.body.metadata).toEqual({ order_id: 'ORDER-7731', site: 'trade-portal' });
    const payment = await json(t.app, 'GET', `/api/v1/payments/${paymentId}`, undefined, key.headers);
    expect(payment.body.metadata).toEqual({ order_id: 'ORDER-7731', site: 'trade-portal' });
    // A link made without metadata answers {}.
    const bare = await post('/api/v1/pay-links', {
      invoice_number: 'INV-META-2',
      amount: 5_000,
      currency: 'AUD',
    });
    expect(bare.body.metadata).toEqual({});
  });

  it('an update merges into the payment\'s metadata; "" removes a key; read-only keys may not', async () => {
    const res = await json(
      t.app,
      'POST',
      `/api/v1/payments/${paymentId}`,
      { metadata: { site: '', crm_id: 'C-88' } },
      key.headers,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.metadata).toEqual({ order_id: 'ORDER-7731', crm_id: 'C-88' });
    const again = await json(t.app, 'GET', `/api/v1/payments/${paymentId}`, undefined, key.headers);
    expect(again.body.metadata).toEqual({ order_id: 'ORDER-7731', crm_id: 'C-88' });
    const refused = await json(
      t.app,
      'POST',
      `/api/v1/payments/${paymentId}`,
      { metadata: { crm_id: 'C-99' } },
      readOnly.headers,
    );
    expect(refused.status).toBe(403);
    // Unknown fields are refused as anywhere in the API.
    const unknown = await json(t.app, 'POST', `/api/v1/payments/${paymentId}`, { amount: 1 }, key.headers);
    expect(unknown.status).toBe(400);
  });

  it('a refund takes its own metadata', async () => {
    const refund = await post(`/api/v1/payments/${paymentId}/refunds`, {
      amount: 1_000,
      metadata: { ticket: 'SUP-12' },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    expect(refund.body.metadata).toEqual({ ticket: 'SUP-12' });
    const listed = await json(t.app, 'GET', `/api/v1/refunds/${refund.body.id}`, undefined, key.headers);
    expect(listed.body.metadata).toEqual({ ticket: 'SUP-12' });
  });

  it("refuses metadata past Stripe's limits, naming the field", async () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
    const cases: Array<[unknown, string]> = [
      [many, 'metadata'],
      [{ ['x'.repeat(41)]: 'v' }, `metadata.${'x'.repeat(41)}`],
      [{ 'bad[key]': 'v' }, 'metadata.bad[key]'],
      [{ note: 'y'.repeat(501) }, 'metadata.note'],
    ];
    for (const [metadata, field] of cases) {
      const res = await post('/api/v1/pay-links', {
        invoice_number: 'INV-META-X',
        amount: 5_000,
        currency: 'AUD',
        metadata,
      });
      expect(res.status, field).toBe(400);
      expect(res.body.error, field).toMatchObject({ code: 'validation_failed', field });
    }
    // 50 keys are fine; a merge that would make 51 is refused.
    const fifty = Object.fromEntries(Array.from({ length: 48 }, (_, i) => [`k${i}`, 'v']));
    const ok = await json(t.app, 'POST', `/api/v1/payments/${paymentId}`, { metadata: fifty }, key.headers);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(Object.keys(ok.body.metadata)).toHaveLength(50);
    const past = await json(
      t.app,
      'POST',
      `/api/v1/payments/${paymentId}`,
      { metadata: { one_more: 'v' } },
      key.headers,
    );
    expect(past.status).toBe(400);
    expect(past.body.error).toMatchObject({ code: 'validation_failed', field: 'metadata' });
  });

  it("the console's search finds the payment and the link by a metadata value", async () => {
    const q = encodeURIComponent(JSON.stringify({ q: 'ORDER-7731' }));
    const payments = await json(t.app, 'GET', `/api/admin/payments?filter=${q}`, undefined, admin);
    expect(payments.status).toBe(200);
    expect(payments.body.map((p: { id: string }) => p.id)).toEqual([paymentId]);
    expect(payments.body[0].metadata).toMatchObject({ order_id: 'ORDER-7731' });
    const links = await json(t.app, 'GET', `/api/admin/pay-links?filter=${q}`, undefined, admin);
    expect(links.body.map((l: { id: string }) => l.id)).toEqual([linkId]);
    const none = encodeURIComponent(JSON.stringify({ q: 'ORDER-0000' }));
    expect((await json(t.app, 'GET', `/api/admin/payments?filter=${none}`, undefined, admin)).body).toEqual(
      [],
    );
  });
});
