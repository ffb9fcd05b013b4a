/**
 * Applying the provider's word to a payment (DESIGN §3.4–3.5). The provider is the only source of
 * `succeeded`: this runs for the server's own confirmation answer, for webhooks, for the widget's
 * refresh (a server-side retrieve) and for the expiry sweep. It is idempotent and safe in any order:
 *  - a settled payment never moves back (stale failure/processing events are ignored);
 *  - a reservation is released exactly once (failed, canceled, expired); a provider decline that
 *    releases one is counted once (api/payments/create/declines.ts);
 *  - a payment waiting for 3-D Secure holds its reservation for the action window only; one
 *    processing (a bank debit) holds it until the provider's final word, however many days;
 *  - a success always counts, even after its reservation expired or failed (a late success: the
 *    money was taken); if it pushes the invoice past what it owed, the invoice is flagged overpaid;
 *    the method charged is compared with the quoted one (api/payments/create/method-match.ts).
 */
import type { AppDeps } from '../../context.ts';
import type { Trx } from '../../db/database.ts';
import type { Payment, PaymentStatus, PaymentUpdate } from '../../db/types.ts';
import { markChanged, release } from '../../invoices/holds.ts';
import { recordSuccessOnInvoice } from '../../invoices/terms.ts';
import { announce } from '../events.ts';
import {
  bankDebitChanges,
  countsAsDecline,
  isAccountPayment,
  isPayTo,
  onFinalWord,
} from './bank-debit-state.ts';
import { countDecline } from '../create/declines.ts';
import { recordUnpaidHold } from '../create/unpaid-holds.ts';
import { methodMismatchChange } from '../create/method-match.ts';
import type { ProviderIntent } from '../../ports/payment-provider.ts';
import { findPayment, isReserving, isSettled, lockPayment } from '../repository.ts';
import { changePayment } from './state-change.ts';
import { transact } from '../../db/transact.ts';

const RANK: Partial<Record<PaymentStatus, number>> = { pending: 0, requires_action: 1, processing: 2 };

export function statusFromIntent(intent: Pick<ProviderIntent, 'status' | 'lastError'>): PaymentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
      return 'processing';
    case 'requires_action':
      return 'requires_action';
    case 'canceled':
      // A declined attempt is cancelled by us right after the decline: it ended by the decline.
      return intent.lastError ? 'failed' : 'canceled';
    case 'requires_payment_method':
      return intent.lastError ? 'failed' : 'pending';
    default:
      return 'pending';
  }
}

export interface ApplyOptions {
  /** The expiry sweep cancelled this intent: a cancellation is recorded as `expired`. */
  expire?: boolean;
  /** The customer only now gets the client secret (a resumed attempt): a full action window again. */
  renewActionWindow?: boolean;
}

/** Apply an intent's state inside the caller's transaction. Returns the payment as it now stands. */
export async function applyIntentInTrx(
  trx: Trx,
  deps: AppDeps,
  paymentId: string,
  intent: ProviderIntent,
  options: ApplyOptions = {},
): Promise<Payment | undefined> {
  const payment = await lockPayment(trx, deps.database.dialect, paymentId);
  if (!payment) return undefined;
  const now = deps.clock.now().toISOString();
  let target = statusFromIntent(intent);
  // A cancellation of an attempt whose reservation had run out is the expiry sweep's own cancel, also
  // when its webhook arrives before the sweep records it.
  const reservationLapsed = payment.reserved_until !== null && payment.reserved_until <= now;
  if (target === 'canceled' && (options.expire || reservationLapsed)) target = 'expired';

  const changes = await intentFacts(trx, deps, payment, intent);
  const { next, succeeded } = await transition(trx, deps, payment, intent, target, changes, now);
  if (isAccountPayment(payment) || intent.bankAccount)
    Object.assign(changes, await bankDebitChanges(trx, deps, payment, intent, next));
  if (options.renewActionWindow && next === 'requires_action' && !isPayTo(payment))
    changes.reserved_until = actionWindowEnd(deps, payment);

  if (next !== payment.status) {
    changes.status = next;
    // Pay-session caches key on the invoice version: a status change must move it even when no
    // counter moves (e.g. pending → processing).
    if (payment.invoice_id && !(next === 'succeeded' || (isReserving(payment.status) && !isReserving(next))))
      await markChanged(trx, payment.invoice_id, now);
  }
  if (Object.keys(changes).length === 0) return payment;
  changes.updated_at = now;
  await changePayment(trx, payment.id, changes);
  const after = { ...payment, ...changes } as Payment;
  if (succeeded) await recordSuccess(trx, deps, payment, after, now);
  await onFinalWord(trx, deps, payment, after); // a bank debit's receipt or failure notices
  return after;
}

