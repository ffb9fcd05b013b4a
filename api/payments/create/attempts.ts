/**
 * A payment attempt's provider intent, rebuilt from the payment row (DESIGN §3.4, §3.6). The create
 * request — create and confirm with the attempt's confirmation token — is a pure function of the
 * row, so a retry with the same Idempotency-Key sends the provider the same idempotency key with
 * identical parameters, and the provider answers with the intent it already made and confirmed
 * (Stripe keeps keys 24 h): one key, one charge.
 *
 * Anyone else looking for an attempt's intent (the expiry sweep, a pay session's next attempt, a
 * retry of an attempt that ended) must not risk a charge the customer no longer wants, so it never
 * re-sends the request: it asks the provider which intent the attempt's confirmation token confirmed
 * (tokens are single use and say so). Rows from before server-side confirmation were created
 * unconfirmed, so replaying theirs is harmless and is still how they are found.
 */
import { PAY_MESSAGES } from '../../../core/messages.ts';
import { createHash } from 'node:crypto';
import { formatMoney, percentageFromBps } from '../../../core/money.ts';
import type { AppDeps } from '../../context.ts';
import type { Payment } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { release } from '../../invoices/holds.ts';
import { idempotencyLeaseMs } from './idempotency.ts';
import {
  ProviderRequestError,
  type CreateIntentInput,
  type ProviderIntent,
} from '../../ports/payment-provider.ts';
import { holdUnansweredAttempt, isReserving, lockPayment } from '../repository.ts';
import { changePayment } from '../lifecycle/state-change.ts';
import { transact } from '../../db/transact.ts';

export const PROCESSING_ERROR_MESSAGE = PAY_MESSAGES.processingError;

/** Card networks refuse tiny charges (Stripe: 0.50); a remainder below that cannot go on a card. */
export const belowProviderMinimumMessage = (total: number, currency: string) =>
  `A card payment of ${formatMoney(total, currency)} is below the card processor's minimum charge. Please contact the merchant to settle this amount.`;

/** Stripe refuses idempotency keys longer than 255 characters. */
const PROVIDER_KEY_MAX = 255;

/**
 * The provider idempotency key of an attempt: the client's Idempotency-Key passed on for the key's
 * first payment (hashed if it would be too long), otherwise one derived from our payment id.
 */
export function providerKeyFor(clientKey: string | null, paymentId: string): string {
  if (!clientKey) return `payment-${paymentId}`;
  const key = `create-${clientKey}`;
  return key.length <= PROVIDER_KEY_MAX
    ? key
    : `create-sha256-${createHash('sha256').update(clientKey).digest('hex')}`;
}

/** The payment fields the provider's create request is built from. */
export type IntentSource = Pick<
  Payment,
  | 'id'
  | 'merchant_id'
  | 'invoice_number'
  | 'currency'
  | 'amount'
  | 'surcharge'
  | 'surcharge_bps'
  | 'platform_fee'
  | 'total_amount'
  | 'stripe_connect_account_id'
  | 'customer_email'
  | 'reference'
  | 'provider_idempotency_key'
  | 'payment_method_id'
  | 'confirmation_token'
> &
  // Rows from before bank debits have no method type: cards.
  Partial<Pick<Payment, 'method_type'>>;

/** Where a redirecting payment method brings the customer back (Stripe requires one with `confirm`). */
export const returnUrlFor = (publicBaseUrl: string) =>
  `${publicBaseUrl.replace(/\/+$/, '')}/payment-complete`;

/** The create request of an attempt; identical for every run (property order included). */
export function intentRequestFor(p: IntentSource, publicBaseUrl: string): CreateIntentInput {
  if (!p.provider_idempotency_key || !p.stripe_connect_account_id)
    throw new Error(`payment ${p.id} has no provider request to rebuild`);
  const confirm = p.confirmation_token
    ? { confirmationToken: p.confirmation_token, returnUrl: returnUrlFor(publicBaseUrl) }
    : { paymentMethodId: p.payment_method_id };
  const metadata = {
    paymentId: p.id,
    merchantId: p.merchant_id,
    invoiceNumber: p.invoice_number,
    baseAmount: String(p.amount),
    surchargeAmount: String(p.surcharge),
    platformFee: String(p.platform_fee),
    surcharge_percentage: percentageFromBps(p.surcharge_bps),
    // Only when set: an attempt made before references existed rebuilds its request unchanged.
    ...(p.reference ? { reference: p.reference } : {}),
  };
  // A bank debit allows only its own type (a card request stays exactly as before bank debits). Its
  // receipt is ours, sent when the debit clears (api/payments/notices/notices.ts), not the provider's.
  const bankDebit = p.method_type !== undefined && p.method_type !== 'card';
  return {
    amount: p.total_amount,
    currency: p.currency.toLowerCase(),
    applicationFeeAmount: p.platform_fee,
    connectedAccountId: p.stripe_connect_account_id,
    description: `Invoice: ${p.invoice_number}`,
    metadata,
    idempotencyKey: p.provider_idempotency_key,
    ...confirm,
    ...(bankDebit ? { paymentMethodTypes: [p.method_type as string] } : {}),
    receiptEmail: bankDebit ? null : p.customer_email,
  };
}

