/**
 * The console's data-provider methods against the server's contract: each custom method (refund,
 * sync, webhook test, connect, disconnect, dismiss observation, write-off, …) sends a request that
 * is an operation of `/api/openapi.json` (method and path), with only body fields that operation
 * declares. A renamed route or field on either side fails here, not in front of an admin. The
 * requests are recorded (nothing is sent); the document comes from the real app on SQLite.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../admin/src/data/dataProvider.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';

type Json = Record<string, any>;
const ID = '5b7c1e52-3d9f-4a8e-9c41-0f6a2b8d7e10';

/** Every custom method, called as the console calls it. */
const CALLS: Record<string, () => Promise<unknown>> = {
  getStats: () => dataProvider.getStats(),
  getDiagnostics: () => dataProvider.getDiagnostics(),
  getPublicConfig: () => dataProvider.getPublicConfig(),
  getWidgetReleases: () => dataProvider.getWidgetReleases(),
  getWebhookTests: () => dataProvider.getWebhookTests({ id: ID }),
  startStripeConnect: () =>
    dataProvider.startStripeConnect({
      id: ID,
      mode: 'onboarding',
      redirectUri: 'https://console.example/cb',
    }),
  disconnectStripe: () => dataProvider.disconnectStripe({ id: ID }),
  getWebhookSettings: () => dataProvider.getWebhookSettings({ id: ID }),
  saveWebhook: () =>
    dataProvider.saveWebhook({
      id: ID,
      webhook_url: 'https://hook.example/x',
      scenario_id: null,
      payload_version: '2026-11',
      enabled_events: ['payment.succeeded', 'invoice.paid'],
    }),
  getWebhookEndpoints: () => dataProvider.getWebhookEndpoints({ id: ID }),
  createWebhookEndpoint: () =>
    dataProvider.createWebhookEndpoint({
      id: ID,
      url: 'https://hooks.example/x',
      enabled_events: ['*'],
      api_version: '2026-11',
    }),
  updateWebhookEndpoint: () => dataProvider.updateWebhookEndpoint({ id: ID, disabled: true }),
  deleteWebhookEndpoint: () => dataProvider.deleteWebhookEndpoint({ id: ID }),
  getWebhookEvents: () => dataProvider.getWebhookEvents({ id: ID }),
  resendWebhookEvent: () => dataProvider.resendWebhookEvent({ id: 'evt_1', endpointId: ID }),
  testWebhook: () => dataProvider.testWebhook({ id: ID }),
  revealWebhookSecret: () => dataProvider.revealWebhookSecret({ id: ID }),
  rotateWebhookSecret: () => dataProvider.rotateWebhookSecret({ id: ID }),
  syncPayment: () => dataProvider.syncPayment({ id: ID }),
  markRecorded: () => dataProvider.markRecorded({ id: ID, refundId: ID }),
  markRecordedMany: () => dataProvider.markRecordedMany({ ids: [ID] }),
  completeAccountingConnect: () =>
    dataProvider.completeAccountingConnect({ code: 'c', state: 's', realmId: '1' }),
  getAccountingConnection: () => dataProvider.getAccountingConnection({ id: ID }),
  connectAccounting: () => dataProvider.connectAccounting({ id: ID, provider: 'xero' }),
  disconnectAccounting: () => dataProvider.disconnectAccounting({ id: ID }),
  saveAccountingSettings: () =>
    dataProvider.saveAccountingSettings({
      id: ID,
      payment_account_code: '090',
      surcharge_account_code: '260',
      credit_account_code: '200',
    }),
  getFailedOutboxJobs: () => dataProvider.getFailedOutboxJobs(),
  retryOutboxJob: () => dataProvider.retryOutboxJob({ id: ID }),
  getAccountingAttention: () => dataProvider.getAccountingAttention(),
  getPaymentAccountingRecords: () => dataProvider.getPaymentAccountingRecords({ id: ID }),
  getPayNowSetup: () => dataProvider.getPayNowSetup({ id: ID }),
  setUpPayNow: () => dataProvider.setUpPayNow({ id: ID, branding_theme_ids: [ID] }),
  refund: () => dataProvider.refund({ id: ID, amount: 1000, reason: 'Damaged', kind: 'reopen' }),
  cancelHold: () => dataProvider.cancelHold({ id: ID }),
  cancelPayLink: () => dataProvider.cancelPayLink({ id: ID }),
  getPaymentDomains: () => dataProvider.getPaymentDomains({ id: ID }),
  addPaymentDomain: () => dataProvider.addPaymentDomain({ id: ID, domain: 'shop.example.com' }),
  refreshPaymentDomain: () => dataProvider.refreshPaymentDomain({ id: ID, domainId: ID }),
  removePaymentDomain: () => dataProvider.removePaymentDomain({ id: ID, domainId: ID }),
  getInvoiceLedger: () => dataProvider.getInvoiceLedger({ id: ID }),
  dismissObservation: () =>
    dataProvider.dismissObservation({ id: ID, observationId: ID, reason: 'Typed by hand' }),
  writeOff: () => dataProvider.writeOff({ id: ID, reason: 'Below the card minimum' }),
  markWriteOffRecorded: () => dataProvider.markWriteOffRecorded({ id: ID, writeOffId: ID }),
  getTeam: () => dataProvider.getTeam({ id: ID }),
  inviteMember: () => dataProvider.inviteMember({ id: ID, email: 'sam@hardwood.test', role: 'staff' }),
  withdrawInvitation: () => dataProvider.withdrawInvitation({ id: ID, invitationId: ID }),
  changeMemberRole: () => dataProvider.changeMemberRole({ id: ID, userId: ID, role: 'developer' }),
  removeMember: () => dataProvider.removeMember({ id: ID, userId: ID }),
  approveMerchant: () => dataProvider.approveMerchant({ id: ID }),
  getAccountChoices: () => dataProvider.getAccountChoices({ id: ID }),
  getMerchantSetup: () => dataProvider.getMerchantSetup({ id: ID }),
  suspendMerchant: () => dataProvider.suspendMerchant({ id: ID, reason: 'Bank details need checking' }),
};

