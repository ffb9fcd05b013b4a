/**
 * The OpenAPI document is valid and complete: a structural validation (every operation answers,
 * every $ref resolves, operation ids are unique, path parameters are declared both ways, security
 * schemes exist), and every route the Hono app registers appears in it — except the few that are
 * pages, not API operations, each listed below with the reason. Also the human-readable reference
 * at /api/docs, rendered from the same document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderApiReference } from '../../api/docs/render.ts';
import { contentSecurityPolicy } from '../../api/http/security.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Routes the app serves that are deliberately not API operations. */
const NOT_OPERATIONS: Record<string, string> = {
  'GET /api/openapi.json': 'the document itself',
  'GET /api/v1/openapi.json': "the integrator API's part of the document (tests/api/openapi-v1.test.ts)",
  'GET /api/docs': 'the HTML reference page rendered from the document',
  'GET /api/docs/reference.js': "the reference page's script (search, copy, try-it)",
  'GET /debug': "the spec's diagnostics page, a redirect into the admin console (DESIGN §4b)",
  'GET /test/supabase': "the spec's diagnostics page, a redirect into the admin console (DESIGN §4b)",
  'GET /l/{code}': "a pay link's short form: a redirect to its signed /pay page",
};

/** `/api/x/:id{[0-9]+}` → `/api/x/{id}` (Hono's pattern → OpenAPI's template). */
const toTemplate = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');

/** Every `$ref` string anywhere in a value, with where it was found. */
function collectRefs(value: unknown, at = '#', out: { ref: string; at: string }[] = []) {
  if (Array.isArray(value)) value.forEach((v, i) => collectRefs(v, `${at}/${i}`, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push({ ref: v, at });
      else collectRefs(v, `${at}/${k}`, out);
    }
  }
  return out;
}

function resolvePointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined; // only local references are allowed here
  return ref
    .slice(2)
    .split('/')
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Json)[key] : undefined),
      doc,
    );
}

/** Structural validation of an OpenAPI 3.1 document; returns the problems found (none = valid). */
function validateOpenApi(doc: Json): string[] {
  const problems: string[] = [];
  if (!/^3\.1\.\d+$/.test(String(doc.openapi))) problems.push(`openapi is ${doc.openapi}, not 3.1.x`);
  if (!doc.info?.title || !doc.info?.version) problems.push('info.title and info.version are required');
  if (!doc.paths || typeof doc.paths !== 'object') return [...problems, 'paths missing'];
  const schemes = doc.components?.securitySchemes ?? {};
  const operationIds = new Map<string, string>();
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    if (!path.startsWith('/')) problems.push(`${path}: path must start with /`);
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    for (const method of Object.keys(item)) {
      if (!METHODS.includes(method) && !['parameters', 'summary', 'description', 'servers'].includes(method))
        problems.push(`${path}: unknown key ${method}`);
    }
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const responses = Object.entries<Json>(op.responses ?? {});
      if (responses.length === 0) problems.push(`${where}: no responses`);
      for (const [status, res] of responses) {
        if (!/^([1-5]\d\d|[1-5]XX|default)$/.test(status)) problems.push(`${where}: bad status ${status}`);
        if (!res.$ref && typeof res.description !== 'string')
          problems.push(`${where} ${status}: response without description`);
      }
      if (op.operationId !== undefined) {
        if (operationIds.has(op.operationId))
          problems.push(
            `${where}: operationId ${op.operationId} also on ${operationIds.get(op.operationId)}`,
          );
        operationIds.set(op.operationId, where);
      }
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: Json) =>
        p.$ref ? (resolvePointer(doc, p.$ref) as Json) : p,
      );
      const seen = new Set<string>();
      for (const p of params) {
        if (!p?.name || !['query', 'header', 'path', 'cookie'].includes(p.in))
          problems.push(`${where}: malformed parameter ${JSON.stringify(p)}`);
        const key = `${p?.in}:${p?.name}`;
        if (seen.has(key)) problems.push(`${where}: parameter ${key} declared twice`);
        seen.add(key);
        if (p?.in === 'path' && p.required !== true)
          problems.push(`${where}: path parameter ${p.name} must be required`);
        if (p?.in === 'path' && !templated.includes(p.name))
          problems.push(`${where}: path parameter ${p.name} not in the path`);
        if (!p?.schema && !p?.content) problems.push(`${where}: parameter ${p?.name} has no schema`);
      }
      for (const name of templated) {
        if (!params.some((p) => p?.in === 'path' && p.name === name))
          problems.push(`${where}: {${name}} is not declared`);
      }
      if (op.requestBody && !op.requestBody.$ref && !op.requestBody.content)
        problems.push(`${where}: requestBody without content`);
      for (const requirement of op.security ?? doc.security ?? []) {
        for (const name of Object.keys(requirement))
          if (!schemes[name]) problems.push(`${where}: unknown security scheme ${name}`);
      }
    }
  }
  for (const { ref, at } of collectRefs(doc)) {
    if (resolvePointer(doc, ref) === undefined) problems.push(`${at}: $ref ${ref} does not resolve`);
  }
  return problems;
}

