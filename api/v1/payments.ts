/**
 * Payments and refunds for the integrator API (`/api/v1`): reads in the caller's merchant scope
 * (repository.ts), pages newest first, and the v1 objects (with the merchant's local dates and
 * pay-link references).
 */
import type { DbOrTrx } from '../db/database.ts';
import type { Payment } from '../db/types.ts';
import { AppError } from '../errors.ts';
import type { PageQuery } from './http.ts';
import { payLinkRefs, toV1Payment, toV1Refund } from '../public-objects/objects.ts';
import {
  findPaymentInScope,
  findRefundInScope,
  merchantTimeZones,
  paymentPage,
  paymentsByIds,
  PAYMENT_NOT_FOUND,
  refundById,
  refundPage,
  REFUND_NOT_FOUND,
  type PaymentFilters,
} from './repository.ts';

export type { PaymentFilters } from './repository.ts';

/** What v1 objects of these payments need besides them: their merchants' time zones and pay-link references, in two reads. */
async function contextOf(db: DbOrTrx, payments: Payment[]) {
  const [zones, refs] = await Promise.all([
    merchantTimeZones(
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

/** A payment the caller may see (its key's merchant, or any for an all-merchant key or admin). */
export async function paymentOr404(db: DbOrTrx, merchantId: string | null, id: string): Promise<Payment> {
  const p = await findPaymentInScope(db, merchantId, id);
  if (!p) throw new AppError('not_found', PAYMENT_NOT_FOUND);
  return p;
}

async function v1Refunds(
  db: DbOrTrx,
  refunds: Array<{ payment_id: string } & Parameters<typeof toV1Refund>[0]>,
) {
  if (!refunds.length) return [];
  const payments = await paymentsByIds(db, [...new Set(refunds.map((r) => r.payment_id))]);
  const byId = new Map(payments.map((p) => [p.id, p]));
  const { zoneOf, refOf } = await contextOf(db, payments);
  return refunds.map((r) => {
    const p = byId.get(r.payment_id)!;
    return toV1Refund(r, p, zoneOf(p), refOf(p));
  });
}

/** A page of payments; expired reservations only when a status filter asks for them. */
export async function listPayments(
  db: DbOrTrx,
  merchantId: string | null,
  filters: PaymentFilters & PageQuery,
) {
  const { rows, hasMore } = await paymentPage(db, merchantId, filters);
  return { rows: await v1Payments(db, rows), hasMore };
}

export async function listRefunds(
  db: DbOrTrx,
  merchantId: string | null,
  filters: Parameters<typeof refundPage>[2],
) {
  const { rows, hasMore } = await refundPage(db, merchantId, filters);
  return { rows: await v1Refunds(db, rows), hasMore };
}

export async function refundOr404(db: DbOrTrx, merchantId: string | null, id: string) {
  const row = await findRefundInScope(db, merchantId, id);
  if (!row) throw new AppError('not_found', REFUND_NOT_FOUND);
  return (await v1Refunds(db, [row]))[0];
}

/** A refund just made, as a v1 object. */
export async function v1Refund(db: DbOrTrx, id: string) {
  return (await v1Refunds(db, [await refundById(db, id)]))[0];
}
