/**
 * Crash safety with several processes (issue 16): the crash test of crash.test.ts on PostgreSQL
 * with `WORKERS=2` — two worker processes of the real server on one port and one PostgreSQL
 * database, both taking customers' payments (each accepting connections on the shared socket) and
 * both delivering the sandbox provider's webhooks (claimed from the provider's one database, so
 * each attempt happens once). One worker, chosen at random, is SIGKILLed at random moments; the
 * primary starts another while the survivor carries on. Afterwards, once the provider's events and
 * the outbox have drained and the reservation expiry has run (30 min later by the clock):
 *  - every payment the provider reports succeeded is recorded exactly once, as succeeded, for the
 *    amount the provider charged, and nothing else is recorded as succeeded;
 *  - every invoice's counters equal its payments (balances = the provider's record);
 *  - no reservation is left holding a balance; an overpaid invoice, if any, is flagged;
 *  - the automation webhook applied each succeeded payment exactly once.
 * Counts: 3 worker kills (DEEP=1: 4; replacements start at once, then back off).
 * Skipped, visibly, without a reachable PostgreSQL (unless REQUIRE_POSTGRES=1).
 */
import { execFileSync } from 'node:child_process';
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
import { startReceiver, type Receiver } from '../support/fake-receiver.ts';
import { settleAfterCrashes } from './support/aftermath.ts';
import { startCustomers } from './support/crash-customers.ts';
import {
  integrityCheck,
  openReadOnly,
  providerLedgerDifferences,
  providerSucceeded,
} from './support/ledger.ts';
import { openPostgresLedger } from './support/ledger-postgres.ts';
import { tier } from './support/tiers.ts';

const KILLS = tier(3, 4);
const CUSTOMERS = 4;
const ENV = {
  WORKERS: '2',
  OUTBOUND_ALLOWLIST: '127.0.0.1',
  OUTBOX_POLL_MS: '50',
  OUTBOX_BACKOFF_BASE_MS: '50',
  OUTBOX_TIMEOUT_MS: '1500',
  OUTBOX_LEASE_SECONDS: '1',
};

const pgUp = await postgresReachable();
if (!pgUp && process.env.REQUIRE_POSTGRES === '1')
  throw new Error(`PostgreSQL is required (REQUIRE_POSTGRES=1) but unreachable at ${TEST_POSTGRES_URL}`);
if (!pgUp) console.warn(`crash-workers: skipped, PostgreSQL not reachable at ${TEST_POSTGRES_URL}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The primary's live children (its workers). */
const workersOf = (pid: number): number[] => {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((s) => Number(s.trim()))
      .filter(Boolean);
  } catch {
    return [];
  }
};

async function until(done: () => boolean, what: string, output: () => string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output().slice(-3000)}`);
    await sleep(50);
  }
}

describe.skipIf(!pgUp)('crash safety with two worker processes on one PostgreSQL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'invoicepay-crash-workers-'));
  let schema: Awaited<ReturnType<typeof createPostgresSchema>> | null = null;
  let server: AppServer | null = null;
  let receiver: Receiver | null = null;
  afterAll(async () => {
    await server?.stop().catch(() => {});
    await receiver?.close();
    await schema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`loses nothing and counts nothing twice across ${KILLS} worker SIGKILLs`, async () => {
    schema = await createPostgresSchema();
    receiver = await startReceiver();
    const port = await freePort();
    server = await startAppServer({ dataDir, port, env: { ...ENV, DATABASE_URL: schema.url } });
    const primary = server;
    await until(() => primary.output().includes('(2 workers)'), 'two workers', primary.output);
    const merchant = await createPostgresMerchant(schema.url, 'Crash Test Timber');
    const setup = new pg.Client({ connectionString: schema.url });
    await setup.connect();
    await setup.query(
      `UPDATE merchants SET make_webhook_url = $1, xero_integration_status = 'configured' WHERE id = $2`,
      [`${receiver.url}/hook`, merchant.id],
    );
    await setup.end();

    const customers = startCustomers({
      base: `http://127.0.0.1:${port}`,
      merchant,
      count: CUSTOMERS,
      prefix: 'INV-WORKERS',
    });
    const stats = customers.stats;
    const killed: number[] = [];
    for (let i = 0; i < KILLS; i++) {
      await sleep(800 + Math.random() * 1500);
      const workers = workersOf(primary.pid);
      expect(workers).toHaveLength(2);
      const victim = workers[Math.floor(Math.random() * workers.length)];
      process.kill(victim, 'SIGKILL');
      killed.push(victim);
      // The survivor serves on; the primary starts a replacement.
      await until(
        () => {
          const now = workersOf(primary.pid);
          return now.length === 2 && !now.includes(victim);
        },
        'a replacement worker',
        primary.output,
      );
    }
    await sleep(1500);
    await customers.stop();
    await server.stop({ keepData: true });
    server = null;

    // Later, in-process on the same databases with the clock 31 minutes on: the provider retries
    // undelivered events (a killed worker's claimed batch included), the expiry sweep releases what
    // abandoned or interrupted attempts hold, the accounting worker delivers what is due.
    stats.swept = (
      await settleAfterCrashes({
        databaseUrl: schema.url,
        sandboxDatabaseUrl: `sqlite:${join(dataDir, 'sandbox.db')}`,
        env: { ...ENV, WORKERS: '1' },
        open: () => openPostgres(schema!.url, 4),
      })
    ).swept;

    const ledger = await openPostgresLedger(schema.url);
    const provider = openReadOnly(join(dataDir, 'sandbox.db'));
    try {
      expect(integrityCheck(provider)).toBe('ok');
      const charged = providerSucceeded(provider);
      const recorded = await ledger.rows<{
        id: string;
        payment_intent_id: string | null;
        status: string;
        total_amount: number;
      }>(`SELECT id, payment_intent_id, status, total_amount FROM payments`);
      // The run meant something: kills interrupted customers, and money moved.
      expect(stats.interrupted).toBeGreaterThan(0);
      expect(stats.hung).toBe(0); // a killed worker's customers get an error, never silence
      expect(charged.length).toBeGreaterThanOrEqual(5);
      console.info(
        `crash-workers run: ${KILLS} worker kills, ${JSON.stringify(stats)}, ${charged.length} charges, ${receiver.deliveries.length} webhook deliveries`,
      );

      expect(providerLedgerDifferences(charged, recorded)).toEqual([]);

      expect(await ledger.ledgerMismatches()).toEqual([]);
      expect(await ledger.reservingPayments()).toEqual([]);
      expect(await ledger.rows(`SELECT id FROM invoices WHERE reserved_amount <> 0`)).toEqual([]);
      const flagged = new Set(
        (await ledger.rows<{ id: string }>(`SELECT id FROM invoices WHERE overpaid = 1`)).map((r) => r.id),
      );
      expect((await ledger.overpaidInvoices()).filter((o) => !flagged.has(o.invoiceId))).toEqual([]);

      const succeeded = recorded
        .filter((p) => p.status === 'succeeded')
        .map((p) => p.id)
        .sort();
      const applied = [...receiver.applied.values()]
        .map((b) => b.payment_details.payment_id as string)
        .sort();
      expect(applied).toEqual(succeeded);
    } finally {
      await ledger.close();
      provider.close();
    }
  });
});
