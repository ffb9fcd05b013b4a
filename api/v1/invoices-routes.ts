/**
 * `/api/v1/invoices`, `/api/v1/merchants` and `/api/v1/keys/current`: the ledger's invoices (what
 * is due through us, by the console's rules), the merchants in the caller's scope, and the caller
 * itself (scope, permission, expiry).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { serverKeyMode } from '../auth/api-keys/keys.ts';
import { AppError } from '../errors.ts';
import { IdParam, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { listBody, MERCHANT_NOT_FOUND, merchantScope, principal, v1Security as security } from './http.ts';
import { apiKeyById, invoiceOr404, listInvoices, listMerchants, merchantInScope } from './invoices.ts';
import { toV1Merchant } from '../public-objects/objects.ts';
import {
  ListParams,
  listOf,
  V1CallerSchema,
  V1InvoiceSchema,
  V1MerchantSchema,
} from '../public-objects/schemas.ts';

const InvoiceList = listOf(V1InvoiceSchema, 'InvoiceList', '/api/v1/invoices');
const MerchantList = listOf(V1MerchantSchema, 'MerchantList', '/api/v1/merchants');
const InvoiceQuery = ListParams.extend({
  number: z
    .string()
    .max(100)
    .optional()
    .openapi({ description: 'The invoice number, however written (case, spaces and dashes do not matter)' }),
  currency: z.string().max(10).optional(),
  status: z.enum(['open', 'paid']).optional(),
});

export const v1InvoiceRoutes = createRouter({ closedQuery: true })
  .openapi(
    createRoute({
      method: 'get',
      path: '/invoices',
      operationId: 'listInvoices',
      tags: ['Invoices'],
      security,
      summary: 'List invoices (the ledger: what is due through us), newest first',
      request: { query: InvoiceQuery },
      responses: { 200: json(InvoiceList, 'A page of invoices'), ...errorResponses(400, 401, 403, 404, 429) },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const merchantId = merchantScope(c, q.merchant_id);
      const { rows, hasMore } = await listInvoices(c.get('deps').database.db, merchantId, q);
      return c.json(listBody('/api/v1/invoices', rows, hasMore), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/invoices/{id}',
      operationId: 'getInvoice',
      tags: ['Invoices'],
      security,
      summary: 'One invoice',
      request: { params: IdParam },
      responses: { 200: json(V1InvoiceSchema, 'The invoice'), ...errorResponses(401, 403, 404, 429) },
    }),
    async (c) => {
      const db = c.get('deps').database.db;
      return c.json(await invoiceOr404(db, principal(c).merchantId, c.req.valid('param').id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/merchants',
      operationId: 'listMerchants',
      tags: ['Merchants'],
      security,
      summary: 'The merchants the caller may use (a merchant-scoped key: its own), newest first',
      request: { query: ListParams.omit({ merchant_id: true }) },
      responses: {
        200: json(MerchantList, 'A page of merchants'),
        ...errorResponses(400, 401, 403, 404, 429),
      },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const { rows, hasMore } = await listMerchants(c.get('deps').database.db, principal(c).merchantId, q);
      const base = c.get('deps').config.publicBaseUrl;
      return c.json(
        listBody(
          '/api/v1/merchants',
          rows.map((m) => toV1Merchant(m, base)),
          hasMore,
        ),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/merchants/{id}',
      operationId: 'getMerchant',
      tags: ['Merchants'],
      security,
      summary: 'One merchant',
      request: { params: IdParam },
      responses: { 200: json(V1MerchantSchema, 'The merchant'), ...errorResponses(401, 403, 404, 429) },
    }),
    async (c) => {
      const m = await merchantInScope(
        c.get('deps').database.db,
        principal(c).merchantId,
        c.req.valid('param').id,
      );
      if (!m) throw new AppError('not_found', MERCHANT_NOT_FOUND);
      return c.json(toV1Merchant(m, c.get('deps').config.publicBaseUrl), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/keys/current',
      operationId: 'getCurrentKey',
      tags: ['API keys'],
      security,
      summary: 'The key making this call: its scope, permission and expiry',
      responses: { 200: json(V1CallerSchema, 'The caller'), ...errorResponses(401, 403, 429) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const p = principal(c);
      if (p.kind === 'admin')
        return c.json(
          {
            object: 'admin' as const,
            id: p.id,
            label: p.label,
            name: null,
            mode: serverKeyMode(deps),
            merchant_id: null,
            permission: 'write' as const,
            expires_at: null,
          },
          200,
        );
      const key = await apiKeyById(deps.database.db, p.id);
      return c.json(
        {
          object: 'api_key' as const,
          id: key.id,
          label: key.prefix,
          name: key.name,
          mode: key.mode,
          merchant_id: key.merchant_id,
          permission: key.permission,
          expires_at: key.expires_at,
        },
        200,
      );
    },
  );