/** Methods that read a static file the server serves, not an API operation. */
const STATIC: Record<string, { call: () => Promise<unknown>; path: string }> = {
  getWidgetManifest: { call: () => dataProvider.getWidgetManifest(), path: '/widget/manifest.json' },
};

/** react-admin's own methods (simple-rest resources, checked by the list and form tests). */
const REST = [
  'getList',
  'getOne',
  'getMany',
  'getManyReference',
  'create',
  'update',
  'updateMany',
  'delete',
  'deleteMany',
];

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

function operationFor(doc: Json, sent: Sent): Json | undefined {
  for (const [template, item] of Object.entries<Json>(doc.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (pattern.test(sent.path)) return item[sent.method.toLowerCase()];
  }
  return undefined;
}

function resolve(doc: Json, schema: Json | undefined): Json | undefined {
  if (!schema?.$ref) return schema;
  return schema.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((node: Json, key: string) => node?.[key], doc);
}

describe('console data provider × OpenAPI', () => {
  let t: TestApp;
  let doc: Json;
  const sent: Sent[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await json(t.app, 'GET', '/api/openapi.json')).body;
    vi.stubGlobal('fetch', async (input: string | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://console.test');
      sent.push({
        method: init.method ?? 'GET',
        path: url.pathname,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    });
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await t?.close();
  });

  it('covers every custom method of the data provider', () => {
    const custom = Object.keys(dataProvider).filter(
      (k) => typeof (dataProvider as unknown as Json)[k] === 'function' && !REST.includes(k),
    );
    expect(custom.sort()).toEqual([...Object.keys(CALLS), ...Object.keys(STATIC)].sort());
  });

  it.each(Object.keys(STATIC))('%s reads its static file', async (name) => {
    sent.length = 0;
    await STATIC[name].call();
    // (The console's auth client may refresh its token first.)
    const reads = sent.filter((r) => !r.path.startsWith('/api/auth/'));
    expect(reads.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${STATIC[name].path}`]);
  });

  it.each(Object.keys(CALLS))('%s sends a request the API documents', async (name) => {
    sent.length = 0;
    await CALLS[name]();
    const api = sent.filter((r) => r.path.startsWith('/api/admin/') || r.path.startsWith('/api/public/'));
    expect(api.length, 'one API request at least').toBeGreaterThan(0);
    for (const request of api) {
      const op = operationFor(doc, request);
      expect(op, `${request.method} ${request.path}`).toBeDefined();
      if (request.body === undefined || Object.keys(request.body as Json).length === 0) continue;
      const schema = resolve(doc, op!.requestBody?.content?.['application/json']?.schema);
      expect(schema, `${request.method} ${request.path} takes a JSON body`).toBeDefined();
      const declared = Object.keys(schema!.properties ?? {});
      expect(declared, `${request.method} ${request.path}`).toEqual(
        expect.arrayContaining(Object.keys(request.body as Json)),
      );
    }
  });
});
