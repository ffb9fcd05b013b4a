/**
 * The app's wiring between domains that call one way (issue 35): what depends on payments and
 * invoices listens to them (api/announcer.ts), and accounting answers the one question payments ask
 * of it (payments/amount-due.ts), registered here once, so neither imports the domains above it. Called by createApp (api/app.ts) — the server, every worker and the tests build the app
 * — and by the migrations (api/migrations.ts: a migration step may settle an invoice paid), and by
 * anything else that records payments without an app.
 *
 *   invoices ──announce──► merchant webhooks (invoice.paid)
 *            ──announce──► accounting (invoice.written_off: its sync job)
 *   payments ──announce──► accounting (its records and webhook events: payment.succeeded, refunded)
 *            ──announce──► merchant webhooks (payment.failed, refund.failed, payment.disputed)
 *            ◄──answers─── accounting (an invoice's live amount due, for a payment without a pay page;
 *                                      where a payment's Sync would send it, for the console)
 */
import { accountingInvoiceListener, accountingPaymentListener } from './accounting/sync/enqueue.ts';
import { getLiveAmountDue } from './accounting/live/live-amount.ts';
import { syncTargetsOf } from './accounting/sync/manual-sync.ts';
import { invoiceEvents } from './invoices/events.ts';
import { webhookInvoiceListener, webhookPaymentListener } from './merchant-webhooks/notify.ts';
import { answerAmountDueWith } from './payments/amount-due.ts';
import { answerSyncTargetsWith } from './payments/sync-targets.ts';
import { listenToPayments } from './payments/events.ts';
import { metricsPaymentListener } from './payments/metrics-listener.ts';

export function wireDomains(): void {
  listenToPayments(accountingPaymentListener);
  listenToPayments(webhookPaymentListener);
  listenToPayments(metricsPaymentListener); // outcomes counted for /metrics (when on)
  invoiceEvents.listen(webhookInvoiceListener);
  invoiceEvents.listen(accountingInvoiceListener);
  answerAmountDueWith(getLiveAmountDue);
  answerSyncTargetsWith(syncTargetsOf);
}
