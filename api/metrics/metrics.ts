/**
 * Prometheus metrics (issue 48; DESIGN §8): one registry per process, from `prom-client`. Off unless
 * METRICS_TOKEN or METRICS_PORT is set (docs/deploying.md): until `enableMetrics` runs, every
 * recorder here returns at once, so a server without metrics pays nothing on its hot paths.
 *
 * What is counted, and where:
 *  - HTTP requests and their latency by route template and status (api/http/edge.ts);
 *  - payment attempts by method and outcome, refunds by outcome (payment events: api/wiring.ts);
 *  - provider calls by operation and outcome, with latency (api/payments/providers/breaker.ts),
 *    and whether new payments are paused;
 *  - outbox deliveries by kind and outcome (api/outbox/worker.ts); jobs waiting and the oldest's
 *    age, read from the database at each scrape;
 *  - the reservation sweep's results (api/payments/lifecycle/expiry.ts);
 *  - the PostgreSQL pool's connections in use, idle and waited for;
 *  - the process's own (CPU, memory, event-loop lag, GC: prom-client's default metrics).
 *
 * With WORKERS=N each worker counts its own and the primary sums them (api/metrics/serve.ts).
 */
import client from 'prom-client';

export const registry = new client.Registry();
let enabled = false;
let sources: MetricsSources | null = null;

const httpRequests = new client.Counter({
  name: 'invoicepay_http_requests_total',
  help: 'HTTP requests answered, by method, route template and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});
const httpDuration = new client.Histogram({
  name: 'invoicepay_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route template and status class.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
const paymentAttempts = new client.Counter({
  name: 'invoicepay_payment_attempts_total',
  help: 'Payment attempts that reached a final outcome, by method (card, au_becs_debit, payto) and outcome (succeeded, failed).',
  labelNames: ['method', 'outcome'] as const,
  registers: [registry],
});
const refunds = new client.Counter({
  name: 'invoicepay_refunds_total',
  help: 'Refunds recorded, by outcome (succeeded, failed).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
const providerCalls = new client.Counter({
  name: 'invoicepay_provider_calls_total',
  help: 'Calls to the payment provider, by operation and outcome (ok; refused: a definite no such as a decline; failed: no answer, a connection error, 5xx or 429).',
  labelNames: ['operation', 'outcome'] as const,
  registers: [registry],
});
const providerDuration = new client.Histogram({
  name: 'invoicepay_provider_call_duration_seconds',
  help: 'Time a payment provider call took, by operation.',
  labelNames: ['operation'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});
const outboxDeliveries = new client.Counter({
  name: 'invoicepay_outbox_deliveries_total',
  help: 'Outbox delivery attempts (automation webhook and endpoints, Xero, QuickBooks), by kind and outcome (delivered, retrying, failed, deferred, canceled).',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});
const sweeps = new client.Counter({
  name: 'invoicepay_reservation_sweep_payments_total',
  help: 'Payments the reservation sweep settled, by result (expired, succeeded: found paid at the provider, errors).',
  labelNames: ['result'] as const,
  registers: [registry],
});

/** What the gauges read at each scrape, given once the server has them. */
export interface MetricsSources {
  /** Jobs waiting (pending or in flight) and the oldest one's creation time. */
  outbox(): Promise<{ waiting: number; oldestCreatedAt: string | null }>;
  /** PostgreSQL only: the pool's connections now. */
  pool?: () => { total: number; idle: number; waiting: number } | undefined;
  /** Seconds until new payments resume (0: not paused). */
  paymentsPausedFor(): number;
  now(): number;
}

/**
 * Turn metrics on in this process: the gauges read `sources` at each scrape, and the process's own
 * metrics are collected. Called once by the server (api/main.ts) when METRICS_TOKEN or METRICS_PORT is set.
 */
export function enableMetrics(given: MetricsSources): void {
  sources = given; // (a test app given after another reads its own)
  if (enabled) return;
  enabled = true;
  client.collectDefaultMetrics({ register: registry, prefix: 'invoicepay_' });
  new client.Gauge({
    name: 'invoicepay_processes',
    help: 'Server processes reporting: 1 each, so with WORKERS=N the sum says how many workers answered.',
    aggregator: 'sum',
    registers: [registry],
    collect() {
      this.set(1);
    },
  });
  // One read of the outbox serves both of its gauges in a scrape.
  let outboxRead: Promise<{ waiting: number; oldestCreatedAt: string | null }> | null = null;
  const outbox = () =>
    (outboxRead ??= sources!.outbox().finally(() => setTimeout(() => (outboxRead = null), 0)));
  new client.Gauge({
    name: 'invoicepay_outbox_jobs_waiting',
    help: 'Outbox jobs not yet delivered or given up (pending, or in flight).',
    aggregator: 'max', // the same database seen by every worker
    registers: [registry],
    async collect() {
      this.set((await outbox()).waiting);
    },
  });
  new client.Gauge({
    name: 'invoicepay_outbox_oldest_job_age_seconds',
    help: 'Age of the oldest outbox job not yet delivered or given up (0: none).',
    aggregator: 'max',
    registers: [registry],
    async collect() {
      const { oldestCreatedAt } = await outbox();
      this.set(oldestCreatedAt ? Math.max(0, (sources!.now() - Date.parse(oldestCreatedAt)) / 1000) : 0);
    },
  });
  new client.Gauge({
    name: 'invoicepay_payments_paused',
    help: '1 while new payments are paused because the payment provider keeps failing.',
    aggregator: 'max',
    registers: [registry],
    collect() {
      this.set(sources!.paymentsPausedFor() > 0 ? 1 : 0);
    },
  });
  new client.Gauge({
    name: 'invoicepay_db_pool_connections',
    help: 'PostgreSQL pool connections by state (in_use, idle) and requests waiting for one (waiting).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const p = sources!.pool?.();
      if (!p) return; // SQLite: no pool
      this.set({ state: 'in_use' }, p.total - p.idle);
      this.set({ state: 'idle' }, p.idle);
      this.set({ state: 'waiting' }, p.waiting);
    },
  });
}

export const metricsEnabled = () => enabled;

/** One HTTP answer. `route` is the matched route's template ('static' or 'unmatched' otherwise). */
export function recordHttp(method: string, route: string, status: number, seconds: number): void {
  if (!enabled) return;
  const labels = { method, route, status: String(status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}

export function recordPaymentOutcome(method: string, outcome: 'succeeded' | 'failed'): void {
  if (enabled) paymentAttempts.inc({ method, outcome });
}

export function recordRefund(outcome: 'succeeded' | 'failed'): void {
  if (enabled) refunds.inc({ outcome });
}

export function recordProviderCall(operation: string, outcome: string, seconds: number): void {
  if (!enabled) return;
  providerCalls.inc({ operation, outcome });
  providerDuration.observe({ operation }, seconds);
}

export function recordOutboxDelivery(kind: string, outcome: string): void {
  if (enabled) outboxDeliveries.inc({ kind, outcome });
}

export function recordSweep(result: { expired: number; succeeded: number; errors: number }): void {
  if (!enabled) return;
  if (result.expired) sweeps.inc({ result: 'expired' }, result.expired);
  if (result.succeeded) sweeps.inc({ result: 'succeeded' }, result.succeeded);
  if (result.errors) sweeps.inc({ result: 'errors' }, result.errors);
}
