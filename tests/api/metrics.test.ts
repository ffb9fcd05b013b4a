/**
 * Prometheus metrics (issue 48): `GET /metrics` is served only with METRICS_TOKEN and only to its
 * bearer; scraped before and after a payment, a decline, a refund and a failing outbox delivery,
 * the counters moved by exactly those (deltas: the registry is the process's, shared by every app a
 * test worker builds). The outbox gauges read the database at the scrape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOutboxOnce } from '../../api/accounting/sync/worker.ts';
import { outboxBacklog } from '../../api/outbox/repository.ts';
import { enableMetrics } from '../../api/metrics/metrics.ts';
import { providerPausedFor } from '../../api/payments/providers/breaker.ts';
import { adminHeaders } from '../support/auth.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { startReceiver, type Receiver } from '../support/fake-receiver.ts';
import { CARDS, createConnectedMerchant, openSession, quoteAndPay, sandbox } from './support/payments.ts';

const skip = await skipPostgres();
const TOKEN = 'metrics-token-0123456789';

/** Every sample of the exposition as `name{labels}` → value. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}

describe.skipIf(skip)(`metrics (${testDialect})`, () => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver({ alwaysStatus: 500 });
    // As the server does before it makes its app (api/main.ts); the sources are read at each scrape.
    enableMetrics({
      outbox: () => outboxBacklog(t.deps.database.db),
      pool: () => t.deps.database.pool?.(),
      paymentsPausedFor: () => providerPausedFor(t.deps.payments),
      now: () => t.clock.now().getTime(),
    });
    t = await createTestApp({
      // The provider's events only when asked: none is handled while the outbox claims (a handler
      // holding the payment's row would make the claim skip its jobs, on PostgreSQL).
      autoDeliverEvents: false,
      env: { METRICS_TOKEN: TOKEN, OUTBOUND_ALLOWLIST: '127.0.0.1', RATE_LIMITS: '0' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const scrape = async () => {
    const res = await t.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return samples(await res.text());
  };

  it('is served only to the bearer of METRICS_TOKEN', async () => {
    expect((await t.app.request('/metrics')).status).toBe(401);
    expect((await t.app.request('/metrics', { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    const s = await scrape();
    expect([...s.keys()].some((k) => k.startsWith('invoicepay_process_cpu_user_seconds_total'))).toBe(true);
    // Without METRICS_TOKEN the main port serves no metrics at all.
    const plain = await createTestApp();
    try {
      expect(
        (await plain.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status,
      ).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('counts a payment, a decline, a refund and a failing delivery: exactly those', async () => {
    const m = await createConnectedMerchant(t);
    await t.deps.database.db
      .updateTable('merchants')
      .set({ make_webhook_url: `${receiver.url}/hook` })
      .where('id', '=', m.id)
      .execute();
    const session = (await openSession(t, { merchant: m.id, invoice: 'INV-METRICS', amount: '500.00' })).body;
    const before = await scrape();
    const delta = (after: Map<string, number>, key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);

    const paid = await quoteAndPay(t, {
      account: m.stripe_account_id!,
      amount: 10000,
      paySessionId: session.paySessionId,
    });
    expect(paid.res.body.status).toBe('succeeded');
    const declined = await quoteAndPay(t, {
      account: m.stripe_account_id!,
      amount: 5000,
      paySessionId: session.paySessionId,
      card: CARDS.declined,
    });
    expect(declined.res.status).toBe(422);
    const refund = await json(
      t.app,
      'POST',
      `/api/v1/payments/${paid.res.body.paymentId}/refunds`,
      { amount: 1000 },
      await adminHeaders(t),
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    await sandbox(t).flushEvents();
    const run = await runOutboxOnce(t.deps);
    expect(run.claimed).toBeGreaterThanOrEqual(1);

    const after = await scrape();
    expect(delta(after, 'invoicepay_payment_attempts_total{method="card",outcome="succeeded"}')).toBe(1);
    expect(delta(after, 'invoicepay_payment_attempts_total{method="card",outcome="failed"}')).toBe(1);
    expect(delta(after, 'invoicepay_refunds_total{outcome="succeeded"}')).toBe(1);
    expect(
      delta(after, 'invoicepay_outbox_deliveries_total{kind="automation_webhook",outcome="retrying"}'),
    ).toBe(run.retrying);
    expect(run.retrying).toBeGreaterThanOrEqual(1);
    expect(delta(after, 'invoicepay_provider_calls_total{operation="createIntent",outcome="ok"}')).toBe(2);
    expect(delta(after, 'invoicepay_provider_calls_total{operation="refund",outcome="ok"}')).toBe(1);
    expect(
      delta(
        after,
        'invoicepay_http_requests_total{method="POST",route="/api/payments/create-payment-intent",status="200"}',
      ),
    ).toBe(1);
    expect(
      delta(
        after,
        'invoicepay_http_requests_total{method="POST",route="/api/payments/create-payment-intent",status="422"}',
      ),
    ).toBe(1);
    // Jobs waiting after the failed delivery, read from the database at the scrape.
    expect(after.get('invoicepay_outbox_jobs_waiting')).toBeGreaterThanOrEqual(1);
    expect(after.get('invoicepay_payments_paused')).toBe(0);
  });
});
