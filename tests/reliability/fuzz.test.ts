/**
 * Input fuzzing (issue 10) against EVERY operation in /api/openapi.json — the list is read from
 * the document at run time, so routes added later are fuzzed too. For each operation fast-check
 * draws requests with random and hostile path parameters, query strings (declared and undeclared
 * keys), headers (content types, idempotency keys, signatures, forwarded-for) and bodies (schema
 * keys with wrong types and hostile strings, arbitrary JSON, broken JSON, form data, deep
 * nesting), each sent without a token, with an admin's, a non-admin's and a forged one. Every
 * answer must be:
 *  - never a 500, never a stack trace, SQL error text or a file path;
 *  - for /api/admin/* without an admin token: 401/403 (the admin API is closed);
 *  - for a rejected request (4xx): no row changed in any table (counts + checksums of every table
 *    before and after; the accepted requests that did change rows prove the check can see it).
 * Runs in-process on SQLite. Counts: 40 requests per operation (DEEP=1: 400).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, bearerFor } from '../support/auth.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { createConnectedMerchant, payThroughLink } from '../api/support/payments.ts';
import { changedTables, snapshot } from './support/db-snapshot.ts';
import { tier } from './support/tiers.ts';

const RUNS_PER_OPERATION = tier(40, 400);
/**
 * The requests are reproducible: one seed per run (FUZZ_SEED, else 1; DEEP=1 draws a fresh one and
 * prints it). Unseeded, "some request got past validation and wrote" (1–3 of 4,360 requests in the
 * runs measured) failed by chance alone now and then.
 */
