/** An admin's retry of a sync job: a fresh set of attempts, delivered at once, recorded by the caller. */
import type { AppDeps } from '../context.ts';
import type { Trx } from '../db/database.ts';
import type { OutboxJob } from '../db/types.ts';
import { AppError } from '../errors.ts';
import type { OutboxHandlers } from './delivery.ts';
import { findJob, resetJobForRetry } from './repository.ts';
import { runJobNow } from './worker.ts';

export const JOB_NOT_FOUND = 'Sync job not found.';

/** Give a job a fresh set of attempts and deliver it now. */
export async function retryJob(
  deps: AppDeps,
  handlers: OutboxHandlers,
  id: string,
  /** In the retry's transaction: record who retried the job (the audit log, given by the routes' caller). */
  record: (trx: Trx, job: OutboxJob) => Promise<unknown>,
): Promise<OutboxJob> {
  const db = deps.database.db;
  const job = await findJob(db, id);
  if (!job) throw new AppError('not_found', JOB_NOT_FOUND);
  const now = deps.clock.now().toISOString();
  if (job.status === 'delivered') throw new AppError('conflict', 'This sync job was delivered already.');
  if (job.status === 'processing' && job.locked_until && job.locked_until > now)
    throw new AppError('conflict', 'This sync job is being delivered right now.');
  await db.transaction().execute(async (trx) => {
    await resetJobForRetry(trx, id, now);
    await record(trx, job);
  });
  await runJobNow(deps, handlers, id);
  return (await findJob(db, id))!;
}
