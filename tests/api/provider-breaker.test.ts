/**
 * A payment provider that stops answering (issue 48): the real Stripe SDK against a local server
 * that holds every request without a word (or, once it recovers, passes it to the fake Stripe).
 * Each quote waits at most PROVIDER_TIMEOUT_MS (× 1 + PROVIDER_RETRIES) and answers 502; after
 * PROVIDER_BREAKER_FAILURES such failures new quotes and payments answer 503 "Payments are paused…"
 * at once with Retry-After; once the pause is over a call goes through, and when the provider
 * answers again payments resume. Each failure is a warn line.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../api/logger.ts';
import { PAYMENTS_PAUSED } from '../../api/payments/create/quote.ts';
import { createTestApp, json } from '../support/app.ts';
import { skipPostgres } from '../support/db.ts';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.ts';
import { createConnectedMerchant, openSession } from './support/payments.ts';

const skip = await skipPostgres();
const ACCOUNT = 'acct_1BreakerTest';

/** Holds every request unanswered while `hanging`; otherwise passes it on to `target`. */
async function startHangingStripe(target: string) {
  const held = new Set<http.ServerResponse>();
  const state = { hanging: true };
  const server = http.createServer(async (req, res) => {
    if (state.hanging) return void held.add(res);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const upstream = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers: Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'content-length'),
      ) as Record<string, string>,
      body: req.method === 'GET' ? undefined : Buffer.concat(chunks),
    });
    res.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? 'application/json',
    });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

describe.skipIf(skip)('a provider that stops answering', () => {
  let fake: FakeStripe;
  let hanging: Awaited<ReturnType<typeof startHangingStripe>>;
  beforeAll(async () => {
    fake = await startFakeStripe();
    hanging = await startHangingStripe(fake.url);
  });
  afterAll(async () => {
    await hanging?.close();
    await fake?.close();
  });

  it('times out, pauses new payments with 503 at once, and resumes when it answers again', async () => {
    const lines: string[] = [];
    const logger = createLogger(
      'info',
      new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) }) as never,
    );
    const t = await createTestApp({
      logger,
      env: {
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_breaker',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_breaker',
        STRIPE_API_BASE: hanging.url,
        STRIPE_WEBHOOK_SECRET: 'whsec_breaker',
        PROVIDER_TIMEOUT_MS: '1000',
        PROVIDER_RETRIES: '0',
        PROVIDER_BREAKER_FAILURES: '2',
        PROVIDER_BREAKER_SECONDS: '2',
      },
    });
    try {
      const m = await createConnectedMerchant(t, { stripe_account_id: ACCOUNT });
      const s = (await openSession(t, { merchant: m.id, invoice: 'INV-BREAKER', amount: '500.00' })).body;
      const quote = async (token: string) => {
        const started = Date.now();
        const res = await json(t.app, 'POST', '/api/payments/quote', {
          amount: 10000,
          currency: 'aud',
          paySessionId: s.paySessionId,
          confirmationToken: token,
        });
        return { ...res, ms: Date.now() - started };
      };

      // Two quotes wait out the time-out each (not 61 s) and say the provider failed.
      for (let i = 0; i < 2; i++) {
        const r = await quote('ctoken_hung');
        expect(r.status).toBe(502);
        expect(r.ms).toBeGreaterThanOrEqual(900);
        expect(r.ms).toBeLessThan(5_000);
      }
      // Paused: at once, with when to try again, for quotes and payments alike.
      const paused = await quote('ctoken_hung');
      expect(paused.status).toBe(503);
      expect(paused.body.error).toMatchObject({ code: 'unavailable', message: PAYMENTS_PAUSED });
      expect(paused.ms).toBeLessThan(1_000);
      expect(Number(paused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const create = await json(
        t.app,
        'POST',
        '/api/payments/create-payment-intent',
        {
          amount: 10000,
          currency: 'aud',
          paySessionId: s.paySessionId,
          confirmationToken: 'ctoken_hung',
          quoteId: 'q',
        },
        { 'idempotency-key': 'breaker-create-1' },
      );
      expect(create.status).toBe(503);
      expect(lines.filter((l) => l.includes('payment provider call failed'))).toHaveLength(2);
      expect(lines.some((l) => l.includes('new payments are paused'))).toBe(true);

      // The provider answers again; once the pause is over the next quote goes through and resumes payments.
      hanging.state.hanging = false;
      await new Promise((r) => setTimeout(r, 2_100));
      const token = fake.addConfirmationToken({
        account: ACCOUNT,
        card: { brand: 'visa', funding: 'credit', country: 'AU', last4: '4242' },
      });
      const back = await quote(token);
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      expect((await quote(token)).status).toBe(200);
      expect(lines.some((l) => l.includes('payments resume'))).toBe(true);
    } finally {
      await t.close();
    }
  }, 30_000);
});
