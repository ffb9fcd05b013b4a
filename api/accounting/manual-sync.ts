/**
 * "Sync to Xero" (spec §7 `POST /api/admin/payments/{id}/sync-to-xero`): run the merchant's
 * configured sync for this payment and its settled refunds now — Xero, QuickBooks and/or the
 * automation webhook, through the same outbox jobs the worker uses (created if missing, retried
 * if failed) — and answer with the outcome. A merchant with nothing configured records the
 * payment by hand (spec §4: a manual sync sets synced and records the time).
 */
import { audit } from '../audit/service.ts';
import type { AppDeps } from '../context.ts';
import type { OutboxJob } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { recordWriteback } from '../invoices/writebacks.ts';
import type { Actor } from '../merchants/service.ts';
import { enqueuePaymentSync } from '../outbox/enqueue.ts';
import { findJob } from '../outbox/repository.ts';
import { runJobNow } from '../outbox/worker.ts';
import { findConnection } from './connections.ts';

const SETTLED = ['succeeded', 'partially_refunded', 'refunded'];

export interface ManualSyncResult {
  mode: 'targets' | 'manual';
  synced: boolean;
  message: string;
  jobs: OutboxJob[];
}

export async function syncPaymentNow(
  deps: AppDeps,
  paymentId: string,
  actor: Actor,
): Promise<ManualSyncResult> {
  const db = deps.database.db;
  const payment = await db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
  if (!payment) throw new AppError('not_found', 'Payment not found.');
  if (!SETTLED.includes(payment.status))
    throw new AppError('conflict', 'Only a succeeded payment can be synced to the accounting tool.');
  const merchant = await db
    .selectFrom('merchants')
    .select(['id', 'make_webhook_url'])
    .where('id', '=', payment.merchant_id)
    .executeTakeFirstOrThrow();
  const connection = await findConnection(db, merchant.id);
  const refunds = await db
    .selectFrom('refunds')
    .select(['id'])
    .where('payment_id', '=', payment.id)
    .where('status', '=', 'succeeded')
    .execute();

  if (!merchant.make_webhook_url && !connection) {
    await db.transaction().execute(async (trx) => {
      const subjects = [{ refundId: null as string | null }, ...refunds.map((r) => ({ refundId: r.id }))];
      for (const s of subjects)
        await recordWriteback(
          trx,
          { paymentId, refundId: s.refundId, source: 'manual', createdBy: actor.user?.id ?? null },
          deps.clock,
        );
      await audit(
        trx,
        {
          actor: actor.user,
          action: 'payment.sync',
          targetType: 'payment',
          targetId: paymentId,
          details: { mode: 'manual' },
          ip: actor.ip,
        },
        deps.clock,
      );
    });
    return {
      mode: 'manual',
      synced: true,
      message: 'Marked as recorded in the accounting tool by hand.',
      jobs: [],
    };
  }

  await db.transaction().execute(async (trx) => {
    await enqueuePaymentSync(trx, { paymentId, kind: 'payment' }, deps.clock);
    for (const r of refunds)
      await enqueuePaymentSync(trx, { paymentId, refundId: r.id, kind: 'refund' }, deps.clock);
  });
  const targets = [
    ...(merchant.make_webhook_url ? ['automation_webhook'] : []),
    ...(connection ? [connection.provider] : []),
  ] as OutboxJob['kind'][];
  const pending = await db
    .selectFrom('outbox')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('kind', 'in', targets)
    .where('status', 'in', ['pending', 'failed'])
    .orderBy('created_at', 'asc')
    .execute();
  const now = deps.clock.now().toISOString();
  for (const job of pending) {
    // A fresh set of attempts from now: the admin asked for it.
    await db
      .updateTable('outbox')
      .set({ status: 'pending', attempts: 0, next_attempt_at: now, updated_at: now })
      .where('id', '=', job.id)
      .where('status', 'in', ['pending', 'failed'])
      .execute();
    await runJobNow(deps, job.id);
  }
  const jobs = await db
    .selectFrom('outbox')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('kind', 'in', targets)
    .orderBy('created_at', 'asc')
    .execute();
  const problems = jobs.filter((j) => j.status !== 'delivered' && j.status !== 'canceled');
  await audit(
    db,
    {
      actor: actor.user,
      action: 'payment.sync',
      targetType: 'payment',
      targetId: paymentId,
      details: {
        mode: 'targets',
        jobs: jobs.map((j) => ({ id: j.id, kind: j.kind, status: j.status, error: j.last_error })),
      },
      ip: actor.ip,
    },
    deps.clock,
  );
  const firstError = problems.find((j) => j.last_error)?.last_error;
  return {
    mode: 'targets',
    synced: problems.length === 0,
    message:
      problems.length === 0
        ? 'Synced.'
        : `Failed to sync payment to Xero. Please try again.${firstError ? ` (${firstError})` : ''}`,
    jobs: await Promise.all(jobs.map(async (j) => (await findJob(db, j.id)) ?? j)),
  };
}
