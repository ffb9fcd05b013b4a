/**
 * The foundation through HTTP: health and readiness, the generated OpenAPI document, the error
 * model, CORS per prefix, security headers, and the schema's invariants on this dialect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`foundation (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers /healthz and /readyz with the dialect', async () => {
    expect((await json(t.app, 'GET', '/healthz')).body).toEqual({ status: 'ok' });
    const ready = await json(t.app, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', database: testDialect });
  });

  it('reports not ready when the database is gone', async () => {
    const other = await createTestApp();
    await other.close();
    const ready = await json(other.app, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe('unavailable');
  });

  it('generates an OpenAPI 3.1 document listing its routes', async () => {
    const doc = await json(t.app, 'GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/healthz', '/readyz', '/api/public/config']),
    );
  });

  it('gives unknown API paths a JSON 404 in the error model, with a request id', async () => {
    const res = await json(t.app, 'GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    expect(res.headers.get('x-request-id')).toMatch(/.{8,}/);
  });

  it('exposes only the public configuration allowlist', async () => {
    const res = await json(t.app, 'GET', '/api/public/config');
    expect(res.body).toEqual({
      productName: 'InvoicePay',
      paymentsMode: 'sandbox',
      publishableKey: null,
      publicBaseUrl: 'http://127.0.0.1:8787',
      merchantSignup: true,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/secret/i);
  });

  it('answers CORS preflights on the widget prefixes for any origin, and refuses them elsewhere', async () => {
    for (const path of [
      '/api/pay/session',
      '/api/payments/create-payment-intent',
      '/api/sandbox/payment-methods',
    ]) {
      const res = await t.app.request(path, {
        method: 'OPTIONS',
        headers: { origin: 'https://merchant.example', 'access-control-request-method': 'POST' },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-headers')).toBe(
        'content-type, idempotency-key, authorization',
      );
    }
    const admin = await t.app.request('/api/admin/merchants', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(admin.status).toBe(403);
    expect(admin.headers.get('access-control-allow-origin')).toBeNull();
    const config = await t.app.request('/api/public/config', { headers: { origin: 'https://evil.example' } });
    expect(config.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sets security headers', async () => {
    const res = await t.app.request('/healthz');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // X-Forwarded-Proto is believed only with TRUST_PROXY=1 (tests/reliability/headers.test.ts).
    const https = await t.app.request('/healthz', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toBeNull();
  });

  it('enforces the schema invariants', async () => {
    const { db } = t.deps.database;
    const now = '2026-11-22T00:00:00.000Z';
    const merchant = {
      id: '11111111-1111-4111-8111-111111111111',
      shortcode: '11111111',
      business_name: 'Acme Timber',
      name: 'Ann',
      email: 'ann@acme.test',
      created_at: now,
      last_updated: now,
    };
    await db.insertInto('merchants').values(merchant).execute();
    await expect(
      db
        .insertInto('merchants')
        .values({ ...merchant, id: '11111111-2222-4111-8111-111111111111' })
        .execute(),
    ).rejects.toThrow(/unique|UNIQUE/);
    const invoice = {
      id: 'inv-1',
      merchant_id: merchant.id,
      invoice_number: 'INV-1',
      number_key: 'inv-1',
      currency: 'AUD',
      created_at: now,
      updated_at: now,
    };
    await db.insertInto('invoices').values(invoice).execute();
    await expect(
      db
        .insertInto('invoices')
        .values({ ...invoice, id: 'inv-2' })
        .execute(),
    ).rejects.toThrow(/unique|UNIQUE/);
    await expect(
      db
        .insertInto('payments')
        .values({
          id: 'p1',
          merchant_id: merchant.id,
          invoice_number: 'INV-1',
          amount: -1,
          total_amount: 0,
          created_at: now,
          updated_at: now,
        })
        .execute(),
    ).rejects.toThrow(/check|CHECK/);
    await expect(
      db
        .insertInto('payments')
        .values({
          id: 'p2',
          merchant_id: 'no-such-merchant',
          invoice_number: 'INV-1',
          amount: 1,
          total_amount: 1,
          created_at: now,
          updated_at: now,
        })
        .execute(),
    ).rejects.toThrow(/foreign|FOREIGN/);
    const big = 9_007_199_254_740_991;
    await db
      .insertInto('payments')
      .values({
        id: 'p3',
        merchant_id: merchant.id,
        invoice_number: 'INV-1',
        amount: big,
        total_amount: big,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const row = await db
      .selectFrom('payments')
      .select(['amount'])
      .where('id', '=', 'p3')
      .executeTakeFirstOrThrow();
    expect(row.amount).toBe(big);
    const count = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM payments`.execute(db);
    expect(Number(count.rows[0].n)).toBe(1);
  });
});
