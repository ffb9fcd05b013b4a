/**
 * Profiling aid (not a benchmark): `node --import tsx bench/profile.ts ps|cp [seconds]` runs the
 * pay-session (ps) or payment (cp: quote + create-and-confirm) load of the benchmarks against the
 * real server and prints requests/s and the server's CPU time per request — and for cp, confirmed
 * payments/s and the CPU time per confirmed payment — from /proc, less sensitive to a busy machine
 * than req/s; and the main thread's alone (it bounds the throughput). With PROF=1 the server runs with --cpu-prof into
 * /tmp/invoicepay-prof-<ps|cp>; PROF_NODE_ARGS adds flags to the server's node. With SQL_TRACE=1 the
 * server counts and times its SQLite statements (servers/sql-trace.mjs) during the measured window,
 * and the statements, commits and SQLite time per payment (or request) are printed, with the
 * statements that took the most. SERVER_ENV='NAME=value …' adds to the server's environment (a
 * setting compared on and off, for example).
 */
import autocannon from 'autocannon';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { paymentLoad } from './benchmarks/payment-load.ts';
import { cpuMsOf, startAppServer } from './servers/app-server.ts';
import { createSandboxTokens } from './servers/sandbox-tokens.ts';

const which = process.argv[2] === 'cp' ? 'cp' : 'ps';
const seconds = Number(process.argv[3] ?? 8);
const dir = `/tmp/invoicepay-prof-${which}`;
if (process.env.PROF) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
}
const sqlTrace = process.env.SQL_TRACE ? `/tmp/invoicepay-sql-trace-${which}.json` : null;
const server = await startAppServer({
  nodeArgs: [
    ...(process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : []),
    ...(sqlTrace ? ['--import', fileURLToPath(new URL('./servers/sql-trace.mjs', import.meta.url))] : []),
    ...(process.env.PROF_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ],
  env: {
    ...(sqlTrace ? { SQL_TRACE_OUT: sqlTrace } : {}),
    ...Object.fromEntries(
      (process.env.SERVER_ENV ?? '')
        .split(' ')
        .filter(Boolean)
        .map((kv) => kv.split('=')),
    ),
  },
});
const cpuMs = (mainThread = false) => cpuMsOf(server.pid, { mainThread });
const merchant = server.merchant();
const payments = paymentLoad(
  server,
  merchant,
  createSandboxTokens(server.dataDir, merchant.accountId, 60_000),
);
let next = 0;
const load = (duration: number) =>
  which === 'ps'
    ? autocannon({
        url: server.baseUrl,
        duration,
        connections: 20,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => ({
              ...req,
              path: `/api/pay/session?merchant=${merchant.id}&invoice=INV-${10_000 + (next++ % 100)}&amount=${encodeURIComponent('1,250.00')}&currency=AUD`,
            }),
          },
        ],
      })
    : payments.load(duration);
await load(2);
payments.reset();
if (sqlTrace) process.kill(server.pid, 'SIGUSR2'); // the statement count starts with the window
const [cpu0, main0] = [cpuMs(), cpuMs(true)];
const res = await load(seconds);
const cpu = cpuMs() - cpu0;
// The event loop's thread bounds the throughput; the rest is libuv's pool (WAL syncs) and V8's helpers.
const main = cpuMs(true) - main0;
const confirmed = payments.counts.confirmed;
console.log(
  `${which}: ${res.requests.average.toFixed(0)} req/s, server CPU ${((cpu * 1000) / res.requests.total).toFixed(0)} µs/request, ` +
    (which === 'cp'
      ? `${(confirmed / seconds).toFixed(0)} payments/s, ${((cpu * 1000) / confirmed).toFixed(0)} µs/confirmed payment, `
      : '') +
    `main thread ${((main * 1000) / (which === 'cp' ? confirmed : res.requests.total)).toFixed(0)} µs/${which === 'cp' ? 'payment' : 'request'} (busy ${((100 * main) / (seconds * 1000)).toFixed(0)} %), ` +
    `p99 ${res.latency.p99} ms, non-2xx ${res.non2xx}, errors ${res.errors}`,
);
await server.stop();
if (sqlTrace) {
  const per = which === 'cp' ? confirmed : res.requests.total;
  const counts = JSON.parse(readFileSync(sqlTrace, 'utf8')) as Array<[string, [number, number]]>;
  rmSync(sqlTrace);
  const total = (f: (sql: string) => boolean, i: 0 | 1) =>
    counts.filter(([sql]) => f(sql)).reduce((sum, [, c]) => sum + c[i], 0);
  const all = () => true;
  console.log(
    `SQLite per ${which === 'cp' ? 'payment' : 'request'}: ${(total(all, 0) / per).toFixed(1)} statements, ` +
      `${(total((sql) => /^commit$/i.test(sql), 0) / per).toFixed(2)} commits, ${(total(all, 1) / per).toFixed(0)} µs`,
  );
  for (const [sql, [n, us]] of counts
    .sort((a, b) => b[1][1] - a[1][1])
    .slice(0, Number(process.env.SQL_TOP ?? 12)))
    console.log(
      `${(us / per).toFixed(1).padStart(8)} µs ${(n / per).toFixed(2).padStart(6)}× ${sql.slice(0, Number(process.env.SQL_WIDTH ?? 110))}`,
    );
}
