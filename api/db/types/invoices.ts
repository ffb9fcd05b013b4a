/** Kysely table types (api/db/types.ts): The invoice ledger: invoices, link observations, write-offs. */
import type { Generated } from 'kysely';
import type { Timestamp, Flag } from './columns.ts';

export interface InvoicesTable {
  id: string;
  merchant_id: string;
  invoice_number: string;
  currency: string;
  paid_amount: Generated<number>;
  reserved_amount: Generated<number>;
  written_back_amount: Generated<number>;
  credible_limit: number | null;
  version: Generated<number>;
  overpaid: Generated<Flag>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Admin write-offs plus credit refunds (DESIGN §3.3, §3.8). */
  written_off_amount: Generated<number>;
  attention: InvoiceAttention | null;
  /** The normalised invoice number (core/invoice-number.ts) that, with merchant and currency, identifies it. */
  number_key: string;
  /** When the balance through us reached 0 (`invoice.paid`); null while something is due. */
  paid_at: Timestamp | null;
  /** Tie-breaker after created_at (migration 073, api/db/sequence.ts); 0 for older rows. */
  seq: Generated<number>;
}

export type InvoiceAttention = 'overpaid' | 'capped' | 'below_minimum';
export type ObservationSource = 'link' | 'typed' | 'live';

export interface InvoiceObservationsTable {
  id: string;
  invoice_id: string;
  amount: number;
  written_back_at_observation: number;
  credible: Generated<Flag>;
  observed_at: Timestamp;
  source: Generated<ObservationSource>;
  credible_at: Timestamp | null;
  dismissed_at: Timestamp | null;
  dismissed_by: string | null;
  dismissed_reason: string | null;
}

export interface InvoiceWriteOffsTable {
  id: string;
  invoice_id: string;
  amount: number;
  reason: string;
  observation_id: string | null;
  created_by: string | null;
  created_at: Timestamp;
  recorded_at: Timestamp | null;
  recorded_source: 'xero' | 'quickbooks' | 'webhook' | 'manual' | null;
  recorded_by: string | null;
}
