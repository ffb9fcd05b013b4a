/**
 * HTML building blocks of the API reference (api/docs/render.ts): escaping, `$ref` resolution, a
 * schema's type label and its fields as a table. Every value taken from the document is escaped.
 */
export type Json = Record<string, any>;
export type Schema = Json & { $ref?: string };

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Descriptions use `backticks` for code: escaped first, then those become <code>. */
export const prose = (value: unknown) => escapeHtml(value).replace(/`([^`]+)`/g, '<code>$1</code>');
export const slug = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '');
export const operationAnchor = (method: string, path: string) => `op-${method}-${slug(path)}`;
export const schemaAnchor = (name: string) => `schema-${slug(name)}`;
export const refName = (ref: string) => decodeURIComponent(ref.split('/').pop() ?? ref);

/** The object a local `$ref` points at (`#/components/...`), or undefined. */
export function resolveRef(doc: Json, ref: string): Json | undefined {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<any>((node, key) => (node && typeof node === 'object' ? node[key] : undefined), doc);
}

/** The inline description of a schema's type: `string (uuid)`, `array of Breakdown`, links for $refs. */
export function typeLabel(schema: Schema | undefined): string {
  if (!schema || typeof schema !== 'object') return 'any';
  if (schema.$ref)
    return `<a href="#${schemaAnchor(refName(schema.$ref))}">${escapeHtml(refName(schema.$ref))}</a>`;
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(variants)) return variants.map(typeLabel).join(' | ');
  if (Array.isArray(schema.allOf)) return (schema.allOf as Schema[]).map(typeLabel).join(' &amp; ');
  if ('const' in schema) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`;
  if (Array.isArray(schema.enum))
    return (schema.enum as unknown[]).map((v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`).join(' | ');
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : schema.type
      ? [String(schema.type)]
      : [];
  const parts = types.map((t) => {
    if (t === 'array') return `array of ${typeLabel(schema.items as Schema)}`;
    if (t === 'object' && !schema.properties && schema.additionalProperties)
      return `map of ${typeLabel(schema.additionalProperties as Schema)}`;
    return escapeHtml(t) + (schema.format && t !== 'null' ? ` (${escapeHtml(schema.format)})` : '');
  });
  return parts.join(' | ') || (schema.properties ? 'object' : 'any');
}

export function constraints(schema: Schema): string {
  const bits: string[] = [];
  for (const [key, label] of [
    ['minimum', 'min'],
    ['maximum', 'max'],
    ['minLength', 'min length'],
    ['maxLength', 'max length'],
    ['pattern', 'pattern'],
    ['default', 'default'],
    ['example', 'example'],
  ] as const) {
    if (schema[key] !== undefined)
      bits.push(
        `${label} <code>${escapeHtml(typeof schema[key] === 'string' ? schema[key] : JSON.stringify(schema[key]))}</code>`,
      );
  }
  return bits.length ? `<span class="c">${bits.join(', ')}</span>` : '';
}

/** An object's properties as a table (nested objects inline, up to a few levels); others as a type line. */
export function schemaHtml(schema: Schema | undefined, depth = 0): string {
  if (!schema || typeof schema !== 'object') return '<p class="t">any</p>';
  const props = schema.properties as Record<string, Schema> | undefined;
  const items = schema.type === 'array' ? (schema.items as Schema | undefined) : undefined;
  if (items && items.properties && depth < 4)
    return `<p class="t">array of:</p>${schemaHtml(items, depth + 1)}`;
  if (!props || depth >= 4) {
    const desc = schema.description ? ` — ${prose(schema.description)}` : '';
    return `<p class="t">${typeLabel(schema)}${desc} ${constraints(schema)}</p>`;
  }
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const rows = Object.entries(props).map(([name, prop]) => {
    const nested =
      prop.properties || (prop.type === 'array' && (prop.items as Schema | undefined)?.properties);
    return `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? ' <span class="req" title="required">required</span>' : ''}</td><td>${
      nested ? schemaHtml(prop, depth + 1) : typeLabel(prop)
    }</td><td>${prose(prop.description ?? '')} ${constraints(prop)}</td></tr>`;
  });
  return `<table class="s"><thead><tr><th>Field</th><th>Type</th><th>Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}
