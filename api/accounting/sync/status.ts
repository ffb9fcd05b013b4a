/**
 * A payment's accounting sync status (`xero_sync_status`, `_time`, `_error`) says what happened at
 * every target it has (Xero, QuickBooks, the automation webhook), for the payment and its refunds:
 * `synced` only when every delivery is done, `failed` when one gave up (with that target's reason),
 * otherwise `pending`. A payment with no deliveries keeps whatever it has (e.g. marked by hand).
 */
import type { DbOrTrx } from '../../db/database.ts';
import type { OutboxJob } from '../../db/types.ts';
import { liveJobsOfPayment } from '../../outbox/repository.ts';
import { setAccountingSyncStatus } from '../../payments/rows.ts';

export const TARGET_LABELS: Record<OutboxJob['kind'], string> = {
  xero: 'Xero',
  quickbooks: 'QuickBooks',
  automation_webhook: 'Automation webhook',
};

export async function refreshPaymentSyncStatus(db: DbOrTrx, paymentId: string, stamp: string) {
  const jobs = await liveJobsOfPayment(db, paymentId);
  if (jobs.length === 0) return;
  const failed = jobs.find((j) => j.status === 'failed');
  const open = jobs.find((j) => j.status === 'pending' || j.status === 'processing');
  // With several targets the reason names the one it comes from.
  const several = new Set(jobs.map((j) => j.kind)).size > 1;
  const why = (j: (typeof jobs)[number]) =>
    j.last_error
      ? (several ? `${TARGET_LABELS[j.kind]}: ${j.last_error}` : j.last_error).slice(0, 500)
      : null;
  const changes = failed
    ? { xero_sync_status: 'failed', xero_sync_error: why(failed) }
    : open
      ? { xero_sync_status: 'pending', xero_sync_error: why(open) }
      : {
          xero_sync_status: 'synced',
          xero_sync_error: null,
          xero_sync_time: jobs
            .map((j) => j.delivered_at ?? j.updated_at)
            .sort()
            .at(-1)!,
        };
  await setAccountingSyncStatus(db, paymentId, changes, stamp);
}
