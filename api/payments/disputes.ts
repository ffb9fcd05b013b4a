/**
 * Disputes (issue 17): the customer's bank disputes a payment (`charge.dispute.created`, then
 * `.updated` / `.closed` as it goes). Each is recorded once per provider dispute with its latest
 * status, the payment carries that status for the console's lists, and a new dispute goes to the
 * merchant's automation webhook as `payment.disputed`. A dispute does not move the ledger: the money
 * is not back with the customer until the dispute is lost or the merchant refunds, and either of
 * those arrives as its own event (a refund, or an admin's decision in the console).
 */
import { enqueuePaymentDisputed } from '../accounting/payment-events.ts';
import type { AppDeps } from '../context.ts';
import type { Trx } from '../db/database.ts';
import type { ProviderDispute } from './providers/provider.ts';
import { findPaymentByIntent } from './repository.ts';

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
  const inserted = await trx
    .insertInto('payment_disputes')
    .values({
      id: crypto.randomUUID(),
      payment_id: payment.id,
      provider_dispute_id: dispute.id,
      amount: dispute.amount,
      currency: dispute.currency.toUpperCase(),
      reason: dispute.reason,
      status: dispute.status,
      evidence_due_by: evidenceDueBy,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('provider_dispute_id').doNothing())
    .executeTakeFirst();
  const isNew = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  if (!isNew)
    await trx
      .updateTable('payment_disputes')
      .set({
        status: dispute.status,
        amount: dispute.amount,
        evidence_due_by: evidenceDueBy,
        updated_at: now,
      })
      .where('provider_dispute_id', '=', dispute.id)
      .execute();
  await trx
    .updateTable('payments')
    .set({ dispute_status: dispute.status, updated_at: now })
    .where('id', '=', payment.id)
    .execute();
  if (isNew) {
    const row = await trx
      .selectFrom('payment_disputes')
      .select('id')
      .where('provider_dispute_id', '=', dispute.id)
      .executeTakeFirstOrThrow();
    await enqueuePaymentDisputed(trx, row.id, deps.clock);
    deps.logger.warn(
      { paymentId: payment.id, dispute: dispute.id, reason: dispute.reason },
      'payment disputed',
    );
  }
  return true;
}
