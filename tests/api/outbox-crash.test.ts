/**
 * Crash safety of the outbox with the real server process: deliveries are in flight to a slow
 * receiver when the server is killed with SIGKILL; after a restart every job is delivered, the
 * receiver applies each payment exactly once (it honours the Idempotency-Key, which is the same on
 * the redelivery), and the jobs, payments and write-backs end up in the right state.
 * SQLite only: one file shared by the test and the two server lives (the claim logic itself runs on
 * both databases in outbox.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite, type AppDatabase } from '../../api/db/database.ts';
import { migrate } from '../../api/migrations.ts';
import { enqueuePaymentSync } from '../../api/accounting/sync/enqueue.ts';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import { testDialect } from '../support/db.ts';
import { startReceiver, type Receiver } from '../support/fake-receiver.ts';

const JOBS = 8;

async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  server?: RunningServer,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}${server ? `\n${server.output()}` : ''}`);
}

/** A merchant with a webhook and JOBS succeeded payments, each with its job enqueued as the payments code does. */
async function seed(database: AppDatabase, webhookUrl: string) {
  const db = database.db;
  const now = new Date().toISOString();
  const merchantId = crypto.randomUUID();
  await db
    .insertInto('merchants')
    .values({
      id: merchantId,
      shortcode: merchantId.slice(0, 8),
      business_name: 'Crash Test Timber',
      name: 'Pat',
      email: 'pat@crash.test',
      make_webhook_url: webhookUrl,
      xero_integration_status: 'configured',
      created_at: now,
      last_updated: now,
    })
    .execute();
  for (let i = 1; i <= JOBS; i++) {
    const invoiceId = crypto.randomUUID();
    const paymentId = crypto.randomUUID();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('invoices')
        .values({
          id: invoiceId,
          merchant_id: merchantId,
          invoice_number: `INV-C${i}`,
          number_key: `inv-c${i}`,
          currency: 'AUD',
          paid_amount: 1000 * i,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('payments')
        .values({
          id: paymentId,
          merchant_id: merchantId,
          invoice_id: invoiceId,
          invoice_number: `INV-C${i}`,
          amount: 1000 * i,
          total_amount: 1000 * i,
          status: 'succeeded',
          payment_intent_id: `pi_crash_${i}`,
          succeeded_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await enqueuePaymentSync(trx, { paymentId, kind: 'payment' });
    });
  }
}

describe.skipIf(testDialect !== 'sqlite')('outbox survives SIGKILL mid-delivery (real server)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'invoicepay-outbox-crash-'));
  let receiver: Receiver | undefined;
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop().catch(() => {});
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers every job after a restart, none applied twice, statuses correct', async () => {
    receiver = await startReceiver({ delayMs: 800 });
    const path = join(dataDir, 'app.db');
    const setup = openSqlite(path);
    await migrate(setup);
    await seed(setup, `${receiver.url}/hook`);
    await setup.close();

    const env = {
      OUTBOUND_ALLOWLIST: '127.0.0.1',
      OUTBOX_POLL_MS: '50',
      OUTBOX_BATCH: '2',
      OUTBOX_TIMEOUT_MS: '1500',
      OUTBOX_LEASE_SECONDS: '1', // raised to timeout + 1 s = 3 s by the config
      OUTBOX_BACKOFF_BASE_MS: '200',
    };
    server = await startServer({ dataDir, env });
    // Two delivered, the next batch received by the receiver but not yet answered: kill now.
    await until('the third delivery to arrive', () => receiver!.deliveries.length >= 3, 20_000, server);
    await server.kill();
    const inFlight = receiver.deliveries.length;

    const db = openSqlite(path);
    try {
      const atCrash = await db.db.selectFrom('outbox').select(['status']).execute();
      expect(atCrash.filter((j) => j.status === 'processing').length).toBeGreaterThanOrEqual(1);
      expect(atCrash.filter((j) => j.status === 'delivered').length).toBeLessThan(JOBS);

      server = await startServer({ dataDir, env });
      await until(
        'every job to be delivered',
        async () =>
          (await db.db.selectFrom('outbox').select('status').where('status', '<>', 'delivered').execute())
            .length === 0,
        30_000,
        server,
      );

      const jobs = await db.db.selectFrom('outbox').selectAll().execute();
      expect(jobs).toHaveLength(JOBS);
      // From the receiver's point of view: each payment applied once, under its own key…
      expect([...receiver.applied.keys()].sort()).toEqual(jobs.map((j) => j.idempotency_key).sort());
      expect([...receiver.applied.values()].map((b) => b.InvoiceNumber).sort()).toEqual(
        Array.from({ length: JOBS }, (_, i) => `INV-C${i + 1}`).sort(),
      );
      // …although the deliveries cut off by the crash arrived again (same key).
      const repeated = [...receiver.seen.entries()].filter(([, count]) => count > 1);
      expect(repeated.length).toBeGreaterThanOrEqual(1);
      expect(receiver.deliveries.length).toBeGreaterThan(JOBS);
      expect(inFlight).toBeGreaterThanOrEqual(3);
      for (const j of jobs) {
        expect(j.status).toBe('delivered');
        expect(j.locked_until).toBeNull();
        expect(j.last_response_status).toBe(200);
      }
      const payments = await db.db.selectFrom('payments').select(['id', 'xero_sync_status']).execute();
      expect(payments.every((p) => p.xero_sync_status === 'synced')).toBe(true);
      const writebacks = await db.db
        .selectFrom('accounting_writebacks')
        .select(['payment_id', 'source'])
        .execute();
      expect(writebacks).toHaveLength(JOBS);
      expect(new Set(writebacks.map((w) => w.payment_id)).size).toBe(JOBS);
    } finally {
      await db.close();
    }
  }, 60_000);
});
