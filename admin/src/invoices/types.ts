/** The invoice page's data (`GET /api/admin/invoices/{id}/ledger`): the server's schema, named for the console. */
import type { Schemas } from '../../../client/api-types.ts';

export type InvoiceLedger = Schemas['AdminInvoiceLedger'];
export type Attention = NonNullable<InvoiceLedger['terms']['attention']>;
export type LedgerObservation = InvoiceLedger['observations'][number];
export type LedgerWriteback = InvoiceLedger['writebacks'][number];

/** i18n keys (admin/src/i18n/en-accounting.ts). */
export const ATTENTION_LABEL: Record<Attention, string> = {
  overpaid: 'console.ledger.attention.overpaid',
  capped: 'console.ledger.attention.capped',
  below_minimum: 'console.ledger.attention.below_minimum',
};

export const SOURCE_LABEL: Record<LedgerObservation['source'], string> = {
  link: 'console.ledger.sources.link',
  typed: 'console.ledger.sources.typed',
  live: 'console.ledger.sources.live',
};

export const WRITEBACK_KIND_LABEL: Record<LedgerWriteback['kind'], string> = {
  payment: 'console.ledger.writeback_kinds.payment',
  refund: 'console.ledger.writeback_kinds.refund',
  write_off: 'console.ledger.writeback_kinds.write_off',
};
