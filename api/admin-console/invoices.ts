/**
 * Invoices as the console lists them: the ledger row with its merchant, the balance through the
 * latest link seen (capped by the credible observations; DESIGN §3.3), the overpaid amount and why
 * the invoice needs attention — every figure from the one rule in api/invoices/ledger.ts; the list's
 * filters read the columns the repository stores from those rules.
 */
import { sql, type SqlBool } from 'kysely';
import type { DbOrTrx } from '../db/database.ts';
import type { Invoice } from '../db/types.ts';
import { defineList, type FilterValue } from '../http/simple-rest.ts';
import { availableBalance, overpaidAmount } from '../invoices/ledger.ts';
import { countersOf } from '../invoices/holds.ts';

export { INVOICE_NOT_FOUND } from '../invoices/admin.ts';

const on = (value: FilterValue) => value === true || value === 'true' || value === 1 || value === '1';

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
  sequence: 'invoices.seq',
  tiebreaker: 'invoices.id',
  filters: {
    q: { search: ['invoices.invoice_number', 'merchants.business_name'] },
    id: { column: 'invoices.id' },
    merchant_id: { column: 'invoices.merchant_id' },
    invoice_number: { column: 'invoices.invoice_number' },
    currency: { column: 'invoices.currency' },
    overpaid: {
      where: (value: FilterValue) => sql<SqlBool>`invoices.overpaid = ${on(value) ? 1 : 0}`,
    },
    needs_attention: {
      where: (value: FilterValue) =>
        on(value) ? sql<SqlBool>`invoices.attention is not null` : sql<SqlBool>`invoices.attention is null`,
    },
    attention: { column: 'invoices.attention' },
  },
});

export function invoicesWithMerchant(db: DbOrTrx) {
  const latest = (column: 'amount' | 'written_back_at_observation') =>
    sql<number | null>`(select o.${sql.ref(column)} from invoice_observations o
      where o.invoice_id = invoices.id and o.dismissed_at is null
      order by o.observed_at desc, o.id desc limit 1)`;
  return db
    .selectFrom('invoices')
    .leftJoin('merchants', 'merchants.id', 'invoices.merchant_id')
    .selectAll('invoices')
    .select('merchants.business_name as merchant_name')
    .select(latest('amount').as('latest_link_amount'))
    .select(latest('written_back_at_observation').as('latest_link_written_back'));
}

export type InvoiceRow = Invoice & {
  merchant_name: string | null;
  latest_link_amount: number | null;
  latest_link_written_back: number | null;
};

export function toApiInvoice(row: InvoiceRow) {
  const counters = countersOf(row);
  const latest =
    row.latest_link_amount === null
      ? { amount: null, writtenBack: 0 }
      : { amount: Number(row.latest_link_amount), writtenBack: Number(row.latest_link_written_back) };
  const overpaid = overpaidAmount(counters);
  return {
    id: row.id,
    merchant_id: row.merchant_id,
    merchant_name: row.merchant_name,
    invoice_number: row.invoice_number,
    currency: row.currency,
    paid_amount: row.paid_amount,
    reserved_amount: row.reserved_amount,
    written_back_amount: row.written_back_amount,
    written_off_amount: row.written_off_amount,
    /** The most this invoice can take through us (min over credible link observations), if known. */
    credible_limit: row.credible_limit,
    /** What is still payable through the latest link seen, capped by the credible observations; null
     * only when no link ever carried an amount (customers typed what they paid). */
    balance: availableBalance(counters, latest),
    overpaid: overpaid > 0,
    overpaid_amount: overpaid,
    attention: row.attention,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
