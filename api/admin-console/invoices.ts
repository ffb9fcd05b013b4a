/**
 * Invoices as the console sees them: the ledger row with its merchant, the balance still payable
 * through us (DESIGN §3.3: the credible limit less what is paid or reserved) and the overpaid flag
 * (a late success pushed the invoice past what it owed: refund the difference).
 */
import { sql, type SqlBool } from 'kysely';
import type { DbOrTrx } from '../db/database.ts';
import type { Invoice } from '../db/types.ts';
import { defineList, type FilterValue } from '../http/simple-rest.ts';

export const INVOICE_NOT_FOUND = 'Invoice not found.';

/** Paid beyond the credible limit, or flagged by the ledger when a late success overshot it. */
const overpaidExpr = sql<SqlBool>`(invoices.overpaid = 1 or (invoices.credible_limit is not null and invoices.paid_amount > invoices.credible_limit))`;

export const invoiceList = defineList({
  resource: 'invoices',
  sortable: {
    id: 'invoices.id',
    invoice_number: 'invoices.invoice_number',
    currency: 'invoices.currency',
    paid_amount: 'invoices.paid_amount',
    created_at: 'invoices.created_at',
    updated_at: 'invoices.updated_at',
    merchant_name: 'merchants.business_name',
  },
  defaultSort: ['updated_at', 'DESC'],
  tiebreaker: 'invoices.id',
  filters: {
    q: { search: ['invoices.invoice_number', 'merchants.business_name'] },
    id: { column: 'invoices.id' },
    merchant_id: { column: 'invoices.merchant_id' },
    invoice_number: { column: 'invoices.invoice_number' },
    currency: { column: 'invoices.currency' },
    overpaid: {
      where: (value: FilterValue) => {
        const on = value === true || value === 'true' || value === 1 || value === '1';
        return on ? overpaidExpr : sql<SqlBool>`not ${overpaidExpr}`;
      },
    },
  },
});

export function invoicesWithMerchant(db: DbOrTrx) {
  return db
    .selectFrom('invoices')
    .leftJoin('merchants', 'merchants.id', 'invoices.merchant_id')
    .selectAll('invoices')
    .select('merchants.business_name as merchant_name');
}

export function toApiInvoice(row: Invoice & { merchant_name: string | null }) {
  const committed = row.paid_amount + row.reserved_amount;
  const limit = row.credible_limit;
  const overpaidAmount = limit === null ? 0 : Math.max(0, row.paid_amount - limit);
  return {
    id: row.id,
    merchant_id: row.merchant_id,
    merchant_name: row.merchant_name,
    invoice_number: row.invoice_number,
    currency: row.currency,
    paid_amount: row.paid_amount,
    reserved_amount: row.reserved_amount,
    written_back_amount: row.written_back_amount,
    /** The most this invoice can take through us (min over credible link observations), if known. */
    credible_limit: limit,
    /** What is still payable through us, or null when no payment has anchored the invoice yet. */
    balance: limit === null ? null : Math.max(0, limit - committed),
    overpaid: row.overpaid === 1 || overpaidAmount > 0,
    overpaid_amount: overpaidAmount,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
