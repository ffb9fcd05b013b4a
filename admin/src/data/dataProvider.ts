/**
 * The console's data provider: react-admin's simple-rest contract over `/api/admin` (lists, records,
 * create, update, delete) plus the admin API's actions as custom methods, so every read and write
 * goes through one object and is called with react-admin's hooks (`useCreate`/`useUpdate`/
 * `useDelete`, or `useAction` for the methods below): loading, errors and notifications behave the
 * same everywhere.
 * The accounting tool's methods are in ./accounting-actions.ts, the refund, wallet domains and the
 * invoice page's in ./record-actions.ts.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier } from 'react-admin';
import type { WidgetManifest } from '../merchants/embed-snippets.ts';
import type {
  Diagnostics,
  Merchant,
  MerchantSetup,
  Payment,
  PublicConfig,
  Stats,
  WidgetRelease,
  SyncResult,
  WebhookEndpoint,
  WebhookEndpointCreated,
  WebhookEvent,
  WebhookSettings,
  WebhookTest,
  RemovedMember,
  TeamMember,
  TeamInvitation,
} from '../shared/types.ts';
import { accountingActions } from './accounting-actions.ts';
import { callApi, httpClient } from './http.ts';
import { memberChoice } from '../merchant-choice.ts';
import { recordActions } from './record-actions.ts';

/** What an endpoint is made with (the console's form). */
export interface WebhookEndpointInput {
  url: string;
  enabled_events: string[];
  api_version: WebhookEndpoint['api_version'];
  description?: string | null;
}

/** The column each list filters by for the merchant chosen in the switcher (merchant-choice.ts). */
const MERCHANT_FILTER: Record<string, string> = {
  merchants: 'id',
  payments: 'merchant_id',
  invoices: 'merchant_id',
  'api-keys': 'merchant_id',
  'audit-log': 'merchant_id',
  'webhook-deliveries': 'merchant_id',
  'pay-links': 'merchant_id',
  outbox: 'merchant_id',
};

function withChosenMerchant<P extends { filter?: Record<string, unknown> }>(resource: string, params: P): P {
  const chosen = memberChoice();
  const column = MERCHANT_FILTER[resource];
  if (!chosen || !column) return params;
  return { ...params, filter: { ...params.filter, [column]: chosen } };
}

const merchantPath = (id: Identifier) => `/api/admin/merchants/${encodeURIComponent(String(id))}`;
const paymentPath = (id: Identifier) => `/api/admin/payments/${encodeURIComponent(String(id))}`;

