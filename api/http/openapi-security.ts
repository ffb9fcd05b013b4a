/**
 * The OpenAPI side of the admin guard: `/api/admin/*` is protected by one middleware in app.ts, so
 * the document marks every admin operation (including ones added later) with the bearer scheme and
 * its 401/403 answers, instead of trusting each route to declare them.
 */
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

export const BEARER_SCHEME = { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } as const;

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

type Doc = { paths?: object; components?: { schemas?: object } };

export function withAdminSecurity<T extends Doc>(doc: T): T {
  const hasErrorSchema = Boolean((doc.components?.schemas as Record<string, unknown> | undefined)?.Error);
  const paths = (doc.paths ?? {}) as Record<string, Record<string, unknown> | undefined>;
  for (const [path, item] of Object.entries(paths)) {
    if (!item || !(path === '/api/admin' || path.startsWith('/api/admin/'))) continue;
    for (const method of HTTP_METHODS) {
      const op = item[method] as { security?: unknown; responses?: Record<string, unknown> } | undefined;
      if (!op) continue;
      op.security ??= [{ bearerAuth: [] }];
      if (hasErrorSchema) {
        op.responses ??= {};
        op.responses['401'] ??= errorResponse('Not signed in (no or invalid bearer token)');
        op.responses['403'] ??= errorResponse('Signed in, but not an admin');
      }
    }
  }
  return doc;
}
