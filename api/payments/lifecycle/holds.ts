/**
 * Ending a hold before its time (DESIGN §3.4): a card attempt waiting for its customer holds the
 * amount for at most the action window, but it ends sooner when its page says the customer left (the
 * widget's page-leave beacon, or a 3-D Secure window closed unfinished) or when staff cancel it in
 * the console. Either way the intent is cancelled at the provider first, then the cancellation
 * releases the reservation; if the provider says the intent already succeeded, that success is
 * recorded instead. A bank debit clearing (`processing`) cannot be cancelled: only its bank ends it.
 * A PayTo payment waiting for the customer's approval is cancelled the same way (the customer's
 * Cancel on the approval screen, or staff).
 */
import type { AppDeps } from '../../context.ts';
import type { Payment } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { audit } from '../../audit/service.ts';
import type { Actor } from '../../audit/actor.ts';
import { transact } from '../../db/transact.ts';
import { BANK_DEBIT_TYPE } from '../../merchants/bank-debit.ts';
import { sessionOf } from '../create/payment-context.ts';
import { findPayment } from '../repository.ts';
import { applyIntent } from './state.ts';
import { PAYMENT_NOT_FOUND, paymentState, remainingForPayment } from './read-back.ts';

export const HOLD_NOT_CANCELLABLE =
  'Only a card payment still waiting for its customer can be cancelled; a bank debit that is clearing ends when the bank answers.';
export const HOLD_STILL_STARTING =
  'This payment is still waiting for the payment provider’s answer; it ends by itself within 3 minutes if none comes.';

/** A card attempt that a cancellation can end now: waiting for its customer, with an intent. */
export const cancellableHold = (p: Payment) =>
  (p.status === 'requires_action' || p.status === 'pending') &&
  p.method_type !== BANK_DEBIT_TYPE &&
  p.payment_intent_id !== null &&
  p.stripe_connect_account_id !== null;

/** Cancel the attempt's intent, then apply the provider's word (the reservation goes with it). */
async function cancelAtProvider(deps: AppDeps, payment: Payment): Promise<Payment> {
  const intentId = payment.payment_intent_id!;
  const account = payment.stripe_connect_account_id!;
  let intent;
  try {
    intent = await deps.payments.cancelIntent(intentId, account);
  } catch (err) {
    // Not cancellable (it succeeded or is processing a moment ago): record where it stands.
    deps.logger.info({ paymentId: payment.id, err: (err as Error).message }, 'cancel refused; retrieving');
    intent = await deps.payments.retrieveIntent(intentId, account);
  }
  return (await applyIntent(deps, payment.id, intent)) ?? payment;
}

/**
 * The payment as our ledger has it now, for the page that made it (`GET /api/pay/payments/{id}`):
 * what a PayTo page watches while the customer approves in their banking app — the provider's
 * webhook moves it — without asking the provider (that is `refresh`). Only the pay session that
 * made the attempt may read it.
 */
export async function watchPayment(deps: AppDeps, paymentId: string, paySessionId: string) {
  const session = sessionOf(deps, paySessionId);
  const payment = await findPayment(deps.database.db, paymentId);
  if (!payment || !session || payment.pay_session_id !== session.sid)
    throw new AppError('not_found', PAYMENT_NOT_FOUND);
  return paymentState(payment, await remainingForPayment(deps.database.db, payment), deps.config);
}

/**
 * The customer's page says they left during the card check (`POST /api/pay/payments/{id}/abandon`):
 * only the pay session that made the attempt may end it, and only while it waits for the customer.
 */
export async function abandonAttempt(deps: AppDeps, paymentId: string, paySessionId: string) {
  const session = sessionOf(deps, paySessionId);
  const found = await findPayment(deps.database.db, paymentId);
  if (!found || !session || found.pay_session_id !== session.sid)
    throw new AppError('not_found', PAYMENT_NOT_FOUND);
  const payment =
    found.status === 'requires_action' && cancellableHold(found) ? await end(deps, found) : found;
  return paymentState(payment, await remainingForPayment(deps.database.db, payment), deps.config);
}

async function end(deps: AppDeps, payment: Payment): Promise<Payment> {
  try {
    return await cancelAtProvider(deps, payment);
  } catch (err) {
    // The provider cannot be reached: the hold still ends by the sweep at its time.
    deps.logger.warn(
      { paymentId: payment.id, err: (err as Error).message },
      'could not end an abandoned hold',
    );
    return payment;
  }
}

/** Staff cancel a card hold from the console (audited). */
export async function cancelHold(deps: AppDeps, paymentId: string, actor: Actor): Promise<Payment> {
  const payment = await findPayment(deps.database.db, paymentId);
  if (!payment) throw new AppError('not_found', PAYMENT_NOT_FOUND);
  if (payment.status === 'pending' && payment.payment_intent_id === null)
    throw new AppError('conflict', HOLD_STILL_STARTING);
  if (!cancellableHold(payment)) throw new AppError('conflict', HOLD_NOT_CANCELLABLE);
  let after: Payment;
  try {
    after = await cancelAtProvider(deps, payment);
  } catch (err) {
    throw new AppError('provider_error', 'Could not reach the payment provider. Please try again.', {
      cause: err,
    });
  }
  await transact(deps.database, (trx) =>
    audit(
      trx,
      {
        actor: actor.user,
        action: 'payment.cancel_hold',
        targetType: 'payment',
        targetId: payment.id,
        merchantId: payment.merchant_id,
        details: {
          amount: payment.amount,
          currency: payment.currency,
          from: payment.status,
          to: after.status,
        },
        ip: actor.ip,
      },
      deps.clock,
    ),
  );
  return after;
}
