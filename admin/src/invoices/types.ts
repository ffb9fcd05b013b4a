/** The invoice page's data (`GET /api/admin/invoices/{id}/ledger`, api/invoices/ledger-view.ts). */
export type Attention = 'overpaid' | 'capped' | 'below_minimum';

export interface LedgerObservation {
  id: string;
  amount: number;
  written_back_at_observation: number;
  remaining: number;
  source: 'link' | 'typed' | 'live';
  observed_at: string;
  credible: boolean;
  credible_at: string | null;
  dismissed: boolean;
  dismissed_at: string | null;
  dismissed_by: string | null;
  dismissed_reason: string | null;
  caps_balance: boolean;
}

export interface LedgerPayment {
  id: string;
  invoice_number: string;
  amount: number;
  surcharge: number;
  total_amount: number;
  refunded_amount: number;
  status: string;
  link_amount: number | null;
  observation_id: string | null;
  created_at: string;
  succeeded_at: string | null;
}

export interface LedgerRefund {
  id: string;
  payment_id: string;
  amount: number;
  surcharge: number;
  total_amount: number;
  kind: 'credit' | 'reopen';
  status: string;
  reason: string | null;
  created_at: string;
}

export interface LedgerWriteback {
  id: string;
  kind: 'payment' | 'refund' | 'write_off';
  subject_id: string;
  payment_id: string | null;
  amount: number;
  source: string;
  created_at: string;
  counted: boolean;
}

export interface LedgerWriteOff {
  id: string;
  amount: number;
  reason: string;
  observation_id: string | null;
  created_at: string;
  recorded_at: string | null;
  recorded_source: string | null;
  sync: Array<{ target: string; status: string; error: string | null; delivered_at: string | null }>;
}

export interface InvoiceLedger {
  invoice: {
    id: string;
    merchant_id: string;
    merchant_name: string | null;
    merchant_contact: { email: string | null; phone: string | null };
    invoice_number: string;
    currency: string;
    created_at: string;
    updated_at: string;
  };
  terms: {
    paid: number;
    reserved: number;
    p: number;
    written_off: number;
    s_now: number;
    credible_limit: number | null;
    committed: number;
    balance: number | null;
    latest_link_balance: number | null;
    capping: { kind: 'credible_observation' | 'latest_link'; observationId: string } | null;
    overpaid_amount: number;
    attention: Attention | null;
    below_minimum: boolean;
    minimum: number;
  };
  observations: LedgerObservation[];
  payments: LedgerPayment[];
  refunds: LedgerRefund[];
  writebacks: LedgerWriteback[];
  write_offs: LedgerWriteOff[];
}

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
