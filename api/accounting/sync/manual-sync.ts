/**
 * "Sync to Xero" (spec §7 `POST /api/admin/payments/{id}/sync-to-xero`): run the merchant's sync
 * for this payment and its settled refunds now — Xero, QuickBooks and/or the automation webhook,
 * through the same outbox jobs the worker uses (created if missing, retried if failed) — and say
 * what happened at each target. A merchant with nothing to sync to is told so, and nothing about
 * the payment changes (recording it by hand is its own action, "mark recorded").
 */
import { audit } from '../../audit/service.ts';
import type { DbOrTrx } from '../../db/database.ts';
import type { AppDeps } from '../../context.ts';
import type { OutboxJob } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../merchants/service.ts';
import { enqueuePaymentSync } from './enqueue.ts';
import { findJob, jobsOfPayment, restartJob } from '../../outbox/repository.ts';
import { runJobNow } from './worker.ts';
import { findConnection } from '../connections/connections.ts';
import { TARGET_LABELS } from './status.ts';
import { findPayment, succeededRefundsOf } from '../../payments/rows.ts';
import { findMerchantEvenDeleted } from '../../merchants/rows.ts';
import { attentionOfPayment } from '../repository.ts';

const SETTLED = ['succeeded', 'partially_refunded', 'refunded'];
export const SYNC_FAILED = 'Failed to sync payment to Xero. Please try again.';
export const NOTHING_TO_SYNC =
  'Nothing to sync to: this merchant has no Xero or QuickBooks connection and no automation webhook. Connect one on the merchant page, or mark the payment recorded by hand.';

type Target = OutboxJob['kind'];

export interface TargetOutcome {
  target: Target;
  label: string;
  status: 'delivered' | 'pending' | 'failed' | 'needs_attention';
  message: string;
}

export interface ManualSyncResult {
  mode: 'targets' | 'nothing';
  synced: boolean;
  message: string;
  targets: TargetOutcome[];
  jobs: OutboxJob[];
}

function outcomeOf(target: Target, jobs: OutboxJob[], attention: boolean): TargetOutcome {
  const label = TARGET_LABELS[target];
  const live = jobs.filter((j) => j.status !== 'canceled');
  const failed = live.find((j) => j.status === 'failed');
  const waiting = live.find((j) => j.status === 'pending' || j.status === 'processing');
  if (failed)
    return {
      target,
      label,
      status: attention ? 'needs_attention' : 'failed',
      message: `${label}: ${failed.last_error ?? 'failed'}`,
    };
  if (waiting)
    return {
      target,
      label,
      status: 'pending',
      message: `${label}: waiting (${waiting.last_error ?? 'queued'})`,
    };
  return {
    target,
    label,
    status: 'delivered',
    message:
      target === 'automation_webhook' ? 'Delivered to the automation webhook.' : `Recorded in ${label}.`,
  };
}

/** Where a merchant's payments are synced: its accounting tool, its automation webhook, or nowhere. */
export async function syncTargetsOf(
  db: DbOrTrx,
  merchant: { id: string; make_webhook_url: string | null },
): Promise<Target[]> {
  const connection = await findConnection(db, merchant.id);
  return [
    ...(connection ? [connection.provider] : []),
    ...(merchant.make_webhook_url ? ['automation_webhook' as const] : []),
  ];
}

export async function syncPaymentNow(
  deps: AppDeps,
  paymentId: string,
  actor: Actor,
): Promise<ManualSyncResult> {
  const db = deps.database.db;
  const payment = await findPayment(db, paymentId);
  if (!payment) throw new AppError('not_found', 'Payment not found.');
  if (!SETTLED.includes(payment.status))
    throw new AppError('conflict', 'Only a succeeded payment can be synced to the accounting tool.');
  const merchant = await findMerchantEvenDeleted(db, payment.merchant_id);
  if (!merchant) throw new AppError('not_found', 'Merchant not found.');
  const targets = await syncTargetsOf(db, merchant);
  const auditSync = (details: Record<string, unknown>) =>
    audit(
      db,
      {
        actor: actor.user,
        action: 'payment.sync',
        targetType: 'payment',
        targetId: paymentId,
        merchantId: payment.merchant_id,
        details,
        ip: actor.ip,
      },
      deps.clock,
    );

  if (targets.length === 0) {
    await auditSync({ mode: 'nothing' });
    return { mode: 'nothing', synced: false, message: NOTHING_TO_SYNC, targets: [], jobs: [] };
  }

  const refunds = await succeededRefundsOf(db, payment.id);
  await db.transaction().execute(async (trx) => {
    await enqueuePaymentSync(trx, { paymentId, kind: 'payment' }, deps.clock);
    for (const r of refunds)
      await enqueuePaymentSync(trx, { paymentId, refundId: r.id, kind: 'refund' }, deps.clock);
  });
  const ofPayment = () => jobsOfPayment(db, paymentId, targets);
  const now = deps.clock.now().toISOString();
  for (const job of (await ofPayment()).filter((j) => j.status === 'pending' || j.status === 'failed')) {
    // A fresh set of attempts from now: the admin asked for it.
    await restartJob(db, job.id, now);
    await runJobNow(deps, job.id);
  }
  const jobs = await ofPayment();
  const attention = await attentionOfPayment(db, paymentId);
  const outcomes = targets.map((target) =>
    outcomeOf(
      target,
      jobs.filter((j) => j.kind === target),
      attention.some((a) => a.provider === target),
    ),
  );
  const synced = outcomes.every((o) => o.status === 'delivered');
  const failed = outcomes.some((o) => o.status === 'failed' || o.status === 'needs_attention');
  const summary = outcomes.map((o) => (/[.!?)]$/.test(o.message) ? o.message : `${o.message}.`)).join(' ');
  await auditSync({
    mode: 'targets',
    targets: outcomes.map((o) => ({ target: o.target, status: o.status })),
    jobs: jobs.map((j) => ({ id: j.id, kind: j.kind, status: j.status, error: j.last_error })),
  });
  return {
    mode: 'targets',
    synced,
    message: failed ? `${SYNC_FAILED} (${summary.replace(/\.$/, '')})` : summary,
    targets: outcomes,
    jobs: await Promise.all(jobs.map(async (j) => (await findJob(db, j.id)) ?? j)),
  };
}
