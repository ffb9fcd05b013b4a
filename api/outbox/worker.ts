/**
 * The outbox worker: claims due jobs under a lease, delivers them through the owning domain's
 * handlers (api/outbox/delivery.ts; accounting's deliver to the automation webhook, Xero and
 * QuickBooks), and records the outcome while still holding the lease. A failure is retried with
 * exponential backoff and jitter (or the receiver's Retry-After, if longer) until
 * OUTBOX_MAX_ATTEMPTS, then the job is `failed` with its error and can be retried by an admin.
 * A worker killed mid-delivery leaves its job `processing`; when the lease runs out another worker
 * (or this one after a restart) claims it again and delivers it with the same Idempotency-Key.
 *
 * Accounting wraps these with its handlers (api/accounting/sync/worker.ts): the server process runs
 * its `startOutboxWorker(deps)`, tests call its `runOutboxOnce(deps)`.
 */
import type { AppDeps } from '../context.ts';
import type { OutboxJob } from '../db/types.ts';
import type { DeliveryOutcome, OutboxHandlers } from './delivery.ts';
import { claimDueJobs, finishJob } from './repository.ts';
import { databaseUnavailable, transact } from '../db/transact.ts';
import { recordOutboxDelivery } from '../metrics/metrics.ts';

const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;

/** Delay before attempt `attempts + 1`: base × 2^(attempts−1), capped, with equal jitter (half fixed, half random). */
export function backoffDelay(attempts: number, baseMs: number, random: () => number = Math.random): number {
  const exp = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}

export interface RunResult {
  claimed: number;
  delivered: number;
  retrying: number;
  failed: number;
  canceled: number;
}

/** Record the outcome of one delivery. Returns the job as it now stands (or null if the lease was lost). */
export async function finishDelivery<Kept>(
  deps: AppDeps,
  handlers: OutboxHandlers<Kept>,
  job: OutboxJob,
  outcome: DeliveryOutcome<Kept>,
): Promise<OutboxJob | null> {
  const { config, clock, logger } = deps;
  const now = clock.now();
  const stamp = now.toISOString();
  return transact(deps.database, async (trx) => {
    let ok: boolean;
    if (outcome.type === 'delivered') {
      ok = await finishJob(trx, job, {
        status: 'delivered',
        delivered_at: stamp,
        locked_until: null,
        last_error: null,
        last_response_status: outcome.responseStatus ?? null,
        updated_at: stamp,
      });
      if (ok)
        for (const kept of outcome.writebacks) {
          try {
            await handlers.keep(trx, deps, job, kept);
          } catch (err) {
            logger.warn({ jobId: job.id, err: (err as Error).message }, 'write-back not recorded');
          }
        }
    } else if (outcome.type === 'defer') {
      // Not an attempt: the subject is not ready (a refund the provider has not settled yet).
      ok = await finishJob(trx, job, {
        status: 'pending',
        attempts: Math.max(0, job.attempts - 1),
        next_attempt_at: new Date(now.getTime() + outcome.delayMs).toISOString(),
        locked_until: null,
        last_error: outcome.reason,
        updated_at: stamp,
      });
    } else if (outcome.type === 'cancel') {
      ok = await finishJob(trx, job, {
        status: 'canceled',
        locked_until: null,
        last_error: outcome.reason,
        updated_at: stamp,
      });
    } else {
      const giveUp = outcome.permanent || job.attempts >= config.outbox.maxAttempts;
      const delay = Math.max(
        backoffDelay(job.attempts, config.outbox.backoffBaseMs),
        outcome.retryAfterMs ?? 0,
      );
      const nextAttemptAt = giveUp ? job.next_attempt_at : new Date(now.getTime() + delay).toISOString();
      logger.warn(
        {
          jobId: job.id,
          kind: job.kind,
          endpointId: job.endpoint_id ?? undefined,
          merchantId: job.merchant_id,
          attempt: job.attempts,
          status: outcome.responseStatus ?? undefined,
          err: outcome.error.slice(0, 300),
          nextAttemptAt: giveUp ? undefined : nextAttemptAt,
        },
        giveUp ? 'outbox delivery failed; no more attempts' : 'outbox delivery failed; will retry',
      );
      ok = await finishJob(trx, job, {
        status: giveUp ? 'failed' : 'pending',
        next_attempt_at: nextAttemptAt,
        locked_until: null,
        last_error: outcome.error.slice(0, 1000),
        last_response_status: outcome.responseStatus ?? null,
        updated_at: stamp,
      });
    }
    if (ok) recordOutboxDelivery(job.kind, outcomeLabel(outcome, job, config.outbox.maxAttempts));
    if (!ok) {
      logger.warn(
        { jobId: job.id },
        'outbox lease lost before the outcome was recorded; another worker owns the job',
      );
      return null;
    }
    await handlers.recorded(trx, job, stamp);
    return (await trx.selectFrom('outbox').selectAll().where('id', '=', job.id).executeTakeFirst()) ?? null;
  });
}

