/**
 * The app's wiring between domains that call one way (issue 35): what depends on payments listens
 * to them, registered here once, so payments import neither accounting nor merchant webhooks.
 * Called by createApp (api/app.ts) — the server, every worker and the tests build the app — and by
 * anything else that records payments without an app.
 *
 *   payments ──announce──► accounting (its records and webhook events: payment.succeeded, refunded)
 *            ──announce──► merchant webhooks (payment.failed, refund.failed, payment.disputed)
 */
import { accountingPaymentListener } from './accounting/enqueue.ts';
import { webhookPaymentListener } from './merchant-webhooks/notify.ts';
import { listenToPayments } from './payments/events.ts';

export function wireDomains(): void {
  listenToPayments(accountingPaymentListener);
  listenToPayments(webhookPaymentListener);
}
