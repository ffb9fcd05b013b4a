/**
 * What the outbox asks of the domain that owns its jobs (accounting, api/accounting/sync/worker.ts):
 * how to deliver one, what to keep when it is delivered, what to refresh once any outcome is
 * recorded, and what else to do on each pass. The outbox itself only claims jobs under a lease,
 * records outcomes, and retries with back-off; it knows no target and no domain.
 */
import type { AppDeps } from '../context.ts';
import type { DbOrTrx } from '../db/database.ts';
import type { OutboxJob } from '../db/types.ts';

/** What one delivery attempt ended in. `Kept` is what a delivered job hands back to be recorded. */
export type DeliveryOutcome<Kept = unknown> =
  | { type: 'delivered'; responseStatus?: number | null; writebacks: Kept[] }
  | {
      type: 'retry';
      error: string;
      responseStatus?: number | null;
      retryAfterMs?: number;
      permanent?: boolean;
    }
  | { type: 'defer'; reason: string; delayMs: number }
  | { type: 'cancel'; reason: string };

export interface OutboxHandlers<Kept = unknown> {
  /** Deliver one claimed job to its target. */
  deliver(deps: AppDeps, job: OutboxJob): Promise<DeliveryOutcome<Kept>>;
  /** In the transaction that marks the job delivered: record one thing the target answered. */
  keep(trx: DbOrTrx, deps: AppDeps, job: OutboxJob, kept: Kept): Promise<void>;
  /** In the same transaction, after any outcome was recorded. */
  recorded(trx: DbOrTrx, job: OutboxJob, stamp: string): Promise<void>;
  /** After each pass of the polling worker. */
  afterPass(deps: AppDeps): Promise<void>;
}
