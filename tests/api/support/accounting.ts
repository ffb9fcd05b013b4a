/**
 * Helpers for the accounting suites: an app pointed at the fake Xero / QuickBooks, connecting a
 * merchant through the real OAuth routes (the fake plays the consent screen), paying through a
 * link, refunding as a credit or a re-open (the refund API's `kind`, DESIGN §3.8), and
 * reading back what the outbox did.
 */
import { expect } from 'vitest';
import { createTestApp, json, type TestApp } from '../../support/app.ts';
import type { FakeQuickBooks } from '../../support/fake-quickbooks.ts';
import type { FakeXero } from '../../support/fake-xero.ts';
import { payThroughLink } from './payments.ts';

export type Admin = { authorization: string };

export function xeroEnv(xero: FakeXero, extra: Record<string, string> = {}) {
  return {
    XERO_CLIENT_ID: xero.clientId,
    XERO_CLIENT_SECRET: xero.clientSecret,
    XERO_API_BASE: xero.url,
    XERO_IDENTITY_BASE: xero.url,
    XERO_LOGIN_BASE: xero.url,
    OUTBOX_BACKOFF_BASE_MS: '1000',
    OUTBOX_MAX_ATTEMPTS: '5',
    OUTBOX_TIMEOUT_MS: '2000',
    ...extra,
  };
}

export function quickbooksEnv(qbo: FakeQuickBooks, extra: Record<string, string> = {}) {
  return {
    QUICKBOOKS_CLIENT_ID: qbo.clientId,
    QUICKBOOKS_CLIENT_SECRET: qbo.clientSecret,
    QUICKBOOKS_API_BASE: qbo.url,
    QUICKBOOKS_IDENTITY_BASE: qbo.url,
    OUTBOX_BACKOFF_BASE_MS: '1000',
    OUTBOX_TIMEOUT_MS: '2000',
    ...extra,
  };
}

export const createAccountingApp = (env: Record<string, string>) =>
  createTestApp({ autoDeliverEvents: false, env });

export interface XeroAccounts {
  payment_account_code: string;
  surcharge_account_code: string | null;
  credit_account_code?: string | null;
}
export const XERO_ACCOUNTS: XeroAccounts = {
  payment_account_code: '090',
  surcharge_account_code: '260',
  credit_account_code: '200',
};

/** Start the connection, let the fake's consent screen approve it, finish the callback. */
export async function connectXero(
  t: TestApp,
  xero: FakeXero,
  admin: Admin,
  merchantId: string,
  accounts: XeroAccounts | null = XERO_ACCOUNTS,
) {
  const start = await json(
    t.app,
    'POST',
    `/api/admin/merchants/${merchantId}/accounting/xero/connect-url`,
    {},
    admin,
  );
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const consent = xero.consent(start.body.url);
  if (!('code' in consent)) throw new Error(`Xero refused the consent: ${consent.error}`);
  const state = new URL(start.body.url).searchParams.get('state')!;
  const done = await json(
    t.app,
    'POST',
    '/api/admin/accounting/callback',
    { code: consent.code, state },
    admin,
  );
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  if (accounts) {
    const saved = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchantId}/accounting/settings`,
      accounts,
      admin,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  return { start: start.body, done: done.body, state };
}

export async function payInvoice(
  t: TestApp,
  o: { merchant: string; invoice: string; amount: number; currency?: string; linkAmount?: string },
) {
  const { created, state } = await payThroughLink(t, {
    merchant: o.merchant,
    invoice: o.invoice,
    linkAmount: o.linkAmount ?? '10000.00',
    amount: o.amount,
    currency: o.currency,
  });
  expect(state.status).toBe('succeeded');
  return paymentRow(t, created.paymentId);
}

export const paymentRow = (t: TestApp, id: string) =>
  t.deps.database.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Refund `amount` (minor units; omitted: the rest) through the admin API, as a credit or a re-open. */
export async function refund(
  t: TestApp,
  admin: Admin,
  paymentId: string,
  kind: 'credit' | 'reopen',
  amount?: number,
) {
  const refundsOf = () =>
    t.deps.database.db.selectFrom('refunds').selectAll().where('payment_id', '=', paymentId).execute();
  const known = new Set((await refundsOf()).map((r) => r.id));
  const res = await json(
    t.app,
    'POST',
    `/api/admin/payments/${paymentId}/refund`,
    amount === undefined ? { kind } : { amount, kind },
    admin,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const row = (await refundsOf()).find((r) => !known.has(r.id))!;
  expect(row.kind).toBe(kind);
  return row;
}

export const jobOf = (
  t: TestApp,
  paymentId: string,
  kind: 'xero' | 'quickbooks',
  refundId: string | null = null,
) =>
  t.deps.database.db
    .selectFrom('outbox')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('kind', '=', kind)
    .where('refund_id', refundId === null ? 'is' : '=', refundId)
    .executeTakeFirstOrThrow();

export const entriesOf = (t: TestApp, subjectId: string) =>
  t.deps.database.db
    .selectFrom('accounting_entries')
    .selectAll()
    .where('subject_id', '=', subjectId)
    .orderBy('created_at', 'asc')
    .execute();

/** Move the test clock to the next midnight UTC (11:00 in Sydney in summer); returns that day, YYYY-MM-DD. */
export function nextUtcMidnight(t: TestApp): string {
  const now = t.clock.now().getTime();
  const next = Math.floor(now / 86_400_000 + 1) * 86_400_000;
  t.clock.advance(next - now);
  return new Date(next).toISOString().slice(0, 10);
}

export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Cancel what a test left queued, so the next test's worker runs only its own jobs. */
export async function cancelQueued(t: TestApp) {
  await t.deps.database.db
    .updateTable('outbox')
    .set({ status: 'canceled' })
    .where('status', 'in', ['pending', 'processing'])
    .execute();
}
