/**
 * Accounting's jobs on the outbox: how each is delivered (api/accounting/sync/deliver.ts), the invoice
 * write-backs a delivered one hands back, the payment's sync status after every outcome, and the
 * bank-debit notices a crash left unsent on each pass. The outbox (api/outbox/worker.ts) claims,
 * leases, records and retries; these bind it to accounting.
 *
 * `startOutboxWorker(deps)` runs in the server process (api/main.ts); tests call `runOutboxOnce(deps)`.
 */
import type { AppDeps } from '../../context.ts';
import type { OutboxHandlers } from '../../outbox/delivery.ts';
import * as outbox from '../../outbox/worker.ts';
import type { OutboxJob } from '../../db/types.ts';
import type { WritebackInput } from '../../invoices/holds.ts';
import { recordWriteback } from '../records/writebacks.ts';
import { sendDueNotices } from '../../payments/notices/notices.ts';
import { deliverJob } from './deliver.ts';
import type { DeliveryOutcome } from './delivery-outcome.ts';
import { refreshPaymentSyncStatus } from './status.ts';

export const accountingOutbox: OutboxHandlers<WritebackInput> = {
  deliver: deliverJob,
  keep: (trx, deps, _job, writeback) => recordWriteback(trx, writeback, deps.clock).then(() => undefined),
  // The payment's sync status says what happened at each of its targets (api/accounting/sync/status.ts).
  recorded: async (trx, job, stamp) => {
    if (job.payment_id) await refreshPaymentSyncStatus(trx, job.payment_id, stamp);
  },
  // Bank debit receipts and failure notices a crash left unsent (api/payments/notices/notices.ts).
  afterPass: (deps) => sendDueNotices(deps).then(() => undefined),
};

export const runOutboxOnce = (deps: AppDeps, options: { limit?: number } = {}) =>
  outbox.runOutboxOnce(deps, accountingOutbox, options);

export const runJobNow = (deps: AppDeps, jobId: string) => outbox.runJobNow(deps, accountingOutbox, jobId);

export const startOutboxWorker = (deps: AppDeps) => outbox.startOutboxWorker(deps, accountingOutbox);

export const finishDelivery = (deps: AppDeps, job: OutboxJob, outcome: DeliveryOutcome) =>
  outbox.finishDelivery(deps, accountingOutbox, job, outcome);
