/**
 * Resuming a payment creation whose earlier run under the same Idempotency-Key ended without an
 * answer (DESIGN §3.6): it failed after reserving, or the process died. The key names the payment
 * (api/payments/idempotency.ts), so the retry carries on with that attempt instead of making a
 * second one:
 *  - no payment row: the run died before reserving; the caller creates it now, under the same id;
 *  - still reserving (or already settled): get its intent — by id if recorded, else by re-sending
 *    the identical create request, which makes the provider return the intent it already made —
 *    record it and answer as the first run would have;
 *  - ended (failed, canceled, expired): cancel any intent it may still hold, point the key at a new
 *    payment and let the caller start afresh. One key never leaves two live intents.
 */
import { percentageFromBps } from '../../core/money.ts';
import type { AppDeps } from '../context.ts';
import type { Payment } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { availableBalance } from '../invoices/ledger.ts';
import { countersOf, findInvoiceById } from '../invoices/repository.ts';
import {
  obtainIntent,
  PROCESSING_ERROR_MESSAGE,
  recoverIntent,
  storeIntent,
  type IntentSource,
} from './attempts.ts';
import type { IdempotencyClaim } from './idempotency.ts';
import type { ProviderIntent } from './providers/provider.ts';
import { findPayment, isReserving, isSettled } from './repository.ts';
import { applyIntent } from './state.ts';

/** The create answer (CreatePaymentResponse) for an attempt and its intent. */
export function answerFor(
  p: IntentSource & Pick<Payment, 'surcharge_rule'>,
  intent: Pick<ProviderIntent, 'id' | 'clientSecret'>,
  remainingAfter: number | null,
) {
  return {
    clientSecret: intent.clientSecret,
    id: intent.id,
    paymentIntentId: intent.id,
    paymentId: p.id,
    stripeConnectAccountId: p.stripe_connect_account_id ?? '',
    status: 'pending',
    currency: p.currency,
    breakdown: {
      amount: p.amount,
      surcharge: p.surcharge,
      total: p.total_amount,
      platformFee: p.platform_fee,
      surchargeBps: p.surcharge_bps,
      surchargePercentage: Number(percentageFromBps(p.surcharge_bps)),
      rule: p.surcharge_rule ?? '',
    },
    remainingAfter,
  };
}

export type CreateAnswer = ReturnType<typeof answerFor>;

/**
 * The link's balance now; the attempt's own reservation (or success) is already counted in it. (The
 * first run used the pay session's written-back figure; the invoice's current one stands in here.)
 */
async function remainingAfterOf(deps: AppDeps, payment: Payment): Promise<number | null> {
  if (!payment.invoice_id) return null;
  const counters = countersOf(await findInvoiceById(deps.database.db, payment.invoice_id));
  return availableBalance(counters, { amount: payment.link_amount, writtenBack: counters.writtenBack });
}

async function provider<T>(deps: AppDeps, paymentId: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    deps.logger.warn({ paymentId, err: (err as Error).message }, 'resuming a payment attempt failed');
    throw new AppError('provider_error', PROCESSING_ERROR_MESSAGE);
  }
}

/** Finish an attempt that still holds its reservation (or already succeeded). */
async function finish(deps: AppDeps, payment: Payment): Promise<CreateAnswer> {
  let intent: ProviderIntent;
  if (payment.payment_intent_id) {
    const id = payment.payment_intent_id;
    intent = await provider(deps, payment.id, () =>
      deps.payments.retrieveIntent(id, payment.stripe_connect_account_id ?? ''),
    );
  } else {
    intent = await obtainIntent(deps, payment);
  }
  const renew = isReserving(payment.status)
    ? new Date(deps.clock.now().getTime() + deps.config.reservationTtlMinutes * 60_000).toISOString()
    : null;
  await storeIntent(deps, payment.id, intent.id, renew);
  return answerFor(payment, intent, await remainingAfterOf(deps, payment));
}

/**
 * Carry on with the claim's attempt. Returns its answer, `'repointed'` when the key now names a new
 * payment the caller must create, or null when the attempt was never reserved (create it now).
 */
export async function resumeAttempt(
  deps: AppDeps,
  claim: IdempotencyClaim,
): Promise<CreateAnswer | 'repointed' | null> {
  const payment = await findPayment(deps.database.db, claim.paymentId);
  if (!payment) return null;
  if (isReserving(payment.status) || isSettled(payment.status)) return finish(deps, payment);

  // Ended without an answer. An intent it may hold unrecorded is cancelled — or, had it succeeded,
  // recorded, and then that payment is the answer: never a second charge for one key.
  if (!payment.payment_intent_id) {
    const orphan = await provider(deps, payment.id, () => recoverIntent(deps, payment));
    if (orphan) {
      const account = payment.stripe_connect_account_id ?? '';
      const intent = await provider(deps, payment.id, () => deps.payments.cancelIntent(orphan.id, account));
      const after = await applyIntent(deps, payment.id, intent);
      if (after && isSettled(after.status)) return finish(deps, after);
    }
  }
  await claim.repoint(crypto.randomUUID());
  return 'repointed';
}
