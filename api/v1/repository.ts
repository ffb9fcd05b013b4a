/**
 * The integrator API's reads (`/api/v1`), always in the caller's merchant scope (a key's own
 * merchant, or every merchant for an all-merchant key or an admin: `merchantId` null): the rows a
 * page or a GET answers with, newest first and paged by cursor (http.ts `pageOf`), and what the v1
 * objects add to them (time zones, pay-link references). The services map the rows (objects.ts).
 */
import { invoiceNumberKey } from '../../core/invoice-number.ts';
import type { DbOrTrx } from '../db/database.ts';
import type { PaymentStatus } from '../db/types.ts';
import { MERCHANT_NOT_FOUND, pageOf, type PageOrder, type PageQuery } from './http.ts';
import { ENDPOINT_NOT_FOUND, EVENT_NOT_FOUND } from '../merchant-webhooks/webhook-endpoints.ts';

export const PAYMENT_NOT_FOUND = 'Payment not found';
export const REFUND_NOT_FOUND = 'Refund not found';
export const INVOICE_NOT_FOUND = 'Invoice not found';

type Scope = string | null;
/** Newest first; rows made in the same millisecond in the order they were made (api/db/sequence.ts). */
const byCreation: PageOrder = { createdAt: 'created_at', seq: 'seq', id: 'id' };
/** The same for a table without a row sequence (merchants: made one at a time, by people). */
const byCreationAndId: PageOrder = { createdAt: 'created_at', id: 'id' };

function paymentsInScope(db: DbOrTrx, merchantId: Scope) {
  return db
    .selectFrom('payments')
    .selectAll()
    .$if(merchantId !== null, (q) => q.where('merchant_id', '=', merchantId!));
}

function refundsInScope(db: DbOrTrx, merchantId: Scope) {
  return db
    .selectFrom('refunds')
    .innerJoin('payments', 'payments.id', 'refunds.payment_id')
    .selectAll('refunds')
    .$if(merchantId !== null, (q) => q.where('payments.merchant_id', '=', merchantId!));
}

function invoicesInScope(db: DbOrTrx, merchantId: Scope) {
  return db
    .selectFrom('invoices')
    .selectAll()
    .$if(merchantId !== null, (q) => q.where('merchant_id', '=', merchantId!));
}

function merchantsInScope(db: DbOrTrx, own: Scope) {
  return db
    .selectFrom('merchants')
    .selectAll()
    .where('deleted_at', 'is', null)
    .$if(own !== null, (q) => q.where('id', '=', own!));
}

function linksInScope(db: DbOrTrx, merchantId: Scope) {
  return db
    .selectFrom('pay_links')
    .selectAll()
    .$if(merchantId !== null, (q) => q.where('merchant_id', '=', merchantId!));
}

export const findPaymentInScope = (db: DbOrTrx, merchantId: Scope, id: string) =>
  paymentsInScope(db, merchantId).where('id', '=', id).executeTakeFirst();
export const findRefundInScope = (db: DbOrTrx, merchantId: Scope, id: string) =>
  refundsInScope(db, merchantId).where('refunds.id', '=', id).executeTakeFirst();
export const findInvoiceInScope = (db: DbOrTrx, merchantId: Scope, id: string) =>
  invoicesInScope(db, merchantId).where('id', '=', id).executeTakeFirst();
export const findMerchantInScope = (db: DbOrTrx, own: Scope, id: string) =>
  merchantsInScope(db, own).where('id', '=', id).executeTakeFirst();
export const findPayLinkInScope = (db: DbOrTrx, merchantId: Scope, id: string) =>
  linksInScope(db, merchantId).where('id', '=', id).executeTakeFirst();

export interface PaymentFilters {
  statuses: string[];
  invoice_number?: string;
  invoice_id?: string;
  created_gte?: string;
  created_lte?: string;
}

/** A page of payments; expired reservations only when a status filter asks for them. */
export function paymentPage(db: DbOrTrx, merchantId: Scope, filters: PaymentFilters & PageQuery) {
  let base = paymentsInScope(db, merchantId);
  base = filters.statuses.length
    ? base.where('status', 'in', filters.statuses as PaymentStatus[])
    : base.where('status', '<>', 'expired');
  if (filters.invoice_number) base = base.where('invoice_number', '=', filters.invoice_number);
  if (filters.invoice_id) base = base.where('invoice_id', '=', filters.invoice_id);
  if (filters.created_gte) base = base.where('created_at', '>=', new Date(filters.created_gte).toISOString());
  if (filters.created_lte) base = base.where('created_at', '<=', new Date(filters.created_lte).toISOString());
  return pageOf(base, byCreation, filters, (id) => findPaymentInScope(db, merchantId, id), PAYMENT_NOT_FOUND);
}