/**
 * What the intent tells of the payment whatever its state: its id (the first time), the card, the
 * payment method the server's confirmation attached, and — on a success — whether the method charged
 * differs from the one quoted.
 */
async function intentFacts(trx: Trx, deps: AppDeps, payment: Payment, intent: ProviderIntent) {
  const changes: PaymentUpdate = {};
  if (!payment.payment_intent_id) {
    changes.payment_intent_id = intent.id;
    changes.session_id = intent.id;
  }
  if (intent.card) {
    changes.card_brand = intent.card.brand;
    changes.card_last4 = intent.card.last4;
    changes.card_funding = intent.card.funding;
    changes.card_country = intent.card.country;
    changes.card_wallet = intent.card.wallet;
  }
  // The payment method the server's confirmation attached (before any success): a success on another
  // one later is a charged ≠ quoted difference.
  if (
    payment.confirmation_token &&
    !payment.payment_method_id &&
    intent.paymentMethodId &&
    intent.status !== 'succeeded'
  )
    changes.payment_method_id = intent.paymentMethodId;
  if (intent.status === 'succeeded')
    Object.assign(changes, await methodMismatchChange(trx, deps, payment, intent));
  return changes;
}

/**
 * The move the provider's word makes (DESIGN §3.4–3.5), its changes added to `changes`: a settled
 * payment never moves back; a success settles it; a failure, cancellation or expiry of a live
 * attempt releases its reservation (a failed 3-D Secure attempt the browser could still confirm
 * keeps it until the intent is cancelled); an intermediate state only moves forward. Answers the
 * status it leads to and whether it is a success to record.
 */
async function transition(
  trx: Trx,
  deps: AppDeps,
  payment: Payment,
  intent: ProviderIntent,
  target: PaymentStatus,
  changes: PaymentUpdate,
  now: string,
): Promise<{ next: PaymentStatus; succeeded: boolean }> {
  if (isSettled(payment.status)) {
    // Never move a settled payment back; refunds change it through their own path.
    return { next: payment.status, succeeded: false };
  }
  if (target === 'succeeded') {
    if (intent.amount !== payment.total_amount)
      deps.logger.error(
        { paymentId: payment.id, intentAmount: intent.amount, total: payment.total_amount },
        'provider amount differs',
      );
    changes.succeeded_at = now;
    changes.reserved_until = null;
    changes.failure_code = null;
    changes.failure_message = null;
    // Accounting sync jobs commit with the success, or not at all (api/outbox): queued by
    // recordSuccess, once the row carries everything (its intent id) the jobs' payloads are built from.
    return { next: 'succeeded', succeeded: true };
  }
  if (target === 'failed' && payment.status === 'requires_action' && confirmableAfterFailure(intent)) {
    // The customer's browser holds this intent's client secret and the intent is not cancelled:
    // releasing now would let it be confirmed later, past the balance. The reservation stays until
    // the intent is cancelled (`applyIntent` does that first; else the expiry sweep).
    deps.logger.warn(
      { paymentId: payment.id, intentId: intent.id },
      'failed attempt not cancelled yet: reservation kept',
    );
    return { next: payment.status, succeeded: false };
  }
  if (target === 'failed' || target === 'canceled' || target === 'expired') {
    let next = payment.status;
    if (isReserving(payment.status)) {
      next = target;
      if (payment.invoice_id) await release(trx, payment.invoice_id, payment.amount, now);
      changes.reserved_until = null;
      // It held the invoice waiting for its customer and ended unpaid: the payer's next hold on this
      // merchant's invoices needs the challenge (api/payments/create/unpaid-holds.ts).
      if (payment.status === 'requires_action') await recordUnpaidHold(trx, payment, now);
    }
    if (target === 'failed' && intent.lastError) {
      changes.failure_code = intent.lastError.declineCode ?? intent.lastError.code;
      changes.failure_message = intent.lastError.message;
      // A provider decline that ended a live attempt: counted once (card-testing limits). A bank
      // debit returned days later is not card testing.
      if (isReserving(payment.status) && countsAsDecline(payment)) await countDecline(trx, deps, payment);
    }
    return { next, succeeded: false };
  }
  if (isReserving(payment.status) && (RANK[target] ?? 0) > (RANK[payment.status] ?? 0)) {
    if (target === 'requires_action') changes.reserved_until = actionWindowEnd(deps, payment);
    else if (target === 'processing') changes.reserved_until = null; // held until the provider's final word
    return { next: target, succeeded: false };
  }
  // A non-final state after failed/canceled/expired is ignored: the reservation is gone, and a
  // success on the same intent still counts when it arrives.
  return { next: payment.status, succeeded: false };
}

