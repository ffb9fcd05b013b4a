/**
 * The OpenAPI document as code generators need it: every operation with an operationId and tags
 * (listed at the top level, pay and integrator before the console), no untyped (`{}`) schema, every
 * error answer with the `Error` schema and its catalogue of codes, the Idempotency-Key header and
 * the API-key scheme declared, closed request bodies, a `webhooks` entry for every automation event.
 * openapi-typescript turns it into types without a warning, and those types compile; Redocly's
 * recommended rules find no error.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BaseResolver, createConfig, lintDocument, makeDocumentFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENT_TYPES } from '../../api/merchant-webhooks/webhook-events.ts';
import { ERROR_CODES } from '../../api/errors.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();
type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function operations(doc: Json): Array<{ where: string; path: string; op: Json }> {
  return Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ where: `${m.toUpperCase()} ${path}`, path, op: item[m] })),
  );
}

/** Every schema position holding an untyped schema (`{}`, or only a description). */
function untyped(value: unknown, at: string, out: string[] = [], slot = false): string[] {
  if (Array.isArray(value)) value.forEach((v, i) => untyped(v, `${at}/${i}`, out, slot));
  else if (value && typeof value === 'object') {
    const keys = Object.keys(value).filter((k) => !['description', 'example', 'title'].includes(k));
    if (slot && keys.length === 0) out.push(at);
    for (const [k, v] of Object.entries(value)) {
      if (k === 'example' || k === 'examples') continue;
      const childSlot = ['schema', 'items', 'additionalProperties', 'not'].includes(k);
      if (['properties', 'schemas'].includes(k))
        for (const [name, s] of Object.entries(v ?? {})) untyped(s, `${at}/${k}/${name}`, out, true);
      else if (['anyOf', 'oneOf', 'allOf'].includes(k)) untyped(v, `${at}/${k}`, out, true);
      else untyped(v, `${at}/${k}`, out, childSlot && typeof v === 'object');
    }
  }
  return out;
}

