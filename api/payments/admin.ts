/**
 * Payments as the console sees them: the API object (with merchant name, surcharge percentage,
 * card, refunds) and the simple-rest list definition. Lists hide expired reservations unless a
 * status filter asks for them (DESIGN §3.7).
 */
import { sql, type SqlBool } from 'kysely';
import { percentageFromBps } from '../../core/money.ts';
import type { DbOrTrx } from '../db/database.ts';
import type { Payment, Refund } from '../db/types.ts';
import { defineList, type FilterValue } from '../http/simple-rest.ts';
import { mismatchOf, quotedMethodOf } from './method-match.ts';

export function toApiPayment(
  p: Payment & { merchant_name?: string | null },
  extra: { refunds?: Refund[]; invoiceOverpaid?: boolean } = {},
) {
  return {
    id: p.id,
    merchant_id: p.merchant_id,
    merchant_name: p.merchant_name ?? null,
    invoice_id: p.invoice_id,
    invoice_number: p.invoice_number,
    currency: p.currency,
    amount: p.amount,
    surcharge: p.surcharge,
    surcharge_percentage: Number(percentageFromBps(p.surcharge_bps)),
    surcharge_rule: p.surcharge_rule,
    platform_fee: p.platform_fee,
    total_amount: p.total_amount,
    refunded_amount: p.refunded_amount,
    refunded_surcharge: p.refunded_surcharge,
    net_amount: p.amount - p.refunded_amount,
    link_amount: p.link_amount,
    status: p.status,
    provider: p.provider,
    payment_intent_id: p.payment_intent_id,
    session_id: p.session_id ?? p.payment_intent_id,
    stripe_connect_account_id: p.stripe_connect_account_id,
    customer_email: p.customer_email,
    reference: p.reference,
    card: p.card_last4
      ? {
          brand: p.card_brand,
          last4: p.card_last4,
          funding: p.card_funding,
          country: p.card_country,
          wallet: p.card_wallet,
        }
      : null,
    // The method the customer was quoted, and a difference from the one charged (charged = quoted).
    quoted_method: quotedMethodOf(p),
    method_mismatch: mismatchOf(p),
    failure_code: p.failure_code,
    failure_message: p.failure_message,
    reserved_until: p.reserved_until,
    xero_sync_status: p.xero_sync_status,
    xero_sync_time: p.xero_sync_time,
    xero_sync_error: p.xero_sync_error,
    succeeded_at: p.succeeded_at,
    created_at: p.created_at,
    updated_at: p.updated_at,
    ...(extra.invoiceOverpaid !== undefined ? { invoice_overpaid: extra.invoiceOverpaid } : {}),
    ...(extra.refunds
      ? {
          refunds: extra.refunds.map((r) => ({
            id: r.id,
            amount: r.amount,
            surcharge: r.surcharge,
            total_amount: r.total_amount,
            platform_fee_refunded: r.platform_fee_refunded,
            status: r.status,
            kind: r.kind,
            reason: r.reason,
            provider_refund_id: r.provider_refund_id,
            created_at: r.created_at,
          })),
        }
      : {}),
  };
}

const statusFilter = (value: FilterValue) => {
  const values = (Array.isArray(value) ? value : [value]).map(String);
  return values.length ? sql<SqlBool>`payments.status in (${sql.join(values)})` : null;
};

export const paymentList = defineList({
  resource: 'payments',
  sortable: {
    id: 'payments.id',
    created_at: 'payments.created_at',
    succeeded_at: 'payments.succeeded_at',
    amount: 'payments.amount',
    total_amount: 'payments.total_amount',
    status: 'payments.status',
    invoice_number: 'payments.invoice_number',
    merchant_name: 'merchants.business_name',
  },
  defaultSort: ['created_at', 'DESC'],
  tiebreaker: 'payments.id',
  filters: {
    q: {
      search: [
        'payments.invoice_number',
        'payments.customer_email',
        'payments.payment_intent_id',
        'payments.reference',
      ],
    },
    id: { column: 'payments.id' },
    merchant_id: { column: 'payments.merchant_id' },
    status: { where: statusFilter },
    invoice_number: { column: 'payments.invoice_number' },
    currency: { column: 'payments.currency' },
    xero_sync_status: { column: 'payments.xero_sync_status' },
    created_at_gte: { column: 'payments.created_at', op: 'gte' },
    created_at_lte: { column: 'payments.created_at', op: 'lte' },
    date_from: { column: 'payments.created_at', op: 'gte' },
    date_to: { column: 'payments.created_at', op: 'lte' },
  },
});

export function paymentsWithMerchant(db: DbOrTrx) {
  return db
    .selectFrom('payments')
    .leftJoin('merchants', 'merchants.id', 'payments.merchant_id')
    .selectAll('payments')
    .select('merchants.business_name as merchant_name');
}
