/**
 * Payments as the console sees them: the API object (with merchant name, surcharge percentage,
 * card, refunds) and the simple-rest list definition. Lists hide expired reservations unless a
 * status filter asks for them (DESIGN §3.7).
 */
import { mulDivRoundHalfUp } from '../../../core/decimal.ts';
import { readMetadata } from '../../../core/metadata.ts';
import { HELD, HELD_STATUSES } from '../../../core/payment-status.ts';
import { invoiceNumberKey } from '../../../core/invoice-number.ts';
import { sql, type SqlBool } from 'kysely';
import { percentageFromBps } from '../../../core/money.ts';
import type { Payment, PaymentDispute, Refund } from '../../db/types.ts';
import { defineList, type FilterValue } from '../../http/simple-rest.ts';
import { mismatchOf, quotedMethodOf } from '../create/method-match.ts';

export function toApiPayment(
  p: Payment & { merchant_name?: string | null; merchant_time_zone?: string | null },
  extra: { refunds?: Refund[]; invoiceOverpaid?: boolean; disputes?: PaymentDispute[] } = {},
) {
  return {
    id: p.id,
    merchant_id: p.merchant_id,
    merchant_name: p.merchant_name ?? null,
    merchant_time_zone: p.merchant_time_zone ?? null,
    invoice_id: p.invoice_id,
    invoice_number: p.invoice_number,
    currency: p.currency,
    amount: p.amount,
    surcharge: p.surcharge,
    surcharge_percentage: Number(percentageFromBps(p.surcharge_bps)),
    // Less than the rate on the amount: a cap applied (e.g. 1 % capped at A$3.50), and the console says so.
    surcharge_capped: p.surcharge < mulDivRoundHalfUp(p.amount, p.surcharge_bps, 10_000),
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
    metadata: readMetadata(p.metadata),
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
    // Bank debits (AU BECS Direct Debit): the account (BSB and its last three digits only), the
    // mandate, and for a processing debit the merchant-local date it should clear by.
    method_type: p.method_type,
    // PayTo: the PayID (masked) or the account, like a bank debit's.
    bank_account:
      p.method_type === 'au_becs_debit' || p.method_type === 'payto'
        ? {
            bsb: p.bank_bsb,
            last3: p.bank_last4 ? p.bank_last4.slice(-3) : null,
            pay_id: p.payto_pay_id,
          }
        : null,
    mandate_reference: p.mandate_reference,
    processing_at: p.processing_at,
    clears_by: p.status === 'processing' ? p.clears_by : null,
    dispute_status: p.dispute_status,
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
    ...(extra.disputes
      ? {
          disputes: extra.disputes.map((d) => ({
            id: d.id,
            provider_dispute_id: d.provider_dispute_id,
            amount: d.amount,
            currency: d.currency,
            reason: d.reason,
            status: d.status,
            evidence_due_by: d.evidence_due_by,
            created_at: d.created_at,
            updated_at: d.updated_at,
          })),
        }
      : {}),
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

const truthy = (value: FilterValue) => value === true || value === 'true' || value === 1 || value === '1';

/** `disputed`: payments with a dispute (true) or without (false). */
const disputedFilter = (value: FilterValue) =>
  truthy(value)
    ? sql<SqlBool>`payments.dispute_status is not null`
    : sql<SqlBool>`payments.dispute_status is null`;

const statusFilter = (value: FilterValue) => {
  // `held`: every payment holding an invoice's balance (DESIGN §3.4), whatever its waiting status.
  const values = (Array.isArray(value) ? value : [value])
    .map(String)
    .flatMap((v) => (v === HELD ? [...HELD_STATUSES] : [v]));
  return values.length ? sql<SqlBool>`payments.status in (${sql.join(values)})` : null;
};

/**
 * The invoice number as the ledger knows it (`invoices.number_key`: case, spaces and dashes folded,
 * DESIGN §3.3), matched anywhere in it: "inv-w2", "INV W2" and "W2" all find INV-W2.
 */
const invoiceNumberFilter = (value: FilterValue) => {
  const key = invoiceNumberKey(String(value ?? ''));
  if (!key) return null;
  const pattern = `%${key.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql<SqlBool>`payments.invoice_id in (select invoices.id from invoices where invoices.number_key like ${pattern} escape '\\')`;
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
    clears_by: 'payments.clears_by',
  },
  defaultSort: ['created_at', 'DESC'],
  sequence: 'payments.seq',
  tiebreaker: 'payments.id',
  filters: {
    q: {
      search: [
        'payments.invoice_number',
        'payments.customer_email',
        'payments.payment_intent_id',
        'payments.reference',
        // The metadata's JSON text too: a search for an order number finds its payments.
        'payments.metadata',
      ],
    },
    id: { column: 'payments.id' },
    merchant_id: { column: 'payments.merchant_id' },
    status: { where: statusFilter },
    invoice_number: { where: invoiceNumberFilter },
    invoice_id: { column: 'payments.invoice_id' },
    currency: { column: 'payments.currency' },
    method_type: { column: 'payments.method_type' },
    disputed: { where: disputedFilter },
    xero_sync_status: { column: 'payments.xero_sync_status' },
    created_at_gte: { column: 'payments.created_at', op: 'gte' },
    created_at_lte: { column: 'payments.created_at', op: 'lte' },
    date_from: { column: 'payments.created_at', op: 'gte' },
    date_to: { column: 'payments.created_at', op: 'lte' },
  },
});
