/**
 * Pay-session lookup throughput (DESIGN §9): `GET /api/pay/session` on the real server (child
 * process, SQLite, sandbox) under autocannon, as a percentage of the bare Hono JSON route measured
 * in the same run (bare-json-throughput; measured here if that figure is not in the run). The
 * requests rotate over 100 invoices of one merchant, each link as Xero writes it, so the figure
 * includes the merchant lookup, the ledger read and the signed session token — not one cached URL.
 */
import autocannon from 'autocannon';
import type { Benchmark } from '../harness.ts';
import { startAppServer } from '../servers/app-server.ts';
import { bareJsonThroughput } from './bare-json.ts';

const INVOICES = 100;

export const paySessionRatio: Benchmark = {
  name: 'pay-session-vs-bare-json',
  unit: '%',
  budget: 50,
  direction: 'min',
  description:
    'GET /api/pay/session req/s as a share of the bare JSON route in the same run (autocannon, loopback)',
  async run(ctx) {
    const bare = ctx.results.get(bareJsonThroughput.name)?.value ?? (await bareJsonThroughput.run(ctx));
    const server = await startAppServer();
    try {
      const merchant = server.merchant();
      const paths = Array.from(
        { length: INVOICES },
        (_, i) =>
          `/api/pay/session?merchant=${merchant.id}&invoice=INV-${10_000 + i}&amount=${encodeURIComponent('1,250.00')}&currency=AUD`,
      );
      const first = await fetch(`${server.baseUrl}${paths[0]}`);
      if (first.status !== 200)
        throw new Error(`pay session answered ${first.status}: ${await first.text()}`);
      let next = 0;
      const run = (seconds: number) =>
        autocannon({
          url: server.baseUrl,
          duration: seconds,
          connections: 20,
          requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % INVOICES] }) }],
        });
      if (!ctx.quick) await run(2); // warm-up (JIT, page cache)
      const result = await run(ctx.quick ? 1 : 10);
      if (result.errors || result.non2xx)
        throw new Error(`${result.errors} errors, ${result.non2xx} non-2xx answers`);
      const rps = result.requests.average;
      ctx.log(
        `pay session: ${rps.toFixed(0)} req/s (p99 ${result.latency.p99} ms); bare JSON: ${bare.toFixed(0)} req/s`,
      );
      return (rps / bare) * 100;
    } finally {
      await server.stop();
    }
  },
};
