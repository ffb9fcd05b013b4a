/**
 * The dispatch from an accounting job to its target (the automation webhook, Xero, QuickBooks). A
 * refund's jobs wait until the provider has settled the refund, and are dropped if the provider
 * refused it.
 */
import type { AppDeps } from '../../context.ts';
import type { OutboxJob } from '../../db/types.ts';
import type { DeliveryOutcome } from './delivery-outcome.ts';
import { deliverAutomationWebhook } from '../../merchant-webhooks/automation-webhook.ts';
import { syncJobWithConnector } from './connector-jobs.ts';
import { findRefund } from '../../payments/rows.ts';

export const REFUND_SETTLE_POLL_MS = 30_000;

export async function deliverJob(deps: AppDeps, job: OutboxJob): Promise<DeliveryOutcome> {
  if (job.refund_id) {
    const refund = await findRefund(deps.database.db, job.refund_id);
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
