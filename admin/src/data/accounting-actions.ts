/**
 * The data provider's methods for the merchant's accounting tool (Xero / QuickBooks): the direct
 * connection (connect, disconnect, accounts), the sync jobs that gave up and their retry, the
 * "Needs attention" list, each refund's records, and the Xero Pay now set-up. Spread into the
 * console's data provider (./dataProvider.ts) and called with `useAction` / `useDataQuery`.
 */
import type { Identifier } from 'react-admin';
import type {
  AccountChoices,
  AccountingAccounts,
  AccountingConnection,
  AttentionItem,
  OutboxJob,
  PayNowResult,
  PayNowSetup,
  PaymentAccountingRecords,
} from '../shared/accounting-types.ts';
import { callApi } from './http.ts';

const merchantPath = (id: Identifier) => `/api/admin/merchants/${encodeURIComponent(String(id))}`;
const FAILED_JOBS = new URLSearchParams({
  filter: JSON.stringify({ status: 'failed' }),
  sort: '["updated_at","DESC"]',
  range: '[0,99]',
});

export const accountingActions = {
  getAccountingConnection: ({ id }: { id: Identifier }) =>
    callApi<AccountingConnection>(`${merchantPath(id)}/accounting`),
  /** The accounts (and QuickBooks items) to choose the settings from, read from the tool. */
  getAccountChoices: ({ id }: { id: Identifier }) =>
    callApi<AccountChoices>(`${merchantPath(id)}/account-choices`),
  /** The provider's consent page to send the admin to. */
  connectAccounting: ({ id, provider }: { id: Identifier; provider: 'xero' | 'quickbooks' }) =>
    callApi<{ url: string }>(`${merchantPath(id)}/accounting/${provider}/connect-url`, { method: 'POST', body: {} }),
  disconnectAccounting: ({ id }: { id: Identifier }) =>
    callApi<unknown>(`${merchantPath(id)}/accounting`, { method: 'DELETE' }),
  saveAccountingSettings: ({ id, ...accounts }: { id: Identifier } & AccountingAccounts) =>
    callApi<AccountingConnection>(`${merchantPath(id)}/accounting/settings`, { method: 'PUT', body: accounts }),

  /** The sync jobs that gave up (newest first, up to 100). */
  getFailedOutboxJobs: () => callApi<OutboxJob[]>(`/api/admin/outbox?${FAILED_JOBS}`),
  retryOutboxJob: ({ id }: { id: Identifier }) =>
    callApi<OutboxJob>(`/api/admin/outbox/${encodeURIComponent(String(id))}/retry`, { method: 'POST' }),

  getAccountingAttention: () => callApi<AttentionItem[]>('/api/admin/accounting/attention'),
  getPaymentAccountingRecords: ({ id }: { id: Identifier }) =>
    callApi<PaymentAccountingRecords>(`/api/admin/payments/${encodeURIComponent(String(id))}/accounting-records`),

  getPayNowSetup: ({ id }: { id: Identifier }) => callApi<PayNowSetup>(`${merchantPath(id)}/accounting/xero/pay-now`),
  setUpPayNow: ({ id, branding_theme_ids }: { id: Identifier; branding_theme_ids: string[] }) =>
    callApi<PayNowResult>(`${merchantPath(id)}/accounting/xero/pay-now`, {
      method: 'POST',
      body: { branding_theme_ids },
    }),
};
