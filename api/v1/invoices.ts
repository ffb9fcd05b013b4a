/**
 * Invoices, merchants and the caller's own key for the integrator API (`/api/v1`): reads in the
 * caller's merchant scope, pages newest first, and the v1 objects (an invoice with the ledger's terms).
 */
import { invoiceNumberKey } from '../../core/invoice-number.ts';
import type { DbOrTrx } from '../db/database.ts';
import type { Invoice } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { observationTermsOf } from '../invoices/repository.ts';
import { MERCHANT_NOT_FOUND, pageOf, type PageQuery } from './http.ts';
import { toV1Invoice } from './objects.ts';

export const INVOICE_NOT_FOUND = 'Invoice not found';

async function v1Invoices(db: DbOrTrx, invoices: Invoice[]) {
  const observations = await observationTermsOf(
    db,
    invoices.map((i) => i.id),
  );
  return invoices.map((i) => toV1Invoice(i, observations.get(i.id) ?? []));
}

function invoicesInScope(db: DbOrTrx, merchantId: string | null) {
  return db
    .selectFrom('invoices')
    .selectAll()
    .$if(merchantId !== null, (q) => q.where('merchant_id', '=', merchantId!));
}

function merchantsInScope(db: DbOrTrx, own: string | null) {
  return db
    .selectFrom('merchants')
    .selectAll()
    .where('deleted_at', 'is', null)
    .$if(own !== null, (q) => q.where('id', '=', own!));
}

export async function listInvoices(
  db: DbOrTrx,
  merchantId: string | null,
  filters: { number?: string; currency?: string; status?: 'open' | 'paid' } & PageQuery,
) {
  let base = invoicesInScope(db, merchantId);
  if (filters.number) base = base.where('number_key', '=', invoiceNumberKey(filters.number));
  if (filters.currency) base = base.where('currency', '=', filters.currency.trim().toUpperCase());
  if (filters.status) base = base.where('paid_at', filters.status === 'paid' ? 'is not' : 'is', null);
  const { rows, hasMore } = await pageOf(
    base,
    { createdAt: 'created_at', id: 'id' },
    filters,
    (id) => invoicesInScope(db, merchantId).where('id', '=', id).executeTakeFirst(),
    INVOICE_NOT_FOUND,
  );
  return { rows: await v1Invoices(db, rows), hasMore };
}

export async function invoiceOr404(db: DbOrTrx, merchantId: string | null, id: string) {
  const row = await invoicesInScope(db, merchantId).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('not_found', INVOICE_NOT_FOUND);
  return (await v1Invoices(db, [row]))[0];
}

export async function listMerchants(db: DbOrTrx, own: string | null, page: PageQuery) {
  return pageOf(
    merchantsInScope(db, own),
    { createdAt: 'created_at', id: 'id' },
    page,
    (id) => merchantsInScope(db, own).where('id', '=', id).executeTakeFirst(),
    MERCHANT_NOT_FOUND,
  );
}

export async function merchantInScope(db: DbOrTrx, own: string | null, id: string) {
  return merchantsInScope(db, own).where('id', '=', id).executeTakeFirst();
}

export async function apiKeyById(db: DbOrTrx, id: string) {
  return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
