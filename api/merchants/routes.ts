/**
 * `/api/admin/merchants`: the console's simple-rest resource (list with sort/range/filter and
 * Content-Range, get, create, update, soft delete). Admin-only through the app-wide guard.
 */
import { createRoute } from '@hono/zod-openapi';
import { actorOf } from '../audit/actor.ts';
import { bearerSecurity as security, IdParam, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { defineList, ListQueryParams, listPage, listResponse } from '../http/simple-rest.ts';
import { MerchantCreateBody, MerchantSchema, MerchantUpdateBody } from './schema.ts';
import {
  createMerchant,
  deleteMerchant,
  getMerchantOr404,
  toApiMerchant,
  updateMerchantDetails,
} from './service.ts';
import { activeMerchants } from './repository.ts';

const merchantList = defineList({
  resource: 'merchants',
  sortable: {
    id: 'id',
    business_name: 'business_name',
    name: 'name',
    email: 'email',
    status: 'status',
    created_at: 'created_at',
    last_updated: 'last_updated',
    stripe_onboarding_complete: 'stripe_onboarding_complete',
  },
  defaultSort: ['created_at', 'DESC'],
  filters: {
    q: { search: ['business_name', 'name', 'email'] },
    id: { column: 'id' },
    status: { column: 'status' },
    email: { column: 'email', op: 'like' },
    stripe_onboarding_complete: { column: 'stripe_onboarding_complete', type: 'flag' },
    created_at_gte: { column: 'created_at', op: 'gte' },
    created_at_lte: { column: 'created_at', op: 'lte' },
  },
});

export const merchantRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/merchants',
      tags: ['admin'],
      security,
      summary: 'List merchants (simple-rest)',
      request: { query: ListQueryParams },
      responses: {
        200: listResponse(MerchantSchema, 'A page of merchants'),
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const { database, config } = c.get('deps');
      const rows = await listPage(c, merchantList, activeMerchants(database.db));
      return c.json(
        rows.map((m) => toApiMerchant(m, config.publicBaseUrl)),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/merchants/{id}',
      tags: ['admin'],
      security,
      summary: 'One merchant',
      request: { params: IdParam },
      responses: { 200: json(MerchantSchema, 'The merchant'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const merchant = await getMerchantOr404(deps, c.req.valid('param').id);
      return c.json(toApiMerchant(merchant, deps.config.publicBaseUrl), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/merchants',
      tags: ['admin'],
      security,
      summary: 'Create a merchant (defaults: surcharge 2.95 %, status active, payment URL)',
      request: { body: { content: { 'application/json': { schema: MerchantCreateBody } }, required: true } },
      responses: { 201: json(MerchantSchema, 'Created'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const merchant = await createMerchant(deps, c.req.valid('json'), actorOf(c));
      return c.json(toApiMerchant(merchant, deps.config.publicBaseUrl), 201);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/merchants/{id}',
      tags: ['admin'],
      security,
      summary: 'Update a merchant (fields not sent stay as they are)',
      request: {
        params: IdParam,
        body: { content: { 'application/json': { schema: MerchantUpdateBody } }, required: true },
      },
      responses: { 200: json(MerchantSchema, 'Updated'), ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const merchant = await updateMerchantDetails(
        deps,
        c.req.valid('param').id,
        c.req.valid('json'),
        actorOf(c),
      );
      return c.json(toApiMerchant(merchant, deps.config.publicBaseUrl), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/merchants/{id}',
      tags: ['admin'],
      security,
      summary: 'Delete a merchant (its payments are kept)',
      request: { params: IdParam },
      responses: { 200: json(MerchantSchema, 'The deleted merchant'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const merchant = await deleteMerchant(deps, c.req.valid('param').id, actorOf(c));
      return c.json(toApiMerchant(merchant, deps.config.publicBaseUrl), 200);
    },
  );
