/**
 * `/api/v1/openapi.json`: the integrator API's part of the finished document (./openapi-document.ts)
 * — its paths, webhooks, the components they reach and their tags.
 */
type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/** Every `#/components/<kind>/<name>` the value refers to, following components into components. */
function reachableComponents(doc: Json, from: unknown): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value as Json)) {
        if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/')) {
          if (found.has(child)) continue;
          found.add(child);
          const [, , kind, name] = child.split('/');
          visit(doc.components?.[kind]?.[name]);
        } else visit(child);
      }
    }
  };
  visit(from);
  return found;
}

/**
 * `/api/v1/openapi.json`: the integrator API alone — its paths, the automation webhooks it
 * delivers, the components those use and their tags — from the full document
 * (`/api/openapi.json`, which keeps the pay page, the console and the sandbox too), so a client
 * generated for integrators carries no console route.
 */
export function integratorDocument(full: Json, title: string): Json {
  const doc = structuredClone(full);
  doc.info = {
    ...doc.info,
    title,
    description:
      'The integrator API: pay links, payments, refunds and invoices with an API key, and the webhooks we send. ' +
      'The full document, with the pay page and the console, is /api/openapi.json.',
  };
  doc.paths = Object.fromEntries(
    Object.entries<Json>(doc.paths ?? {}).filter(([path]) => path.startsWith('/api/v1/')),
  );
  const used = reachableComponents(doc, [doc.paths, doc.webhooks]);
  for (const [kind, entries] of Object.entries<Json>(doc.components ?? {})) {
    if (kind === 'securitySchemes') continue;
    for (const name of Object.keys(entries))
      if (!used.has(`#/components/${kind}/${name}`)) delete entries[name];
    if (Object.keys(entries).length === 0) delete doc.components[kind];
  }
  const schemes = new Set(
    Object.values<Json>(doc.paths).flatMap((item) =>
      METHODS.flatMap((m) => (item[m]?.security ?? []).flatMap((s: Json) => Object.keys(s))),
    ),
  );
  for (const name of Object.keys(doc.components?.securitySchemes ?? {}))
    if (!schemes.has(name)) delete doc.components.securitySchemes[name];
  const tags = new Set(
    [doc.paths, doc.webhooks].flatMap((items) =>
      Object.values<Json>(items ?? {}).flatMap((item) => METHODS.flatMap((m) => item[m]?.tags ?? [])),
    ),
  );
  doc.tags = (doc.tags ?? []).filter((t: Json) => tags.has(t.name));
  doc['x-tagGroups'] = (doc['x-tagGroups'] ?? [])
    .map((g: Json) => ({ ...g, tags: g.tags.filter((t: string) => tags.has(t)) }))
    .filter((g: Json) => g.tags.length > 0);
  return doc;
}
