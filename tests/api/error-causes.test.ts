/**
 * Errors keep their cause: a provider's or connector's refusal becomes the catalogue's message for
 * the caller, and the log of that request says what the upstream said (our convention: "Errors keep
 * their cause").
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { ConnectorError, callApi } from '../../api/accounting/connector.ts';
import { CONNECT_FAILED } from '../../api/connect/service.ts';
import { createLogger } from '../../api/logger.ts';
import { createTestApp, json } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres } from '../support/db.ts';
import { startFakeStripe, stripeError, type FakeStripe } from '../support/fake-stripe.ts';

const skip = await skipPostgres();

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.skipIf(skip)('errors keep their cause', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(async () => {
    await fake?.close();
  });
  const stripeEnv = () => ({
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_causes123',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_causes123',
    STRIPE_API_BASE: fake.url,
    STRIPE_WEBHOOK_SECRET: 'whsec_causes',
  });

  it("answers a Stripe refusal with the catalogue's text and logs what Stripe said", async () => {
    const logged: Record<string, any>[] = [];
    const logger = createLogger('warn', { write: (line: string) => void logged.push(JSON.parse(line)) });
    const t = await createTestApp({
      logger,
      env: stripeEnv(),
    });
    try {
      fake.on('POST', '/v1/accounts', () =>
        stripeError(400, {
          type: 'invalid_request_error',
          message: 'Connect is not enabled on this platform account.',
        }),
      );
      const admin = await adminHeaders(t);
      const m = await json(
        t.app,
        'POST',
        '/api/admin/merchants',
        { business_name: 'Cause Co', name: 'C', email: 'c@cause.test' },
        admin,
      );
      const res = await json(
        t.app,
        'POST',
        '/api/admin/stripe-connect-url',
        { merchantId: m.body.id, redirectUri: 'http://127.0.0.1:8787/connect/callback' },
        admin,
      );
      expect(res.status).toBe(502);
      expect(res.body.error).toEqual({ code: 'provider_error', message: CONNECT_FAILED });
      expect(JSON.stringify(res.body)).not.toContain('Connect is not enabled');

      const line = logged.find((l) => l.msg === CONNECT_FAILED);
      expect(line, JSON.stringify(logged)).toBeDefined();
      expect(line!.code).toBe('provider_error');
      expect(line!.reqId).toEqual(expect.any(String));
      expect(line!.err.message).toContain('Connect is not enabled on this platform account.');
      expect(line!.err.type).toBe('ProviderRequestError');
    } finally {
      await t.close();
    }
  });

  it("keeps the SDK's error behind a ProviderRequestError", async () => {
    const t = await createTestApp({
      env: stripeEnv(),
    });
    try {
      const err = await t.deps.payments.retrieveIntent('pi_missing', 'acct_1Cause').catch((e) => e);
      expect(err.name).toBe('ProviderRequestError');
      expect(err.code).toBe('resource_missing');
      expect(err.cause).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(err.cause.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('an unreachable accounting service is a retryable ConnectorError that keeps the network error', async () => {
    const port = await closedPort();
    const err = await callApi('Xero', {
      method: 'GET',
      url: `http://127.0.0.1:${port}/api.xro/2.0/Invoices`,
      timeoutMs: 2000,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(ConnectorError);
    expect(err.retryable).toBe(true);
    expect(err.message).toMatch(/^Could not reach Xero/);
    expect(err.cause).toBeInstanceOf(TypeError); // fetch's "fetch failed", itself caused by ECONNREFUSED
    expect(err.cause.cause?.code).toBe('ECONNREFUSED');
  });
});