/**
 * The provider gave no definite answer (no response, a server error, a concurrent request under the
 * same key): the intent may exist. A 4xx refusal is definite: nothing was created.
 */
export function isUnanswered(err: unknown): boolean {
  if (!(err instanceof ProviderRequestError)) return true;
  const s = err.statusCode;
  return s === 0 || s >= 500 || s === 409 || s === 429;
}

/**
 * Find the intent an attempt holds although its id was never recorded, without making a charge: the
 * intent its confirmation token confirmed, if any (a legacy, unconfirmed attempt: by replaying its
 * create request). Null when there is none — then nothing was ever charged for this attempt.
 * Throws when the provider gives no answer (the caller tries again later).
 */
export async function recoverIntent(deps: AppDeps, payment: Payment): Promise<ProviderIntent | null> {
  const account = payment.stripe_connect_account_id;
  if (!account) return null;
  try {
    if (payment.confirmation_token) {
      const token = await deps.payments.retrieveConfirmationToken(payment.confirmation_token, account);
      return token.paymentIntentId
        ? await deps.payments.retrieveIntent(token.paymentIntentId, account)
        : null;
    }
    if (!payment.provider_idempotency_key) return null;
    return await deps.payments.createIntent(intentRequestFor(payment, deps.config.publicBaseUrl));
  } catch (err) {
    if (isUnanswered(err)) throw err;
    deps.logger.warn(
      { paymentId: payment.id, err: (err as Error).message },
      'the provider knows no intent of this attempt; nothing to recover',
    );
    return null;
  }
}

/** Stripe's refusals of a confirmation token the customer must replace (used, expired, unknown). */
export const PAYMENT_DETAILS_EXPIRED =
  'Your payment details have expired. Please enter them again and press Pay.';

const tokenRefused = (err: unknown) =>
  err instanceof ProviderRequestError && err.param === 'confirmation_token';

/**
 * Ask the provider to create and confirm an attempt's intent (first run or resumed). A definite
 * refusal (nothing was created, nothing charged) releases the reservation at once. No answer keeps
 * it, shortened to the idempotency lease: the intent may exist, and a retry with the same key finds
 * it by re-sending this request, or the sweep through the confirmation token.
 */
export async function obtainIntent(deps: AppDeps, p: IntentSource): Promise<ProviderIntent> {
  try {
    return await deps.payments.createIntent(intentRequestFor(p, deps.config.publicBaseUrl));
  } catch (err) {
    const reason = (err as Error).message;
    const unanswered = isUnanswered(err);
    deps.logger.warn({ paymentId: p.id, err: reason, unanswered }, 'provider did not create the intent');
    if (unanswered) await holdUnanswered(deps, p.id);
    else await releaseFailedCreation(deps, p.id, reason);
    if (err instanceof ProviderRequestError && err.code === 'amount_too_small')
      throw new AppError('unprocessable', belowProviderMinimumMessage(p.total_amount, p.currency), {
        field: 'amount',
      });
    if (tokenRefused(err))
      throw new AppError('unprocessable', PAYMENT_DETAILS_EXPIRED, { field: 'confirmationToken' });
    throw new AppError('provider_error', PROCESSING_ERROR_MESSAGE);
  }
}

/** The provider refused: nothing was created, so release the reservation and record why. */
async function releaseFailedCreation(deps: AppDeps, paymentId: string, reason: string): Promise<void> {
  await transact(deps.database, async (trx) => {
    const payment = await lockPayment(trx, deps.database.dialect, paymentId);
    if (!payment || !isReserving(payment.status)) return;
    const now = deps.clock.now().toISOString();
    if (payment.invoice_id) await release(trx, payment.invoice_id, payment.amount, now);
    await changePayment(trx, paymentId, {
      status: 'failed',
      reserved_until: null,
      failure_code: 'provider_error',
      failure_message: reason.slice(0, 500),
      updated_at: now,
    });
  });
}

/** Marks a pending attempt whose provider call ended without an answer (api/payments/repository.ts). */
export const UNANSWERED = 'provider_unanswered';

/**
 * The provider did not answer: keep the reservation, but only for the lease, then the sweep resolves
 * it; marked, so the pay session's next attempt may resolve it at once.
 */
async function holdUnanswered(deps: AppDeps, paymentId: string): Promise<void> {
  const now = deps.clock.now();
  const until = new Date(now.getTime() + idempotencyLeaseMs(deps.config)).toISOString();
  await holdUnansweredAttempt(deps.database.db, paymentId, {
    until,
    code: UNANSWERED,
    now: now.toISOString(),
  });
}

/** An attempt the provider holds no intent for: nothing was charged, so its reservation goes. */
export async function releaseWithoutCharge(deps: AppDeps, paymentId: string): Promise<void> {
  await transact(deps.database, async (trx) => {
    const payment = await lockPayment(trx, deps.database.dialect, paymentId);
    if (!payment || !isReserving(payment.status) || payment.payment_intent_id) return;
    const now = deps.clock.now().toISOString();
    if (payment.invoice_id) await release(trx, payment.invoice_id, payment.amount, now);
    await changePayment(trx, paymentId, { status: 'failed', reserved_until: null, updated_at: now });
  });
}
