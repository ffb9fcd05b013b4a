/**
 * Mixed workload at a fixed rate (issue 10 "Load"): the real server (child process, SQLite,
 * sandbox) receives pay-session lookups (50 %), payments (20 %: a quote, then the payment the
 * server confirms with it, from confirmation tokens made beforehand), admin payment lists (15 %)
 * and signed provider webhooks (15 %) at 200 requests/s for 60 s (50/s for 3 s in quick
 * mode), after a 20 s warm-up at the same rate (the heap reaches its working size). Figures: the
 * error rate (any answer but 2xx, transport errors, timeouts), the p99 latency (autocannon corrects
 * for coordinated omission at a fixed rate), and RSS growth from after the warm-up to the end (a
 * leak shows as growth). RSS is sampled every 250 ms; its peak is the server-rss-under-load figure
 * (rss.ts) when both run together.
 */
import autocannon from 'autocannon';
import type { BenchContext, Benchmark } from '../harness.ts';
import { startAppServer, type AppServer } from '../servers/app-server.ts';
import { createSandboxTokens } from '../servers/sandbox-tokens.ts';

export interface MixedLoadRun {
  requests: number;
  errorRatePercent: number;
  p99: number;
  rssBefore: number;
  rssAfter: number;
  rssPeak: number;
}

const SESSION_INVOICES = 200;

function workload(
  server: AppServer,
  merchant: { id: string; accountId: string },
  admin: { authorization: string },
  tokens: string[],
) {
  let n = 0;
  let nextToken = 0;
  /** Quotes answered, waiting for their payment (the quote's own answer carries its token). */
  const quoted: { body: string }[] = [];
  const sessionOf = (i: number, req: Record<string, unknown>) => ({
    ...req,
    method: 'GET',
    path: `/api/pay/session?merchant=${merchant.id}&invoice=INV-${i % SESSION_INVOICES}&amount=${encodeURIComponent('2,500.00')}&currency=AUD`,
    headers: {},
    body: undefined,
  });
  const where = (token: string) => ({
    merchantId: merchant.id,
    currency: 'aud',
    invoiceNumber: `MIX-${token.slice(-12)}`,
    amountDue: 50_000,
    amount: 10_000,
    confirmationToken: token,
  });
  const onResponse = (status: number, body: string) => {
    if (status !== 200 || !body.startsWith('{"quoteId"')) return;
    const q = JSON.parse(body) as { quoteId: string; confirmationToken: string };
    quoted.push({ body: JSON.stringify({ ...where(q.confirmationToken), quoteId: q.quoteId }) });
  };
  const listQuery = `sort=${encodeURIComponent('["created_at","DESC"]')}&range=${encodeURIComponent('[0,24]')}&filter=${encodeURIComponent(JSON.stringify({ merchant_id: merchant.id }))}`;
  const setup = (req: Record<string, unknown>) => {
    const i = n++;
    const slot = i % 20; // 10 session, 4 create, 3 admin list, 3 webhook per 20
    if (slot < 10) return sessionOf(i, req);
    if (slot < 12) {
      const token = tokens[nextToken++];
      if (!token) return sessionOf(i, req);
      return {
        ...req,
        method: 'POST',
        path: '/api/payments/quote',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(where(token)),
      };
    }
    if (slot < 14) {
      const payment = quoted.shift();
      if (!payment) return sessionOf(i, req);
      return {
        ...req,
        method: 'POST',
        path: '/api/payments/create-payment-intent',
        headers: { 'content-type': 'application/json', 'idempotency-key': `mix-${i}` },
        body: payment.body,
      };
    }
    if (slot < 17)
      return {
        ...req,
        method: 'GET',
        path: `/api/admin/payments?${listQuery}`,
        headers: admin,
        body: undefined,
      };
    const raw = JSON.stringify({
      id: `evt_mixed_${i}_${crypto.randomUUID().slice(0, 8)}`,
      object: 'event',
      type: 'account.updated',
      account: merchant.accountId,
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: merchant.accountId,
          object: 'account',
          charges_enabled: true,
          details_submitted: true,
          payouts_enabled: true,
        },
      },
    });
    return {
      ...req,
      method: 'POST',
      path: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': server.signEvent(raw) },
      body: raw,
    };
  };
  return { setup, onResponse };
}

