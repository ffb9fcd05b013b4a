/**
 * The console's calls for what the accounting tool holds (issue 18's API): each refund's Xero /
 * QuickBooks records on the payment page, the "Needs attention" list, and the Xero Pay now set-up.
 */
import { apiFetch } from '../api.ts';

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

const pay = (paymentId: string) => `/api/admin/payments/${encodeURIComponent(paymentId)}`;
const payNow = (merchantId: string) =>
  `/api/admin/merchants/${encodeURIComponent(merchantId)}/accounting/xero/pay-now`;

export const accountingRecordsApi = {
  recordsPath: (paymentId: string) => `${pay(paymentId)}/accounting-records`,
  attentionPath: '/api/admin/accounting/attention',
  payNowPath: payNow,
  setUpPayNow: (merchantId: string, body: { branding_theme_ids: string[]; pay_now_text?: string | null }) =>
    apiFetch<PayNowResult>(payNow(merchantId), { method: 'POST', body }),
};
