/**
 * `/api/admin/api-keys`: the console's API keys (simple-rest list and get, create — the key is in
 * that answer only —, and DELETE = revoke). Admins see every key; a merchant's owners and developers
 * its own keys (docs/auth.md); audited.
 */
import { createRoute } from '@hono/zod-openapi';
import { bearerSecurity as security, IdParam, jsonContent as json } from '../../http/openapi.ts';
import { createRouter, errorResponses } from '../../http/router.ts';
import { ListQueryParams, listPage, listResponse, inMerchants } from '../../http/simple-rest.ts';
import { actorOf } from '../../audit/actor.ts';
import { ApiKeySchema, CreateApiKeyBody, CreatedApiKeySchema } from './schema.ts';
import { apiKeysWithMerchant } from './repository.ts';
import {
  API_KEY_NOT_FOUND,
  apiKeyList,
  createApiKey,
  getApiKeyOr404,
  revokeApiKey,
  toApiKey,
} from './service.ts';
import { authorizeMerchant, isAdmin, merchantScope } from '../access.ts';
import { AppError } from '../../errors.ts';

/** A member's key is one merchant's: a key for every merchant is the platform's alone. */
export const MERCHANT_REQUIRED = 'Choose the merchant this key is for.';

const tags = ['admin: api keys'];

export const adminApiKeyRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/api-keys',
      tags,
      security,
      operationId: 'adminListApiKeys',
      'x-access': 'api_keys.manage',
      summary: 'List API keys (simple-rest): prefix, scope, permission, status, last use, creator',
      request: { query: ListQueryParams },
      responses: { 200: listResponse(ApiKeySchema, 'A page of keys'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const scope = merchantScope(c, 'api_keys.manage');
      const base = apiKeysWithMerchant(deps.database.db);
      const rows = await listPage(c, apiKeyList, inMerchants(base, 'api_keys.merchant_id', scope));
      const now = deps.clock.now();
      return c.json(
        rows.map((k) => toApiKey(k, now)),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/api-keys/{id}',
      tags,
      security,
      operationId: 'adminGetApiKey',
      'x-access': 'api_keys.manage',
      summary: 'One API key (never the key itself)',
      request: { params: IdParam },
      responses: { 200: json(ApiKeySchema, 'The key'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const key = await getApiKeyOr404(deps, c.req.valid('param').id);
      authorizeMerchant(c, 'api_keys.manage', key.merchant_id, API_KEY_NOT_FOUND);
      return c.json(toApiKey(key, deps.clock.now()), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/api-keys',
      tags,
      security,
      operationId: 'adminCreateApiKey',
      'x-access': 'api_keys.manage',
      summary: 'Create an API key: the answer holds the key, shown this once',
      description:
        'The key starts `ip_live_` when the server takes live Stripe payments, else `ip_test_`. Scope: one merchant ' +
        '(`merchant_id`) or every merchant (omitted). `read` keys may only GET; `write` keys also create pay links ' +
        'and refunds.',
      request: { body: { content: { 'application/json': { schema: CreateApiKeyBody } }, required: true } },
      responses: { 201: json(CreatedApiKeySchema, 'Created'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => {
      const body = c.req.valid('json');
      if (!isAdmin(c)) {
        if (!body.merchant_id)
          throw new AppError('validation_failed', MERCHANT_REQUIRED, { field: 'merchant_id' });
        authorizeMerchant(c, 'api_keys.manage', body.merchant_id, 'Merchant not found');
      }
      const created = await createApiKey(
        c.get('deps'),
        {
          name: body.name,
          merchant_id: body.merchant_id ?? null,
          permission: body.permission,
          expires_at: body.expires_at ?? null,
        },
        actorOf(c),
      );
      c.header('Cache-Control', 'no-store');
      return c.json(created, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/api-keys/{id}',
      tags,
      security,
      operationId: 'adminRevokeApiKey',
      'x-access': 'api_keys.manage',
      summary: 'Revoke an API key (refused from the next request on; the record stays for the audit log)',
      request: { params: IdParam },
      responses: { 200: json(ApiKeySchema, 'The revoked key'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { id } = c.req.valid('param');
      authorizeMerchant(
        c,
        'api_keys.manage',
        (await getApiKeyOr404(deps, id)).merchant_id,
        API_KEY_NOT_FOUND,
      );
      return c.json(await revokeApiKey(deps, id, actorOf(c)), 200);
    },
  );
