/**
 * The automation webhook's `payment.failed` and `payment.disputed` deliveries (issue 17), queued in
 * the transaction that records the failure or the dispute — so a delivery exists if and only if it
 * was recorded — with the v1 body of api/accounting/webhook-payload.ts. Only the automation webhook
 * gets them: Xero and QuickBooks were never told of a payment that failed, and a dispute changes
 * nothing there until the merchant refunds. Idempotent: one job per event and payment (or dispute).
 *
 * @example await enqueuePaymentFailed(trx, paymentId, deps.clock);
 * @example await enqueuePaymentDisputed(trx, disputeId, deps.clock);
 */
import { fromMinorUnits } from '../../core/money.ts';
import type { Clock } from '../context.ts';
import type { DbOrTrx } from '../db/database.ts';
import type { Payment } from '../db/types.ts';
import { insertJob } from '../outbox/repository.ts';
import { buildPaymentOutcomePayload } from './webhook-payload.ts';

async function enqueueOutcome(
  trx: DbOrTrx,
  payment: Payment,
  subjectId: string,
  clock: Clock,
  outcome: Parameters<typeof buildPaymentOutcomePayload>[3],
): Promise<boolean> {
  const merchant = await trx
    .selectFrom('merchants')
    .select(['id', 'make_webhook_url', 'make_scenario_id', 'time_zone'])
    .where('id', '=', payment.merchant_id)
    .executeTakeFirst();
  if (!merchant?.make_webhook_url) return false;
  const now = clock.now();
  const stamp = now.toISOString();
  return insertJob(trx, {
    id: crypto.randomUUID(),
    kind: 'automation_webhook',
    merchant_id: merchant.id,
    payment_id: payment.id,
    refund_id: null,
    idempotency_key: `${outcome.event}:${subjectId}:automation_webhook`,
    payload: JSON.stringify(buildPaymentOutcomePayload(merchant, payment, now, outcome)),
    next_attempt_at: stamp,
    created_at: stamp,
    updated_at: stamp,
  });
}

/** `payment.failed` for a payment that failed after it was under way (a returned bank debit). */
export async function enqueuePaymentFailed(trx: DbOrTrx, paymentId: string, clock: Clock): Promise<boolean> {
  const payment = await trx.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
  if (!payment) return false;
  return enqueueOutcome(trx, payment, payment.id, clock, { event: 'payment.failed' });
}

/** `payment.disputed` for a recorded dispute (payment_disputes row). */
export async function enqueuePaymentDisputed(
  trx: DbOrTrx,
  disputeId: string,
  clock: Clock,
): Promise<boolean> {
  const dispute = await trx
    .selectFrom('payment_disputes')
    .selectAll()
    .where('id', '=', disputeId)
    .executeTakeFirst();
  if (!dispute) return false;
  const payment = await trx
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', dispute.payment_id)
    .executeTakeFirst();
  if (!payment) return false;
  return enqueueOutcome(trx, payment, dispute.id, clock, {
    event: 'payment.disputed',
    dispute: {
      id: dispute.provider_dispute_id,
      amount: Number(fromMinorUnits(dispute.amount, dispute.currency)),
      amount_minor: dispute.amount,
      reason: dispute.reason,
      status: dispute.status,
    },
  });
}
