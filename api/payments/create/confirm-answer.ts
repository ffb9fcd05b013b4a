/**
 * The provider's answer to a create-and-confirm, applied and answered (DESIGN §4b):
 *  - succeeded / processing: recorded as the provider's word (the same code as a webhook), 200;
 *  - requires_action (3-D Secure): 200 with the client secret, for `stripe.handleNextAction` only —
 *    the reservation holds for the action window (api/payments/lifecycle/state.ts), the sweep ends it after;
 *  - declined: the intent is cancelled at the provider, then the reservation released and the
 *    decline recorded and counted in one transaction: 422 with the spec's decline message. A
 *    cancelled intent can never be confirmed again, by anyone.
 * The client secret never leaves the server in any other state.
 */
import { cardErrorMessage } from '../../../core/card-errors.ts';
import { describePaymentMethod } from '../../../core/payment-method.ts';
import { percentageFromBps } from '../../../core/money.ts';
import type { AppDeps } from '../../context.ts';
import type { Payment } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { PROCESSING_ERROR_MESSAGE } from './attempts.ts';
import { inWriteTransaction } from '../../db/group-commit.ts';
import type { IdempotencyClaim } from './idempotency.ts';
import type { ProviderIntent } from '../../ports/payment-provider.ts';
import { isAccountPayment, isPayTo } from '../lifecycle/bank-debit-state.ts';
import { applyIntentInTrx, cancelEndedIntent, type ApplyOptions } from '../lifecycle/state.ts';
import { paymentState, remainingForPayment } from '../lifecycle/read-back.ts';

export type IntentOutcome = 'succeeded' | 'processing' | 'requires_action' | 'declined' | 'unconfirmed';

export function outcomeOf(intent: Pick<ProviderIntent, 'status' | 'lastError'>): IntentOutcome {
  switch (intent.status) {
    case 'succeeded':
    case 'processing':
    case 'requires_action':
      return intent.status;
    case 'requires_payment_method':
    case 'canceled':
      return intent.lastError ? 'declined' : 'unconfirmed';
    default:
      return 'unconfirmed';
  }
}

/** The 200 answer of create-payment-intent for a payment and its intent. */
export function paymentAnswer(
  p: Payment,
  intent: Pick<ProviderIntent, 'id' | 'clientSecret'>,
  remaining: number | null,
  config: Parameters<typeof paymentState>[2],
) {
  const status = p.status as 'succeeded' | 'processing' | 'requires_action' | 'pending';
  return {
    ...paymentState(p, remaining, config),
    status,
    id: intent.id,
    paymentIntentId: intent.id,
    // Only for handleNextAction (3-D Secure): never for an intent in any other state, nor for PayTo
    // (the customer approves in their banking app; nothing in the browser confirms it).
    clientSecret: status === 'requires_action' && !isPayTo(p) ? intent.clientSecret : null,
    stripeConnectAccountId: p.stripe_connect_account_id ?? '',
    remainingAfter: remaining,
    paymentMethod: isAccountPayment(p)
      ? {
          label: describePaymentMethod({ type: p.method_type }),
          brand: null,
          funding: null,
          last4: p.bank_last4,
          wallet: null,
        }
      : p.card_brand
        ? {
            label: describePaymentMethod({
              type: 'card',
              brand: p.card_brand,
              funding: p.card_funding,
              wallet: p.card_wallet,
            }),
            brand: p.card_brand,
            funding: p.card_funding,
            last4: p.card_last4,
            wallet: p.card_wallet,
          }
        : null,
    breakdown: {
      amount: p.amount,
      surcharge: p.surcharge,
      total: p.total_amount,
      platformFee: p.platform_fee,
      surchargeBps: p.surcharge_bps,
      surchargePercentage: Number(percentageFromBps(p.surcharge_bps)),
      rule: p.surcharge_rule ?? '',
    },
    mandateReference: p.mandate_reference,
  };
}

export type PaymentAnswer = ReturnType<typeof paymentAnswer>;

/** The 422 answer of a declined payment: the spec's message, and the payment as it now stands. */
export function declineAnswer(
  p: Payment,
  intent: Pick<ProviderIntent, 'lastError'>,
  remaining: number | null,
  config: Parameters<typeof paymentState>[2],
) {
  const e = intent.lastError;
  return {
    error: {
      code: 'card_declined' as const,
      message: cardErrorMessage({ code: e?.code, decline_code: e?.declineCode, message: e?.message }),
      ...(e?.declineCode ? { decline_code: e.declineCode } : {}),
    },
    payment: paymentState(p, remaining, config),
  };
}

export type CreateResult =
  { status: 200; body: PaymentAnswer } | { status: 422; body: ReturnType<typeof declineAnswer> };

/**
 * Apply the provider's answer for an attempt and build the HTTP answer, in one write transaction
 * (grouped on SQLite) that also stores the answer under the request's Idempotency-Key. `remaining`:
 * the balance for the link once this payment succeeds (null: unbounded), when the caller knows it
 * (the first run, from its reservation); otherwise it is read back.
 */
export async function settleAttempt(
  deps: AppDeps,
  paymentId: string,
  intent: ProviderIntent,
  remaining?: number | null,
  options: { renewActionWindow?: boolean; claim?: IdempotencyClaim | null } = {},
): Promise<CreateResult> {
  const outcome = outcomeOf(intent);
  const ended = outcome === 'declined' || outcome === 'unconfirmed';
  const final = ended ? await cancelEndedIntent(deps, paymentId, intent) : intent;
  const apply: ApplyOptions = ended ? {} : { renewActionWindow: options.renewActionWindow };
  const result = await inWriteTransaction(deps.database, async (trx) => {
    const row = await applyIntentInTrx(trx, deps, paymentId, final, apply);
    if (!row) throw new Error(`payment ${paymentId} vanished`);
    let answer: CreateResult | null;
    if (!ended || row.status === 'succeeded' || row.status === 'processing') {
      const left = remaining !== undefined ? remaining : await remainingForPayment(trx, row);
      answer = { status: 200, body: paymentAnswer(row, final, left, deps.config) };
    } else if (outcome === 'unconfirmed') {
      answer = null; // recorded (released); the customer is told to try again
    } else {
      // The decline gave the amount back: what the link shows now.
      answer = {
        status: 422,
        body: declineAnswer(row, final, await remainingForPayment(trx, row), deps.config),
      };
    }
    if (answer) await options.claim?.answer(trx, answer.status, answer.body);
    return answer;
  });
  if (!result) throw new AppError('provider_error', PROCESSING_ERROR_MESSAGE);
  return result;
}