const SEED = Number(process.env.FUZZ_SEED ?? (process.env.DEEP ? Date.now() % 2 ** 31 : 1));
if (process.env.DEEP) console.info(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} repeats this run)`);

/** What must never appear in an answer (none of it can come from our inputs). */
const LEAKS: [string, RegExp][] = [
  ['stack frame', /\n\s+at [^\n]+:\d+:\d+/],
  ['stack frame', /\bat (async )?[\w.<>]+ \((file:\/\/|\/)[^)]*\)/],
  ['source path', /\/work\/|node_modules|\/api\/[\w/-]+\.ts\b|\.ts:\d+/],
  ['SQLite error', /SqliteError|SQLITE_[A-Z]+|no such (table|column)|near "[^"]*": syntax error/],
  [
    'PostgreSQL error',
    /syntax error at or near|violates (unique|foreign key|check) constraint|relation "[^"]+" does not exist/,
  ],
  [
    'ORM/validator internals',
    /ZodError|KyselyError|TypeError:|ReferenceError:|RangeError:|Cannot read properties of/,
  ],
];

const HOSTILE = [
  "' OR '1'='1",
  '1; DROP TABLE payments; --',
  '" OR ""="',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%00',
  '\u0000',
  '<script>window.__xss=1</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '__proto__',
  'constructor',
  'prototype',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  '9007199254740993',
  '0x1F',
  ' ',
  '',
  'A'.repeat(5000),
  '😀'.repeat(50),
  '\uD800',
  '[',
  '{"$gt":""}',
  '["created_at","DESC; DROP TABLE payments"]',
  '[0,99999999999999999999]',
  '[-5,"x"]',
  'null',
  'true',
  '[]',
  '{}',
  'javascript:alert(1)',
  'http://169.254.169.254/latest/meta-data/',
  'http://127.0.0.1:22/',
  'file:///etc/passwd',
  'pi_' + 'x'.repeat(40),
  '00000000-0000-0000-0000-000000000000',
];
const HEADER_SAFE = HOSTILE.filter((s) => /^[\x20-\x7e]*$/.test(s) && s.length < 2000);

/** Percent-encode; a lone surrogate becomes the invalid UTF-8 escape a hostile client would send. */
function encodeLoosely(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '')) + '%ED%A0%80';
  }
}

interface Operation {
  method: string;
  path: string;
  params: { name: string; in: string }[];
  bodyKeys: string[];
  hasBody: boolean;
}

function bodyKeysOf(doc: any, schema: any, depth = 0): string[] {
  if (!schema || depth > 3) return [];
  if (schema.$ref) return bodyKeysOf(doc, doc.components?.schemas?.[schema.$ref.split('/').pop()], depth + 1);
  const parts = [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  return [
    ...Object.keys(schema.properties ?? {}),
    ...parts.flatMap((p: any) => bodyKeysOf(doc, p, depth + 1)),
  ];
}

function operationsOf(doc: any): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = op.requestBody?.content ?? {};
      const schema =
        content['application/json']?.schema ?? content['application/x-www-form-urlencoded']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).map((p: any) => ({ name: p.name, in: p.in })),
        bodyKeys: [...new Set(bodyKeysOf(doc, schema))],
        hasBody: Boolean(op.requestBody),
      });
    }
  }
  return ops;
}

describe('fuzzing every OpenAPI operation', () => {
  let t: TestApp;
  let ops: Operation[];
  let known: string[];
  let tokens: Record<'none' | 'admin' | 'user' | 'forged', Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp({ autoDeliverEvents: false });
    const admin = await createAdmin(t);
    const user = await createUser(t);
    tokens = {
      none: {},
      admin: admin.headers,
      user: await bearerFor(t, user.id),
      forged: { authorization: `Bearer ${admin.headers.authorization.slice(7, -6)}AAAAAA` },
    };
    // Real rows for the fuzzer to aim at: a merchant with a succeeded payment, a blog post, a prospect.
    const m = await createConnectedMerchant(t);
    const paid = await payThroughLink(t, {
      merchant: m.id,
      invoice: 'INV-FUZZ',
      linkAmount: '500.00',
      amount: 10000,
    });
    await t.deps.payments.flushEvents();
    const blog = await json(
      t.app,
      'POST',
      '/api/admin/blogs',
      {
        title: 'Fuzz post',
        slug: 'fuzz-post',
        content: '<p>x</p>',
        summary: 's',
        author: 'a',
        status: 'published',
      },
      admin.headers,
    );
    expect(blog.status, JSON.stringify(blog.body)).toBeLessThan(300);
    const prospect = await json(t.app, 'POST', '/api/public/prospects', {
      name: 'Pat',
      email: 'pat@example.test',
      company_name: 'Timber Co',
    });
    expect(prospect.status, JSON.stringify(prospect.body)).toBeLessThan(300);
    known = [
      m.id,
      m.shortcode,
      m.stripe_account_id!,
      paid.created.paymentId,
      paid.created.paymentIntentId,
      'INV-FUZZ',
      String(blog.body.id),
      'fuzz-post',
      admin.user.id,
      'xero',
      'quickbooks',
    ];
    const doc = (await json(t.app, 'GET', '/api/openapi.json')).body;
    ops = operationsOf(doc);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads every operation from the OpenAPI document', () => {
    expect(ops.length).toBeGreaterThan(40);
    for (const prefix of [
      '/api/pay/',
      '/api/payments/',
      '/api/admin/',
      '/api/auth/',
      '/api/public/',
      '/api/webhooks/',
    ])
      expect(
        ops.some((o) => o.path.startsWith(prefix)),
        prefix,
      ).toBe(true);
  });

  it('never answers 500, never leaks internals, keeps the admin API closed, and changes no row on a rejection', async () => {
    const text = () =>
      fc.oneof(
        fc.constantFrom(...HOSTILE),
        fc.constantFrom(...known),
        fc.string({ maxLength: 40 }),
        fc.string({ unit: 'grapheme', maxLength: 20 }),
      );
    const headerText = () =>
      fc.oneof(
        fc.constantFrom(...HEADER_SAFE),
        fc.constantFrom(...known),
        fc.stringMatching(/^[\x20-\x7e]{0,40}$/),
      );
    const value = () =>
      fc.oneof(
        text(),
        fc.integer(),
        fc.constantFrom(0, -1, 1, 49, 50, 10_000, 2 ** 53, -(2 ** 31), 1e21),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.jsonValue({ maxDepth: 2 }),
      );
    let requests = 0;
    let acceptedWrites = 0;
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let before = await snapshot(t.deps.database);

    for (const [index, op] of ops.entries()) {
      const req = fc.record({
        auth: fc.constantFrom('none', 'admin', 'user', 'forged', 'admin', 'none') as fc.Arbitrary<
          keyof typeof tokens
        >,
        pathParams: fc.dictionary(
          fc.constantFrom(...op.params.filter((p) => p.in === 'path').map((p) => p.name), '_'),
          text(),
        ),
        query: fc.array(
          fc.tuple(
            fc.oneof(
              fc.constantFrom(
                ...op.params.filter((p) => p.in === 'query').map((p) => p.name),
                'filter',
                'range',
                'sort',
              ),
              fc.string({ maxLength: 8 }),
            ),
            text(),
          ),
          { maxLength: 5 },
        ),
        headers: fc.dictionary(
          fc.constantFrom(
            'content-type',
            'idempotency-key',
            'stripe-signature',
            'x-forwarded-for',
            'x-forwarded-proto',
            'origin',
            'cookie',
            'accept',
            'x-request-id',
          ),
          fc.oneof(
            headerText(),
            fc.constantFrom(
              'application/json',
              'text/plain',
              'multipart/form-data; boundary=x',
              'application/x-www-form-urlencoded',
              't=1,v1=00',
            ),
          ),
          { maxKeys: 3 },
        ),
        body: fc.oneof(
          fc
            .dictionary(
              fc.oneof(
                fc.constantFrom(...op.bodyKeys, '__proto__', 'constructor', 'id', 'status', 'role'),
                fc.string({ maxLength: 10 }),
              ),
              value(),
              { maxKeys: 8 },
            )
            .map((o) => JSON.stringify(o)),
          fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
          text().map((s) => s),
          fc.constantFrom(
            '{"a":',
            '[1,2',
            '\u0000\u0001',
            'a=1&b=2',
            '{"amount":1e999}',
            '['.repeat(3000) + ']'.repeat(3000),
            '{"__proto__":{"isAdmin":true}}',
          ),
          fc.constant(''),
        ),
        sendBody: fc.boolean(),
      });

      await fc.assert(
        fc.asyncProperty(req, async (r) => {
          let path = op.path.replace(/\{([^}]+)\}/g, (_m, name) =>
            encodeLoosely(r.pathParams[name] ?? known[0]),
          );
          const q = new URLSearchParams(r.query);
          if (q.size) path += `?${q}`;
          const headers: Record<string, string> = { ...r.headers, ...tokens[r.auth] };
          const withBody = (op.hasBody || r.sendBody) && op.method !== 'GET';
          if (withBody && !headers['content-type']) headers['content-type'] = 'application/json';
          const res = await t.app.request(path, {
            method: op.method,
            headers,
            body: withBody ? r.body : undefined,
          });
          const body = await res.text();
          requests++;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const label = `${op.method} ${path.slice(0, 200)} [${r.auth}] → ${res.status}`;
          if (res.status >= 500) failures.push(`${label}: ${body.slice(0, 300)}`);
          for (const [what, pattern] of LEAKS)
            if (pattern.test(body)) failures.push(`${label}: ${what} in ${body.slice(0, 300)}`);
          if (op.path.startsWith('/api/admin/') && r.auth !== 'admin' && res.status < 400)
            failures.push(`${label}: the admin API answered without an admin token`);
          const after = await snapshot(t.deps.database);
          const changed = changedTables(before, after);
          if (res.status >= 400 && res.status < 500 && changed.length)
            failures.push(
              `${label}: rejected, yet changed ${changed.join(', ')}; body ${body.slice(0, 200)}`,
            );
          if (res.status < 300 && changed.length) acceptedWrites++;
          before = after;
          return true;
        }),
        { numRuns: RUNS_PER_OPERATION, endOnFailure: true, seed: SEED + index },
      );
    }
    expect(requests).toBe(ops.length * RUNS_PER_OPERATION);
    if (process.env.FUZZ_VERBOSE) console.log([...before.keys()].join(' '), Object.fromEntries(statuses));
    // The fuzzer gets past validation too: some requests are accepted (and may change rows).
    expect([...statuses.keys()].some((s) => s < 300)).toBe(true);
    if (process.env.FUZZ_VERBOSE) console.log(`accepted writes: ${acceptedWrites}`);
    expect(acceptedWrites).toBeGreaterThan(0);
    expect(failures.slice(0, 30)).toEqual([]);
  });
});
