/**
 * Unknown request fields are refused, not silently dropped: every write operation in
 * /api/openapi.json with a JSON body — the list is read from the document, so routes added later are
 * covered — answers 400 naming a field it does not declare, nested ones too. The review's case:
 * `{"url": …}` on the automation-webhook route answered 200 and saved nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`unknown request fields (${testDialect})`, () => {
  let t: TestApp;
  let admin: { authorization: string };
  let merchantId: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminHeaders(t);
    const made = await json(
      t.app,
      'POST',
      '/api/admin/merchants',
      { business_name: 'Acme Timber', name: 'Alex', email: 'alex@acme.example' },
      admin,
    );
    merchantId = made.body.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every write operation with a JSON body refuses a field it does not declare', async () => {
    const doc = (await json(t.app, 'GET', '/api/openapi.json')).body;
    const checked: string[] = [];
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const method of ['post', 'put', 'patch', 'delete']) {
        if (!item[method]?.requestBody?.content?.['application/json']) continue;
        const url = path
          .replace('{provider}', 'xero')
          .replace(/payment_intents\/\{id\}/, 'payment_intents/pi_unknownfields')
          .replace(/\{[^}]+\}/g, merchantId);
        const res = await json(t.app, method.toUpperCase(), url, { surprise_field: 1 }, admin);
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(res.body.error, `${method} ${path}`).toMatchObject({
          code: 'validation_failed',
          field: 'surprise_field',
          message: 'Unknown field: surprise_field',
        });
        checked.push(`${method} ${path}`);
      }
    }
    expect(checked.length).toBeGreaterThan(20);
    expect(checked).toContain('put /api/admin/merchants/{id}/webhook');
  });

  it('refuses {"url": …} on the automation-webhook route and saves nothing', async () => {
    const res = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchantId}/webhook`,
      { url: 'https://hooks.example.com/x' },
      admin,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('url');
    const row = await t.deps.database.db
      .selectFrom('merchants')
      .select(['make_webhook_url'])
      .where('id', '=', merchantId)
      .executeTakeFirstOrThrow();
    expect(row.make_webhook_url).toBeNull();
  });

  it('names nested unknown fields by their path (a misspelt surcharge rule would match every card)', async () => {
    const res = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchantId}`,
      { surcharge_rules: [{ fundng: 'credit', percentage: 1.5 }] },
      admin,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      field: 'surcharge_rules.0.fundng',
      message: 'Unknown field: surcharge_rules.0.fundng',
    });
    const good = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchantId}`,
      { surcharge_rules: [{ funding: 'credit', percentage: 1.5 }] },
      admin,
    );
    expect(good.status).toBe(200);
  });

  it('still takes the fields routes declare on purpose (the spec client’s extras on payment creation)', async () => {
    const res = await json(t.app, 'POST', '/api/payments/create-payment-intent', {
      merchantId,
      amount: 1000,
      currency: 'aud',
      invoiceNumber: 'INV-1',
      surcharge: 30,
      total_amount: 1030,
      metadata: { any: 'thing' },
    });
    expect(res.body?.error?.message ?? '').not.toMatch(/Unknown field/);
  });
});
