/**
 * Renders the generated OpenAPI 3.1 document as one readable page (`/api/docs`): the pay and
 * integrator operations first, the console's after (the document's `x-tagGroups` order), grouped by
 * tag; each with its request and response fields and examples, error codes, a copy-ready curl
 * command with the reader's key as a shell variable and, on a sandbox server, a try-it form; the
 * webhook events; and the named schemas. Rendered on the server; the one script
 * (`/api/docs/reference.js`, our origin, so the site's Content-Security-Policy holds) adds search,
 * copy buttons and try-it. Without it the page is complete, only not interactive.
 * Every value from the document is HTML-escaped.
 */
import {
  escapeHtml,
  operationAnchor,
  prose,
  schemaAnchor,
  schemaHtml,
  slug,
  type Json,
  type Schema,
} from './html.ts';
import { operationHtml, webhookHtml } from './operation.ts';

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

export interface RenderOptions {
  /** The server runs the sandbox provider: try-it forms are shown (test data only). */
  sandbox?: boolean;
}

interface Op {
  path: string;
  method: string;
  op: Json;
}

/** Tags in readers' order: the document's groups (x-tagGroups), then its `tags`, then any other. */
function orderedGroups(doc: Json, byTag: Map<string, Op[]>): Array<{ name: string; tags: string[] }> {
  const groups = ((doc['x-tagGroups'] as Array<{ name: string; tags: string[] }> | undefined) ?? []).map(
    (g) => ({
      name: g.name,
      tags: g.tags.filter((t) => byTag.has(t)),
    }),
  );
  const placed = new Set(groups.flatMap((g) => g.tags));
  const rest = [
    ...((doc.tags as Json[] | undefined) ?? []).map((t) => String(t.name)),
    ...[...byTag.keys()].sort(),
  ].filter((t, i, all) => byTag.has(t) && !placed.has(t) && all.indexOf(t) === i);
  if (rest.length) groups.push({ name: groups.length ? 'More' : 'Operations', tags: rest });
  return groups.filter((g) => g.tags.length > 0);
}

const STYLE = `body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#111827;background:#fff}
.w{display:grid;grid-template-columns:300px 1fr;min-height:100vh}
nav{border-right:1px solid #e5e7eb;padding:16px;font-size:13px;position:sticky;top:0;max-height:100vh;overflow:auto;background:#f9fafb}
nav ul{list-style:none;padding:0;margin:4px 0 12px}nav li a{display:block;padding:2px 0;color:#1f2937;text-decoration:none;overflow-wrap:anywhere}
nav h2{font-size:12px;text-transform:uppercase;letter-spacing:.06em;margin:16px 0 0;color:#6b7280}nav h3{font-size:13px;margin:8px 0 0}
main{padding:24px 32px;max-width:1100px;min-width:0}.search{display:flex;gap:8px;align-items:center;margin:12px 0}
.search input,.keybar input{font:inherit;padding:6px 8px;border:1px solid #9ca3af;border-radius:6px;min-width:280px}
.keybar{background:#fffbeb;border:1px solid #fcd34d;border-radius:8px;padding:8px 12px;margin:12px 0}
h1{margin:0 0 4px}h2.group{margin-top:48px;font-size:22px}h2.tag{border-bottom:2px solid #e5e7eb;padding-bottom:4px;margin-top:32px}
.op{border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px;margin:16px 0}.op h3{margin:0;font-size:16px;overflow-wrap:anywhere}
.m{display:inline-block;min-width:58px;text-align:center;font:700 12px/20px ui-monospace,monospace;border-radius:4px;color:#fff;background:#4b5563}
.m.get{background:#1d4ed8}.m.post{background:#047857}.m.put,.m.patch{background:#b45309}.m.delete{background:#b91c1c}.m.event{background:#6d28d9}
.sum{font-weight:600;margin:6px 0}.oid{margin:0;color:#4b5563;font-size:13px}
.lock{font-size:12px;font-weight:600;color:#7c2d12;background:#ffedd5;border-radius:999px;padding:1px 8px}.lock.key{color:#1e3a8a;background:#dbeafe}.lock.open{color:#065f46;background:#d1fae5}
h4{margin:12px 0 4px;font-size:14px}table.s{border-collapse:collapse;width:100%;font-size:13px;margin:4px 0}
table.s th,table.s td{text-align:left;vertical-align:top;border-bottom:1px solid #e5e7eb;padding:4px 6px}table.s table.s{margin:0}
.req{font-size:11px;color:#b91c1c;font-weight:700}.c{color:#4b5563}.t{margin:4px 0}.ct{margin:4px 0;font:12px ui-monospace,monospace;color:#4b5563}
.st{font:700 12px ui-monospace,monospace;padding:1px 6px;border-radius:4px;background:#e5e7eb}.st.s2{background:#d1fae5;color:#065f46}.st.s4,.st.s5,.st.sd{background:#fee2e2;color:#991b1b}
.r{margin:4px 0 8px}code{font:13px ui-monospace,monospace}a{color:#1d4ed8}
pre{background:#111827;color:#f9fafb;padding:10px 12px;border-radius:6px;overflow:auto;margin:4px 0}pre code{font-size:12px}
.curl{position:relative}.copy{position:absolute;top:6px;right:6px;font:12px system-ui;padding:2px 8px}
details.ex summary,details.try summary{cursor:pointer;color:#1d4ed8;font-size:13px;margin:6px 0}
form[data-try]{display:grid;gap:4px;max-width:640px}form[data-try] input,form[data-try] textarea{font:12px ui-monospace,monospace;padding:4px 6px;border:1px solid #9ca3af;border-radius:4px}
form[data-try] button{justify-self:start;margin-top:6px;padding:4px 12px}form[data-try] output{display:block;white-space:pre-wrap;font:12px ui-monospace,monospace}
[hidden]{display:none!important}
@media (max-width:800px){.w{grid-template-columns:1fr}nav{position:static;max-height:none;border-right:0}main{padding:16px}}`;

