/**
 * Renders the generated OpenAPI 3.1 document as one readable, self-contained HTML page: tags,
 * operations (method, path, summary, auth), parameters, request bodies, responses and the named
 * schemas they link to. Rendered on the server with no script at all, so it works under the site's
 * Content-Security-Policy (our origin only, no inline script) and without a CDN.
 * Every value from the document is HTML-escaped.
 */

type Json = Record<string, unknown>;
type Schema = Json & { $ref?: string };

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Descriptions use `backticks` for code: escaped first, then those become <code>. */
const prose = (value: unknown) => escapeHtml(value).replace(/`([^`]+)`/g, '<code>$1</code>');
const slug = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '');
export const operationAnchor = (method: string, path: string) => `op-${method}-${slug(path)}`;
const schemaAnchor = (name: string) => `schema-${slug(name)}`;
const refName = (ref: string) => decodeURIComponent(ref.split('/').pop() ?? ref);

/** The inline description of a schema's type: `string (uuid)`, `array of Breakdown`, links for $refs. */
function typeLabel(schema: Schema | undefined): string {
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

function constraints(schema: Schema): string {
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
    const desc = schema.description ? ` — ${escapeHtml(schema.description)}` : '';
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

function parametersHtml(params: Json[]): string {
  if (!params.length) return '';
  const rows = params.map(
    (p) =>
      `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? ' <span class="req">required</span>' : ''}</td><td>${escapeHtml(p.in)}</td><td>${typeLabel(
        p.schema as Schema,
      )}</td><td>${escapeHtml(p.description ?? (p.schema as Schema | undefined)?.description ?? '')} ${p.schema ? constraints(p.schema as Schema) : ''}</td></tr>`,
  );
  return `<h4>Parameters</h4><table class="s"><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** A body's media types; a named schema is shown inline (with a link to its entry under Schemas). */
function contentHtml(doc: Json, content: Json | undefined): string {
  if (!content) return '';
  const named = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Schema>;
  return Object.entries(content)
    .map(([type, media]) => {
      const schema = (media as Json).schema as Schema | undefined;
      const target = schema?.$ref ? named[refName(schema.$ref)] : undefined;
      return target
        ? `<p class="ct">${escapeHtml(type)}: ${typeLabel(schema)}</p>${schemaHtml(target)}`
        : `<p class="ct">${escapeHtml(type)}</p>${schemaHtml(schema)}`;
    })
    .join('');
}

function operationHtml(doc: Json, path: string, method: string, op: Json): string {
  const security = (op.security ?? doc.security) as Json[] | undefined;
  const auth = security?.some((s) => Object.keys(s).length > 0)
    ? '<span class="lock" title="Send Authorization: Bearer &lt;access token&gt; of an admin">bearer auth</span>'
    : '';
  const body = op.requestBody as Json | undefined;
  const responses = Object.entries((op.responses as Json | undefined) ?? {})
    .map(([status, r]) => {
      const res = r as Json;
      return `<div class="r"><p><span class="st s${escapeHtml(status[0])}">${escapeHtml(status)}</span> ${escapeHtml(res.description ?? '')}</p>${contentHtml(doc, res.content as Json | undefined)}</div>`;
    })
    .join('');
  return `<section class="op" id="${operationAnchor(method, path)}">
<h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> ${auth}</h3>
${op.summary ? `<p class="sum">${escapeHtml(op.summary)}</p>` : ''}${op.description ? `<p>${prose(op.description)}</p>` : ''}
${parametersHtml((op.parameters as Json[] | undefined) ?? [])}
${body ? `<h4>Request body${body.required ? ' <span class="req">required</span>' : ''}</h4>${contentHtml(doc, body.content as Json | undefined)}` : ''}
<h4>Responses</h4>${responses}
</section>`;
}

export function renderApiReference(doc: Json): string {
  const info = (doc.info ?? {}) as Json;
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  const byTag = new Map<string, string[]>();
  const nav = new Map<string, string[]>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const tag = ((op.tags as string[] | undefined) ?? ['other'])[0];
      if (!byTag.has(tag)) (byTag.set(tag, []), nav.set(tag, []));
      byTag.get(tag)!.push(operationHtml(doc, path, method, op));
      nav
        .get(tag)!
        .push(
          `<li><a href="#${operationAnchor(method, path)}"><span class="m ${method}">${method.toUpperCase()}</span> ${escapeHtml(path)}</a></li>`,
        );
    }
  }
  const tags = [...byTag.keys()].sort();
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Schema>;
  const servers = ((doc.servers as Json[] | undefined) ?? [])
    .map((s) => `<code>${escapeHtml(s.url)}</code>`)
    .join(', ');
  const title = `${escapeHtml(info.title ?? 'API')} reference`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#111827;background:#fff}
