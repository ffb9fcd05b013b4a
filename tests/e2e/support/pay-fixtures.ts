/**
 * Fixtures for the widget and pay-page browser tests: a merchant connected to a (sandbox or fake
 * Stripe) account that can take charges, written into the running server's SQLite database (as
 * the API suites' createConnectedMerchant does), plus the sandbox test cards and small page helpers.
 * The sandbox treats an `acct_…` id it has never seen as a fully onboarded test account.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Frame, Locator, Page } from 'playwright-core';
import type { RunningServer } from './server.ts';

export const CARDS = {
  visa: '4242424242424242',
  visaDebit: '4000056655665556',
  visaAu: '4000000360000006',
  mastercard: '5555555555554444',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  lost: '4000000000009987',
  stolen: '4000000000009979',
  expired: '4000000000000069',
  threeDSecure: '4000000000003220',
} as const;

export interface TestMerchant {
  id: string;
  shortcode: string;
  accountId: string;
  name: string;
}

let seq = 0;

export function createConnectedMerchant(
  server: Pick<RunningServer, 'dataDir'>,
  overrides: Partial<{
    business_name: string;
    surcharge_enabled: 0 | 1;
    surcharge_bps: number;
    surcharge_rules: string | null;
    stripe_account_id: string;
    stripe_charges_enabled: 0 | 1;
    /** AU BECS Direct Debit on (issue 17). */
    becs_enabled: 0 | 1;
    /** PayTo on (issue 34). */
    payto_enabled: 0 | 1;
    logo_url: string | null;
    brand_color: string | null;
  }> = {},
): TestMerchant {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const row = {
    id,
    shortcode: id.slice(0, 8),
    business_name: `Hardware Supplies ${++seq}`,
    name: 'Pat Owner',
    email: `owner${seq}@supplier.test`,
    stripe_account_id: `acct_e2e${id.replace(/-/g, '').slice(0, 16)}`,
    stripe_onboarding_complete: 1,
    stripe_charges_enabled: 1,
    surcharge_enabled: 1,
    surcharge_bps: 295,
    surcharge_rules: null as string | null,
    created_at: now,
    last_updated: now,
    ...overrides,
  };
  const db = new Database(join(server.dataDir, 'app.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const cols = Object.keys(row);
    db.prepare(
      `INSERT INTO merchants (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`,
    ).run(row);
  } finally {
    db.close();
  }
  return { id, shortcode: row.shortcode, accountId: row.stripe_account_id, name: row.business_name };
}

/** The element on the page (Playwright locators pierce open shadow roots). */
export function widget(page: Page | Frame, nth = 0): Locator {
  return page.locator('invoice-pay').nth(nth);
}

/** Fill the sandbox card form inside a widget. */
export async function fillSandboxCard(
  w: Locator,
  number: string,
  o: { name?: string; expiry?: string; cvc?: string } = {},
) {
  await w.getByLabel('Cardholder name').fill(o.name ?? 'Sam Builder');
  await w.getByLabel('Card number').fill(number);
  await w.getByLabel('Expiry (MM/YY)').fill(o.expiry ?? '12/34');
  await w.getByLabel('CVC').fill(o.cvc ?? '123');
}

/** Wait until the amount input is on screen and enabled. */
export async function waitForForm(w: Locator) {
  await w.getByLabel(/^Payment amount/).waitFor({ state: 'visible' });
}

export const money = (minor: number, currency = 'AUD') =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minor / 100);

/**
 * Pay over HTTP as the widget does (its sandbox form and our API): open the link's pay session,
 * turn the card into a confirmation token, get the quote, create and confirm the payment. Returns
 * the create answer's status and body (200 succeeded / requires_action, 422 declined, …).
 */
export async function payOverHttp(
  baseUrl: string,
  o: {
    merchant: string;
    invoice: string;
    linkAmount: string;
    amount: number;
    card?: string;
    currency?: string;
  },
): Promise<{ status: number; body: any }> {
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
  const currency = o.currency ?? 'AUD';
  const q = new URLSearchParams({ merchant: o.merchant, invoice: o.invoice, amount: o.linkAmount, currency });
  const session = await fetch(`${baseUrl}/api/pay/session?${q}`).then((r) => r.json());
  if (!session.paySessionId) throw new Error(`no pay session: ${JSON.stringify(session)}`);
  const card = o.card ?? CARDS.visa;
  const token = await post('/api/sandbox/confirmation_tokens', {
    payment_method_data: {
      card: { number: card, exp_month: 12, exp_year: 2034, cvc: card.length === 15 ? '1234' : '123' },
    },
    stripe_account: session.provider.connectedAccountId,
  });
  if (token.status !== 200) return token;
  const where = { paySessionId: session.paySessionId, currency: currency.toLowerCase(), amount: o.amount };
  const quote = await post('/api/payments/quote', { ...where, confirmationToken: token.body.id });
  if (quote.status !== 200) return quote;
  return post(
    '/api/payments/create-payment-intent',
    { ...where, confirmationToken: token.body.id, quoteId: quote.body.quoteId },
    { 'idempotency-key': crypto.randomUUID() },
  );
}