describe.skipIf(skip)(`OpenAPI document and reference (${testDialect})`, () => {
  let t: TestApp;
  let doc: Json;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await json(t.app, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body;
  });
  afterAll(async () => {
    await t?.close();
  });

  const documented = () => {
    const ops = new Set<string>();
    for (const [path, item] of Object.entries<Json>(doc.paths))
      for (const m of METHODS) if (item[m]) ops.add(`${m.toUpperCase()} ${path}`);
    return ops;
  };

  it('validates: responses everywhere, resolvable $refs, unique operation ids, declared path parameters', () => {
    expect(validateOpenApi(doc)).toEqual([]);
    expect(documented().size).toBeGreaterThan(40);
  });

  it('the validator catches what it claims to (a broken copy of the real document fails)', () => {
    const broken = structuredClone(doc);
    const [firstPath] = Object.keys(broken.paths).filter((p) => p.includes('{'));
    const op = Object.values<Json>(broken.paths[firstPath])[0];
    op.parameters = (op.parameters ?? []).filter((p: Json) => p.in !== 'path');
    broken.paths['/api/pay/session'].get.responses = {};
    broken.paths['/api/pay/session'].get.operationId = 'dup';
    broken.paths['/healthz'].get.operationId = 'dup';
    broken.components.schemas = {};
    const problems = validateOpenApi(broken).join('\n');
    expect(problems).toMatch(/is not declared/);
    expect(problems).toMatch(/GET \/api\/pay\/session: no responses/);
    expect(problems).toMatch(/operationId dup also on/);
    expect(problems).toMatch(/does not resolve/);
  });

  it('lists every route the app registers, and nothing it does not serve', () => {
    const served = new Set<string>();
    for (const r of t.app.routes) {
      const path = toTemplate(r.path);
      if (r.method === 'ALL') {
        // Middleware (`app.use`): on a wildcard, or on a path some real route serves.
        const covered =
          path.endsWith('*') || t.app.routes.some((o) => o.method !== 'ALL' && toTemplate(o.path) === path);
        expect(
          covered,
          `ALL ${r.path} is a route of its own (not middleware); declare it with createRoute`,
        ).toBe(true);
        continue;
      }
      served.add(`${r.method} ${path}`);
    }
    const ops = documented();
    const missing = [...served].filter((r) => !ops.has(r) && !(r in NOT_OPERATIONS));
    expect(missing, 'routes missing from /api/openapi.json (declare them with createRoute)').toEqual([]);
    const phantom = [...ops].filter((o) => !served.has(o));
    expect(phantom, 'documented operations the app does not serve').toEqual([]);
    // Each exemption is real (a stale entry would hide nothing but mislead).
    for (const route of Object.keys(NOT_OPERATIONS)) expect(served.has(route), route).toBe(true);
  });

  it('serves a readable reference at /api/docs: every tag and operation, parameters, bodies, schemas', async () => {
    const res = await t.app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    // The site's policy: our origin only, no inline or remote script; the page needs no script at all.
    expect(res.headers.get('content-security-policy')).toBe(contentSecurityPolicy('site'));
    const html = await res.text();
    // One script, from our origin, and no inline script (the site's CSP forbids it).
    expect(
      [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => [
        m[0].match(/src="([^"]+)"/)?.[1],
        m[1],
      ]),
    ).toEqual([['/api/docs/reference.js', '']]);
    expect(html.includes('<title>InvoicePay API reference</title>')).toBe(true);
    // (boolean checks: a failing toContain would print the whole page)
    const has = (s: string) => html.includes(s);
    for (const op of documented()) {
      const [method, path] = op.split(' ');
      const anchor = `op-${method.toLowerCase()}-${path.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '')}`;
      expect(has(`id="${anchor}"`), `${op} listed`).toBe(true);
      expect(has(`<code>${path}</code>`), `${op} path shown`).toBe(true);
    }
    const tags = new Set(
      Object.values<Json>(doc.paths).flatMap((item) => METHODS.flatMap((m) => item[m]?.tags ?? [])),
    );
    for (const tag of tags)
      expect(has(`id="tag-${String(tag).replace(/[^A-Za-z0-9_-]+/g, '-')}"`), `tag ${tag}`).toBe(true);
    for (const name of Object.keys(doc.components.schemas))
      expect(has(`id="schema-${name}"`), `schema ${name}`).toBe(true);
    // The create-payment operation shows its header parameter, its body fields and its 200 schema.
    const create = html.slice(html.indexOf('id="op-post-api-payments-create-payment-intent"'));
    const section = create.slice(0, create.indexOf('</section>'));
    expect(section).toContain('<code>Idempotency-Key</code>');
    expect(section).toContain('<code>paySessionId</code>');
    expect(section).toContain('<code>clientSecret</code>');
    expect(section).toMatch(/class="st s4">409</);
    // Admin operations are marked as needing a bearer token; public ones are not.
    const adminOp = html.slice(html.indexOf('id="op-get-api-admin-merchants"'));
    expect(adminOp.slice(0, adminOp.indexOf('</h3>'))).toContain('bearer auth');
    const payOp = html.slice(html.indexOf('id="op-get-api-pay-session"'));
    expect(payOp.slice(0, payOp.indexOf('</h3>'))).not.toContain('bearer auth');
    expect(payOp.slice(0, payOp.indexOf('</h3>'))).toContain('public');
    const v1Op = html.slice(html.indexOf('id="op-post-api-v1-pay-links"'));
    expect(v1Op.slice(0, v1Op.indexOf('</h3>'))).toContain('API key');
  });

  it('escapes everything taken from the document', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const html = renderApiReference({
      openapi: '3.1.0',
      info: { title: evil, version: '"><script>x</script>' },
      paths: {
        '/x/{id}': {
          get: {
            tags: [evil],
            summary: evil,
            parameters: [
              { name: evil, in: 'path', required: true, schema: { type: 'string', example: evil } },
            ],
            responses: {
              200: {
                description: evil,
                content: {
                  'application/json': {
                    schema: { type: 'object', properties: { [evil]: { type: 'string', enum: [evil] } } },
                  },
                },
              },
            },
          },
        },
      },
    });
    expect(html).not.toContain('<img');
    // The page's own script tag is the only one: nothing from the document became a script.
    expect(html.match(/<script/g)).toEqual(['<script']);
    expect(html).not.toContain('<script>x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
