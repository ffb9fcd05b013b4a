/**
 * A database that goes away under load (issue 48): the real server on PostgreSQL, alone and with
 * `WORKERS=2`, its database reached through a TCP proxy the test controls, while customers pay.
 *  - PostgreSQL ends the server's connections (`pg_terminate_backend`, as a restart or an idle-session
 *    timeout does), three times;
 *  - the database is down for 3 s (every connection cut, new ones refused): `/readyz` answers 503
 *    within its 2 s, `/healthz` stays 200, then `/readyz` is 200 again once it is back;
 *  - the database stalls for 3 s (connections open, nothing passes): `/readyz` answers 503 within
 *    ~2 s with a warn line, and 200 once it moves again.
 * No server process exits (no worker is replaced), every customer request gets an answer, and once
 * the provider's events have been delivered the ledger equals the provider: every charge recorded
 * once, for its amount, and nothing else.
 * Skipped, visibly, without a reachable PostgreSQL (unless REQUIRE_POSTGRES=1).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../api/db/database.ts';
import { startAppServer, type AppServer } from '../../bench/servers/app-server.ts';
import { createPostgresMerchant } from '../../bench/servers/postgres-merchant.ts';
import { freePort } from '../e2e/support/server.ts';
import { createPostgresSchema, postgresReachable, TEST_POSTGRES_URL } from '../support/db.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';
import { settleAfterCrashes } from './support/aftermath.ts';
import { startCustomers } from './support/crash-customers.ts';
import {
  openReadOnly,
  providerLedgerDifferences,
  providerSucceeded,
  type RecordedPayment,
} from './support/ledger.ts';
import { openPostgresLedger } from './support/ledger-postgres.ts';

const pgUp = await postgresReachable();
if (!pgUp && process.env.REQUIRE_POSTGRES === '1')
  throw new Error(`PostgreSQL is required (REQUIRE_POSTGRES=1) but unreachable at ${TEST_POSTGRES_URL}`);
if (!pgUp) console.warn(`database-blips: skipped, PostgreSQL not reachable at ${TEST_POSTGRES_URL}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function probe(base: string, path: '/readyz' | '/healthz'): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(10_000) });
  await res.arrayBuffer();
  return { status: res.status, ms: Date.now() - started };
}

async function readyAgain(base: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await probe(base, '/readyz')).status !== 200) {
    if (Date.now() > deadline) throw new Error('/readyz did not come back');
    await sleep(200);
  }
}

/** End every connection the server holds to the test database (its pool and its listener). */
async function terminateServerConnections(): Promise<number> {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name LIKE 'invoicepay%'`,
    );
    return rows[0].n as number;
  } finally {
    await admin.end();
  }
}

describe.skipIf(!pgUp)('the server survives its database going away', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  });

  it.each([1, 2])('WORKERS=%i: connections ended, database down, database stalled', async (workers) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'invoicepay-blips-'));
    const schema = await createPostgresSchema();
    const target = new URL(TEST_POSTGRES_URL);
    const proxy: TcpProxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(schema.url);
    viaProxy.port = String(proxy.port);
    let server: AppServer | null = null;
    cleanups.push(async () => {
      await server?.stop().catch(() => {});
      await proxy.close();
      await schema.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = await startAppServer({
      dataDir,
      port,
      env: {
        DATABASE_URL: viaProxy.toString(),
        WORKERS: String(workers),
        DB_CONNECT_TIMEOUT_MS: '1000',
        LOG_LEVEL: 'warn',
      },
    });
    const running = server;
    if (workers > 1) {
      const deadline = Date.now() + 30_000;
      while (!running.output().includes('(2 workers)')) {
        if (Date.now() > deadline) throw new Error(`workers did not start:\n${running.output()}`);
        await sleep(50);
      }
    }
    const merchant = await createPostgresMerchant(schema.url, 'Blip Timber');
    const customers = startCustomers({ base, merchant, count: 4, prefix: `INV-BLIP${workers}` });

    await sleep(1500);
    let ended = 0;
    for (let i = 0; i < 3; i++) {
      ended += await terminateServerConnections();
      await sleep(700);
    }
    expect(ended).toBeGreaterThan(0);

    proxy.set('down');
    await sleep(300);
    const down = await probe(base, '/readyz').catch((err) => {
      throw new Error(`${(err as Error).message}; the server said:\n${running.output().slice(-4000)}`);
    });
    expect(down.status).toBe(503);
    expect(down.ms).toBeLessThan(2_500);
    expect((await probe(base, '/healthz')).status).toBe(200);
    await sleep(2_500);
    proxy.set('forward');
    await readyAgain(base);

    await sleep(1000);
    proxy.set('stall');
    await sleep(200);
    const stalled = await probe(base, '/readyz');
    expect(stalled.status).toBe(503);
    expect(stalled.ms).toBeGreaterThanOrEqual(1_900);
    expect(stalled.ms).toBeLessThan(3_000);
    expect((await probe(base, '/healthz')).status).toBe(200);
    await sleep(2_500);
    proxy.set('forward');
    await readyAgain(base);
    await sleep(1500);
    await customers.stop();

    const output = running.output();
    expect(output).toMatch(/database stall: no answer to the readiness probe/);
    expect(output).not.toMatch(/Worker \d+ exited/);
    expect(() => process.kill(running.pid, 0)).not.toThrow(); // the server process still runs
    expect(customers.stats.hung).toBe(0);
    expect(customers.stats.confirmed).toBeGreaterThan(0);
    console.info(
      `database-blips WORKERS=${workers}: ${ended} connections ended, ${JSON.stringify(customers.stats)}`,
    );

    await running.stop({ keepData: true });
    server = null;
    await settleAfterCrashes({
      databaseUrl: schema.url,
      sandboxDatabaseUrl: `sqlite:${join(dataDir, 'sandbox.db')}`,
      env: {},
      open: () => openPostgres(schema.url, 4),
    });
    const ledger = await openPostgresLedger(schema.url);
    const provider = openReadOnly(join(dataDir, 'sandbox.db'));
    try {
      const charged = providerSucceeded(provider);
      const recorded = await ledger.rows<RecordedPayment>(
        `SELECT id, payment_intent_id, status, total_amount FROM payments`,
      );
      expect(providerLedgerDifferences(charged, recorded)).toEqual([]);
      expect(await ledger.ledgerMismatches()).toEqual([]);
      expect(await ledger.reservingPayments()).toEqual([]);
    } finally {
      await ledger.close();
      provider.close();
    }
  });
});
