/**
 * A payment attempt's provider intent, rebuilt from the payment row (DESIGN §3.4, §3.6). The create
 * request is a pure function of the row, so every run of one attempt — the first, a retry with the
 * same Idempotency-Key, the expiry sweep, a replacing attempt — sends the provider the same
 * idempotency key with identical parameters, and the provider answers with the intent it already
 * made (Stripe keeps keys 24 h; reservations last minutes). That is how an intent whose id we never
 * recorded (a lost answer, a crash, a failed write) is found again, to be used or cancelled.
 */
import { createHash } from 'node:crypto';
import { formatMoney, percentageFromBps } from '../../core/money.ts';
import type { AppDeps } from '../context.ts';
import type { Payment } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { adjustInvoice } from '../invoices/repository.ts';
import { IDEMPOTENCY_LEASE_MS } from './idempotency.ts';
import { ProviderRequestError, type CreateIntentInput, type ProviderIntent } from './providers/provider.ts';
import { isReserving, lockPayment, RESERVING, updatePayment } from './repository.ts';
import { inWriteTransaction } from './group-commit.ts';

export const PROCESSING_ERROR_MESSAGE = 'There was an error processing your payment. Please try again.';

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
  | 'provider_idempotency_key'
  | 'payment_method_id'
>;

/** The create request of an attempt; identical for every run (property order included). */
export function intentRequestFor(p: IntentSource): CreateIntentInput {
  if (!p.provider_idempotency_key || !p.stripe_connect_account_id)
    throw new Error(`payment ${p.id} has no provider request to rebuild`);
  return {
    amount: p.total_amount,
    currency: p.currency.toLowerCase(),
    applicationFeeAmount: p.platform_fee,
    connectedAccountId: p.stripe_connect_account_id,
    description: `Invoice: ${p.invoice_number}`,
    metadata: {
      paymentId: p.id,
      merchantId: p.merchant_id,
      invoiceNumber: p.invoice_number,
      baseAmount: String(p.amount),
      surchargeAmount: String(p.surcharge),
      platformFee: String(p.platform_fee),
      surcharge_percentage: percentageFromBps(p.surcharge_bps),
    },
    idempotencyKey: p.provider_idempotency_key,
    paymentMethodId: p.payment_method_id,
    receiptEmail: p.customer_email,
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
 * Find the intent an attempt holds although its id was never recorded, by re-sending the attempt's
 * create request: the provider returns the intent made under that key (or makes it now — it was
 * never handed to a browser, so the caller may cancel it). Null when there is nothing to find: a
 * row from before these columns existed, or a definite refusal. Throws when the provider gives no
 * answer (the caller tries again later).
 */
export async function recoverIntent(deps: AppDeps, payment: Payment): Promise<ProviderIntent | null> {
  if (!payment.provider_idempotency_key || !payment.stripe_connect_account_id) return null;
  try {
    return await deps.payments.createIntent(intentRequestFor(payment));
  } catch (err) {
    if (isUnanswered(err)) throw err;
    deps.logger.warn(
      { paymentId: payment.id, err: (err as Error).message },
      'the provider refused to replay an attempt; nothing to recover',
    );
    return null;
  }
}

/**
 * Ask the provider for an attempt's intent (first run or resumed). A definite refusal releases the
 * reservation at once. No answer keeps it, shortened to the idempotency lease: the intent may exist,
 * and a retry with the same key, the pay session's next attempt or the expiry sweep finds it by
 * re-sending this request — and uses or cancels it.
 */
export async function obtainIntent(deps: AppDeps, p: IntentSource): Promise<ProviderIntent> {
  try {
    return await deps.payments.createIntent(intentRequestFor(p));
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
    throw new AppError('provider_error', PROCESSING_ERROR_MESSAGE);
  }
}

/**
 * Record the intent id before answering, so a browser never holds a client secret we did not
 * record; grouped with concurrent creations' writes under one commit on SQLite. A resumed attempt
 * also gets a full reservation window again (the customer is only now given the client secret).
 */
export async function storeIntent(
  deps: AppDeps,
  paymentId: string,
  intentId: string,
  renewUntil: string | null,
): Promise<void> {
  await inWriteTransaction(deps.database, async (trx) => {
    const now = deps.clock.now().toISOString();
    await updatePayment(trx, paymentId, {
      payment_intent_id: intentId,
      session_id: intentId,
      updated_at: now,
    });
    if (renewUntil)
      await trx
        .updateTable('payments')
        .set({ reserved_until: renewUntil })
        .where('id', '=', paymentId)
        .where('status', 'in', RESERVING)
        .execute();
  });
}

/** The provider refused: nothing was created, so release the reservation and record why. */
async function releaseFailedCreation(deps: AppDeps, paymentId: string, reason: string): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    const payment = await lockPayment(trx, deps.database.dialect, paymentId);
    if (!payment || !isReserving(payment.status)) return;
    const now = deps.clock.now().toISOString();
    if (payment.invoice_id) await adjustInvoice(trx, payment.invoice_id, { reserved: -payment.amount }, now);
    await updatePayment(trx, paymentId, {
      status: 'failed',
      reserved_until: null,
      failure_code: 'provider_error',
      failure_message: reason.slice(0, 500),
      updated_at: now,
    });
  });
}

/** The provider did not answer: keep the reservation, but only for the lease, then the sweep resolves it. */
async function holdUnanswered(deps: AppDeps, paymentId: string): Promise<void> {
  const now = deps.clock.now();
  const until = new Date(now.getTime() + IDEMPOTENCY_LEASE_MS).toISOString();
  await deps.database.db
    .updateTable('payments')
    .set({ reserved_until: until, updated_at: now.toISOString() })
    .where('id', '=', paymentId)
    .where('status', 'in', RESERVING)
    .where('payment_intent_id', 'is', null)
    .where('reserved_until', '>', until)
    .execute();
}