describe.skipIf(skip)(`OpenAPI for generators (${testDialect})`, () => {
  let t: TestApp;
  let doc: Json;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await json(t.app, 'GET', '/api/openapi.json')).body;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives every operation an operationId and tags, all listed at the top level in readers order', () => {
    const topLevel = (doc.tags as Json[]).map((t) => t.name);
    for (const { where, op } of operations(doc)) {
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(op.tags?.length, where).toBeGreaterThan(0);
      for (const tag of op.tags) expect(topLevel, `${where} tag ${tag}`).toContain(tag);
    }
    // The integrator API first, then the pay page's and the sandbox's internals (issue 51 item 7).
    expect(topLevel.slice(0, 3)).toEqual(['Pay links', 'Payments', 'Refunds']);
    expect(topLevel.indexOf('Pay page')).toBeGreaterThan(topLevel.indexOf('Webhook events'));
    expect(topLevel.indexOf('Sandbox')).toBeGreaterThan(topLevel.indexOf('Pay page'));
    expect(topLevel.findIndex((t) => t.startsWith('Console'))).toBeGreaterThan(topLevel.indexOf('Invoices'));
    expect(doc.paths['/api/v1/pay-links'].post.operationId).toBe('createPayLink');
    expect(doc.paths['/api/admin/merchants/{id}'].get.operationId).toBe('getAdminMerchantsById');
  });

  it('has no untyped schema', () => {
    expect(untyped({ paths: doc.paths, components: doc.components, webhooks: doc.webhooks }, '#')).toEqual(
      [],
    );
  });

  it('answers every error with the Error schema and its catalogue of codes', () => {
    const code = doc.components.schemas.Error.properties.error.properties.code;
    expect(code.enum.sort()).toEqual(Object.keys(ERROR_CODES).sort());
    for (const c of Object.keys(ERROR_CODES)) expect(code.description).toContain(`\`${c}\``);
    for (const { where, op } of operations(doc)) {
      expect(op.responses.default, where).toBeDefined();
      for (const [status, res] of Object.entries<Json>(op.responses)) {
        if (status !== 'default' && Number(status) < 400) continue;
        expect(res.content?.['application/json']?.schema, `${where} ${status}`).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
    }
    expect(doc.paths['/api/v1/pay-links'].post.responses['409'].description).toContain(
      '`idempotency_conflict`',
    );
  });

  it('declares the Idempotency-Key header, the API-key scheme, versions and closed request bodies', () => {
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
    for (const [path, method] of [
      ['/api/v1/pay-links', 'post'],
      ['/api/v1/payments/{id}/refunds', 'post'],
      ['/api/payments/create-payment-intent', 'post'],
    ])
      expect(doc.paths[path][method].parameters, path).toContainEqual({
        $ref: '#/components/parameters/IdempotencyKey',
      });
    expect(doc.components.securitySchemes.apiKey).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'API key',
    });
    for (const { where, path, op } of operations(doc)) {
      expect(op.security, where).toBeDefined();
      if (!path.startsWith('/api/v1/')) continue;
      expect(op.security, where).toEqual([{ apiKey: [] }, { bearerAuth: [] }]);
      expect(Object.keys(op.responses), where).toEqual(expect.arrayContaining(['401', '403', '404', '429']));
      for (const res of Object.values<Json>(op.responses))
        expect(res.headers?.['API-Version'], where).toBeDefined();
    }
    expect(doc.components.schemas.PayLinkInput.additionalProperties).toBe(false);
  });

  it('describes every automation webhook event and its payloads', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...EVENT_TYPES, 'test'].sort());
    for (const [name, item] of Object.entries<Json>(doc.webhooks)) {
      const body = item.post.requestBody.content['application/json'].schema;
      const variants = (body.anyOf ?? [body]).map((s: Json) => s.$ref);
      expect(variants.length, name).toBeGreaterThan(0);
      expect(
        item.post.parameters.map((p: Json) => p.name),
        name,
      ).toEqual(expect.arrayContaining(['X-InvoicePay-Signature', 'Idempotency-Key', 'X-InvoicePay-Event']));
    }
    // Both versions where v1 has the event; only 2026-11 for the new ones.
    expect(
      doc.webhooks['payment.refunded'].post.requestBody.content['application/json'].schema.anyOf,
    ).toHaveLength(2);
    expect(doc.webhooks['invoice.paid'].post.requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/InvoicePaidEvent',
    );
  });

  it('openapi-typescript generates types without a warning, and they compile', async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    try {
      const source = astToString(await openapiTS(structuredClone(doc) as never));
      expect(warn).not.toHaveBeenCalled();
      expect(error).not.toHaveBeenCalled();
      expect(source).toContain('createPayLink: {');
      expect(source).toContain('export interface webhooks');
      // A client written against the types: wrong fields would not compile.
      const dir = mkdtempSync(join(tmpdir(), 'openapi-ts-'));
      writeFileSync(join(dir, 'api.ts'), source);
      writeFileSync(
        join(dir, 'client.ts'),
        [
          "import type { components, operations } from './api';",
          "type PayLink = components['schemas']['PayLink'];",
          "type Body = operations['createPayLink']['requestBody']['content']['application/json'];",
          "const body: Body = { invoice_number: 'INV-1', amount: 25000, currency: 'AUD', reference: 'R1' };",
          'const amount: number = ({} as PayLink).amount;',
          "const code: components['schemas']['Error']['error']['code'] = 'not_found';",
          'export { body, amount, code };',
        ].join('\n'),
      );
      const program = ts.createProgram([join(dir, 'client.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        types: [],
      });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(problems).toEqual([]);
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });

  it("passes Redocly's recommended rules without an error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintDocument({
      document: makeDocumentFromString(JSON.stringify(doc), '/openapi.json'),
      config: config.styleguide,
      externalRefResolver: new BaseResolver(),
    });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });
});
