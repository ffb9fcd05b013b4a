/**
 * Payments and refunds for the integrator API (`/api/v1`): reads in the caller's merchant scope,
 * pages newest first, and the v1 objects (with the merchant's local dates and pay-link references).
 */
import type { DbOrTrx } from '../db/database.ts';
import type { Payment, PaymentStatus } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { pageOf, type PageQuery } from './http.ts';
import { payLinkRefs, toV1Payment, toV1Refund } from './objects.ts';

export const PAYMENT_NOT_FOUND = 'Payment not found';
export const REFUND_NOT_FOUND = 'Refund not found';

async function timeZones(db: DbOrTrx, merchantIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(merchantIds)];
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('merchants').select(['id', 'time_zone']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.time_zone]));
}

/** What v1 objects of these payments need besides them: their merchants' time zones and pay-link references, in two reads. */
async function contextOf(db: DbOrTrx, payments: Payment[]) {
  const [zones, refs] = await Promise.all([
    timeZones(
      db,
      payments.map((p) => p.merchant_id),
    ),
    payLinkRefs(
      db,
      payments.map((p) => p.observation_id),
    ),
  ]);
  return {
    zoneOf: (p: Payment) => zones.get(p.merchant_id) ?? 'UTC',
    refOf: (p: Payment) => (p.observation_id ? refs.get(p.observation_id) : undefined),
  };
}

/** Payments as v1 objects. */
export async function v1Payments(db: DbOrTrx, payments: Payment[]) {
  const { zoneOf, refOf } = await contextOf(db, payments);
  return payments.map((p) => toV1Payment(p, zoneOf(p), refOf(p)));
}

function paymentsInScope(db: DbOrTrx, merchantId: string | null) {
  return db
    .selectFrom('payments')
    .selectAll()
    .$if(merchantId !== null, (q) => q.where('merchant_id', '=', merchantId!));
}

/** A payment the caller may see (its key's merchant, or any for an all-merchant key or admin). */
export async function paymentOr404(db: DbOrTrx, merchantId: string | null, id: string): Promise<Payment> {
  const p = await paymentsInScope(db, merchantId).where('id', '=', id).executeTakeFirst();
  if (!p) throw new AppError('not_found', PAYMENT_NOT_FOUND);
  return p;
}

function refundsInScope(db: DbOrTrx, merchantId: string | null) {
  return db
    .selectFrom('refunds')
    .innerJoin('payments', 'payments.id', 'refunds.payment_id')
    .selectAll('refunds')
    .$if(merchantId !== null, (q) => q.where('payments.merchant_id', '=', merchantId!));
}

async function v1Refunds(
  db: DbOrTrx,
  refunds: Array<{ payment_id: string } & Parameters<typeof toV1Refund>[0]>,
) {
  if (!refunds.length) return [];
  const payments = await db
    .selectFrom('payments')
    .selectAll()
    .where('id', 'in', [...new Set(refunds.map((r) => r.payment_id))])
    .execute();
  const byId = new Map(payments.map((p) => [p.id, p]));
  const { zoneOf, refOf } = await contextOf(db, payments);
  return refunds.map((r) => {
    const p = byId.get(r.payment_id)!;
    return toV1Refund(r, p, zoneOf(p), refOf(p));
  });
}

export interface PaymentFilters {
  statuses: string[];
  invoice_number?: string;
  invoice_id?: string;
  created_gte?: string;
  created_lte?: string;
}

/** A page of payments; expired reservations only when a status filter asks for them. */
export async function listPayments(
  db: DbOrTrx,
  merchantId: string | null,
  filters: PaymentFilters & PageQuery,
) {
  let base = paymentsInScope(db, merchantId);
  base = filters.statuses.length
    ? base.where('status', 'in', filters.statuses as PaymentStatus[])
    : base.where('status', '<>', 'expired');
  if (filters.invoice_number) base = base.where('invoice_number', '=', filters.invoice_number);
  if (filters.invoice_id) base = base.where('invoice_id', '=', filters.invoice_id);
  if (filters.created_gte) base = base.where('created_at', '>=', new Date(filters.created_gte).toISOString());
  if (filters.created_lte) base = base.where('created_at', '<=', new Date(filters.created_lte).toISOString());
  const { rows, hasMore } = await pageOf(
    base,
    { createdAt: 'created_at', id: 'id' },
    filters,
    (id) => paymentsInScope(db, merchantId).where('id', '=', id).executeTakeFirst(),
    PAYMENT_NOT_FOUND,
  );
  return { rows: await v1Payments(db, rows), hasMore };
}

export async function listRefunds(
  db: DbOrTrx,
  merchantId: string | null,
  filters: { payment_id?: string; status?: 'pending' | 'succeeded' | 'failed' | 'canceled' } & PageQuery,
) {
  let base = refundsInScope(db, merchantId);
  if (filters.payment_id) base = base.where('refunds.payment_id', '=', filters.payment_id);
  if (filters.status) base = base.where('refunds.status', '=', filters.status);
  const { rows, hasMore } = await pageOf(
    base,
    { createdAt: 'refunds.created_at', id: 'refunds.id' },
    filters,
    (id) => refundsInScope(db, merchantId).where('refunds.id', '=', id).executeTakeFirst(),
    REFUND_NOT_FOUND,
  );
  return { rows: await v1Refunds(db, rows), hasMore };
}

export async function refundOr404(db: DbOrTrx, merchantId: string | null, id: string) {
  const row = await refundsInScope(db, merchantId).where('refunds.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('not_found', REFUND_NOT_FOUND);
  return (await v1Refunds(db, [row]))[0];
}

/** A refund just made, as a v1 object. */
export async function v1Refund(db: DbOrTrx, id: string) {
  const row = await db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return (await v1Refunds(db, [row]))[0];
}
