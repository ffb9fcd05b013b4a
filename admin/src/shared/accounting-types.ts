/**
 * What the admin API answers about a merchant's accounting tool (Xero / QuickBooks): the connection,
 * the sync jobs, each refund's records on the payment page, the "Needs attention" list and the Xero
 * Pay now set-up. Read and changed through the data provider's methods (data/accounting-actions.ts).
 * The server's schemas where it documents them (client/api-types.ts); a payment's accounting records
 * are written here because the server documents them as a free-form record (no schema yet).
 */
import type { Schemas } from '../../../client/api-types.ts';

/** null provider with status 'not_connected' when the merchant has no connection. */
export type AccountingConnection = Schemas['AccountingConnection'];

export interface AccountingAccounts {
  payment_account_code: string;
  surcharge_account_code: string | null;
  credit_account_code?: string | null;
}

export type OutboxJob = Schemas['OutboxJob'];

export interface AccountingEntry {
  step: string;
  label: string;
  external_id: string | null;
  external_number: string | null;
  amount: number;
  currency: string;
  date: string;
}

export interface RefundRecords {
  refund_id: string;
  kind: 'credit' | 'reopen';
  amount: number;
  surcharge: number;
  currency: string;
  date: string;
  status: 'recorded' | 'pending' | 'failed' | 'needs_attention' | 'not_recorded';
  attention: string | null;
  job_id: string | null;
  entries: AccountingEntry[];
}

export interface PaymentAccountingRecords {
  provider: 'xero' | 'quickbooks' | null;
  payment: {
    external_payment_id: string | null;
    payment_amount: number;
    external_surcharge_id: string | null;
  } | null;
  refunds: RefundRecords[];
}

export type AttentionItem = Schemas['AccountingAttentionEntry'];

export type PayNowSetup = Schemas['XeroPayNow'];

export type PayNowResult = Schemas['XeroPayNowSetUp'];
