/**
 * The last step of `/api/openapi.json`, applied to the document generated from the routes, so every
 * operation — whoever declared it, whenever — gets what generators need without each route file
 * repeating it:
 *  - an `operationId` (derived from method + path when the route set none: `getAdminMerchantsById`)
 *    and display tags grouped and ordered for readers (pay and integrator first, console after), with
 *    the top-level `tags` list and `x-tagGroups`;
 *  - every error answer (4xx/5xx, and `default`) with the `Error` schema, its `code` catalogue and the
 *    codes that status can carry; the console's bearer security (openapi-security.ts) and the integrator
 *    API's (an API key or an admin token, with 401/403/404/429 and the `API-Version` header);
 *  - the `Idempotency-Key` header as one shared parameter; request bodies closed
 *    (`additionalProperties: false`, as the router refuses unknown fields); and no untyped `{}`
 *    schema: a value that may be any JSON is the named `JsonValue`.
 */
import { ERROR_CODES } from '../errors.ts';
import { withAdminSecurity } from './openapi-security.ts';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/** What each error code means (the `Error` schema's catalogue). */
export const ERROR_CODE_MEANINGS: Record<keyof typeof ERROR_CODES, string> = {
  bad_request: 'The request cannot be used as sent (e.g. a stale pay session)',
  validation_failed: 'A field is missing, malformed or not allowed (`field` names it, unknown fields too)',
  unauthenticated: 'No valid credentials: no token or API key, or a revoked or expired one',
  forbidden: 'Valid credentials that may not do this (not an admin; a read-only key on a write)',
  not_found: "No such object, or not in the caller's scope (a key for another merchant)",
  conflict: 'The object is not in a state that allows this (e.g. a refund of a refunded payment)',
  idempotency_conflict:
    'The Idempotency-Key was used with another request, or its first request is still running',
  gone: 'It existed but is no longer usable (an expired or canceled pay link)',
  challenge_required:
    'Past a card-testing ceiling: solve the proof-of-work `challenge` in the answer and send it again as `proofOfWork`',
  payload_too_large: "The body is over the route's limit",
  unprocessable: 'Understood but refused by a business rule (e.g. above the card maximum: split the payment)',
  rate_limited: 'Too many requests: wait `Retry-After` seconds',
  internal: 'Our fault: retry later (the message has a request id)',
  provider_error: 'The payment provider refused or failed: retry later',
  unavailable: 'A dependency is unavailable for now: retry later',
};

const TAG_NAMES: Record<string, string> = {
  pay: 'Pay page',
  payments: 'Payment intents',
  sandbox: 'Sandbox',
  webhooks: 'Provider webhooks',
  public: 'Site',
  site: 'Site',
  auth: 'Accounts',
  health: 'Health',
};

/** Readers' order: what embedders and integrators need first, the console after. */
const TAG_GROUPS: Array<{ name: string; tags: Array<[string, string]> }> = [
  // The integrator API first: what an agency reads the reference for (issue 51 item 7).
  {
    name: 'Integrator API (v1)',
    tags: [
      ['Pay links', 'Signed pay links for invoices'],
      ['Payments', 'Payments made through the platform'],
      ['Refunds', 'Refunds of payments'],
      ['Invoices', 'The invoice ledger: what is due through us'],
      ['Merchants', 'The merchants a key may use'],
      ['API keys', 'The key making the call'],
      [
        'Webhook endpoints',
        "Where a merchant's events are sent: URLs, event types, payload versions, secrets",
      ],
      ['Events', 'What happened, as sent to the webhook receivers (30 days), and sending one again'],
      ['Webhook events', "What the merchant's automation webhook receives (see `webhooks`)"],
    ],
  },
  {
    name: 'Pay and embed',
    tags: [
      ['Pay page', 'What `<invoice-pay>` and the hosted `/pay` page call (any origin)'],
      ['Payment intents', "The spec's payment routes, confirmed on the server (any origin)"],
      ['Sandbox', 'The offline sandbox provider (sandbox mode only)'],
    ],
  },
  {
    name: 'Site and accounts',
    tags: [
      ['Site', 'The public site: configuration, contact form, blog'],
      ['Accounts', 'Sign-up, sign-in and sessions'],
      ['Provider webhooks', "The payment provider's events to us"],
      ['Health', 'Liveness and readiness'],
    ],
  },
];

const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

/** `get /api/admin/merchants/{id}` → `getAdminMerchantsById`. */
export function derivedOperationId(method: string, path: string): string {
  const parts = path
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .map((seg) => (/^\{.+\}$/.test(seg) ? `By${pascal(seg.slice(1, -1))}` : pascal(seg)));
  return method.toLowerCase() + parts.join('');
}

