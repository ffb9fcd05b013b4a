/**
 * Examples for the API reference, generated from the document's schemas: a JSON value for each
 * request and response body (the schema's own `example` where it has one, otherwise a value of its
 * type), and a copy-ready curl command per operation with the reader's credentials as a shell
 * variable (`$INVOICEPAY_API_KEY` for the integrator API, `$INVOICEPAY_ADMIN_TOKEN` for the console's)
 * and path parameters as variables too (`$PAYMENT_ID`).
 */
import { resolveRef, type Json, type Schema } from './html.ts';

const SAMPLE_STRINGS: Record<string, string> = {
  'date-time': '2026-11-22T03:14:07.000Z',
  date: '2026-11-22',
  email: 'accounts@builder.example',
  uuid: '00000000-0000-4000-8000-000000000000',
  uri: 'https://example.com/',
  url: 'https://example.com/',
};

/**
 * An example value of `schema`. `requestOnly`: an object lists its required fields and the optional
 * ones that have an example of their own (so a request built from it is one the API accepts).
 */
export function exampleOf(
  doc: Json,
  schema: Schema | undefined,
  requestOnly = false,
  seen: string[] = [],
): unknown {
  if (!schema || typeof schema !== 'object') return null;
  if (schema.$ref) {
    if (seen.includes(schema.$ref) || seen.length > 6) return null;
    const target = resolveRef(doc, schema.$ref);
    const own = { ...schema };
    delete own.$ref;
    return exampleOf(doc, { ...target, ...own }, requestOnly, [...seen, schema.$ref]);
  }
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(variants)) {
    const pick = variants.find((v) => v.type !== 'null') ?? variants[0];
    return exampleOf(doc, pick, requestOnly, seen);
  }
  if (Array.isArray(schema.allOf))
    return Object.assign({}, ...schema.allOf.map((s: Schema) => exampleOf(doc, s, requestOnly, seen) ?? {}));
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    const out: Record<string, unknown> = {};
    const required = new Set<string>(schema.required ?? []);
    for (const [name, prop] of Object.entries<Schema>(schema.properties ?? {})) {
      if (requestOnly && !required.has(name) && !hasOwnExample(doc, prop)) continue;
      out[name] = exampleOf(doc, prop, requestOnly, seen);
    }
    if (!schema.properties && schema.additionalProperties && typeof schema.additionalProperties === 'object')
      out.key = exampleOf(doc, schema.additionalProperties, requestOnly, seen);
    return out;
  }
  if (type === 'array') return [exampleOf(doc, schema.items, requestOnly, seen)];
  if (type === 'integer' || type === 'number') return schema.minimum ?? 0;
  if (type === 'boolean') return false;
  if (type === 'null') return null;
  if (type === 'string')
    return SAMPLE_STRINGS[schema.format as string] ?? (schema.minLength === 3 ? 'AUD' : 'string');
  return null;
}

function hasOwnExample(doc: Json, schema: Schema): boolean {
  if (schema.example !== undefined || schema.default !== undefined) return true;
  const target = schema.$ref ? resolveRef(doc, schema.$ref) : undefined;
  return target?.example !== undefined;
}

/** The JSON request body example of an operation, or undefined. */
export function requestExample(doc: Json, op: Json): unknown {
  const schema = op.requestBody?.content?.['application/json']?.schema as Schema | undefined;
  return schema ? exampleOf(doc, schema, true) : undefined;
}

export type Credential = 'api_key' | 'admin' | 'none';

export function credentialOf(doc: Json, op: Json): Credential {
  const names = ((op.security ?? doc.security ?? []) as Json[]).flatMap((r) => Object.keys(r));
  return names.includes('apiKey') ? 'api_key' : names.includes('bearerAuth') ? 'admin' : 'none';
}

export const CREDENTIAL_VARIABLE: Record<Credential, string | null> = {
  api_key: 'INVOICEPAY_API_KEY',
  admin: 'INVOICEPAY_ADMIN_TOKEN',
  none: null,
};

/** `{id}` after `/payments` → `PAYMENT_ID`; another name → its upper case. */
export function pathVariable(path: string, param: string): string {
  if (param !== 'id') return param.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase();
  const before = path.split(`{${param}}`)[0].split('/').filter(Boolean).pop() ?? 'object';
  const noun = before.replace(/ies$/, 'y').replace(/s$/, '');
  return `${noun.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase()}_ID`;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A copy-ready curl command for the operation. */
export function curlFor(doc: Json, method: string, path: string, op: Json): string {
  const server = String(((doc.servers as Json[] | undefined) ?? [])[0]?.url ?? 'http://localhost:8787');
  const url = server + path.replace(/\{([^}]+)\}/g, (_, name: string) => `$${pathVariable(path, name)}`);
  const params = ((op.parameters ?? []) as Json[]).map((p) => (p.$ref ? (resolveRef(doc, p.$ref) ?? p) : p));
  const query = params
    .filter((p) => p.in === 'query' && p.required)
    .map(
      (p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(exampleOf(doc, p.schema) ?? ''))}`,
    );
  const lines = [`curl -X ${method.toUpperCase()} "${url}${query.length ? `?${query.join('&')}` : ''}"`];
  const variable = CREDENTIAL_VARIABLE[credentialOf(doc, op)];
  if (variable) lines.push(`-H "Authorization: Bearer $${variable}"`);
  if (params.some((p) => p.in === 'header' && String(p.name).toLowerCase() === 'idempotency-key'))
    lines.push('-H "Idempotency-Key: $(uuidgen)"');
  const body = requestExample(doc, op);
  if (body !== undefined) {
    lines.push('-H "Content-Type: application/json"');
    lines.push(`-d ${shellQuote(JSON.stringify(body))}`);
  }
  return lines.join(' \\\n  ');
}