const actions = {
  // Reads outside the simple-rest resources.
  /** The platform's figures for an admin; a member's merchants' (the one chosen in the switcher). */
  getStats: () => {
    const chosen = memberChoice();
    return callApi<Stats>(`/api/admin/stats${chosen ? `?merchant_id=${encodeURIComponent(chosen)}` : ''}`);
  },
  getDiagnostics: () => callApi<Diagnostics>('/api/admin/diagnostics'),
  getPublicConfig: () => callApi<PublicConfig>('/api/public/config'),
  /** The widget build this server serves: versioned paths and SRI hashes (the Embed panel's pinned code). */
  getWidgetManifest: () => callApi<WidgetManifest>('/widget/manifest.json'),
  /** Every widget release the server still serves, newest first (pinned script and package). */
  getWidgetReleases: () =>
    callApi<{ data: WidgetRelease[] }>('/api/public/widget-releases').then((r) => r.data),
  getWebhookTests: ({ id }: { id: Identifier }) => callApi<WebhookTest[]>(`${merchantPath(id)}/webhook-tests`),

  // A merchant's team (issue 32).
  getTeam: ({ id }: { id: Identifier }) =>
    Promise.all([
      callApi<TeamMember[]>(`${merchantPath(id)}/members`),
      callApi<TeamInvitation[]>(`${merchantPath(id)}/invitations`),
    ]).then(([members, invitations]) => ({ members, invitations })),
  inviteMember: (p: { id: Identifier; email: string; role: string }) =>
    callApi<TeamInvitation>(`${merchantPath(p.id)}/invitations`, {
      method: 'POST',
      body: { email: p.email, role: p.role },
    }),
  withdrawInvitation: (p: { id: Identifier; invitationId: string }) =>
    callApi<void>(`${merchantPath(p.id)}/invitations/${encodeURIComponent(p.invitationId)}`, { method: 'DELETE' }),
  changeMemberRole: (p: { id: Identifier; userId: string; role: string }) =>
    callApi<TeamMember>(`${merchantPath(p.id)}/members/${encodeURIComponent(p.userId)}`, {
      method: 'PUT',
      body: { role: p.role },
    }),
  /** The setup checklist, each step ticked from the real state. */
  getMerchantSetup: (p: { id: Identifier }) => callApi<MerchantSetup>(`${merchantPath(p.id)}/setup`),
  // The operator's review (admins).
  approveMerchant: (p: { id: Identifier }) =>
    callApi<Merchant>(`${merchantPath(p.id)}/approve`, { method: 'POST', body: {} }),
  suspendMerchant: (p: { id: Identifier; reason: string }) =>
    callApi<Merchant>(`${merchantPath(p.id)}/suspend`, { method: 'POST', body: { reason: p.reason } }),
  removeMember: (p: { id: Identifier; userId: string }) =>
    callApi<RemovedMember>(`${merchantPath(p.id)}/members/${encodeURIComponent(p.userId)}`, {
      method: 'DELETE',
    }),

  // Stripe Connect.
  startStripeConnect: (p: { id: Identifier; mode: 'onboarding' | 'oauth'; redirectUri: string }) =>
    callApi<{ url: string; accountId: string | null }>('/api/admin/stripe-connect-url', {
      method: 'POST',
      body: { merchantId: p.id, redirectUri: p.redirectUri, mode: p.mode },
    }),
  disconnectStripe: ({ id }: { id: Identifier }) =>
    callApi<{ merchant_id: string; disconnected_account_id: string | null }>(`${merchantPath(id)}/disconnect-stripe`, {
      method: 'POST',
    }),

  // The automation webhook.
  getWebhookSettings: ({ id }: { id: Identifier }) => callApi<WebhookSettings>(`${merchantPath(id)}/webhook`),
  saveWebhook: (p: {
    id: Identifier;
    webhook_url: string | null;
    scenario_id: string | null;
    payload_version?: WebhookSettings['payload_version'];
    /** Omitted: unchanged. */
    enabled_events?: string[];
  }) =>
    callApi<WebhookSettings>(`${merchantPath(p.id)}/webhook`, {
      method: 'PUT',
      body: {
        webhook_url: p.webhook_url,
        scenario_id: p.scenario_id,
        payload_version: p.payload_version,
        enabled_events: p.enabled_events,
      },
    }),
  testWebhook: ({ id }: { id: Identifier }) => callApi<WebhookTest>(`${merchantPath(id)}/test-webhook`, { method: 'POST' }),
  revealWebhookSecret: ({ id }: { id: Identifier }) => callApi<{ secret: string }>(`${merchantPath(id)}/webhook-secret`),
  rotateWebhookSecret: ({ id }: { id: Identifier }) =>
    callApi<{ secret: string; previous_secret_valid_until: string | null }>(`${merchantPath(id)}/webhook-secret/rotate`, {
      method: 'POST',
    }),

  // Webhook endpoints besides the automation webhook, and the events sent (30 days).
  getWebhookEndpoints: ({ id }: { id: Identifier }) =>
    callApi<WebhookEndpoint[]>(`${merchantPath(id)}/webhook-endpoints`),
  createWebhookEndpoint: ({ id, ...body }: { id: Identifier } & WebhookEndpointInput) =>
    callApi<WebhookEndpointCreated>(`${merchantPath(id)}/webhook-endpoints`, { method: 'POST', body }),
  updateWebhookEndpoint: ({ id, ...body }: { id: string } & Partial<WebhookEndpointInput> & { disabled?: boolean }) =>
    callApi<WebhookEndpoint>(`/api/admin/webhook-endpoints/${encodeURIComponent(id)}`, { method: 'PUT', body }),
  deleteWebhookEndpoint: ({ id }: { id: string }) =>
    callApi<{ id: string; deleted: true }>(`/api/admin/webhook-endpoints/${encodeURIComponent(id)}`, {
      method: 'DELETE',
    }),
  getWebhookEvents: ({ id }: { id: Identifier }) => callApi<WebhookEvent[]>(`${merchantPath(id)}/webhook-events`),
  resendWebhookEvent: ({ id, endpointId }: { id: string; endpointId: string | null }) =>
    callApi<{ id: string }>(`/api/admin/webhook-events/${encodeURIComponent(id)}/resend`, {
      method: 'POST',
      body: { endpoint_id: endpointId },
    }),

  // Payments: sync to the accounting tool, or record by hand that it is there.
  syncPayment: ({ id }: { id: Identifier }) => callApi<SyncResult>(`${paymentPath(id)}/sync-to-xero`, { method: 'POST' }),
  markRecorded: ({ id, refundId }: { id: Identifier; refundId?: string | null }) =>
    callApi<Payment>(`${paymentPath(id)}/mark-recorded`, { method: 'POST', body: { refundId: refundId ?? null } }),
  /** Mark several payments recorded, one call each; resolves with the ids done and those refused (and why). */
  async markRecordedMany({ ids }: { ids: Identifier[] }) {
    const results = await Promise.allSettled(ids.map((id) => actions.markRecorded({ id })));
    const data: Identifier[] = [];
    const failed: Array<{ id: Identifier; error: unknown }> = [];
    results.forEach((r, i) => (r.status === 'fulfilled' ? data.push(ids[i]) : failed.push({ id: ids[i], error: r.reason })));
    if (!data.length && failed.length) throw failed[0].error;
    return { data, failed };
  },

  // Xero / QuickBooks consent return.
  completeAccountingConnect: (p: { code: string; state: string; realmId?: string | null }) =>
    callApi<{ merchant_id: string; provider: 'xero' | 'quickbooks' }>('/api/admin/accounting/callback', {
      method: 'POST',
      body: p,
    }),
  ...accountingActions,
  ...recordActions,
};

