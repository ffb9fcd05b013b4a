/**
 * Legacy (see ../api.ts): the accounting admin calls of the screens not yet on the data provider
 * (the accounting panel, Xero Integration). The webhook, sync and consent-return calls here are no
 * longer used by the console (they are data-provider methods now) and go when those screens move.
 */
import { apiFetch } from '../api.ts';

const m = (id: string) => `/api/admin/merchants/${encodeURIComponent(id)}`;

export interface WebhookTestResult {
  id?: string;
  status: string;
  response_status: number | null;
  error_message: string | null;
  webhook_url?: string;
  created_at?: string;
}

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

export interface SyncResult {
  /** 'targets', or 'nothing' when the merchant has nothing to sync to (the payment is left unchanged). */
  mode: string;
  synced: boolean;
  message: string | null;
  targets?: Array<{ target: string; label: string; status: string; message: string }>;
}

export const accountingApi = {
  saveWebhook: (merchantId: string, body: { webhook_url: string | null; scenario_id: string | null }) =>
    apiFetch(`${m(merchantId)}/webhook`, { method: 'PUT', body }),
  testWebhook: (merchantId: string) =>
    apiFetch<WebhookTestResult & { success?: boolean }>(`${m(merchantId)}/test-webhook`, { method: 'POST' }),
  webhookTests: (merchantId: string) =>
    apiFetch<Array<WebhookTestResult & { success?: boolean }>>(`${m(merchantId)}/webhook-tests`),
  revealSecret: (merchantId: string) => apiFetch<{ secret: string }>(`${m(merchantId)}/webhook-secret`),
  rotateSecret: (merchantId: string) =>
    apiFetch<{ secret: string }>(`${m(merchantId)}/webhook-secret/rotate`, { method: 'POST' }),
  connectionPath: (merchantId: string) => `${m(merchantId)}/accounting`,
  connect: (merchantId: string, provider: 'xero' | 'quickbooks') =>
    apiFetch<{ url: string }>(`${m(merchantId)}/accounting/${provider}/connect-url`, {
      method: 'POST',
      body: {},
    }),
  completeConnect: (params: { code: string; state: string; realmId?: string | null }) =>
    apiFetch<AccountingConnection & { merchant_id: string }>('/api/admin/accounting/callback', {
      method: 'POST',
      body: params,
    }),
  disconnect: (merchantId: string) => apiFetch(`${m(merchantId)}/accounting`, { method: 'DELETE' }),
  saveAccounts: (
    merchantId: string,
    accounts: {
      payment_account_code: string;
      surcharge_account_code: string | null;
      credit_account_code?: string | null;
    },
  ) =>
    apiFetch<AccountingConnection>(`${m(merchantId)}/accounting/settings`, { method: 'PUT', body: accounts }),
  syncPayment: (paymentId: string) =>
    apiFetch<SyncResult>(`/api/admin/payments/${encodeURIComponent(paymentId)}/sync-to-xero`, {
      method: 'POST',
    }),
  failedJobsPath: `/api/admin/outbox?${new URLSearchParams({ filter: JSON.stringify({ status: 'failed' }), sort: '["updated_at","DESC"]', range: '[0,99]' })}`,
  retryJob: (jobId: string) =>
    apiFetch<OutboxJob>(`/api/admin/outbox/${encodeURIComponent(jobId)}/retry`, { method: 'POST' }),
};
