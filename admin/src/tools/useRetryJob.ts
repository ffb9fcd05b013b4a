/**
 * Retry a sync job that gave up (the data provider's `retryOutboxJob`), as an action: a success
 * notification when the job is delivered, a warning with the tool's answer when it is still not,
 * the server's refusal as an error, and the lists that show jobs refreshed.
 */
import { useNotify, useTranslate } from 'react-admin';
import { useAction } from '../data/useAction.ts';

export function useRetryJob(
  delivered: string,
  deliveredArgs: Record<string, unknown> = {},
  /** Says the tool's answer when the job is still not delivered (`%{detail}`). */
  notDelivered = 'console.sync_jobs.not_delivered',
) {
  const notify = useNotify();
  const translate = useTranslate();
  return useAction((dp, jobId: string) => dp.retryOutboxJob({ id: jobId }), {
    failure: 'console.sync_jobs.retry_failed',
    invalidate: ['outbox-failed', 'accounting-attention', 'accounting-records'],
    onSuccess: (job) =>
      job.status === 'delivered'
        ? notify(delivered, { type: 'success', messageArgs: deliveredArgs })
        : notify(notDelivered, {
            type: 'warning',
            messageArgs: { detail: job.last_error ?? translate('console.sync_jobs.still_not_recorded') },
          }),
  });
}
