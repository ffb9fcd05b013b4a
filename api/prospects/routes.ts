/**
 * Prospects: the public contact form (`POST /api/public/prospects`) and the console's simple-rest
 * resource (`/api/admin/prospects`, admin-only by the global guard): list, read, and update the
 * status (the console's "Mark as contacted").
 */
import { createRoute } from '@hono/zod-openapi';
import { clientIp } from '../audit/client-ip.ts';
import { AppError } from '../errors.ts';
import { bearerSecurity, idParam, jsonContent } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { defineList, ListQueryParams, listPage, listResponse } from '../http/simple-rest.ts';
import { actorOf } from '../audit/actor.ts';
import { allProspects, findProspectById, toProspectApi } from './repository.ts';
import {
  ProspectReceivedSchema,
  ProspectSchema,
  ProspectSubmissionSchema,
  ProspectUpdateSchema,
} from './schema.ts';
import { enforceRateLimits } from '../rate-limit/enforce.ts';
import { CONTACT_RATE_RULE, PROSPECT_NOT_FOUND, setProspectStatus, submitProspect } from './service.ts';

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

const admin = { tags: ['admin: prospects'], security: bearerSecurity };

const submitRoute = createRoute({
  method: 'post',
  path: '/prospects',
  tags: ['public'],
  summary: 'Contact form: register interest (rate-limited per IP)',
  request: {
    body: { required: true, content: { 'application/json': { schema: ProspectSubmissionSchema } } },
  },
  responses: {
    201: jsonContent(ProspectReceivedSchema, 'Received'),
    ...errorResponses(400, 429),
  },
});

/** The contact form's endpoint, mounted under /api/public. */
export const publicProspectRoutes = createRouter();

// The limit is counted before validation so a flood of malformed posts is refused too.
publicProspectRoutes.use(submitRoute.path, async (c, next) => {
  if (c.req.method === 'POST') await enforceRateLimits(c, [[CONTACT_RATE_RULE, clientIp(c) ?? 'unknown']]);
  await next();
});

publicProspectRoutes.openapi(submitRoute, async (c) => {
  await submitProspect(c.get('deps'), c.req.valid('json'), clientIp(c));
  return c.json({ ok: true as const }, 201);
});

/** The console's resource, mounted under /api/admin. */
export const adminProspectRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/prospects',
      ...admin,
      summary: 'List prospects from the contact form (simple-rest)',
      request: { query: ListQueryParams },
      responses: {
        200: listResponse(ProspectSchema, 'A page of prospects'),
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const rows = await listPage(c, prospectList, allProspects(c.get('deps').database.db));
      return c.json(rows.map(toProspectApi), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/prospects/{id}',
      ...admin,
      summary: 'One prospect',
      request: { params: idParam(64) },
      responses: {
        200: jsonContent(ProspectSchema, 'The prospect'),
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const row = await findProspectById(c.get('deps').database.db, c.req.valid('param').id);
      if (!row) throw new AppError('not_found', PROSPECT_NOT_FOUND);
      return c.json(toProspectApi(row), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/prospects/{id}',
      ...admin,
      summary: "Update a prospect's status (new, contacted, qualified, closed)",
      request: {
        params: idParam(64),
        body: { required: true, content: { 'application/json': { schema: ProspectUpdateSchema } } },
      },
      responses: {
        200: jsonContent(ProspectSchema, 'The updated prospect'),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const row = await setProspectStatus(
        c.get('deps'),
        c.req.valid('param').id,
        c.req.valid('json').status,
        actorOf(c),
      );
      return c.json(toProspectApi(row), 200);
    },
  );
