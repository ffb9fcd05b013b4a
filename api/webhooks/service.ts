/**
 * Provider events (DESIGN §3.5): verified by the provider, deduplicated by event id, and applied
 * in the same transaction that records the event — so an event is either fully applied and
 * remembered, or neither (and the provider's retry applies it). Application is idempotent and
 * order-independent (see payments/lifecycle/state.ts); refunds use the provider's cumulative refunded amount.
 */
import type { AppDeps } from '../context.ts';
import type { DbOrTrx, Trx } from '../db/database.ts';
import type { Payment } from '../db/types.ts';
import { accountStatusFields } from '../connect/service.ts';
import { ensurePlatformDomain } from '../merchants/payment-domains.ts';
import { findMerchantsByAccount, setStripeAccount } from '../merchants/rows.ts';
import {
  WebhookSignatureError,
  type ProviderAction,
  type ProviderIntent,
  type WebhookEvent,
} from '../ports/payment-provider.ts';
import { AppError } from '../errors.ts';
import { countRefund, proportion, reverseRefund } from '../payments/refunds/refunds.ts';
import {
  findPayment,
  findPaymentByIntent,
  findRefundByProviderId,
  isSettled,
  lockPayment,
  markRefundSucceeded,
  recordProviderEvent,
} from '../payments/rows.ts';
import { mismatchOf } from '../payments/create/method-match.ts';
import { isPayTo } from '../payments/lifecycle/bank-debit-state.ts';
import { inWriteTransaction } from '../db/group-commit.ts';
import {
  applyIntent,
  applyIntentInTrx,
  cancelEndedIntent,
  confirmableAfterFailure,
} from '../payments/lifecycle/state.ts';
import { applyDispute } from '../payments/lifecycle/disputes.ts';
import { mailNoticesSoon } from '../payments/notices/notices.ts';
import { merchantChanged } from '../merchants/changes.ts';

/**
 * A provider event as it arrives (the raw body and its `Stripe-Signature` header): checked by the
 * provider, then handled. A bad signature or a body that is not an event is a 400 AppError.
 */
export async function receiveProviderEvent(
  deps: AppDeps,
  rawBody: string,
  signatureHeader: string | null,
): Promise<{ duplicate: boolean }> {
  let event: WebhookEvent;
  try {
    event = deps.payments.parseWebhook(rawBody, signatureHeader);
  } catch (err) {
    if (err instanceof WebhookSignatureError)
      throw new AppError('bad_request', `Webhook signature verification failed: ${err.message}`, {
        cause: err,
      });
    throw new AppError('bad_request', 'Malformed webhook event', { cause: err });
  }
  return handleWebhookEvent(deps, event);
}

async function handleWebhookEvent(deps: AppDeps, event: WebhookEvent): Promise<{ duplicate: boolean }> {
  // An event type we do not act on (e.g. charge.succeeded) changes nothing: acknowledged, not stored.
  if (event.action.kind === 'ignored') return { duplicate: false };
  // The success of a payment already recorded as succeeded (from the create-and-confirm answer, the
  // usual case) changes nothing either: answered from a read, without a write transaction.
  if (event.action.kind === 'intent_updated' && (await successAlreadyRecorded(deps, event.action.intent)))
    return { duplicate: true };
  // A failure that leaves the intent confirmable (a failed 3-D Secure step, a returned bank debit)
  // is made final at the provider before it releases anything (DESIGN §3.4).
  // Only an intent of one of our payments: the Connect endpoint also hears of the merchant's own
  // payments on its account, which are not ours to cancel.
  if (event.action.kind === 'intent_updated' && confirmableAfterFailure(event.action.intent)) {
    const ours = await paymentForIntent(deps.database.db, event.action.intent);
    if (ours) {
      const intent = await cancelEndedIntent(deps, ours.id, event.action.intent);
      event = { ...event, action: { ...event.action, intent } };
    }
  }
  // One transaction per event; on SQLite grouped with concurrent payment writes under one commit.
  const result = await inWriteTransaction(deps.database, async (trx) => {
    const now = deps.clock.now().toISOString();
    // Recorded as processed in the same transaction that applies it: both commit, or neither.
    const fresh = await recordProviderEvent(trx, {
      id: event.id,
      type: event.type,
      object_id: objectId(event.action),
      account_id: event.account,
      received_at: now,
      processed_at: now,
    });
    if (!fresh) return { duplicate: true };
    await applyAction(trx, deps, event.action);
    return { duplicate: false };
  });
  if (event.action.kind === 'account_updated') {
    merchantChanged(deps); // after the commit
    if (!result.duplicate && event.action.account.chargesEnabled)
      for (const m of await findMerchantsByAccount(deps.database.db, event.action.account.id))
        await ensurePlatformDomain(deps, m); // wallets on the pay page, once the account takes charges
  }
  if (!result.duplicate && event.action.kind === 'intent_updated') {
    await completeMethodCheck(deps, event.action.intent);
    await completeMandate(deps, event.action.intent);
    mailNoticesSoon(deps); // a receipt or failure notice the event queued: mailed beside the answer
  }
  return result;
}

