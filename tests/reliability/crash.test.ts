/**
 * Crash safety (issue 10, DESIGN §3.4–3.5, §5, §7): customers pay a stream of invoices through the
 * real server (pay session → sandbox confirmation token → quote → create-and-confirm on the server →
 * refresh), the sandbox provider posts its
 * signed webhooks to us, and the outbox delivers each success to the merchant's automation webhook
 * (a receiver that applies each Idempotency-Key once). The server is SIGKILLed at random moments
 * several times and restarted on the same files. Afterwards, once the provider's events and the
 * outbox have drained and the reservation expiry has run (30 min later by the clock):
 *  - every payment the provider's own database reports succeeded is recorded exactly once, as
 *    succeeded, for the amount the provider charged — and nothing else is recorded as succeeded;
 *  - every invoice's counters equal its payments (balances = the provider's record);
 *  - no reservation is left holding a balance;
 *  - an invoice over its link amount, if any, is flagged overpaid (never hidden);
 *  - the automation webhook applied each succeeded payment exactly once;
 *  - `PRAGMA integrity_check` is ok on both databases.
 * Counts: 3 crashes (DEEP=1: 12). The same with two worker processes on one PostgreSQL, one of
 * them killed: crash-workers.test.ts.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../api/db/database.ts';
import { startAppServer, type AppServer } from '../../bench/servers/app-server.ts';
import { freePort } from '../e2e/support/server.ts';
import { startReceiver, type Receiver } from '../support/fake-receiver.ts';
import {
  integrityCheck,
  ledgerMismatches,
  openReadOnly,
  overpaidInvoices,
  providerLedgerDifferences,
  providerSucceeded,
  reservingPayments,
} from './support/ledger.ts';
import { settleAfterCrashes } from './support/aftermath.ts';
import { startCustomers } from './support/crash-customers.ts';
import { tier } from './support/tiers.ts';

const CRASHES = tier(3, 12);
const CUSTOMERS = 4;
const ENV = {
  OUTBOUND_ALLOWLIST: '127.0.0.1',
  OUTBOX_POLL_MS: '50',
  OUTBOX_BACKOFF_BASE_MS: '50',
  OUTBOX_TIMEOUT_MS: '1500',
  OUTBOX_LEASE_SECONDS: '1',
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('crash safety of payments, provider webhooks and accounting deliveries', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'invoicepay-crash-'));
  let server: AppServer | null = null;
  let receiver: Receiver | null = null;
  afterAll(async () => {
    await server?.stop().catch(() => {});
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`loses nothing and counts nothing twice across ${CRASHES} SIGKILLs`, async () => {
    receiver = await startReceiver();
    const port = await freePort();
    const start = () => startAppServer({ dataDir, port, env: ENV });
    server = await start();
    const merchant = server.merchant({ business_name: 'Crash Test Timber' });
    const setup = new Database(join(dataDir, 'app.db'));
    setup.pragma('busy_timeout = 5000');
    setup
      .prepare(
        `UPDATE merchants SET make_webhook_url = ?, xero_integration_status = 'configured' WHERE id = ?`,
      )
      .run(`${receiver.url}/hook`, merchant.id);
    setup.close();
    const base = `http://127.0.0.1:${port}`;

    // Customers: each step may meet a dead server; they carry on (a real customer retries).
    const customers = startCustomers({ base, merchant, count: CUSTOMERS, prefix: 'INV-CRASH' });
    const stats = customers.stats;

    for (let i = 0; i < CRASHES; i++) {
      await sleep(500 + Math.random() * 1500);
      await server.kill();
      await sleep(Math.random() * 200);
      server = await start();
    }
    await sleep(1000);
    await customers.stop();

    // The last life of the server ends normally; what is left is what happens later, in-process on
    // the same files with the clock 31 minutes on: the provider retries its undelivered events, the
    // expiry sweep releases what abandoned or crashed attempts still hold (recording any success it
    // finds at the provider), and the accounting worker delivers what is due.
    await server.stop();
    server = null;
    stats.swept = (
      await settleAfterCrashes({
        databaseUrl: `sqlite:${join(dataDir, 'app.db')}`,
        sandboxDatabaseUrl: `sqlite:${join(dataDir, 'sandbox.db')}`,
        env: ENV,
        open: () => openSqlite(join(dataDir, 'app.db')),
      })
    ).swept;

    const db = openReadOnly(join(dataDir, 'app.db'));
    const provider = openReadOnly(join(dataDir, 'sandbox.db'));
    try {
      expect(integrityCheck(db)).toBe('ok');
      expect(integrityCheck(provider)).toBe('ok');

      const charged = providerSucceeded(provider);
      const recorded = db
        .prepare(`SELECT id, payment_intent_id, status, total_amount, amount FROM payments`)
        .all() as {
        id: string;
        payment_intent_id: string | null;
        status: string;
        total_amount: number;
        amount: number;
      }[];
      // The run meant something: crashes interrupted customers, and money moved.
      expect(stats.interrupted).toBeGreaterThan(0);
      expect(charged.length).toBeGreaterThanOrEqual(5);
      console.info(
        `crash run: ${CRASHES} crashes, ${JSON.stringify(stats)}, ${charged.length} charges, ${receiver.deliveries.length} webhook deliveries`,
      );

      expect(providerLedgerDifferences(charged, recorded)).toEqual([]);

      expect(ledgerMismatches(db)).toEqual([]);
      expect(reservingPayments(db)).toEqual([]);
      expect(db.prepare(`SELECT id FROM invoices WHERE reserved_amount <> 0`).all()).toEqual([]);
      const overpaid = overpaidInvoices(db);
      const flagged = new Set(
        (db.prepare(`SELECT id FROM invoices WHERE overpaid = 1`).all() as { id: string }[]).map((r) => r.id),
      );
      expect(overpaid.filter((o) => !flagged.has(o.invoiceId))).toEqual([]);

      // Exactly-once accounting effect: the receiver applied each succeeded payment once.
      const succeeded = recorded
        .filter((p) => p.status === 'succeeded')
        .map((p) => p.id)
        .sort();
      const applied = [...receiver.applied.values()]
        .map((b) => b.payment_details.payment_id as string)
        .sort();
      expect(applied).toEqual(succeeded);
    } finally {
      db.close();
      provider.close();
    }
  });
});
