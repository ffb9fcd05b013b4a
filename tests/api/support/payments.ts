/**
 * Helpers for the payments suites: a connected merchant, a pay session, and payments made the way
 * the widget makes them — the card becomes a confirmation token (the sandbox's stand-in for
 * Stripe.js, over HTTP), the server quotes it, then creates and confirms the payment — then
 * refreshed from the provider.
 *
 * @example
 *   const { created, state } = await payThroughLink(t, { merchant: m.id, invoice: 'INV-1', linkAmount: '100.00', amount: 5000 });
 *   const { quote, res } = await quoteAndPay(t, { paySessionId, amount: 5000, card: CARDS.visaDebit });
 */
import { expect } from 'vitest';
import type { SandboxProvider } from '../../../api/sandbox/provider/sandbox-provider.ts';
import { json, type TestApp } from '../../support/app.ts';

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
  threeDSecureThenDeclined: '4000008260003178',
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
    /** A chosen id (e.g. one looked up before the merchant existed). */
    id: string;
  }> = {},
) {
  const id = overrides.id ?? crypto.randomUUID();
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

/** The card as a confirmation token on `account`, made as the widget's sandbox form makes it. */
export async function cardToken(t: TestApp, account: string, number: string = CARDS.visa): Promise<string> {
  const res = await json(t.app, 'POST', '/api/sandbox/confirmation_tokens', {
    payment_method_data: {
      type: 'card',
      card: { number, exp_month: 12, exp_year: 2034, cvc: number.length === 15 ? '1234' : '123' },
    },
    stripe_account: account,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

/** POST /api/payments/quote (currency defaults to aud). */
export async function quote(t: TestApp, body: Record<string, unknown>) {
  return json(t.app, 'POST', '/api/payments/quote', { currency: 'aud', ...body });
}

/**
 * POST /api/payments/create-payment-intent as is (currency defaults to aud; a fresh Idempotency-Key
 * unless `headers` names one).
 */
export async function createPayment(
  t: TestApp,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const key: Record<string, string> = Object.keys(headers).some((h) => h.toLowerCase() === 'idempotency-key')
    ? {}
    : { 'idempotency-key': `test-${crypto.randomUUID()}` };
  return json(
    t.app,
    'POST',
    '/api/payments/create-payment-intent',
    { currency: 'aud', ...body },
    { ...key, ...headers },
  );
}

export interface PayInput {
  /** The account the token is made for (the merchant's connected account). */
  account: string;
  amount: number;
  card?: string;
  paySessionId?: string;
  merchantId?: string;
  invoiceNumber?: string;
  amountDue?: number;
  currency?: string;
  customerEmail?: string;
  /** The embedding page's reference (the widget's `reference` attribute). */
  reference?: string;
}

/**
 * Token → quote → create-and-confirm, as the widget does. `res` is the create answer (200, 422
 * declined, 409 changed quote, …); `quote` the quote answer (expected 200).
 */
export async function quoteAndPay(t: TestApp, o: PayInput, headers: Record<string, string> = {}) {
  const token = await cardToken(t, o.account, o.card ?? CARDS.visa);
  const where = {
    paySessionId: o.paySessionId,
    merchantId: o.merchantId,
    invoiceNumber: o.invoiceNumber,
    amountDue: o.amountDue,
    currency: (o.currency ?? 'aud').toLowerCase(),
  };
  const q = await quote(t, { ...where, amount: o.amount, confirmationToken: token });
  expect(q.status, JSON.stringify(q.body)).toBe(200);
  const res = await createPayment(
    t,
    {
      ...where,
      amount: o.amount,
      confirmationToken: token,
      quoteId: q.body.quoteId,
      customerEmail: o.customerEmail,
      ...(o.reference !== undefined ? { reference: o.reference } : {}),
    },
    headers,
  );
  return { token, quote: q.body, res };
}

/**
 * What the quote and the payment answer for an amount the ledger may refuse: the quote for a fresh
 * card's token, and the payment naming a quote that never held (an amount refusal comes before any
 * quote check). Both must answer alike; the quote's answer is returned.
 */
export async function amountAnswer(t: TestApp, account: string, body: Record<string, unknown>) {
  const token = await cardToken(t, account);
  const q = await quote(t, { ...body, confirmationToken: token });
  const paid = await createPayment(t, { ...body, confirmationToken: token, quoteId: 'q1.none.none' });
  expect([paid.status, paid.body.error?.message]).toEqual([q.status, q.body.error?.message]);
  return q;
}

/** Confirm an intent from a browser that holds its client secret (Stripe.js confirmCardPayment). */
export async function confirmInBrowser(
  t: TestApp,
  o: { paymentIntentId: string; clientSecret: string; account: string },
  number: string = CARDS.visa,
) {
  const pm = await json(t.app, 'POST', '/api/sandbox/payment_methods', {
    type: 'card',
    card: { number, exp_month: 12, exp_year: 2034, cvc: number.length === 15 ? '1234' : '123' },
    stripe_account: o.account,
  });
  return json(t.app, 'POST', `/api/sandbox/payment_intents/${o.paymentIntentId}/confirm`, {
    client_secret: o.clientSecret,
    payment_method: pm.body.id,
  });
}

/** The customer completes (or fails) the 3-D Secure step with the client secret the server handed out. */
export async function authenticate(
  t: TestApp,
  o: { paymentIntentId: string; clientSecret: string },
  result: 'complete' | 'fail' = 'complete',
) {
  return json(t.app, 'POST', `/api/sandbox/payment_intents/${o.paymentIntentId}/authenticate`, {
    client_secret: o.clientSecret,
    result,
  });
}

export async function refresh(t: TestApp, paymentId: string) {
  const res = await json(t.app, 'POST', `/api/pay/payments/${paymentId}/refresh`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/**
 * Open the link, pay `amount` (minor units) with a card (token, quote, create-and-confirm), refresh;
 * returns the create answer (for a declined card: the declined payment, with its paymentIntentId)
 * and the payment state.
 */
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
  const account = session.body.provider.connectedAccountId as string;
  const { res } = await quoteAndPay(t, {
    account,
    amount: o.amount,
    card: o.card,
    merchantId: o.merchant,
    invoiceNumber: o.invoice,
    paySessionId: session.body.paySessionId,
    currency: o.currency,
  });
  expect([200, 422], JSON.stringify(res.body)).toContain(res.status);
  const created =
    res.status === 200
      ? res.body
      : {
          ...res.body.payment,
          id: res.body.payment.transactionId,
          paymentIntentId: res.body.payment.transactionId,
          stripeConnectAccountId: account,
        };
  return {
    created,
    state: await refresh(t, created.paymentId),
    paySessionId: session.body.paySessionId as string,
  };
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