/**
 * Stripe's events do not expand the payment method: a success on a method other than the one the
 * server confirmed with is recorded with the charged card unknown (api/payments/create/method-match.ts).
 * The intent is then retrieved, expanded, so the console shows which card was charged and the
 * surcharge it called for. Best effort: the refresh and the console retrieve it too.
 */
async function completeMethodCheck(deps: AppDeps, intent: ProviderIntent): Promise<void> {
  if (intent.status !== 'succeeded' || intent.card) return;
  const payment = await paymentForIntent(deps.database.db, intent);
  if (!payment?.method_mismatch || mismatchOf(payment)?.charged) return;
  try {
    const full = await deps.payments.retrieveIntent(intent.id, payment.stripe_connect_account_id ?? '');
    await applyIntent(deps, payment.id, full);
  } catch (err) {
    deps.logger.warn(
      { paymentId: payment.id, err: (err as Error).message },
      'could not read the card charged',
    );
  }
}

/**
 * A PayTo payment's charge (and the agreement it runs under) appears only once the customer has
 * approved, and events do not expand it: when the payment went through without its mandate on
 * record, the intent is retrieved, expanded, so the console and the receipt name the agreement.
 * Best effort, as completeMethodCheck.
 */
async function completeMandate(deps: AppDeps, intent: ProviderIntent): Promise<void> {
  if (intent.status !== 'succeeded' || intent.bankAccount?.mandate) return;
  const payment = await paymentForIntent(deps.database.db, intent);
  if (!payment || !isPayTo(payment) || payment.mandate_reference) return;
  try {
    await applyIntent(
      deps,
      payment.id,
      await deps.payments.retrieveIntent(intent.id, payment.stripe_connect_account_id ?? ''),
    );
  } catch (err) {
    deps.logger.warn(
      { paymentId: payment.id, err: (err as Error).message },
      'could not read the PayTo mandate',
    );
  }
}

/**
 * Whether applying this intent would change nothing: it succeeded, its payment is settled on it, and
 * the event brings neither card details nor another payment method than the one recorded (what
 * api/payments/lifecycle/state.ts would act on). Settled payments never move back, so skipping is safe.
 */
async function successAlreadyRecorded(deps: AppDeps, intent: ProviderIntent): Promise<boolean> {
  if (intent.status !== 'succeeded' || intent.card) return false;
  const payment = await findPaymentByIntent(deps.database.db, intent.id);
  return (
    payment !== undefined &&
    isSettled(payment.status) &&
    payment.method_mismatch === null &&
    (payment.payment_method_id === null ||
      intent.paymentMethodId === null ||
      payment.payment_method_id === intent.paymentMethodId)
  );
}

function objectId(action: ProviderAction): string | null {
  switch (action.kind) {
    case 'intent_updated':
      return action.intent.id;
    case 'charge_refunded':
      return action.paymentIntentId;
    case 'account_updated':
      return action.account.id;
    case 'dispute_updated':
      return action.dispute.id;
    default:
      return null;
  }
}

