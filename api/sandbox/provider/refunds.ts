/**
 * Refunds of a succeeded intent's charge, partial or full, with Stripe's limits and idempotency;
 * with `refundApplicationFee` the platform fee comes back in proportion (the last refund returns
 * whatever is left of it). Announced as `charge.refunded` carrying the cumulative amount.
 */
import { formatMoney } from '../../../core/money.ts';
import type { RefundInput } from '../../ports/payment-provider.ts';
import { invalid, seconds, type SandboxContext } from './context.ts';
import { enqueueEvent } from './event-queue.ts';
import { idempotentId, lockIntent, noSuchIntent, paymentMethod, refundsOf } from './intents.ts';
import { chargeJson } from './objects.ts';
import { newObjectId } from './ids.ts';

/** Refund part or all of a succeeded intent's charge; the application fee comes back pro rata. */
export async function refundIntent(ctx: SandboxContext, input: RefundInput) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await lockIntent(ctx, trx, input.paymentIntentId);
    if (!row || row.account_id !== input.connectedAccountId) throw noSuchIntent(input.paymentIntentId);
    const { id, replay } = await idempotentId(trx, ctx.clock, {
      account: input.connectedAccountId,
      key: input.idempotencyKey,
      operation: 'refunds.create',
      params: { ...input, idempotencyKey: undefined },
      newId: newObjectId('re'),
    });
    if (!replay) {
      if (row.status !== 'succeeded' || !row.charge_id) {
        throw invalid(`This PaymentIntent (${row.id}) does not have a successful charge to refund.`, {
          code: 'charge_not_refundable',
          param: 'payment_intent',
        });
      }
      const remaining = row.amount - row.amount_refunded;
      if (remaining <= 0) {
        throw invalid(`Charge ${row.charge_id} has already been refunded.`, {
          code: 'charge_already_refunded',
        });
      }
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
        throw invalid('Refund amount must be a positive integer.', {
          code: 'parameter_invalid_integer',
          param: 'amount',
        });
      }
      if (input.amount > remaining) {
        throw invalid(
          `Refund amount (${formatMoney(input.amount, row.currency)}) is greater than unrefunded amount on charge (${formatMoney(remaining, row.currency)})`,
          { code: 'amount_too_large', param: 'amount' },
        );
      }
      const feeLeft = row.application_fee_amount - row.application_fee_refunded;
      const feeBack = !input.refundApplicationFee
        ? 0
        : input.amount === remaining
          ? feeLeft
          : Math.min(feeLeft, Math.round((row.application_fee_amount * input.amount) / row.amount));
      await trx
        .insertInto('sandbox_refunds')
        .values({
          id,
          payment_intent_id: row.id,
          amount: input.amount,
          application_fee_refunded: feeBack,
          status: 'succeeded',
          metadata: JSON.stringify(input.metadata ?? {}),
          created: seconds(ctx.clock),
        })
        .execute();
      const next = {
        ...row,
        amount_refunded: row.amount_refunded + input.amount,
        application_fee_refunded: row.application_fee_refunded + feeBack,
      };
      await trx.updateTable('sandbox_payment_intents').set(next).where('id', '=', row.id).execute();
      const pm = await paymentMethod(trx, next.payment_method_id);
      await enqueueEvent(
        trx,
        ctx,
        'charge.refunded',
        row.account_id,
        chargeJson(next, pm, await refundsOf(trx, row.id)),
      );
    }
    const refund = await trx
      .selectFrom('sandbox_refunds')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { ...refund, currency: row.currency, charge: row.charge_id };
  });
}