export type ConsoleDataProvider = DataProvider & typeof actions;

const restProvider = simpleRestProvider('/api/admin', httpClient);

/** The API's largest page (api/http/simple-rest.ts MAX_PAGE_SIZE): a longer range is cut to it. */
const MAX_PAGE_SIZE = 500;

export const dataProvider: ConsoleDataProvider = {
  ...restProvider,
  /** A larger page (a CSV export asks for up to 10,000 rows) is fetched in pages the API serves whole. */
  async getList(resource, rawParams) {
    const params = withChosenMerchant(resource, rawParams);
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    if (perPage <= MAX_PAGE_SIZE) return restProvider.getList(resource, params);
    let chunk = MAX_PAGE_SIZE;
    while (perPage % chunk !== 0) chunk--; // pages of `chunk` rows tile the range exactly
    const first = (page - 1) * perPage;
    const data: any[] = [];
    let total: number | undefined;
    for (let offset = 0; offset < perPage; offset += chunk) {
      const part = await restProvider.getList(resource, {
        ...params,
        pagination: { page: (first + offset) / chunk + 1, perPage: chunk },
      });
      data.push(...part.data);
      total = part.total;
      if (part.data.length < chunk || (total !== undefined && first + data.length >= total)) break;
    }
    return { data, total };
  },
  ...actions,
};