async function paymentForIntent(
  trx: DbOrTrx,
  intent: Pick<ProviderIntent, 'id' | 'metadata'>,
): Promise<Payment | undefined> {
  const byIntent = await findPaymentByIntent(trx, intent.id);
  if (byIntent) return byIntent;
  // The event can overtake our own write of the intent id; the intent carries our payment id.
  const paymentId = intent.metadata?.paymentId;
  if (!paymentId) return undefined;
  const payment = await findPayment(trx, paymentId);
  return payment && (!payment.payment_intent_id || payment.payment_intent_id === intent.id)
    ? payment
    : undefined;
}

async function applyAction(trx: Trx, deps: AppDeps, action: ProviderAction): Promise<void> {
  switch (action.kind) {
    case 'intent_updated': {
      const payment = await paymentForIntent(trx, action.intent);
      if (payment) await applyIntentInTrx(trx, deps, payment.id, action.intent);
      else deps.logger.info({ intent: action.intent.id }, 'webhook for an unknown intent ignored');
      return;
    }
    case 'charge_refunded':
      return applyChargeRefunded(trx, deps, action);
    case 'dispute_updated':
      await applyDispute(trx, deps, action.dispute);
      return;
    case 'account_updated': {
      const merchants = await findMerchantsByAccount(trx, action.account.id);
      for (const m of merchants)
        await setStripeAccount(
          trx,
          m.id,
          {
            ...accountStatusFields(action.account),
          },
          deps.clock.now().toISOString(),
        );
      return;
    }
    default:
      return;
  }
}

async function applyChargeRefunded(
  trx: Trx,
  deps: AppDeps,
  action: Extract<ProviderAction, { kind: 'charge_refunded' }>,
): Promise<void> {
  const found = await findPaymentByIntent(trx, action.paymentIntentId);
  if (!found) return;
  let payment = (await lockPayment(trx, deps.database.dialect, found.id))!;
  if (!isSettled(payment.status)) {
    // A refund proves the charge succeeded; the success event may still be on its way.
    payment = (await applyIntentInTrx(trx, deps, payment.id, {
      id: action.paymentIntentId,
      clientSecret: '',
      status: 'succeeded',
      amount: payment.total_amount,
      currency: payment.currency.toLowerCase(),
      applicationFeeAmount: payment.platform_fee,
      connectedAccountId: payment.stripe_connect_account_id ?? '',
      metadata: {},
      card: null,
      paymentMethodId: null,
      lastError: null,
      amountRefunded: action.amountRefunded,
      created: 0,
    }))!;
  }
  const now = deps.clock.now().toISOString();
  const unknown = [];
  for (const r of action.refunds) {
    const ours = await findRefundByProviderId(trx, r.id);
    if (!ours) {
      if (r.status !== 'failed' && r.status !== 'canceled') unknown.push(r);
      continue;
    }
    if ((r.status === 'failed' || r.status === 'canceled') && ours.status !== r.status)
      await reverseRefund(trx, deps, ours.id, r.status);
    else if (r.status === 'succeeded' && ours.status === 'pending')
      await markRefundSucceeded(trx, ours.id, now);
  }
  payment = (await findPayment(trx, payment.id))!;
  const recorded = payment.refunded_amount + payment.refunded_surcharge;
  const remainingTotal = payment.total_amount - recorded;
  const delta = Math.min(action.amountRefunded - recorded, remainingTotal);
  if (delta <= 0) return;
  // Refunded outside the console (e.g. the provider's dashboard): split it like the charge.
  const remainingBase = payment.amount - payment.refunded_amount;
  const base =
    delta === remainingTotal
      ? remainingBase
      : Math.min(remainingBase, proportion(delta, payment.amount, payment.total_amount));
  if (base <= 0) return;
  // Name the provider's refund when it is unambiguous (a pending console refund may not know its id yet).
  const providerRefundId = unknown.length === 1 && unknown[0].amount === delta ? unknown[0].id : null;
  // Nobody said what it means for the invoice: a credit, the default (DESIGN §3.8); the console shows it.
  await countRefund(trx, deps, payment, base, delta, {
    providerRefundId,
    status: 'succeeded',
    reason: 'Refunded at the payment provider',
    kind: 'credit',
  });
}
