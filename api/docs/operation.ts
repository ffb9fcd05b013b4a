/**
 * One operation of the API reference: method, path and credential, summary and description, its
 * operationId, parameters, request body (fields and an example), success answers (fields and an
 * example), the error answers with their codes, a copy-ready curl command and — on a sandbox
 * server — a try-it form (api/docs/reference-client.js sends it).
 */
import { credentialOf, curlFor, exampleOf, requestExample } from './examples.ts';
import {
  constraints,
  escapeHtml,
  operationAnchor,
  prose,
  refName,
  resolveRef,
  schemaAnchor,
  schemaHtml,
  typeLabel,
  type Json,
  type Schema,
} from './html.ts';

const CREDENTIAL_BADGE = {
  api_key:
    '<span class="lock key" title="Authorization: Bearer ip_live_… or ip_test_… (an admin token works too)">API key</span>',
  admin:
    '<span class="lock" title="Authorization: Bearer &lt;access token&gt; of an admin">bearer auth (admin)</span>',
  none: '<span class="lock open">public</span>',
};

const params = (doc: Json, op: Json): Json[] =>
  ((op.parameters ?? []) as Json[]).map((p) => (p.$ref ? (resolveRef(doc, p.$ref) ?? p) : p));

function parametersHtml(list: Json[]): string {
  if (!list.length) return '';
  const rows = list.map(
    (p) =>
      `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? ' <span class="req">required</span>' : ''}</td><td>${escapeHtml(p.in)}</td><td>${typeLabel(
        p.schema as Schema,
      )}</td><td>${prose(p.description ?? (p.schema as Schema | undefined)?.description ?? '')} ${p.schema ? constraints(p.schema as Schema) : ''}</td></tr>`,
  );
  return `<h4>Parameters</h4><table class="s"><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** A JSON body: its named schema's fields (with a link to it) or the inline schema's. */
function contentHtml(doc: Json, content: Json | undefined): string {
  if (!content) return '';
  return Object.entries(content)
    .map(([type, media]) => {
      const schema = (media as Json).schema as Schema | undefined;
      const target = schema?.$ref ? resolveRef(doc, schema.$ref) : undefined;
      return target
        ? `<p class="ct">${escapeHtml(type)}: ${typeLabel(schema)}</p>${schemaHtml(target)}`
        : `<p class="ct">${escapeHtml(type)}</p>${schemaHtml(schema)}`;
    })
    .join('');
}

const exampleBlock = (label: string, value: unknown) =>
  `<details class="ex"><summary>${escapeHtml(label)}</summary><pre><code>${escapeHtml(JSON.stringify(value, null, 2))}</code></pre></details>`;

const isError = (status: string) => status === 'default' || Number(status) >= 400;

function responsesHtml(doc: Json, op: Json): string {
  const entries = Object.entries<Json>(op.responses ?? {});
  const ok = entries
    .filter(([s]) => !isError(s))
    .map(([status, res]) => {
      const schema = res.content?.['application/json']?.schema as Schema | undefined;
      return `<div class="r"><p><span class="st s${escapeHtml(status[0])}">${escapeHtml(status)}</span> ${prose(res.description ?? '')}</p>${contentHtml(doc, res.content)}${
        schema ? exampleBlock(`Example ${status} answer`, exampleOf(doc, schema)) : ''
      }</div>`;
    });
  const errors = entries
    .filter(([s]) => isError(s))
    .map(([status, res]) => {
      const schema = res.content?.['application/json']?.schema as Schema | undefined;
      const link = schema?.$ref
        ? ` <a href="#${schemaAnchor(refName(schema.$ref))}">${escapeHtml(refName(schema.$ref))}</a>`
        : '';
      return `<tr><td><span class="st s${escapeHtml(status === 'default' ? 'd' : status[0])}">${escapeHtml(status)}</span></td><td>${prose(res.description ?? '')}${link}</td></tr>`;
    });
  return `<h4>Responses</h4>${ok.join('')}${
    errors.length
      ? `<table class="s errs"><thead><tr><th>Status</th><th>Error</th></tr></thead><tbody>${errors.join('')}</tbody></table>`
      : ''
  }`;
}

function tryItHtml(doc: Json, method: string, path: string, op: Json): string {
  const fields = params(doc, op)
    .filter((p) => ['path', 'query', 'header'].includes(p.in))
    .map((p) => {
      const id = `${operationAnchor(method, path)}-${p.in}-${String(p.name)}`.replace(/[^A-Za-z0-9_-]/g, '-');
      return `<label for="${escapeHtml(id)}">${escapeHtml(p.name)} <small>(${escapeHtml(p.in)}${p.required ? ', required' : ''})</small></label><input id="${escapeHtml(id)}" name="${escapeHtml(`${p.in}:${p.name}`)}"${p.required ? ' required' : ''} autocomplete="off">`;
    });
  const body = requestExample(doc, op);
  const bodyId = `${operationAnchor(method, path)}-body`;
  return `<details class="try"><summary>Try it</summary><form data-try data-method="${escapeHtml(method.toUpperCase())}" data-path="${escapeHtml(path)}">${fields.join('')}${
    body !== undefined
      ? `<label for="${escapeHtml(bodyId)}">Body (JSON)</label><textarea id="${escapeHtml(bodyId)}" name="body" rows="6" spellcheck="false">${escapeHtml(JSON.stringify(body, null, 2))}</textarea>`
      : ''
  }<button type="submit">Send ${escapeHtml(method.toUpperCase())}</button><output aria-live="polite"></output></form></details>`;
}

export function operationHtml(
  doc: Json,
  path: string,
  method: string,
  op: Json,
  options: { tryIt: boolean; tag: string },
): string {
  const body = op.requestBody as Json | undefined;
  const search = [method, path, op.operationId, op.summary, options.tag]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return `<section class="op" id="${operationAnchor(method, path)}" data-s="${escapeHtml(search)}">
<h3><span class="m ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code> ${CREDENTIAL_BADGE[credentialOf(doc, op)]}</h3>
${op.summary ? `<p class="sum">${prose(op.summary)}</p>` : ''}${op.operationId ? `<p class="oid">operationId <code>${escapeHtml(op.operationId)}</code></p>` : ''}${op.description ? `<p>${prose(op.description)}</p>` : ''}
${parametersHtml(params(doc, op))}
${body ? `<h4>Request body${body.required ? ' <span class="req">required</span>' : ''}</h4>${contentHtml(doc, body.content as Json | undefined)}${requestExample(doc, op) !== undefined ? exampleBlock('Example request body', requestExample(doc, op)) : ''}` : ''}
${responsesHtml(doc, op)}
<h4>curl</h4><div class="curl"><pre><code>${escapeHtml(curlFor(doc, method, path, op))}</code></pre><button type="button" class="copy" data-copy>Copy</button></div>
${options.tryIt ? tryItHtml(doc, method, path, op) : ''}
</section>`;
}

/** A webhook event: what it means, the headers and the body of each payload version, an example. */
export function webhookHtml(doc: Json, name: string, op: Json): string {
  const bodySchema = op.requestBody?.content?.['application/json']?.schema as Schema | undefined;
  const variants = (
    (bodySchema?.anyOf ?? bodySchema?.oneOf ?? (bodySchema ? [bodySchema] : [])) as Schema[]
  ).filter(Boolean);
  const example = variants.length ? exampleOf(doc, variants[0]) : undefined;
  return `<section class="op" id="event-${escapeHtml(name.replace(/[^A-Za-z0-9_-]/g, '-'))}" data-s="${escapeHtml(`${name} ${op.summary ?? ''} webhook event`.toLowerCase())}">
<h3><span class="m event">EVENT</span> <code>${escapeHtml(name)}</code></h3>
${op.summary ? `<p class="sum">${prose(op.summary)}</p>` : ''}${op.description ? `<p>${prose(op.description)}</p>` : ''}
${parametersHtml(params(doc, op))}
<h4>Body</h4><p class="t">${variants.map(typeLabel).join(' or ')}</p>
${example !== undefined ? exampleBlock('Example body (2026-11)', example) : ''}
</section>`;
}
