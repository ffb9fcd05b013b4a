/**
 * What a delivery attempt can end in, and the dispatch from a job to its target. A refund's jobs
 * wait until the provider has settled the refund, and are dropped if the provider refused it.
 */
import type { AppDeps } from '../context.ts';
import type { OutboxJob } from '../db/types.ts';
import type { WritebackInput } from '../invoices/writebacks.ts';
import { deliverAutomationWebhook } from '../accounting/automation-webhook.ts';
import { syncJobWithConnector } from '../accounting/sync.ts';

export type DeliveryOutcome =
  | { type: 'delivered'; responseStatus?: number | null; writebacks: WritebackInput[] }
  | {
      type: 'retry';
      error: string;
      responseStatus?: number | null;
      retryAfterMs?: number;
      permanent?: boolean;
    }
  | { type: 'defer'; reason: string; delayMs: number }
  | { type: 'cancel'; reason: string };

export const REFUND_SETTLE_POLL_MS = 30_000;

export async function deliverJob(deps: AppDeps, job: OutboxJob): Promise<DeliveryOutcome> {
  if (job.refund_id) {
    const refund = await deps.database.db
      .selectFrom('refunds')
      .select(['status'])
      .where('id', '=', job.refund_id)
      .executeTakeFirst();
    if (!refund) return { type: 'cancel', reason: 'The refund no longer exists' };
    if (refund.status === 'failed' || refund.status === 'canceled')
      return {
        type: 'cancel',
        reason: `The refund ${refund.status === 'failed' ? 'failed' : 'was canceled'} at the payment provider; nothing to record`,
      };
    if (refund.status === 'pending')
      return {
        type: 'defer',
        reason: 'Waiting for the payment provider to complete the refund',
        delayMs: REFUND_SETTLE_POLL_MS,
      };
  }
  switch (job.kind) {
    case 'automation_webhook':
      return deliverAutomationWebhook(deps, job);
    case 'xero':
    case 'quickbooks':
      return syncJobWithConnector(deps, job);
    default:
      return { type: 'retry', error: `Unknown sync target ${String(job.kind)}`, permanent: true };
  }
}
