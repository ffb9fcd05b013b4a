/**
 * The outbox's claiming rules on this database: jobs exist only if the caller's transaction commits;
 * several workers running at once deliver each job once (FOR UPDATE SKIP LOCKED on PostgreSQL, write
 * transactions on SQLite); a dead worker's job is claimed again only after its lease ends, and the
 * dead worker can no longer record an outcome; one job per payment and target is in flight at a time.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enqueuePaymentSync } from '../../api/accounting/sync/enqueue.ts';
import { claimDueJobs, OUTBOX_JOB_FORMAT } from '../../api/outbox/repository.ts';
import { finishDelivery, runOutboxOnce } from '../../api/accounting/sync/worker.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { startReceiver, type Receiver } from '../support/fake-receiver.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`outbox claiming (${testDialect})`, () => {
  let t: TestApp;
  let receiver: Receiver;
  let merchantId: string;
  let n = 0;

  beforeAll(async () => {
    receiver = await startReceiver({ delayMs: 20 });
    t = await createTestApp({
      autoDeliverEvents: false,
      env: { OUTBOUND_ALLOWLIST: '127.0.0.1', OUTBOX_LEASE_SECONDS: '60', OUTBOX_BATCH: '3' },
    });
    merchantId = crypto.randomUUID();
    const now = t.clock.now().toISOString();
    await t.deps.database.db
      .insertInto('merchants')
      .values({
        id: merchantId,
        shortcode: merchantId.slice(0, 8),
        business_name: 'Claims Ltd',
        name: 'Sam',
        email: 'sam@claims.test',
        make_webhook_url: `${receiver.url}/hook`,
        created_at: now,
        last_updated: now,
      })
      .execute();
  });
  afterEach(async () => {
    await t.deps.database.db
      .updateTable('outbox')
      .set({ status: 'canceled' })
      .where('status', 'in', ['pending', 'processing'])
      .execute();
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  /** A succeeded payment whose job is enqueued the way the payments code does it. */
  async function succeededPayment(options: { enqueue?: boolean } = {}) {
    const db = t.deps.database.db;
    const now = t.clock.now().toISOString();
    const invoiceId = crypto.randomUUID();
    const paymentId = crypto.randomUUID();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('invoices')
        .values({
          id: invoiceId,
          merchant_id: merchantId,
          invoice_number: `INV-O${++n}`,
          number_key: `inv-o${n}`,
          currency: 'AUD',
          paid_amount: 5000,
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
          invoice_number: `INV-O${n}`,
          amount: 5000,
          total_amount: 5000,
          status: 'succeeded',
          succeeded_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
      if (options.enqueue !== false) await enqueuePaymentSync(trx, { paymentId, kind: 'payment' }, t.clock);
    });
    return paymentId;
  }

  it('creates jobs only when the caller commits, once per key', async () => {
    const paymentId = await succeededPayment({ enqueue: false });
    await expect(
      t.deps.database.db.transaction().execute(async (trx) => {
        await enqueuePaymentSync(trx, { paymentId, kind: 'payment' }, t.clock);
        throw new Error('the payment write failed');
      }),
    ).rejects.toThrow('the payment write failed');
    expect(
      await t.deps.database.db
        .selectFrom('outbox')
        .select('id')
        .where('payment_id', '=', paymentId)
        .execute(),
    ).toEqual([]);
    const added = await t.deps.database.db
      .transaction()
      .execute((trx) => enqueuePaymentSync(trx, { paymentId, kind: 'payment' }, t.clock));
    expect(added).toEqual(['automation_webhook']);
    const again = await t.deps.database.db
      .transaction()
      .execute((trx) => enqueuePaymentSync(trx, { paymentId, kind: 'payment' }, t.clock));
    expect(again).toEqual([]);
  });

  it('leaves a newer release’s jobs waiting for it (a rollback): only formats it understands are claimed', async () => {
    const older = await succeededPayment();
    const newer = await succeededPayment();
    // As a newer release would have written it: the same kind, a format this one does not know.
    await t.deps.database.db
      .updateTable('outbox')
      .set({ format: OUTBOX_JOB_FORMAT + 1 })
      .where('payment_id', '=', newer)
      .execute();
    const sent = receiver.deliveries.length;
    await runOutboxOnce(t.deps);
    await runOutboxOnce(t.deps);
    const jobs = await t.deps.database.db
      .selectFrom('outbox')
      .select(['payment_id', 'status', 'attempts'])
      .where('payment_id', 'in', [older, newer])
      .execute();
    expect(jobs.find((j) => j.payment_id === older)).toMatchObject({ status: 'delivered' });
    expect(jobs.find((j) => j.payment_id === newer)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(receiver.deliveries.slice(sent).map((d) => d.json.payment_details?.payment_id)).toEqual([older]);
  });

  it('several workers at once deliver each job exactly once', async () => {
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push(await succeededPayment());
    const keys = (
      await t.deps.database.db
        .selectFrom('outbox')
        .select('idempotency_key')
        .where('payment_id', 'in', ids)
        .execute()
    ).map((r) => r.idempotency_key);
    const sent = receiver.deliveries.length;
    for (let round = 0; round < 4; round++)
      await Promise.all([runOutboxOnce(t.deps), runOutboxOnce(t.deps), runOutboxOnce(t.deps)]);
    const delivered = receiver.deliveries.slice(sent).map((d) => d.headers['idempotency-key']);
    expect(delivered.sort()).toEqual(keys.sort()); // every job, none twice — not even a duplicate for the receiver to drop
    const states = await t.deps.database.db
      .selectFrom('outbox')
      .select(['status', 'attempts'])
      .where('payment_id', 'in', ids)
      .execute();
    expect(states.every((s) => s.status === 'delivered' && s.attempts === 1)).toBe(true);
  });

  it("claims a dead worker's job again only after its lease, and ignores the dead worker's late outcome", async () => {
    const paymentId = await succeededPayment();
    const now = t.clock.now();
    const lease = new Date(now.getTime() + 60_000).toISOString();
    // A worker claims the job, then dies without recording anything.
    const [dead] = await claimDueJobs(t.deps.database, now.toISOString(), lease, 10);
    expect(dead).toMatchObject({
      payment_id: paymentId,
      status: 'processing',
      attempts: 1,
      locked_until: lease,
    });
    expect(await runOutboxOnce(t.deps)).toMatchObject({ claimed: 0 });

    t.clock.advance(60_000);
    const sent = receiver.deliveries.length;
    expect(await runOutboxOnce(t.deps)).toMatchObject({ claimed: 1, delivered: 1 });
    expect(receiver.deliveries.slice(sent).map((d) => d.headers['idempotency-key'])).toEqual([
      dead.idempotency_key,
    ]);
    // The dead worker "wakes up" and reports a failure: its lease is gone, so nothing changes.
    expect(await finishDelivery(t.deps, dead, { type: 'retry', error: 'stale' })).toBeNull();
    const row = await t.deps.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', dead.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, last_error: null });
  });

  it('keeps a second job of the same payment waiting while the first is in flight', async () => {
    const paymentId = await succeededPayment();
    const db = t.deps.database.db;
    const now = t.clock.now().toISOString();
    await db
      .insertInto('outbox')
      .values({
        id: crypto.randomUUID(),
        kind: 'automation_webhook',
        merchant_id: merchantId,
        payment_id: paymentId,
        idempotency_key: `later:${paymentId}`,
        payload: '{"event":"payment.succeeded"}',
        next_attempt_at: now,
        created_at: new Date(Date.parse(now) + 1).toISOString(),
        updated_at: now,
      })
      .execute();
    const first = await claimDueJobs(
      t.deps.database,
      now,
      new Date(Date.parse(now) + 60_000).toISOString(),
      10,
    );
    expect(first.map((j) => j.idempotency_key)).toEqual([
      `payment.succeeded:${paymentId}:automation_webhook`,
    ]);
    expect(
      await claimDueJobs(t.deps.database, now, new Date(Date.parse(now) + 60_000).toISOString(), 10),
    ).toEqual([]);
  });
});
