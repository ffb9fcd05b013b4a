/**
 * Helpers for the payments suites: a connected merchant, a pay session, a payment created over
 * HTTP and confirmed the way a browser would (the sandbox provider's card form), then refreshed.
 */
import { expect } from 'vitest';
import type { SandboxProvider } from '../../api/payments/providers/sandbox/sandbox-provider.ts';
import { json, type TestApp } from '../support/app.ts';

export const CARDS = {
  visa: '4242424242424242',
  visaDebit: '4000056655665556',
  visaAu: '4000000360000006',
  visaGb: '4000008260000000',
  amex: '378282246310005',
  mastercardPrepaid: '5105105105105100',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  threeDSecure: '4000000000003220',
} as const;

export function sandbox(t: TestApp): SandboxProvider {
  return t.deps.payments as SandboxProvider;
}

let seq = 0;

/** A merchant row connected to a (sandbox) account that can take charges. */
export async function createConnectedMerchant(
  t: TestApp,
  overrides: Partial<{
    surcharge_enabled: 0 | 1;
    surcharge_bps: number;
    surcharge_rules: string | null;
    stripe_account_id: string | null;
    stripe_charges_enabled: 0 | 1;
    metadata: string | null;
    business_name: string;
  }> = {},
) {
  const id = crypto.randomUUID();
  const now = t.clock.now().toISOString();
  const row = {
    id,
    shortcode: id.slice(0, 8),
    business_name: overrides.business_name ?? `Supplier ${++seq}`,
    name: 'Pat Owner',
    email: `owner${seq}@supplier.test`,
    stripe_account_id: `acct_test${id.replace(/-/g, '').slice(0, 16)}`,
    stripe_charges_enabled: 1 as const,
    stripe_onboarding_complete: 1 as const,
    created_at: now,
    last_updated: now,
    ...overrides,
  };
  await t.deps.database.db.insertInto('merchants').values(row).execute();
  return row;
}

export async function openSession(
  t: TestApp,
  q: { merchant: string; invoice: string; amount?: string; currency?: string; paySessionId?: string },
) {
  const params = new URLSearchParams({
    merchant: q.merchant,
    invoice: q.invoice,
    currency: q.currency ?? 'AUD',
  });
  if (q.amount !== undefined) params.set('amount', q.amount);
  if (q.paySessionId) params.set('paySessionId', q.paySessionId);
  return json(t.app, 'GET', `/api/pay/session?${params}`);
}

export async function createPayment(
  t: TestApp,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return json(t.app, 'POST', '/api/payments/create-payment-intent', { currency: 'aud', ...body }, headers);
}

/** Confirm an intent in the sandbox as the widget's card form would. */
export async function confirmCard(
  t: TestApp,
  created: { paymentIntentId: string; clientSecret: string; stripeConnectAccountId: string },
  number: string = CARDS.visa,
) {
  const pm = await sandbox(t).createPaymentMethod({
    number,
    expMonth: 12,
    expYear: 2034,
    cvc: number.length === 15 ? '1234' : '123',
    account: created.stripeConnectAccountId,
  });
  return sandbox(t).confirmIntent({
    intentId: created.paymentIntentId,
    clientSecret: created.clientSecret,
    paymentMethodId: pm.id,
  });
}

export async function refresh(t: TestApp, paymentId: string) {
  const res = await json(t.app, 'POST', `/api/pay/payments/${paymentId}/refresh`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Open the link, pay `amount` (minor units) with a card, refresh; returns the payment state. */
export async function payThroughLink(
  t: TestApp,
  o: {
    merchant: string;
    invoice: string;
    linkAmount?: string;
    amount: number;
    card?: string;
    currency?: string;
  },
) {
  const session = await openSession(t, {
    merchant: o.merchant,
    invoice: o.invoice,
    amount: o.linkAmount,
    currency: o.currency,
  });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  const created = await createPayment(t, {
    merchantId: o.merchant,
    amount: o.amount,
    currency: (o.currency ?? 'aud').toLowerCase(),
    invoiceNumber: o.invoice,
    paySessionId: session.body.paySessionId,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  await confirmCard(t, created.body, o.card ?? CARDS.visa);
  return { created: created.body, state: await refresh(t, created.body.paymentId) };
}

export async function invoiceRow(t: TestApp, merchantId: string, invoice: string, currency = 'AUD') {
  return t.deps.database.db
    .selectFrom('invoices')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('invoice_number', '=', invoice)
    .where('currency', '=', currency)
    .executeTakeFirst();
}