/** How a delivery ended, as the metrics name it. */
function outcomeLabel(outcome: DeliveryOutcome<unknown>, job: OutboxJob, maxAttempts: number): string {
  if (outcome.type === 'delivered') return 'delivered';
  if (outcome.type === 'defer') return 'deferred';
  if (outcome.type === 'cancel') return 'canceled';
  return outcome.permanent || job.attempts >= maxAttempts ? 'failed' : 'retrying';
}

/** Deliver one claimed job and record the outcome. */
export async function runClaimedJob<Kept>(
  deps: AppDeps,
  handlers: OutboxHandlers<Kept>,
  job: OutboxJob,
): Promise<OutboxJob | null> {
  let outcome: DeliveryOutcome<Kept>;
  try {
    outcome = await handlers.deliver(deps, job);
  } catch (err) {
    deps.logger.error({ jobId: job.id, err }, 'outbox delivery crashed');
    outcome = { type: 'retry', error: `Internal error: ${(err as Error).message}` };
  }
  return finishDelivery(deps, handlers, job, outcome);
}

function leaseUntil(deps: AppDeps): string {
  return new Date(deps.clock.now().getTime() + deps.config.outbox.leaseSeconds * 1000).toISOString();
}

/** Claim one batch of due jobs and deliver them concurrently. */
export async function runOutboxOnce<Kept>(
  deps: AppDeps,
  handlers: OutboxHandlers<Kept>,
  options: { limit?: number } = {},
): Promise<RunResult> {
  const jobs = await claimDueJobs(
    deps.database,
    deps.clock.now().toISOString(),
    leaseUntil(deps),
    options.limit ?? deps.config.outbox.batchSize,
  );
  const result: RunResult = { claimed: jobs.length, delivered: 0, retrying: 0, failed: 0, canceled: 0 };
  const finished = await Promise.all(jobs.map((job) => runClaimedJob(deps, handlers, job)));
  for (const job of finished) {
    if (job?.status === 'delivered') result.delivered++;
    else if (job?.status === 'failed') result.failed++;
    else if (job?.status === 'canceled') result.canceled++;
    else if (job) result.retrying++;
  }
  return result;
}

/** Claim a specific job now (manual retry / sync). Null when it is not due or another worker holds it. */
export async function runJobNow<Kept>(
  deps: AppDeps,
  handlers: OutboxHandlers<Kept>,
  jobId: string,
): Promise<OutboxJob | null> {
  const [job] = await claimDueJobs(deps.database, deps.clock.now().toISOString(), leaseUntil(deps), 1, {
    id: jobId,
  });
  return job ? runClaimedJob(deps, handlers, job) : null;
}

export interface OutboxWorker {
  /** Stop polling and wait for the deliveries in flight. */
  stop(): Promise<void>;
}

/** Poll for due jobs until stopped; a full batch is followed at once by the next. */
export function startOutboxWorker<Kept>(deps: AppDeps, handlers: OutboxHandlers<Kept>): OutboxWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let wake: (() => void) | null = null;
  const loop = (async () => {
    while (!stopped) {
      let full = false;
      try {
        const r = await runOutboxOnce(deps, handlers);
        full = r.claimed >= deps.config.outbox.batchSize;
        await handlers.afterPass(deps);
      } catch (err) {
        // The database away (a restart, a failover) is said in one line; the next pass tries again.
        if (databaseUnavailable(err))
          deps.logger.warn({ err: (err as Error).message }, 'outbox worker: database unavailable');
        else deps.logger.error({ err }, 'outbox worker tick failed');
      }
      if (stopped) break;
      if (!full)
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, deps.config.outbox.pollMs);
        });
    }
  })();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      wake?.();
      await loop;
    },
  };
}
