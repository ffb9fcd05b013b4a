/**
 * Helpers for the integrator API suites: API keys made through the console's API, calls with a key,
 * and a payment through a signed pay link (opened as the hosted page opens it: its path segment as
 * `merchant`).
 */
import { expect } from 'vitest';
import { json, type TestApp } from '../../support/app.ts';
import { openSession, quoteAndPay, refresh } from './payments.ts';

export type Headers = { authorization: string };

export interface MadeKey {
  id: string;
  secret: string;
  headers: Headers;
  record: Record<string, any>;
}

/** Create a key through POST /api/admin/api-keys. */
export async function createKey(
  t: TestApp,
  admin: Headers,
  body: {
    name?: string;
    merchant_id?: string | null;
    permission?: 'read' | 'write';
    expires_at?: string | null;
  } = {},
): Promise<MadeKey> {
  const res = await json(
    t.app,
    'POST',
    '/api/admin/api-keys',
    { name: 'Agency key', permission: 'write', ...body },
    admin,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return {
    id: res.body.id,
    secret: res.body.secret,
    headers: { authorization: `Bearer ${res.body.secret}` },
    record: res.body,
  };
}

/** The hosted URL's parts: the signed path segment and the query the page passes on. */
export function partsOf(url: string) {
  const u = new URL(url);
  const segment = decodeURIComponent(u.pathname.replace(/^\/pay\//, ''));
  return {
    merchant: segment,
    invoice: u.searchParams.get('invoice')!,
    amount: u.searchParams.get('amount')!,
    currency: u.searchParams.get('currency')!,
  };
}

/** Open a signed link's pay page and pay `amount` (minor units) by card as the widget does; returns the payment's id. */
export async function payThroughSignedLink(t: TestApp, url: string, amount: number) {
  const p = partsOf(url);
  const session = await openSession(t, p);
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  const { res } = await quoteAndPay(t, {
    account: session.body.provider.connectedAccountId,
    amount,
    paySessionId: session.body.paySessionId,
    invoiceNumber: p.invoice,
    currency: p.currency,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await refresh(t, res.body.paymentId);
  return res.body.paymentId as string;
}
