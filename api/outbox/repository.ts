/**
 * Outbox rows: insert (idempotent by key), claim with a lease, finish only while still holding the
 * lease. Claiming is safe with several server instances: on PostgreSQL the due rows are taken with
 * `FOR UPDATE SKIP LOCKED`, on SQLite the claim runs in a write transaction (BEGIN IMMEDIATE). Jobs
 * of one payment and target are delivered one at a time and in order (a refund's job waits while
 * the payment's own job is in flight), so a connector never works on one payment twice at once.
 */
import { sql } from 'kysely';
import type { AppDatabase, DbOrTrx, Trx } from '../db/database.ts';
import type { OutboxJob, OutboxTable } from '../db/types.ts';
import type { Insertable, Updateable } from 'kysely';
import { nextSeq } from '../db/sequence.ts';

export type NewOutboxJob = Insertable<OutboxTable>;

/** The kinds of job this release delivers. */
const OUTBOX_KINDS: readonly OutboxJob['kind'][] = ['automation_webhook', 'xero', 'quickbooks'];

/** Returns false when a job with this idempotency key exists already. */
export async function insertJob(db: DbOrTrx, row: NewOutboxJob): Promise<boolean> {
  const res = await db
    .insertInto('outbox')
    .values({ ...row, seq: nextSeq() })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findJob(db: DbOrTrx, id: string): Promise<OutboxJob | undefined> {
  return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

// One chain per payment and receiver: a webhook endpoint that fails holds up only its own events.
const chainKey = (j: Pick<OutboxJob, 'payment_id' | 'kind' | 'id' | 'endpoint_id'>) =>
  `${j.payment_id ?? j.id}|${j.kind}|${j.endpoint_id ?? ''}`;

/**
 * Claim up to `limit` due jobs (pending and due, or processing with an expired lease: its worker
 * died) for `leaseUntil`. Each claim counts as an attempt.
 */
/**
 * The newest job format this release writes and understands. A change to what a kind's job means or
 * carries raises it (and writes the new number); a release never claims a job of a newer format or
 * of a kind it does not know, so after a rollback those wait, pending, for the release that made them.
 */
export const OUTBOX_JOB_FORMAT = 1;

export async function claimDueJobs(
  database: AppDatabase,
  now: string,
  leaseUntil: string,
  limit: number,
  only?: { id: string },
): Promise<OutboxJob[]> {
  const pg = database.dialect === 'postgres';
  return database.db.transaction().execute(async (trx) => {
    let q = trx
      .selectFrom('outbox')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
          eb.and([eb('status', '=', 'processing'), eb('locked_until', '<=', now)]),
        ]),
      )
      .where('kind', 'in', OUTBOX_KINDS)
      .where('format', '<=', OUTBOX_JOB_FORMAT)
      .orderBy('next_attempt_at', 'asc')
      .orderBy('created_at', 'asc')
      .orderBy('seq', 'asc')
      .limit(limit * 3);
    if (only) q = q.where('id', '=', only.id);
    if (pg) q = q.forUpdate().skipLocked();
    const candidates = await q.execute();
    if (candidates.length === 0) return [];

    // Lock the payments first, then look for their jobs in flight: under READ COMMITTED the second
    // statement sees any claim another instance committed before we got the payment row.
    const paymentIds = [...new Set(candidates.map((j) => j.payment_id).filter((p): p is string => !!p))];
    let locked = new Set(paymentIds);
    if (pg && paymentIds.length) {
      const rows = await trx
        .selectFrom('payments')
        .select('id')
        .where('id', 'in', paymentIds)
        .forUpdate()
        .skipLocked()
        .execute();
      locked = new Set(rows.map((r) => r.id));
    }
    const busy = new Set<string>();
    // Webhook events of one payment reach the receiver in the order they happened (payment.succeeded
    // before the invoice.paid it caused, before a payment.refunded): only the oldest unfinished one
    // of its chain may go, even while an older one waits for its retry. (Accounting write-backs
    // take any order: a failing one does not hold up the next.)
    const firstWebhook = new Map<string, { id: string; created_at: string; seq: number }>();
    if (paymentIds.length) {
      const inFlight = await trx
        .selectFrom('outbox')
        .select(['id', 'payment_id', 'kind', 'endpoint_id'])
        .where('payment_id', 'in', paymentIds)
        .where('status', '=', 'processing')
        .where('locked_until', '>', now)
        .execute();
      for (const j of inFlight) busy.add(chainKey(j));
      const webhooks = await trx
        .selectFrom('outbox')
        .select(['id', 'payment_id', 'kind', 'endpoint_id', 'created_at', 'seq'])
        .where('payment_id', 'in', paymentIds)
        .where('kind', '=', 'automation_webhook')
        .where('status', 'in', ['pending', 'processing'])
        .execute();
      for (const j of webhooks) {
        const first = firstWebhook.get(chainKey(j));
        if (
          !first ||
          j.created_at < first.created_at ||
          (j.created_at === first.created_at && j.seq < first.seq)
        )
          firstWebhook.set(chainKey(j), j);
      }
    }
    // The oldest job of each payment + target goes first; the others wait for the next round.
    const chosen: OutboxJob[] = [];
    for (const job of [...candidates].sort((a, b) => a.created_at.localeCompare(b.created_at))) {
      if (chosen.length >= limit) break;
      if (job.payment_id && !locked.has(job.payment_id)) continue;
      const key = chainKey(job);
      if (busy.has(key)) continue;
      if (job.kind === 'automation_webhook' && job.payment_id && firstWebhook.get(key)?.id !== job.id)
        continue;
      busy.add(key);
      chosen.push(job);
    }
    if (chosen.length === 0) return [];
    await trx
      .updateTable('outbox')
      .set({ status: 'processing', locked_until: leaseUntil, attempts: sql`attempts + 1`, updated_at: now })
      .where(
        'id',
        'in',
        chosen.map((j) => j.id),
      )
      .execute();
    return trx
      .selectFrom('outbox')
      .selectAll()
      .where(
        'id',
        'in',
        chosen.map((j) => j.id),
      )
      .orderBy('created_at', 'asc')
      .orderBy('seq', 'asc')
      .execute();
  });
}