/**
 * A success recorded: the payment's jobs (payment.succeeded among them) first, then the invoice's
 * counters — an invoice.paid this success causes is queued after the payment.succeeded, and names it
 * (api/merchant-webhooks/notify.ts). Locks stay in order: the payment row is held already.
 */
async function recordSuccess(trx: Trx, deps: AppDeps, payment: Payment, after: Payment, now: string) {
  await announce(trx, { type: 'payment.succeeded', payment: after, clock: deps.clock });
  const delta = { paid: payment.amount, reserved: isReserving(payment.status) ? -payment.amount : 0 };
  if (payment.invoice_id)
    if (await recordSuccessOnInvoice(trx, payment.invoice_id, delta, payment.observation_id, now))
      deps.logger.warn(
        { paymentId: payment.id, invoiceId: payment.invoice_id },
        'invoice overpaid by a late success',
      );
}

/**
 * When a payment waiting for its customer stops holding its amount: the action window for 3-D Secure
 * (RESERVATION_TTL_MINUTES, 5 min by default, at most 15); for PayTo, the approval window the
 * customer has to approve the agreement in their banking app (PAYTO_APPROVAL_MINUTES, 5 by default,
 * shown to them as a countdown). Then the sweep
 * cancels the intent and releases the amount (api/payments/lifecycle/expiry.ts).
 */
function actionWindowEnd(deps: AppDeps, payment: Pick<Payment, 'method_type'>): string {
  const minutes = isPayTo(payment) ? deps.config.paytoApprovalMinutes : deps.config.reservationTtlMinutes;
  return new Date(deps.clock.now().getTime() + minutes * 60_000).toISOString();
}

/**
 * An intent that ended without success but that its client secret could still confirm: a decline,
 * a failed 3-D Secure step or a returned bank debit leave it `requires_payment_method`.
 */
export function confirmableAfterFailure(intent: Pick<ProviderIntent, 'status' | 'lastError'>): boolean {
  return intent.status === 'requires_payment_method' && intent.lastError !== null;
}

/**
 * Cancel an intent that ended without success (declined, failed 3-D Secure, never confirmed) so
 * that nobody can confirm it later (DESIGN §3.4: cancel first, then release). The intent as it
 * ends, still carrying the decline that ended it; if the provider cannot be reached, the intent
 * as it was — then a payment whose customer holds the client secret keeps its reservation
 * (`applyIntentInTrx`) until the expiry sweep cancels it.
 */
export async function cancelEndedIntent(
  deps: AppDeps,
  paymentId: string,
  intent: ProviderIntent,
): Promise<ProviderIntent> {
  if (intent.status === 'canceled' || intent.status === 'succeeded' || intent.status === 'processing')
    return intent;
  // Addressed to the connected account stored on the payment, never to the one an event names: an
  // event without `account` would otherwise send the cancel to the platform's own account.
  const account = (await findPayment(deps.database.db, paymentId))?.stripe_connect_account_id;
  if (!account) {
    deps.logger.warn(
      { paymentId, intentId: intent.id },
      'an ended intent of a payment without an account: not cancelled',
    );
    return intent;
  }
  try {
    const after = await deps.payments.cancelIntent(intent.id, account);
    return after.lastError || after.status === 'succeeded'
      ? after
      : { ...after, lastError: intent.lastError };
  } catch (err) {
    deps.logger.error(
      { paymentId, intentId: intent.id, err: (err as Error).message },
      'could not cancel an ended intent',
    );
    return intent;
  }
}

/**
 * The provider's word, applied in a transaction of its own. A failure that leaves the intent
 * confirmable is first made final at the provider (cancelled), so the released amount can never be
 * charged later through the client secret the customer's browser holds.
 */
export async function applyIntent(
  deps: AppDeps,
  paymentId: string,
  intent: ProviderIntent,
  options: ApplyOptions = {},
): Promise<Payment | undefined> {
  const word = confirmableAfterFailure(intent) ? await cancelEndedIntent(deps, paymentId, intent) : intent;
  return transact(deps.database, (trx) => applyIntentInTrx(trx, deps, paymentId, word, options));
}