.w{display:grid;grid-template-columns:280px 1fr;min-height:100vh}
nav{border-right:1px solid #e5e7eb;padding:16px;font-size:13px;position:sticky;top:0;max-height:100vh;overflow:auto;background:#f9fafb}
nav ul{list-style:none;padding:0;margin:4px 0 12px}nav li a{display:block;padding:2px 0;color:#1f2937;text-decoration:none;overflow-wrap:anywhere}
nav h2{font-size:13px;text-transform:uppercase;letter-spacing:.04em;margin:12px 0 0;color:#374151}
main{padding:24px 32px;max-width:1100px;min-width:0}
h1{margin:0 0 4px}h2.tag{border-bottom:2px solid #e5e7eb;padding-bottom:4px;margin-top:40px;text-transform:capitalize}
.op{border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px;margin:16px 0}.op h3{margin:0;font-size:16px;overflow-wrap:anywhere}
.m{display:inline-block;min-width:58px;text-align:center;font:700 12px/20px ui-monospace,monospace;border-radius:4px;color:#fff;background:#4b5563}
.m.get{background:#1d4ed8}.m.post{background:#047857}.m.put,.m.patch{background:#b45309}.m.delete{background:#b91c1c}
.sum{font-weight:600;margin:6px 0}.lock{font-size:12px;font-weight:600;color:#7c2d12;background:#ffedd5;border-radius:999px;padding:1px 8px}
h4{margin:12px 0 4px;font-size:14px}table.s{border-collapse:collapse;width:100%;font-size:13px;margin:4px 0}
table.s th,table.s td{text-align:left;vertical-align:top;border-bottom:1px solid #e5e7eb;padding:4px 6px}table.s table.s{margin:0}
.req{font-size:11px;color:#b91c1c;font-weight:700}.c{color:#4b5563}.t{margin:4px 0}.ct{margin:4px 0;font:12px ui-monospace,monospace;color:#4b5563}
.st{font:700 12px ui-monospace,monospace;padding:1px 6px;border-radius:4px;background:#e5e7eb}.st.s2{background:#d1fae5;color:#065f46}.st.s4,.st.s5{background:#fee2e2;color:#991b1b}
.r{margin:4px 0 8px}code{font:13px ui-monospace,monospace}a{color:#1d4ed8}
@media (max-width:800px){.w{grid-template-columns:1fr}nav{position:static;max-height:none;border-right:0}main{padding:16px}}
</style></head>
<body><div class="w"><nav aria-label="Operations">
<p><a href="#top"><b>${title}</b></a></p>
${tags.map((t) => `<h2><a href="#tag-${slug(t)}">${escapeHtml(t)}</a></h2><ul>${nav.get(t)!.join('')}</ul>`).join('')}
<h2><a href="#schemas">Schemas</a></h2>
</nav><main id="top">
<h1>${title}</h1>
<p>Version ${escapeHtml(info.version ?? '')} · OpenAPI ${escapeHtml(doc.openapi ?? '')} · machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>${servers ? ` · server ${servers}` : ''}</p>
<p>Amounts are integer minor units (cents; whole units for zero-decimal currencies such as JPY) with an ISO 4217 currency.
Errors are <code>{ "error": { "code", "message", "field"? } }</code>. Operations marked <span class="lock">bearer auth</span> need
<code>Authorization: Bearer &lt;access token&gt;</code> of an admin. <code>/api/pay/*</code>, <code>/api/payments/*</code> and
<code>/api/sandbox/*</code> answer any origin (CORS); everything else is same-origin only.</p>
${tags.map((t) => `<h2 class="tag" id="tag-${slug(t)}">${escapeHtml(t)}</h2>${byTag.get(t)!.join('\n')}`).join('\n')}
<h2 class="tag" id="schemas">Schemas</h2>
${Object.entries(schemas)
  .map(
    ([name, s]) =>
      `<section class="op" id="${schemaAnchor(name)}"><h3><code>${escapeHtml(name)}</code></h3>${s.description ? `<p>${escapeHtml(s.description)}</p>` : ''}${schemaHtml(s)}</section>`,
  )
  .join('\n')}
</main></div></body></html>`;
}