/** Apply `changes` only if `job` still holds its lease (a worker whose lease ran out loses the race). */
export async function finishJob(
  trx: Trx,
  job: OutboxJob,
  changes: Updateable<OutboxTable>,
): Promise<boolean> {
  const res = await trx
    .updateTable('outbox')
    .set(changes)
    .where('id', '=', job.id)
    .where('status', '=', 'processing')
    .where('locked_until', '=', job.locked_until)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Every job, for the console's list (filters, sort and page come on top). */
export function allJobs(db: DbOrTrx) {
  return db.selectFrom('outbox').selectAll();
}

/** A fresh set of attempts, due now (an admin's retry). */
export async function resetJobForRetry(db: DbOrTrx, id: string, now: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** A payment's jobs for these targets, oldest first. */
export function jobsOfPayment(db: DbOrTrx, paymentId: string, kinds: OutboxJob['kind'][]) {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('kind', 'in', kinds)
    .where('endpoint_id', 'is', null)
    .orderBy('created_at', 'asc')
    .orderBy('seq', 'asc')
    .execute();
}

/** A payment's jobs that are not canceled, latest change first. */
export function liveJobsOfPayment(db: DbOrTrx, paymentId: string) {
  return (
    db
      .selectFrom('outbox')
      .select(['kind', 'status', 'last_error', 'delivered_at', 'updated_at'])
      .where('payment_id', '=', paymentId)
      .where('status', '!=', 'canceled')
      // Webhook endpoints are told, they record nothing: the sync status is the books' (and the automation webhook's).
      .where('endpoint_id', 'is', null)
      .orderBy('updated_at', 'desc')
      .execute()
  );
}

/** Start a pending or failed job's attempts again, due now (a job under way or done is left alone). */
export async function restartJob(db: DbOrTrx, id: string, now: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'failed'])
    .execute();
}

/** Replace a job's payload before its delivery (a refund's event brought up to date). */
export async function setJobPayload(db: DbOrTrx, id: string, payload: string): Promise<void> {
  await db.updateTable('outbox').set({ payload }).where('id', '=', id).execute();
}

/** Jobs not yet delivered or given up, and the oldest one's creation time (metrics). */
export async function outboxBacklog(
  db: DbOrTrx,
): Promise<{ waiting: number; oldestCreatedAt: string | null }> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => [eb.fn.countAll<number>().as('waiting'), eb.fn.min('created_at').as('oldest')])
    .where('status', 'in', ['pending', 'processing'])
    .executeTakeFirst();
  return { waiting: Number(row?.waiting ?? 0), oldestCreatedAt: (row?.oldest as string | null) ?? null };
}
