/**
 * Disputes: the customer's bank disputes a payment (`charge.dispute.created`, then
 * `.updated` / `.closed` as it goes). Each is recorded once per provider dispute with its latest
 * status, the payment carries that status for the console's lists, and each new dispute or status
 * goes to the merchant's automation webhook as `payment.disputed` (api/merchant-webhooks/notify.ts). A dispute does not move the ledger: the money
 * is not back with the customer until the dispute is lost or the merchant refunds, and either of
 * those arrives as its own event (a refund, or an admin's decision in the console).
 */
import type { AppDeps } from '../../context.ts';
import { announce } from '../events.ts';
import type { Trx } from '../../db/database.ts';
import type { ProviderDispute } from '../../ports/payment-provider.ts';
import { findPaymentByIntent, updatePayment, upsertDispute } from '../repository.ts';

/** Record a dispute event inside the webhook's transaction; false when no payment of ours matches. */
export async function applyDispute(trx: Trx, deps: AppDeps, dispute: ProviderDispute): Promise<boolean> {
  const payment = dispute.paymentIntentId
    ? await findPaymentByIntent(trx, dispute.paymentIntentId)
    : undefined;
  if (!payment) {
    deps.logger.info({ dispute: dispute.id }, 'dispute on an unknown payment ignored');
    return false;
  }
  const now = deps.clock.now().toISOString();
  const evidenceDueBy = dispute.evidenceDueBy ? new Date(dispute.evidenceDueBy * 1000).toISOString() : null;
  const isNew = await upsertDispute(trx, {
    payment_id: payment.id,
    provider_dispute_id: dispute.id,
    amount: dispute.amount,
    currency: dispute.currency.toUpperCase(),
    reason: dispute.reason,
    status: dispute.status,
    evidence_due_by: evidenceDueBy,
    created_at: now,
    updated_at: now,
  });
  await updatePayment(trx, payment.id, { dispute_status: dispute.status, updated_at: now });
  await announce(trx, {
    type: 'payment.disputed',
    paymentId: payment.id,
    dispute: {
      id: dispute.id,
      amount: dispute.amount,
      reason: dispute.reason ?? 'general',
      status: dispute.status,
    },
    clock: deps.clock,
  });
  if (isNew) {
    deps.logger.warn(
      { paymentId: payment.id, dispute: dispute.id, reason: dispute.reason },
      'payment disputed',
    );
  }
  return true;
}