/** Names for operations whose derived one would read poorly (their routes belong to other modules). */
const OPERATION_IDS: Record<string, string> = {
  'get /api/pay/session': 'openPaySession',
  'post /api/pay/payments/{id}/refresh': 'refreshPayment',
  'get /api/openapi.json': 'getOpenApiDocument',
};

/** `admin` → `Console: merchants` by the path's first segment below /api/admin. */
function tagFor(tag: string, path: string): string {
  if (tag === 'admin') {
    const segment = path.replace(/^\/api\/admin\/?/, '').split('/')[0] || 'console';
    return `Console: ${segment.replace(/^stripe-connect-.*$/, 'stripe-connect').replace(/[-_]/g, ' ')}`;
  }
  if (tag.startsWith('admin: ')) return `Console: ${tag.slice(7)}`;
  return TAG_NAMES[tag] ?? tag;
}

const codesFor = (status: string) =>
  (Object.entries(ERROR_CODES) as Array<[string, number]>)
    .filter(([, s]) => String(s) === status)
    .map(([code]) => code);

const ERROR_REF = { $ref: '#/components/schemas/Error' };

function errorAnswer(status: string, existing: Json | undefined): Json {
  const codes = status === 'default' ? [] : codesFor(status);
  const said =
    existing?.description && existing.description !== 'Error' ? String(existing.description) : null;
  const base = said ?? (status === 'default' ? 'Any other error' : 'Error');
  const description = codes.length ? `${base} (code: ${codes.map((c) => `\`${c}\``).join(', ')})` : base;
  return { ...existing, description, content: { 'application/json': { schema: ERROR_REF } } };
}

function isUntyped(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return false;
  const keys = Object.keys(schema).filter(
    (k) => !['description', 'example', 'examples', 'title', 'default'].includes(k),
  );
  return keys.length === 0;
}

/** Replace every untyped schema (`{}`) under `node` by a `JsonValue` reference (keeping its description). */
function typeUntyped(node: unknown, schemaSlot: boolean): void {
  if (Array.isArray(node)) {
    for (const [i, v] of node.entries()) {
      if (schemaSlot && isUntyped(v)) node[i] = { ...(v as Json), $ref: '#/components/schemas/JsonValue' };
      else typeUntyped(v, schemaSlot);
    }
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Json;
  for (const key of Object.keys(o)) {
    const v = o[key];
    const slot =
      key === 'schema' ||
      key === 'items' ||
      key === 'not' ||
      (key === 'additionalProperties' && typeof v === 'object');
    if (slot && isUntyped(v)) o[key] = { ...v, $ref: '#/components/schemas/JsonValue' };
    else if (key === 'properties' || key === 'schemas' || key === 'patternProperties') {
      for (const [name, prop] of Object.entries(v ?? {}))
        if (isUntyped(prop)) v[name] = { ...(prop as Json), $ref: '#/components/schemas/JsonValue' };
        else typeUntyped(prop, true);
    } else if (key === 'anyOf' || key === 'oneOf' || key === 'allOf' || key === 'prefixItems')
      typeUntyped(v, true);
    else typeUntyped(v, slot);
  }
}

/** Close an object schema (and the inline objects in it) to undeclared properties. */
function close(schema: Json | undefined, seen: Set<Json>): void {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  if (schema.type === 'object' && schema.properties && schema.additionalProperties === undefined)
    schema.additionalProperties = false;
  for (const prop of Object.values<Json>(schema.properties ?? {})) close(prop, seen);
  if (schema.items) close(schema.items, seen);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) for (const s of schema[key] ?? []) close(s, seen);
}

const refsIn = (value: unknown, out = new Set<string>()): Set<string> => {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.add(v);
      else refsIn(v, out);
    }
  return out;
};

export function finishOpenApiDocument<T extends Json>(document: T): T {
  const doc = withAdminSecurity(document) as Json;
  doc.components ??= {};
  const components = doc.components as Json;
  components.schemas ??= {};
  components.parameters ??= {};
  components.securitySchemes ??= {};
  components.securitySchemes.apiKey = {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'API key',
    description:
      'An API key made in the console (Settings → API keys): `Authorization: Bearer ip_live_…` (live payments) or ' +
      '`ip_test_…` (sandbox and Stripe test mode). Scoped to one merchant or all; read-only or read-write.',
  };
  components.parameters.IdempotencyKey = {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Makes a POST safe to retry: the same key with the same body returns the first answer (and does the work once); with a different body it is refused (409 `idempotency_conflict`).',
    schema: { type: 'string', maxLength: 255, example: 'order-7731-refund-1' },
  };
  // Not recursive: generators (openapi-typescript) cannot name a type that contains itself in a union.
  components.schemas.JsonValue = {
    description: 'Any JSON value',
    type: ['string', 'number', 'boolean', 'null', 'array', 'object'],
  };
  const errorSchema = components.schemas.Error as Json | undefined;
  if (errorSchema?.properties?.error?.properties?.code) {
    errorSchema.properties.error.properties.code = {
      type: 'string',
      enum: Object.keys(ERROR_CODES),
      description: Object.entries(ERROR_CODE_MEANINGS)
        .map(
          ([code, meaning]) => `\`${code}\` (${ERROR_CODES[code as keyof typeof ERROR_CODES]}): ${meaning}`,
        )
        .join('; '),
      example: 'validation_failed',
    };
  }

  const usedTags = new Set<string>();
  const requestSchemas: Json[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    const v1 = path.startsWith('/api/v1/');
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      op.operationId ??= OPERATION_IDS[`${method} ${path}`] ?? derivedOperationId(method, path);
      op.tags = (op.tags?.length ? op.tags : ['other']).map((t: string) => tagFor(t, path));
      op.tags.forEach((t: string) => usedTags.add(t));
      op.parameters = (op.parameters ?? []).map((p: Json) =>
        p.in === 'header' && String(p.name).toLowerCase() === 'idempotency-key'
          ? { $ref: '#/components/parameters/IdempotencyKey' }
          : p,
      );
      if (op.parameters.length === 0) delete op.parameters;
      const body = op.requestBody?.content?.['application/json']?.schema as Json | undefined;
      if (body) requestSchemas.push(body);
      op.responses ??= {};
      // Public operations say so (`security: []`), so every operation declares its security.
      op.security ??= v1 ? [{ apiKey: [] }, { bearerAuth: [] }] : [];
      if (v1) {
        for (const [status, description] of [
          ['401', 'No API key, or a revoked or expired one'],
          ['403', 'A read-only key on a write, or a signed-in user who is not an admin'],
          ['404', "Not found, or not in the key's scope"],
          ['429', 'Over the key’s rate limit: wait `Retry-After` seconds'],
        ] as const)
          op.responses[status] ??= { description };
      }
      op.responses.default ??= { description: 'Any other error' };
      for (const [status, answer] of Object.entries<Json>(op.responses)) {
        if (status === 'default' || Number(status) >= 400) op.responses[status] = errorAnswer(status, answer);
        if (v1)
          op.responses[status].headers = {
            ...op.responses[status].headers,
            'API-Version': {
              description: 'The API version that answered: `v1`',
              schema: { type: 'string', enum: ['v1'] },
            },
          };
      }
    }
  }

  // Request bodies are closed (unknown fields are refused: api/http/strict-body.ts); a named schema
  // only when no answer uses it too.
  const answered = refsIn(
    Object.values<Json>(doc.paths ?? {}).flatMap((item) => METHODS.map((m) => item[m]?.responses)),
  );
  const seen = new Set<Json>();
  for (const body of requestSchemas) {
    if (body.$ref) {
      const name = String(body.$ref).split('/').pop()!;
      if (!answered.has(body.$ref)) close(components.schemas[name], seen);
    } else close(body, seen);
  }

  for (const webhook of Object.values<Json>(doc.webhooks ?? {}))
    for (const method of METHODS) {
      const op = webhook[method] as Json | undefined;
      if (!op) continue;
      op.security ??= []; // we call the receiver: it checks our signature, not a security scheme
      op.tags?.forEach((t: string) => usedTags.add(t));
    }

  const grouped = new Set(TAG_GROUPS.flatMap((g) => g.tags.map(([t]) => t)));
  const consoleTags = [...usedTags].filter((t) => !grouped.has(t)).sort();
  doc.tags = [
    ...TAG_GROUPS.flatMap((g) =>
      g.tags.filter(([t]) => usedTags.has(t)).map(([name, description]) => ({ name, description })),
    ),
    ...consoleTags.map((name) => ({ name, description: 'The admin console’s API (admin token only)' })),
  ];
  doc['x-tagGroups'] = [
    ...TAG_GROUPS.map((g) => ({ name: g.name, tags: g.tags.map(([t]) => t).filter((t) => usedTags.has(t)) })),
    { name: 'Console (admin)', tags: consoleTags },
  ].filter((g) => g.tags.length > 0);

  typeUntyped(doc.paths, false);
  typeUntyped(doc.webhooks, false);
  typeUntyped(components, false);
  plainPatterns(doc);
  return doc as T;
}

/**
 * A pattern generated from a regular expression with flags comes out as its literal form's tail
 * (`^…$/u`), which can never match. JSON Schema patterns are ECMA-262 expressions read in Unicode
 * mode by validators (Ajv, and what the generated clients use), so the flags are dropped: `^…$`.
 */
function plainPatterns(value: unknown): void {
  if (Array.isArray(value)) value.forEach(plainPatterns);
  else if (value && typeof value === 'object') {
    const node = value as Json;
    if (typeof node.pattern === 'string') node.pattern = node.pattern.replace(/\$\/[dgimsuvy]+$/, '$');
    for (const child of Object.values(node)) plainPatterns(child);
  }
}
