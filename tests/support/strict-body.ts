/**
 * Strict request-body checking for the fake accounting APIs: a body is refused when it has a
 * property its schema does not define, a read-only property, a value of the wrong type or format,
 * or misses a required field. Schemas come from the provider's own reference (fake-xero.ts: Xero's
 * accounting OpenAPI document, xero-openapi.json; fake-quickbooks.ts: Intuit's entity reference),
 * so a test cannot pass with a request the real API would not accept as written.
 */

export interface PropSpec {
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'any';
  /** An object of another schema. */
  ref?: string;
  items?: PropSpec;
  format?: 'uuid';
  /** A money amount: a number with at most 2 decimal places. */
  money?: boolean;
  /** A date string, YYYY-MM-DD. */
  date?: boolean;
  enum?: unknown[];
  enumRef?: string;
  readOnly?: boolean;
}

export interface ObjectSpec {
  required?: string[];
  properties: Record<string, PropSpec>;
}

export interface SchemaSet {
  enums?: Record<string, string[]>;
  schemas: Record<string, ObjectSpec>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** Decimal places of a JSON number as sent (0.1 + 0.2 style noise counts as many places). */
export function decimals(n: number): number {
  const text = String(n);
  if (/e/i.test(text)) return 99;
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * Every problem with `value` as an instance of `schema`. `extraRequired` adds fields a call's
 * documentation requires beyond the schema (e.g. Xero's "Required: Invoice, Account, Date, Amount").
 */
export function violations(
  set: SchemaSet,
  schema: string,
  value: unknown,
  extraRequired: Record<string, string[]> = {},
  path = schema,
): string[] {
  const spec = set.schemas[schema];
  if (!spec) return [`${path}: unknown schema ${schema}`];
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [`${path} must be an object (${schema})`];
  const out: string[] = [];
  const obj = value as Record<string, unknown>;
  for (const name of [...(spec.required ?? []), ...(extraRequired[schema] ?? [])])
    if (obj[name] === undefined || obj[name] === null) out.push(`${path}.${name} is required`);
  for (const [name, v] of Object.entries(obj)) {
    const prop = spec.properties[name];
    if (!prop) {
      out.push(`${path}.${name} is not a property of ${schema}`);
      continue;
    }
    if (prop.readOnly) out.push(`${path}.${name} is read-only`);
    out.push(...checkValue(set, prop, v, extraRequired, `${path}.${name}`));
  }
  return out;
}

function checkValue(
  set: SchemaSet,
  prop: PropSpec,
  v: unknown,
  extraRequired: Record<string, string[]>,
  path: string,
): string[] {
  if (v === null || v === undefined) return [];
  if (prop.ref) return violations(set, prop.ref, v, extraRequired, path);
  switch (prop.type) {
    case 'any':
      return [];
    case 'string': {
      if (typeof v !== 'string') return [`${path} must be a string`];
      const allowed = prop.enum ?? (prop.enumRef ? set.enums?.[prop.enumRef] : undefined);
      if (allowed && !allowed.includes(v))
        return [`${path} must be one of ${allowed.slice(0, 12).join(', ')}`];
      if (prop.format === 'uuid' && !UUID.test(v)) return [`${path} must be a UUID`];
      if (prop.date && !isDate(v)) return [`${path} must be a date YYYY-MM-DD`];
      return [];
    }
    case 'number':
    case 'integer':
      if (typeof v !== 'number' || !Number.isFinite(v)) return [`${path} must be a number`];
      if (prop.type === 'integer' && !Number.isInteger(v)) return [`${path} must be an integer`];
      if (prop.money && decimals(v) > 2) return [`${path} has more than 2 decimal places`];
      return [];
    case 'boolean':
      return typeof v === 'boolean' ? [] : [`${path} must be true or false`];
    case 'array':
      if (!Array.isArray(v)) return [`${path} must be an array`];
      return v.flatMap((item, i) =>
        checkValue(set, prop.items ?? { type: 'any' }, item, extraRequired, `${path}[${i}]`),
      );
    case 'object':
      return typeof v === 'object' && !Array.isArray(v) ? [] : [`${path} must be an object`];
  }
}

/** Minor-unit exponent of the currencies the tests use (zero-decimal ones have no cents). */
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'UGX', 'XAF', 'XOF', 'PYG', 'XPF']);
export const exponentOf = (currency: string) => (ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2);
/** A JSON amount → minor units, or null when it has more decimals than the currency allows. */
export function toMinor(amount: number, currency: string): number | null {
  const e = exponentOf(currency);
  if (decimals(amount) > e) return null;
  return Math.round(amount * 10 ** e);
}
export const fromMinor = (minor: number, currency: string) => minor / 10 ** exponentOf(currency);