export function renderApiReference(doc: Json, options: RenderOptions = {}): string {
  const info = (doc.info ?? {}) as Json;
  const byTag = new Map<string, Op[]>();
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {}))
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const tag = String(((op.tags as string[] | undefined) ?? ['other'])[0]);
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ path, method, op });
    }
  const groups = orderedGroups(doc, byTag);
  const tagDescriptions = new Map(
    ((doc.tags as Json[] | undefined) ?? []).map((t) => [String(t.name), t.description]),
  );
  const webhooks = Object.entries<Json>((doc.webhooks ?? {}) as Json).flatMap(([name, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ name, op: item[m] as Json })),
  );
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Schema>;
  const servers = ((doc.servers as Json[] | undefined) ?? [])
    .map((s) => `<code>${escapeHtml(s.url)}</code>`)
    .join(', ');
  const title = `${escapeHtml(info.title ?? 'API')} reference`;
  const tryIt = options.sandbox === true;

  const nav = groups
    .map(
      (g) =>
        `<h2>${escapeHtml(g.name)}</h2>${g.tags
          .map(
            (t) =>
              `<h3><a href="#tag-${slug(t)}">${escapeHtml(t)}</a></h3><ul>${byTag
                .get(t)!
                .map(
                  ({ path, method }) =>
                    `<li data-for="${operationAnchor(method, path)}"><a href="#${operationAnchor(method, path)}"><span class="m ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> ${escapeHtml(path)}</a></li>`,
                )
                .join('')}</ul>`,
          )
          .join('')}`,
    )
    .join('');
  const body = groups
    .map(
      (g) =>
        `<h2 class="group">${escapeHtml(g.name)}</h2>${g.tags
          .map(
            (t) =>
              `<div class="tagsec"><h2 class="tag" id="tag-${slug(t)}">${escapeHtml(t)}</h2>${tagDescriptions.get(t) ? `<p>${prose(tagDescriptions.get(t))}</p>` : ''}${byTag
                .get(t)!
                .map(({ path, method, op }) => operationHtml(doc, path, method, op, { tryIt, tag: t }))
                .join('\n')}</div>`,
          )
          .join('\n')}`,
    )
    .join('\n');

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
<script src="/api/docs/reference.js" defer></script>
</head>
<body><div class="w"><nav aria-label="Operations">
<p><a href="#top"><b>${title}</b></a></p>
${nav}
${webhooks.length ? `<h2><a href="#webhooks">Webhook events</a></h2><ul>${webhooks.map((w) => `<li data-for="event-${escapeHtml(w.name.replace(/[^A-Za-z0-9_-]/g, '-'))}"><a href="#event-${escapeHtml(w.name.replace(/[^A-Za-z0-9_-]/g, '-'))}">${escapeHtml(w.name)}</a></li>`).join('')}</ul>` : ''}
<h2><a href="#schemas">Schemas</a></h2>
</nav><main id="top">
<h1>${title}</h1>
<p>Version ${escapeHtml(info.version ?? '')} · OpenAPI ${escapeHtml(doc.openapi ?? '')} · machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>${servers ? ` · server ${servers}` : ''}</p>
${info.description ? `<p>${prose(info.description)}</p>` : ''}
<p>Operations marked <span class="lock key">API key</span> take <code>Authorization: Bearer $INVOICEPAY_API_KEY</code> (a key made in the console);
<span class="lock">bearer auth (admin)</span> the access token of a signed-in admin. <code>/api/pay/*</code>, <code>/api/payments/*</code> and
<code>/api/sandbox/*</code> answer any origin (CORS); everything else is same-origin only, so call the integrator API from your server.</p>
<div class="search" role="search"><label for="q">Search</label><input id="q" type="search" placeholder="Operation, path or event (e.g. refund)" autocomplete="off"><span id="q-count" aria-live="polite"></span></div>
${
  tryIt
    ? `<div class="keybar"><label for="try-key">Key for Try it</label> <input id="try-key" type="password" autocomplete="off" placeholder="ip_test_… or an admin token"> <span>Try it sends requests to this server, which runs the <b>sandbox</b> provider: test data only, no real money.</span></div>`
    : '<p class="c">Try it is offered on a sandbox server (test data only); this server takes real payments.</p>'
}
${body}
${webhooks.length ? `<h2 class="group" id="webhooks">Webhook events</h2><p>What the merchant's automation webhook receives (signed; see <code>X-InvoicePay-Signature</code>).</p>${webhooks.map((w) => webhookHtml(doc, w.name, w.op)).join('\n')}` : ''}
<h2 class="group" id="schemas">Schemas</h2>
${Object.entries(schemas)
  .map(
    ([name, s]) =>
      `<section class="op" id="${schemaAnchor(name)}" data-s="${escapeHtml(`schema ${name}`.toLowerCase())}"><h3><code>${escapeHtml(name)}</code></h3>${s.description ? `<p>${prose(s.description)}</p>` : ''}${schemaHtml(s)}</section>`,
  )
  .join('\n')}
</main></div></body></html>`;
}
