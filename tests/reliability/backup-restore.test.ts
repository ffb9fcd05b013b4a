/**
 * Backup, restore and reconciliation on PostgreSQL (issue 48), as docs/deploying.md tells an operator:
 * the real server takes payments; `pg_dump -Fc` is taken; more payments are made; the database is
 * lost and restored from the dump with `pg_restore`. The restored ledger lacks the charges made
 * after the dump; `npm run reconcile -- --since …` lists exactly those, and the server starts on
 * the restored database (the same ENCRYPTION_KEY) and serves. Skipped, visibly, without a reachable
 * PostgreSQL or its client tools (unless REQUIRE_POSTGRES=1).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runReconcile } from '../../api/reconcile-cli.ts';
import {
  BENCH_ENCRYPTION_KEY,
  BENCH_JWT_SECRET,
  startAppServer,
  type AppServer,
} from '../../bench/servers/app-server.ts';
import { createPostgresMerchant } from '../../bench/servers/postgres-merchant.ts';
import { freePort } from '../e2e/support/server.ts';
import { createPostgresSchema, postgresReachable, TEST_POSTGRES_URL } from '../support/db.ts';
import { startCustomers } from './support/crash-customers.ts';
import { openReadOnly, providerSucceeded } from './support/ledger.ts';

const pgUp = await postgresReachable();
const tools =
  spawnSync('pg_dump', ['--version']).status === 0 && spawnSync('pg_restore', ['--version']).status === 0;
if (!pgUp && process.env.REQUIRE_POSTGRES === '1')
  throw new Error(`PostgreSQL is required (REQUIRE_POSTGRES=1) but unreachable at ${TEST_POSTGRES_URL}`);
if (!pgUp || !tools) console.warn('backup-restore: skipped, PostgreSQL or pg_dump/pg_restore not available');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function intentsInLedger(url: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT payment_intent_id FROM payments WHERE payment_intent_id IS NOT NULL`,
    );
    return new Set(rows.map((r) => r.payment_intent_id as string));
  } finally {
    await client.end();
  }
}

describe.skipIf(!pgUp || !tools)('backup, restore and reconcile on PostgreSQL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'invoicepay-backup-'));
  let server: AppServer | null = null;
  let drop: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await server?.stop().catch(() => {});
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a restored ledger is told exactly the charges made after its dump', async () => {
    const schema = await createPostgresSchema();
    drop = schema.drop;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = await startAppServer({ dataDir, port, env: { DATABASE_URL: schema.url } });
    const merchant = await createPostgresMerchant(schema.url, 'Backup Timber');
    const pay = async (prefix: string) => {
      const customers = startCustomers({ base, merchant, count: 2, prefix });
      await sleep(1_500);
      await customers.stop();
      return customers.stats;
    };

    expect((await pay('INV-BEFORE')).confirmed).toBeGreaterThan(0);
    const dump = join(dataDir, 'invoicepay.dump');
    const dbUrl = new URL(TEST_POSTGRES_URL);
    execFileSync('pg_dump', ['-Fc', '-n', schema.schema, '-f', dump, dbUrl.toString()]);
    const atDump = await intentsInLedger(schema.url);
    expect((await pay('INV-AFTER')).confirmed).toBeGreaterThan(0);
    await server.stop({ keepData: true });
    server = null;

    // The database is lost; the dump is restored (the schema comes back with it).
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA ${schema.schema} CASCADE`);
    await admin.end();
    execFileSync('pg_restore', ['-d', dbUrl.toString(), dump]);
    expect(await intentsInLedger(schema.url)).toEqual(atDump);

    const provider = openReadOnly(join(dataDir, 'sandbox.db'));
    const chargedAfter = providerSucceeded(provider)
      .map((c) => c.intentId)
      .filter((id) => !atDump.has(id));
    provider.close();
    expect(chargedAfter.length).toBeGreaterThan(0);

    const lines: string[] = [];
    const errors: string[] = [];
    const code = await runReconcile(
      ['--since', new Date(Date.now() - 3_600_000).toISOString(), '--json'],
      {
        DATABASE_URL: schema.url,
        SANDBOX_DATABASE_URL: `sqlite:${join(dataDir, 'sandbox.db')}`,
        JWT_SECRET: BENCH_JWT_SECRET,
        ENCRYPTION_KEY: BENCH_ENCRYPTION_KEY,
        LOG_LEVEL: 'silent',
      },
      { log: (l) => lines.push(l), error: (l) => errors.push(l) },
    );
    expect(errors).toEqual([]);
    expect(code).toBe(3);
    const report = JSON.parse(lines.join('\n')) as { findings: { problem: string; intentId: string }[] };
    expect(
      report.findings
        .filter((f) => f.problem === 'missing')
        .map((f) => f.intentId)
        .sort(),
    ).toEqual([...chargedAfter].sort());

    // The server starts on the restored database and serves.
    server = await startAppServer({ dataDir, port, env: { DATABASE_URL: schema.url } });
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  }, 120_000);
});
