/**
 * Resuming a payment creation whose earlier run under the same Idempotency-Key ended without an
 * answer (DESIGN §3.6): it failed after reserving, or the process died. The key names the payment
 * (api/payments/create/idempotency.ts), so the retry carries on with that attempt instead of making a
 * second one — one key, one charge:
 *  - no payment row: the run died before reserving; the caller creates it now, under the same id;
 *  - still reserving (or already settled): get its intent — by id if recorded, else by re-sending
 *    the identical create-and-confirm request, which makes the provider return the intent it
 *    already made (or make it now: this customer asked for exactly this payment) — apply it and
 *    answer as the first run would have (a 3-D Secure step gets a full action window from now);
 *  - ended (failed, canceled, expired): the intent its token confirmed, if any, decides — a success
 *    or a decline is the answer; otherwise the key is pointed at a new payment and the caller starts
 *    afresh (the token was never used, so nothing was charged).
 */
import type { AppDeps } from '../../context.ts';
import type { Payment } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { obtainIntent, PROCESSING_ERROR_MESSAGE, recoverIntent } from './attempts.ts';
import type { IdempotencyClaim } from './idempotency.ts';
import { outcomeOf, settleAttempt, type CreateResult } from './confirm-answer.ts';
import type { ProviderIntent } from '../../ports/payment-provider.ts';
import { findPayment, isReserving, isSettled } from '../repository.ts';
import { newRowId } from '../../db/row-id.ts';

async function provider<T>(deps: AppDeps, paymentId: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    deps.logger.warn({ paymentId, err: (err as Error).message }, 'resuming a payment attempt failed');
    throw new AppError('provider_error', PROCESSING_ERROR_MESSAGE, { cause: err });
  }
}

/** Finish an attempt that still holds its reservation (or already succeeded). */
async function finish(deps: AppDeps, payment: Payment): Promise<CreateResult> {
  let intent: ProviderIntent;
  if (payment.payment_intent_id) {
    const id = payment.payment_intent_id;
    intent = await provider(deps, payment.id, () =>
      deps.payments.retrieveIntent(id, payment.stripe_connect_account_id ?? ''),
    );
  } else {
    intent = await obtainIntent(deps, payment);
  }
  return settleAttempt(deps, payment.id, intent, undefined, { renewActionWindow: true });
}

/**
 * Carry on with the claim's attempt. Returns its answer, `'repointed'` when the key now names a new
 * payment the caller must create, or null when the attempt was never reserved (create it now).
 */
export async function resumeAttempt(
  deps: AppDeps,
  claim: IdempotencyClaim,
): Promise<CreateResult | 'repointed' | null> {
  const payment = await findPayment(deps.database.db, claim.paymentId);
  if (!payment) return null;
  if (isReserving(payment.status) || isSettled(payment.status)) return finish(deps, payment);

  // Ended without an answer: what its token confirmed, if anything, is this key's answer.
  const account = payment.stripe_connect_account_id ?? '';
  const intent = payment.payment_intent_id
    ? await provider(deps, payment.id, () =>
        deps.payments.retrieveIntent(payment.payment_intent_id!, account),
      )
    : await provider(deps, payment.id, () => recoverIntent(deps, payment));
  if (intent) {
    const outcome = outcomeOf(intent);
    if (outcome === 'succeeded' || outcome === 'processing' || outcome === 'declined')
      return settleAttempt(deps, payment.id, intent);
    if (outcome === 'requires_action') {
      // An abandoned 3-D Secure step of an attempt that ended: never left confirmable.
      const canceled = await provider(deps, payment.id, () => deps.payments.cancelIntent(intent.id, account));
      if (outcomeOf(canceled) === 'succeeded') return settleAttempt(deps, payment.id, canceled);
    }
  }
  await claim.repoint(newRowId());
  return 'repointed';
}
