/**
 * Webhook signatures dated in the future beyond the five-minute tolerance are refused, as stale
 * ones are: a future date would stretch the window in which a captured delivery can be
 * replayed. Through the webhook route, for the sandbox's verifier and for the Stripe provider
 * (whose SDK checks only stale timestamps). Signed with the official SDK's test helper.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxProvider } from '../../api/sandbox/provider/sandbox-provider.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.ts';

const skip = await skipPostgres();
const sdk = new Stripe('sk_test_unused');
const PLATFORM_SECRET = 'whsec_platform_timestamps';

describe.skipIf(skip)(`webhook timestamps in the future (${testDialect})`, () => {
  let fake: FakeStripe;
  let sandbox: TestApp;
  let stripe: TestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    [sandbox, stripe] = await Promise.all([
      createTestApp(),
      createTestApp({
        env: {
          PAYMENTS_PROVIDER: 'stripe',
          STRIPE_SECRET_KEY: 'sk_test_timestamps',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_timestamps',
          STRIPE_API_BASE: fake.url,
          STRIPE_WEBHOOK_SECRET: PLATFORM_SECRET,
        },
      }),
    ]);
  });
  afterAll(async () => {
    await sandbox?.close();
    await stripe?.close();
    await fake?.close();
  });

  const deliver = (t: TestApp, secret: string, offsetSeconds: number) => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const payload = JSON.stringify({
      id: `evt_ts_${offsetSeconds}_${crypto.randomUUID().slice(0, 8)}`,
      object: 'event',
      type: 'customer.created',
      created: now,
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    const signature = sdk.webhooks.generateTestHeaderString({
      payload,
      secret,
      timestamp: now + offsetSeconds,
    });
    return t.app.request('/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  };

  const cases = () =>
    [
      ['sandbox', sandbox, (sandbox.deps.payments as SandboxProvider).webhookSecret],
      ['stripe', stripe, PLATFORM_SECRET],
    ] as const;

  it('refuses a signature dated more than five minutes ahead', async () => {
    for (const [name, t, secret] of cases()) {
      const res = await deliver(t, secret, 301);
      expect(res.status, name).toBe(400);
      expect((await res.json()).error.message, name).toMatch(/tolerance/i);
    }
  });

  it('accepts one within the tolerance either side (clock skew), and still refuses stale ones', async () => {
    for (const [name, t, secret] of cases()) {
      expect((await deliver(t, secret, 299)).status, name).toBe(200);
      expect((await deliver(t, secret, -299)).status, name).toBe(200);
      expect((await deliver(t, secret, -301)).status, name).toBe(400);
    }
  });
});
