/**
 * `/api/v1/invoices`, `/api/v1/merchants` and `/api/v1/keys/current`: the ledger's invoices (what
 * is due through us, by the console's rules), the merchants in the caller's scope, and the caller
 * itself (scope, permission, expiry).
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { invoiceNumberKey } from '../../core/invoice-number.ts';
import { serverKeyMode } from '../api-keys/keys.ts';
import type { AppEnv } from '../context.ts';
import type { DbOrTrx } from '../db/database.ts';
import type { Invoice } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { IdParam, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import type { ObservationTerm } from '../invoices/ledger.ts';
import {
  listBody,
  MERCHANT_NOT_FOUND,
  merchantScope,
  pageOf,
  principal,
  v1Security as security,
} from './http.ts';
import { toV1Invoice, toV1Merchant } from './objects.ts';
import { ListParams, listOf, V1CallerSchema, V1InvoiceSchema, V1MerchantSchema } from './schemas.ts';

export const INVOICE_NOT_FOUND = 'Invoice not found';

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

/** Observations of many invoices in one read (the ledger's terms of each). */
async function observationsOf(db: DbOrTrx, invoiceIds: string[]): Promise<Map<string, ObservationTerm[]>> {
  const byInvoice = new Map<string, ObservationTerm[]>(invoiceIds.map((id) => [id, []]));
  if (!invoiceIds.length) return byInvoice;
  const rows = await db
    .selectFrom('invoice_observations')
    .select([
      'id',
      'invoice_id',
      'amount',
      'written_back_at_observation',
      'credible',
      'dismissed_at',
      'observed_at',
    ])
    .where('invoice_id', 'in', invoiceIds)
    .execute();
  for (const r of rows)
    byInvoice.get(r.invoice_id)?.push({
      id: r.id,
      amount: Number(r.amount),
      writtenBack: Number(r.written_back_at_observation),
      credible: r.credible === 1,
      dismissed: r.dismissed_at !== null,
      observedAt: r.observed_at,
    });
  return byInvoice;
}

async function v1Invoices(db: DbOrTrx, invoices: Invoice[]) {
  const observations = await observationsOf(
    db,
    invoices.map((i) => i.id),
  );
  return invoices.map((i) => toV1Invoice(i, observations.get(i.id) ?? []));
}

function invoicesInScope(c: Context<AppEnv>, merchantId: string | null) {
  return c
    .get('deps')
    .database.db.selectFrom('invoices')
    .selectAll()
    .$if(merchantId !== null, (q) => q.where('merchant_id', '=', merchantId!));
}

function merchantsInScope(c: Context<AppEnv>) {
  const own = principal(c).merchantId;
  return c
    .get('deps')
    .database.db.selectFrom('merchants')
    .selectAll()
    .where('deleted_at', 'is', null)
    .$if(own !== null, (q) => q.where('id', '=', own!));
}

export const v1InvoiceRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/invoices',
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
      let base = invoicesInScope(c, merchantId);
      if (q.number) base = base.where('number_key', '=', invoiceNumberKey(q.number));
      if (q.currency) base = base.where('currency', '=', q.currency.trim().toUpperCase());
      if (q.status) base = base.where('paid_at', q.status === 'paid' ? 'is not' : 'is', null);
      const { rows, hasMore } = await pageOf(
        base,
        { createdAt: 'created_at', id: 'id' },
        q,
        (id) => invoicesInScope(c, merchantId).where('id', '=', id).executeTakeFirst(),
        INVOICE_NOT_FOUND,
      );
      return c.json(
        listBody('/api/v1/invoices', await v1Invoices(c.get('deps').database.db, rows), hasMore),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/invoices/{id}',
      operationId: 'getInvoice',
      tags: ['Invoices'],
      security,
      summary: 'One invoice',
      request: { params: IdParam },
      responses: { 200: json(V1InvoiceSchema, 'The invoice'), ...errorResponses(401, 403, 404, 429) },
    }),
    async (c) => {
      const row = await invoicesInScope(c, principal(c).merchantId)
        .where('id', '=', c.req.valid('param').id)
        .executeTakeFirst();
      if (!row) throw new AppError('not_found', INVOICE_NOT_FOUND);
      return c.json((await v1Invoices(c.get('deps').database.db, [row]))[0], 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/merchants',
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
      const { rows, hasMore } = await pageOf(
        merchantsInScope(c),
        { createdAt: 'created_at', id: 'id' },
        q,
        (id) => merchantsInScope(c).where('id', '=', id).executeTakeFirst(),
        MERCHANT_NOT_FOUND,
      );
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
      path: '/api/v1/merchants/{id}',
      operationId: 'getMerchant',
      tags: ['Merchants'],
      security,
      summary: 'One merchant',
      request: { params: IdParam },
      responses: { 200: json(V1MerchantSchema, 'The merchant'), ...errorResponses(401, 403, 404, 429) },
    }),
    async (c) => {
      const m = await merchantsInScope(c).where('id', '=', c.req.valid('param').id).executeTakeFirst();
      if (!m) throw new AppError('not_found', MERCHANT_NOT_FOUND);
      return c.json(toV1Merchant(m, c.get('deps').config.publicBaseUrl), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/keys/current',
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
      const key = await deps.database.db
        .selectFrom('api_keys')
        .selectAll()
        .where('id', '=', p.id)
        .executeTakeFirstOrThrow();
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
