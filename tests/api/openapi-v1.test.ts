/**
 * `/api/v1/openapi.json`, the integrator API's own document: public; only `/api/v1` paths, the
 * webhooks, and the components they use (no console, pay-page or sandbox route or schema); patterns
 * valid in JSON Schema (none ends in a regular expression's `/u`); linted by Redocly's recommended
 * rules (redocly.yaml) at 0 errors and 0 warnings; and real answers of the API — a pay link with a
 * customer email, its list, a payment, a refund, an invoice, an error — and a request it accepts
 * validated against it by Ajv (JSON Schema 2020-12, as generated clients read it).
 */
import Ajv2020 from 'ajv/dist/2020.js';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { createConnectedMerchant } from './support/payments.ts';
import { createKey, payThroughSignedLink, type MadeKey } from './support/v1.ts';

const skip = await skipPostgres();
type Json = Record<string, any>;

describe.skipIf(skip)(`/api/v1/openapi.json (${testDialect})`, () => {
  let t: TestApp;
  let key: MadeKey;
  let doc: Json;

  beforeAll(async () => {
    t = await createTestApp({ env: { OUTBOUND_ALLOWLIST: '127.0.0.1' } });
    const admin = await adminHeaders(t);
    const merchant = await createConnectedMerchant(t);
    key = await createKey(t, admin, { merchant_id: merchant.id });
    const res = await json(t.app, 'GET', '/api/v1/openapi.json'); // no key: the document is public
    expect(res.status).toBe(200);
    doc = res.body;
  });
  afterAll(() => t?.close());

  it('holds the integrator API alone, every reference resolving', async () => {
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThan(5);
    expect(paths.filter((p) => !p.startsWith('/api/v1/'))).toEqual([]);
    expect(Object.keys(doc.webhooks ?? {}).length).toBeGreaterThan(0);
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/\/api\/(admin|pay|sandbox|auth)\b/);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/(\w+)\/([^"]+)"/g)];
    for (const [, kind, name] of refs)
      expect(doc.components?.[kind]?.[name], `${kind}/${name}`).toBeDefined();
    // Nothing unused is left behind: every schema is referred to.
    const referred = new Set(refs.map(([, kind, name]) => `${kind}/${name}`));
    expect(Object.keys(doc.components.schemas).filter((n) => !referred.has(`schemas/${n}`))).toEqual([]);
    // The full document still has everything.
    const full = await json(t.app, 'GET', '/api/openapi.json');
    expect(Object.keys(full.body.paths).some((p) => p.startsWith('/api/admin/'))).toBe(true);
    for (const d of [doc, full.body]) expect(JSON.stringify(d)).not.toMatch(/"pattern":"[^"]*\$\/[a-z]+"/);
  });

  it("passes Redocly's recommended rules with no error and no warning", () => {
    const dir = mkdtempSync(join(tmpdir(), 'invoicepay-redocly-'));
    try {
      writeFileSync(join(dir, 'openapi.json'), JSON.stringify(doc));
      const lint = spawnSync(
        process.execPath,
        [
          resolve('node_modules/@redocly/cli/bin/cli.js'),
          'lint',
          join(dir, 'openapi.json'),
          '--config',
          resolve('redocly.yaml'),
          '--format',
          'json',
        ],
        { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: dir, REDOCLY_TELEMETRY: 'off' } },
      );
      const report = JSON.parse(lint.stdout.slice(lint.stdout.indexOf('{'))) as {
        totals: { errors: number; warnings: number };
        problems: Array<{ ruleId: string; message: string }>;
      };
      expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
      expect(lint.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('describes real answers: Ajv validates them against the response schemas', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema({ ...doc, $id: 'v1' }, 'v1');
    const check = (method: string, template: string, status: number, body: unknown) => {
      const op = doc.paths[template]?.[method];
      expect(op, `${method} ${template}`).toBeDefined();
      const answer = op.responses[String(status)] ?? op.responses.default;
      const schema = answer.content['application/json'].schema;
      const pointer = schema.$ref
        ? `v1${schema.$ref}`
        : `v1#/paths/${template.replaceAll('/', '~1')}/${method}/responses/${op.responses[String(status)] ? status : 'default'}/content/application~1json/schema`;
      const validate = ajv.getSchema(pointer);
      expect(validate, pointer).toBeDefined();
      const ok = validate!(body);
      expect(ok ? [] : validate!.errors, `${method} ${template} ${status}`).toEqual([]);
    };
    // A request the API accepts is one the document accepts (an email pattern ending in `/u` refused it).
    const linkBody = {
      invoice_number: 'INV-AJV-1',
      amount: 50_000,
      currency: 'AUD',
      customer_email: 'payer@builder.test',
    };
    const requestSchema = doc.paths['/api/v1/pay-links'].post.requestBody.content['application/json'].schema;
    const validateRequest = ajv.getSchema(
      requestSchema.$ref
        ? `v1${requestSchema.$ref}`
        : 'v1#/paths/~1api~1v1~1pay-links/post/requestBody/content/application~1json/schema',
    )!;
    expect(validateRequest(linkBody) ? [] : validateRequest.errors).toEqual([]);
    const link = await json(t.app, 'POST', '/api/v1/pay-links', linkBody, {
      ...key.headers,
      'idempotency-key': 'ajv-1',
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    check('post', '/api/v1/pay-links', 201, link.body);
    check(
      'get',
      '/api/v1/pay-links',
      200,
      (await json(t.app, 'GET', '/api/v1/pay-links', undefined, key.headers)).body,
    );
    const paymentId = await payThroughSignedLink(t, link.body.url, 20_000);
    const payment = await json(t.app, 'GET', `/api/v1/payments/${paymentId}`, undefined, key.headers);
    check('get', '/api/v1/payments/{id}', 200, payment.body);
    const refund = await json(
      t.app,
      'POST',
      `/api/v1/payments/${paymentId}/refunds`,
      { amount: 5_000 },
      { ...key.headers, 'idempotency-key': 'ajv-refund-1' },
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    check('post', '/api/v1/payments/{id}/refunds', 201, refund.body);
    const invoices = await json(t.app, 'GET', '/api/v1/invoices', undefined, key.headers);
    check('get', '/api/v1/invoices', 200, invoices.body);
    const missing = await json(
      t.app,
      'GET',
      '/api/v1/payments/00000000-0000-4000-8000-000000000000',
      undefined,
      key.headers,
    );
    expect(missing.status).toBe(404);
    check('get', '/api/v1/payments/{id}', 404, missing.body);

    // Webhook endpoints and events (the endpoint is made after the payment: its events were sent nowhere).
    const endpoint = await json(
      t.app,
      'POST',
      '/api/v1/webhook_endpoints',
      { url: 'http://127.0.0.1:9/hook', enabled_events: ['payment.succeeded'] },
      key.headers,
    );
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    check('post', '/api/v1/webhook_endpoints', 201, endpoint.body);
    check(
      'get',
      '/api/v1/webhook_endpoints',
      200,
      (await json(t.app, 'GET', '/api/v1/webhook_endpoints', undefined, key.headers)).body,
    );
    await payThroughSignedLink(t, link.body.url, 10_000);
    const events = await json(t.app, 'GET', '/api/v1/events', undefined, key.headers);
    expect(events.body.data.length).toBe(1);
    check('get', '/api/v1/events', 200, events.body);
    const event = await json(
      t.app,
      'GET',
      `/api/v1/events/${events.body.data[0].id}`,
      undefined,
      key.headers,
    );
    check('get', '/api/v1/events/{id}', 200, event.body);
    const resent = await json(
      t.app,
      'POST',
      `/api/v1/events/${events.body.data[0].id}/resend`,
      { endpoint_id: endpoint.body.id },
      key.headers,
    );
    expect(resent.status).toBe(202);
    check('post', '/api/v1/events/{id}/resend', 202, resent.body);
    const rotated = await json(
      t.app,
      'POST',
      `/api/v1/webhook_endpoints/${endpoint.body.id}/rotate_secret`,
      { keep_previous_hours: 0 },
      key.headers,
    );
    check('post', '/api/v1/webhook_endpoints/{id}/rotate_secret', 200, rotated.body);
    const deleted = await json(
      t.app,
      'DELETE',
      `/api/v1/webhook_endpoints/${endpoint.body.id}`,
      undefined,
      key.headers,
    );
    check('delete', '/api/v1/webhook_endpoints/{id}', 200, deleted.body);
  });
});
