/**
 * Pay-session lookup throughput (DESIGN §9): `GET /api/pay/session` on the real server (child
 * process, SQLite, sandbox) under autocannon, as a percentage of the bare Hono JSON route
 * (bench/servers/bare.ts) in the same run. Both servers run side by side and are loaded in
 * alternating two-second slices; the figure is the median of the nine slice pairs' ratios, so a
 * change in the machine's load (two cores, shared with the load generator; a virtual machine with
 * neighbours) weighs on both sides of a pair alike, and one disturbed pair does not move it. The
 * nine pairs come from three pairs of server processes, three pairs each: here one process can run
 * some 10 % slower or faster than an identical one for its whole life, so one process is one draw. The
 * requests rotate over 100 invoices of one merchant, each link as Xero writes it, and every answer
 * is a fresh pay session (its own session id and the invoice's balance as last committed).
 */
import autocannon from 'autocannon';
import type { BenchContext, Benchmark } from '../harness.ts';
import { startChildServer } from '../load.ts';
import { startAppServer } from '../servers/app-server.ts';

const INVOICES = 100;
const SLICE_SECONDS = 2;
const ROUNDS = 3; // slice pairs per pair of server processes
const PROCESSES = 3;

export const paySessionRatio: Benchmark = {
  name: 'pay-session-vs-bare-json',
  unit: '%',
  budget: 50,
  direction: 'min',
  description:
    'GET /api/pay/session req/s as a share of a bare Hono JSON route, loaded in alternating slices (autocannon, loopback)',
  async run(ctx) {
    const ratios: number[] = [];
    const total = { bare: 0, sessions: 0 };
    for (let p = 0; p < (ctx.quick ? 1 : PROCESSES); p++) await measurePairs(ctx, ratios, total);
    ratios.sort((a, b) => a - b);
    const n = ratios.length;
    const median = (ratios[(n - 1) >> 1] + ratios[n >> 1]) / 2;
    ctx.log(
      `pay session: ${(total.sessions / n).toFixed(0)} req/s; bare JSON: ${(total.bare / n).toFixed(0)} req/s; ` +
        `ratio per pair of slices ${ratios.map((r) => (r * 100).toFixed(0)).join(' ')} % (${n} pairs, median reported)`,
    );
    return median * 100;
  },
};

/** One pair of server processes: ROUNDS pairs of slices, their ratios added to `ratios`. */
async function measurePairs(
  ctx: BenchContext,
  ratios: number[],
  total: { bare: number; sessions: number },
): Promise<void> {
  // Rate limits on, as in production: each lookup also passes the distinct-invoices-per-address
  // check (api/pay/lookup-limit.ts); the 100 invoices are within the limit set here.
  const server = await startAppServer({ env: { RATE_LIMITS: '1', PAY_LOOKUP_INVOICES_PER_IP: '1000' } });
  const bare = await startChildServer('bench/servers/bare.ts', ['0']);
  try {
    const merchant = server.merchant();
    const paths = Array.from(
      { length: INVOICES },
      (_, i) =>
        `/api/pay/session?merchant=${merchant.id}&invoice=INV-${10_000 + i}&amount=${encodeURIComponent('1,250.00')}&currency=AUD`,
    );
    const first = await fetch(`${server.baseUrl}${paths[0]}`);
    if (first.status !== 200) throw new Error(`pay session answered ${first.status}: ${await first.text()}`);
    // Each connection goes through the links in turn. Static requests, like the bare route's: the
    // load generator builds them once, not per request (it shares the two cores with the server).
    const requests = paths.map((path) => ({ method: 'GET' as const, path }));
    const sessions = (seconds: number) =>
      autocannon({ url: server.baseUrl, duration: seconds, connections: 20, requests });
    const bareRoute = (seconds: number) =>
      autocannon({ url: `http://127.0.0.1:${bare.port}/bare`, duration: seconds, connections: 20 });

    const rounds = ctx.quick ? 1 : ROUNDS;
    const seconds = ctx.quick ? 1 : SLICE_SECONDS;
    if (!ctx.quick) {
      await bareRoute(2); // warm-up (JIT, page cache)
      await sessions(2);
    }
    for (let i = 0; i < rounds; i++) {
      const pair = { bare: 0, sessions: 0 };
      for (const [which, load] of [
        ['bare', bareRoute],
        ['sessions', sessions],
      ] as const) {
        const r = await load(seconds);
        if (r.errors || r.non2xx)
          throw new Error(`${which}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
        pair[which] = r.requests.average;
        total[which] += r.requests.average;
      }
      ratios.push(pair.sessions / pair.bare);
    }
  } finally {
    await Promise.all([server.stop(), bare.stop()]);
  }
}
