/**
 * Prospects: the public contact form (`POST /api/public/prospects`) and the console's read-only
 * simple-rest resource (`/api/admin/prospects`, admin-only by the global guard).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { clientIp } from '../audit/client-ip.ts';
import { AppError } from '../errors.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import {
  defineList,
  ListQueryParams,
  listResponseHeaders,
  paginate,
  parseListQuery,
  setListHeaders,
} from '../http/simple-rest.ts';
import { findProspectById, toProspectApi } from './repository.ts';
import { ProspectReceivedSchema, ProspectSchema, ProspectSubmissionSchema } from './schema.ts';
import { enforceRateLimits } from '../rate-limit/enforce.ts';
import { CONTACT_RATE_RULE, submitProspect } from './service.ts';

const prospectList = defineList({
  resource: 'prospects',
  sortable: {
    id: 'id',
    name: 'name',
    email: 'email',
    company_name: 'company_name',
    status: 'status',
    source: 'source',
    created_at: 'created_at',
  },
  defaultSort: ['created_at', 'DESC'],
  filters: {
    q: { search: ['name', 'email', 'company_name'] },
    id: { column: 'id' },
    status: { column: 'status' },
    source: { column: 'source' },
    created_gte: { column: 'created_at', op: 'gte' },
    created_lte: { column: 'created_at', op: 'lte' },
  },
});

const admin = { tags: ['admin: prospects'], security: [{ bearerAuth: [] }] };

const submitRoute = createRoute({
  method: 'post',
  path: '/api/public/prospects',
  tags: ['public'],
  summary: 'Contact form: register interest (rate-limited per IP)',
  request: {
    body: { required: true, content: { 'application/json': { schema: ProspectSubmissionSchema } } },
  },
  responses: {
    201: { description: 'Received', content: { 'application/json': { schema: ProspectReceivedSchema } } },
    ...errorResponses(400, 429),
  },
});

export const prospectRoutes = createRouter();

// The limit is counted before validation so a flood of malformed posts is refused too.
prospectRoutes.use(submitRoute.path, async (c, next) => {
  if (c.req.method === 'POST') enforceRateLimits(c, [[CONTACT_RATE_RULE, clientIp(c) ?? 'unknown']]);
  await next();
});

prospectRoutes
  .openapi(submitRoute, async (c) => {
    await submitProspect(c.get('deps'), c.req.valid('json'), clientIp(c));
    return c.json({ ok: true as const }, 201);
  })
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/prospects',
      ...admin,
      summary: 'List prospects from the contact form (simple-rest)',
      request: { query: ListQueryParams },
      responses: {
        200: {
          description: 'A page of prospects',
          headers: listResponseHeaders,
          content: { 'application/json': { schema: z.array(ProspectSchema) } },
        },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const list = parseListQuery(c.req.query(), prospectList);
      const db = c.get('deps').database.db;
      const { rows, total } = await paginate(db.selectFrom('prospects').selectAll(), list);
      setListHeaders(c, list, rows.length, total);
      return c.json(rows.map(toProspectApi), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/prospects/{id}',
      ...admin,
      summary: 'One prospect',
      request: {
        params: z.object({
          id: z
            .string()
            .min(1)
            .max(64)
            .openapi({ param: { name: 'id', in: 'path' } }),
        }),
      },
      responses: {
        200: { description: 'The prospect', content: { 'application/json': { schema: ProspectSchema } } },
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const row = await findProspectById(c.get('deps').database.db, c.req.valid('param').id);
      if (!row) throw new AppError('not_found', 'Prospect not found');
      return c.json(toProspectApi(row), 200);
    },
  );
