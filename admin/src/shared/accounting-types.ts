/**
 * What the admin API answers about a merchant's accounting tool (Xero / QuickBooks): the connection,
 * the sync jobs, each refund's records on the payment page, the "Needs attention" list and the Xero
 * Pay now set-up. Read and changed through the data provider's methods (data/accounting-actions.ts).
 */

export interface AccountingConnection {
  /** null with status 'not_connected' when the merchant has no connection. */
  provider: 'xero' | 'quickbooks' | null;
  status: string;
  available?: { xero: boolean; quickbooks: boolean };
  tenant_id?: string | null;
  tenant_name?: string | null;
  payment_account_code: string | null;
  surcharge_account_code: string | null;
  credit_account_code?: string | null;
  granted_scopes?: string[] | null;
  requested_scopes?: string[] | null;
  payment_services?: boolean;
  last_error?: string | null;
  updated_at?: string;
}

export interface AccountingAccounts {
  payment_account_code: string;
  surcharge_account_code: string | null;
  credit_account_code?: string | null;
}

export interface OutboxJob {
  id: string;
  kind: string;
  merchant_id: string;
  payment_id: string | null;
  status: string;
  attempts: number;
  last_error: string | null;
  last_response_status: number | null;
  next_attempt_at: string;
  updated_at: string;
}

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

export interface AttentionItem {
  subject_id: string;
  subject_type: 'refund' | 'write_off';
  provider: 'xero' | 'quickbooks';
  merchant_id: string;
  merchant_name: string;
  payment_id: string | null;
  invoice_number: string | null;
  currency: string | null;
  amount: number | null;
  kind: 'credit' | 'reopen' | null;
  message: string;
  job_id: string | null;
  updated_at: string;
}

export interface PayNowSetup {
  url_template: string;
  can_set_up: boolean;
  reason: 'not_connected' | 'scope_missing' | 'not_https' | null;
  message: string | null;
  branding_themes: Array<{ id: string; name: string; attached: boolean }>;
  payment_service: { id: string; name: string; url: string | null } | null;
}

export interface PayNowResult {
  created: boolean;
  attached: string[];
  already_attached: string[];
  message: string;
}
