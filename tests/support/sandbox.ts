/**
 * Helpers for tests that pay through the sandbox provider the way the widget does: create a
 * payment method from a test card over `/api/sandbox/payment_methods`, then confirm the intent with
 * its client secret over `/api/sandbox/payment_intents/{id}/confirm`.
 *
 * @example
 *   const { body } = await payWithTestCard(t.app, intent.clientSecret, TEST_CARDS.visa, intent.connectedAccountId);
 *   expect(body.paymentIntent.status).toBe('succeeded');
 *   await t.deps.payments.flushEvents(); // the signed events reach /api/webhooks/stripe
 */
import { SandboxProvider } from '../../api/sandbox/provider/sandbox-provider.ts';
import { json, type TestApp } from './app.ts';
import { createPostgresSchema, testDialect } from './db.ts';

export const TEST_CARDS = {
  visa: '4242424242424242',
  visaDebit: '4000056655665556',
  mastercard: '5555555555554444',
  prepaid: '5105105105105100',
  amex: '378282246310005',
  australia: '4000000360000006',
  unitedKingdom: '4000008260000000',
  unitedKingdomDebit: '4000058260000005',
  genericDecline: '4000000000000002',
  insufficientFunds: '4000000000009995',
  lostCard: '4000000000009987',
  stolenCard: '4000000000009979',
  expiredCard: '4000000000000069',
  incorrectCvc: '4000000000000127',
  processingError: '4000000000000119',
  threeDSecure: '4000000000003220',
  threeDSecureThenInsufficientFunds: '4000008260003178',
} as const;

export function sandboxOf(t: Pick<TestApp, 'deps'>): SandboxProvider {
  if (!(t.deps.payments instanceof SandboxProvider)) throw new Error('not in sandbox mode');
  return t.deps.payments;
}

export const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0];

/** POST /api/sandbox/payment_methods with a card number (expiry next year, CVC 123 / 1234 for Amex). */
export function createCard(
  app: TestApp['app'],
  number: string,
  account?: string,
  card: Partial<{ exp_month: number; exp_year: number; cvc: string }> = {},
) {
  return json(app, 'POST', '/api/sandbox/payment_methods', {
    type: 'card',
    card: {
      number,
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 2,
      cvc: number.startsWith('3') ? '1234' : '123',
      ...card,
    },
    billing_details: { name: 'Test Builder' },
    ...(account ? { stripe_account: account } : {}),
  });
}

export function confirmIntent(app: TestApp['app'], clientSecret: string, paymentMethod?: string) {
  return json(app, 'POST', `/api/sandbox/payment_intents/${intentIdOf(clientSecret)}/confirm`, {
    client_secret: clientSecret,
    ...(paymentMethod ? { payment_method: paymentMethod } : {}),
  });
}

export function authenticate(app: TestApp['app'], clientSecret: string, result: 'complete' | 'fail') {
  return json(app, 'POST', `/api/sandbox/payment_intents/${intentIdOf(clientSecret)}/authenticate`, {
    client_secret: clientSecret,
    result,
  });
}

/** Create a payment method from `number` and confirm with it: what the widget's Pay button does. */
export async function payWithTestCard(
  app: TestApp['app'],
  clientSecret: string,
  number: string,
  account?: string,
) {
  const pm = await createCard(app, number, account);
  if (pm.status !== 200) return pm;
  return confirmIntent(app, clientSecret, pm.body.id);
}

/**
 * Where a test's sandbox database lives: in-memory SQLite, or on the PostgreSQL project a schema
 * of its own (so the sandbox's SQL is exercised on both dialects).
 */
export async function sandboxDatabaseEnv(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (testDialect !== 'postgres')
    return { env: { SANDBOX_DATABASE_URL: 'sqlite::memory:' }, drop: async () => {} };
  const schema = await createPostgresSchema();
  return { env: { SANDBOX_DATABASE_URL: schema.url }, drop: schema.drop };
}