export function refundPage(
  db: DbOrTrx,
  merchantId: Scope,
  filters: { payment_id?: string; status?: 'pending' | 'succeeded' | 'failed' | 'canceled' } & PageQuery,
) {
  let base = refundsInScope(db, merchantId);
  if (filters.payment_id) base = base.where('refunds.payment_id', '=', filters.payment_id);
  if (filters.status) base = base.where('refunds.status', '=', filters.status);
  return pageOf(
    base,
    { createdAt: 'refunds.created_at', seq: 'refunds.seq', id: 'refunds.id' },
    filters,
    (id) => findRefundInScope(db, merchantId, id),
    REFUND_NOT_FOUND,
  );
}

export function invoicePage(
  db: DbOrTrx,
  merchantId: Scope,
  filters: { number?: string; currency?: string; status?: 'open' | 'paid' } & PageQuery,
) {
  let base = invoicesInScope(db, merchantId);
  if (filters.number) base = base.where('number_key', '=', invoiceNumberKey(filters.number));
  if (filters.currency) base = base.where('currency', '=', filters.currency.trim().toUpperCase());
  if (filters.status) base = base.where('paid_at', filters.status === 'paid' ? 'is not' : 'is', null);
  return pageOf(base, byCreation, filters, (id) => findInvoiceInScope(db, merchantId, id), INVOICE_NOT_FOUND);
}

export function merchantPage(db: DbOrTrx, own: Scope, page: PageQuery) {
  return pageOf(
    merchantsInScope(db, own),
    byCreationAndId,
    page,
    (id) => findMerchantInScope(db, own, id),
    MERCHANT_NOT_FOUND,
  );
}

/** A page of links, by invoice number (however written) and status (active, expired or canceled at `now`). */
export function payLinkPage(
  db: DbOrTrx,
  merchantId: Scope,
  now: string,
  notFound: string,
  filters: { invoice_number?: string; status?: 'active' | 'expired' | 'canceled' } & PageQuery,
) {
  let base = linksInScope(db, merchantId);
  if (filters.invoice_number) {
    const key = invoiceNumberKey(filters.invoice_number);
    base = base.where('invoice_id', 'in', (eb) =>
      eb.selectFrom('invoices').select('id').where('number_key', '=', key),
    );
  }
  if (filters.status === 'canceled') base = base.where('canceled_at', 'is not', null);
  if (filters.status === 'expired')
    base = base.where('canceled_at', 'is', null).where('expires_at', '<=', now);
  if (filters.status === 'active')
    base = base
      .where('canceled_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
  return pageOf(base, byCreation, filters, (id) => findPayLinkInScope(db, merchantId, id), notFound);
}

/** The time zones of these merchants, by id. */
export async function merchantTimeZones(db: DbOrTrx, merchantIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(merchantIds)];
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('merchants').select(['id', 'time_zone']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.time_zone]));
}

export function paymentsByIds(db: DbOrTrx, ids: string[]) {
  return db.selectFrom('payments').selectAll().where('id', 'in', ids).execute();
}

export function refundById(db: DbOrTrx, id: string) {
  return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function apiKeyById(db: DbOrTrx, id: string) {
  return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A page of the merchant's webhook endpoints (deleted ones are gone). */
export function endpointPage(db: DbOrTrx, scope: Scope, q: PageQuery) {
  let base = db.selectFrom('webhook_endpoints').selectAll().where('deleted_at', 'is', null);
  if (scope) base = base.where('merchant_id', '=', scope);
  const inScope = (id: string) =>
    db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .$if(!!scope, (qb) => qb.where('merchant_id', '=', scope!))
      .executeTakeFirst();
  return pageOf(base, byCreation, q, inScope, ENDPOINT_NOT_FOUND);
}

/** A page of the merchant's events since `since`, of one type when asked. */
export function eventPage(db: DbOrTrx, scope: Scope, since: string, q: PageQuery & { type?: string }) {
  let base = db.selectFrom('webhook_events').selectAll().where('created_at', '>=', since);
  if (scope) base = base.where('merchant_id', '=', scope);
  if (q.type) base = base.where('type', '=', q.type);
  const inScope = (id: string) =>
    db
      .selectFrom('webhook_events')
      .selectAll()
      .where('id', '=', id)
      .$if(!!scope, (qb) => qb.where('merchant_id', '=', scope!))
      .executeTakeFirst();
  return pageOf(base, byCreation, q, inScope, EVENT_NOT_FOUND);
}