export async function runMixedLoad(options: {
  rate: number;
  seconds: number;
  warmupSeconds: number;
  log?: (m: string) => void;
}): Promise<MixedLoadRun> {
  const server = await startAppServer();
  try {
    const merchant = server.merchant();
    const admin = await server.adminHeaders();
    const tokens = createSandboxTokens(
      server.dataDir,
      merchant.accountId,
      Math.ceil(options.rate * (options.seconds + options.warmupSeconds) * 0.1) + 50,
    );
    const { setup, onResponse } = workload(server, merchant, admin, tokens);
    let peak = server.rssMb();
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, server.rssMb());
      } catch {
        /* exited */
      }
    }, 250);
    try {
      const statuses = new Map<number, number>();
      const load = (seconds: number) =>
        autocannon({
          url: server.baseUrl,
          duration: seconds,
          connections: 10,
          overallRate: options.rate,
          timeout: 10,
          requests: [
            {
              setupRequest: setup as never,
              onResponse: (status: number, body: string) => {
                statuses.set(status, (statuses.get(status) ?? 0) + 1);
                onResponse(status, body);
              },
            },
          ],
        });
      if (options.warmupSeconds > 0) await load(options.warmupSeconds);
      const rssBefore = server.rssMb();
      statuses.clear();
      const result = await load(options.seconds);
      const rssAfter = server.rssMb();
      const answered = [...statuses.values()].reduce((a, b) => a + b, 0);
      const bad = [...statuses].filter(([s]) => s < 200 || s >= 300).reduce((a, [, c]) => a + c, 0);
      const failures = bad + result.errors + result.timeouts;
      const requests = answered + result.errors + result.timeouts;
      if (requests === 0) throw new Error('no request was answered');
      options.log?.(
        `mixed load: ${requests} requests at ${options.rate}/s for ${options.seconds} s; statuses ${JSON.stringify(Object.fromEntries(statuses))}, ` +
          `${result.errors} errors, ${result.timeouts} timeouts; p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ` +
          `RSS ${rssBefore.toFixed(1)} → ${rssAfter.toFixed(1)} MB (peak ${peak.toFixed(1)})`,
      );
      if (bad) options.log?.(`mixed load: server output tail:\n${server.output().slice(-2000)}`);
      return {
        requests,
        errorRatePercent: (failures / requests) * 100,
        p99: result.latency.p99,
        rssBefore,
        rssAfter,
        rssPeak: peak,
      };
    } finally {
      clearInterval(sampler);
    }
  } finally {
    await server.stop();
  }
}

const runs = new WeakMap<Map<string, unknown>, Promise<MixedLoadRun>>();

/** The run of this benchmark run (every mixed-load figure, and the RSS peak, come from it). */
export function mixedLoadOnce(ctx: BenchContext): Promise<MixedLoadRun> {
  let run = runs.get(ctx.results);
  if (!run) {
    run = runMixedLoad({
      rate: ctx.quick ? 50 : 200,
      seconds: ctx.quick ? 3 : 60,
      // Long enough for the heap to reach its working size: measured in 30 s windows after a 5 s
      // warm-up, RSS rose 147.7 → 159.7 MB in the first (V8's committed heap 71 → 80 MB, live
      // 37 → 36 MB), then 161.9, 162.3, 163.1 — settling, not a leak, which the figure is for.
      warmupSeconds: ctx.quick ? 0 : 20,
      log: ctx.log,
    });
    runs.set(ctx.results, run);
  }
  return run;
}

export const mixedLoadErrorRate: Benchmark = {
  name: 'mixed-load-error-rate',
  unit: '%',
  budget: 0,
  direction: 'max',
  description:
    'mixed workload (sessions, quotes and payments, admin lists, webhooks) at 200 req/s for 60 s: non-2xx + transport errors',
  run: async (ctx) => (await mixedLoadOnce(ctx)).errorRatePercent,
};

export const mixedLoadP99: Benchmark = {
  name: 'mixed-load-p99',
  unit: 'ms',
  budget: 250,
  direction: 'max',
  description: 'mixed workload p99 latency at the fixed rate (coordinated omission corrected)',
  run: async (ctx) => (await mixedLoadOnce(ctx)).p99,
};

export const mixedLoadRssGrowth: Benchmark = {
  name: 'mixed-load-rss-growth',
  unit: 'MB',
  budget: 20,
  direction: 'max',
  description: 'server RSS at the end of the mixed workload minus RSS after its warm-up (no growth trend)',
  run: async (ctx) => {
    const r = await mixedLoadOnce(ctx);
    return r.rssAfter - r.rssBefore;
  },
};
