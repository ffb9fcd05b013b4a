/**
 * Confirming an intent with a payment method, as Stripe does it, wherever the confirmation comes
 * from: the server (create with a confirmation token, DESIGN §4) or the browser (a `requires_action`
 * intent confirmed again with its client secret, which Stripe allows). The card's outcome decides:
 * success (charge, final), decline (back to requires_payment_method with last_payment_error) or
 * 3-D Secure first (requires_action). Runs inside the caller's transaction and queues the events.
 */
import { BANK_DEBIT, startDebit } from './bank-debits.ts';
import { PAYTO, requestApproval } from './payto.ts';
import { testCardByKey, type CardOutcome } from './cards.ts';
import { invalid, type SandboxContext } from './context.ts';
import type { IntentRow, PaymentMethodRow, SandboxTrx } from './tables.ts';
import { saveAndAnnounce } from './intents.ts';
import { type StoredError } from './objects.ts';
import { newObjectId } from './ids.ts';

/** A card problem as Stripe.js reports it (and as Stripe's API answers a declined confirmation). */
export interface BrowserError {
  type: string;
  code: string | null;
  decline_code?: string;
  message: string;
  param?: string;
  payment_intent?: unknown;
}

/** Statuses a confirmation is accepted in. */
export const CONFIRMABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

export function refuseUnconfirmable(row: IntentRow): void {
  if (CONFIRMABLE.has(row.status)) return;
  throw invalid(
    row.status === 'succeeded'
      ? 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.'
      : `You cannot confirm this PaymentIntent because it has a status of ${row.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.`,
    { code: 'payment_intent_unexpected_state' },
  );
}

/** The intent after a confirmation, and the card error if it was declined. */
export interface Confirmed {
  row: IntentRow;
  error: BrowserError | null;
}

export async function applyOutcome(
  ctx: SandboxContext,
  trx: SandboxTrx,
  row: IntentRow,
  pm: PaymentMethodRow,
  outcome: Exclude<CardOutcome, { kind: 'authenticate' }>,
  created = false,
): Promise<Confirmed> {
  if (outcome.kind === 'succeed') {
    const next = {
      ...row,
      status: 'succeeded',
      payment_method_id: pm.id,
      last_error: null,
      charge_id: newObjectId('ch'),
    };
    // (Stripe would also emit charge.succeeded; our endpoint does not subscribe to it.)
    await saveAndAnnounce(ctx, trx, next, 'payment_intent.succeeded', { pm, created });
    return { row: next, error: null };
  }
  const stored: StoredError = {
    type: 'card_error',
    code: outcome.code,
    decline_code: outcome.declineCode,
    message: outcome.message,
    payment_method_id: pm.id,
  };
  // Stripe detaches the failed payment method; the customer must supply another one.
  const next = {
    ...row,
    status: 'requires_payment_method',
    payment_method_id: null,
    last_error: JSON.stringify(stored),
  };
  await saveAndAnnounce(ctx, trx, next, 'payment_intent.payment_failed', { pm, created });
  return {
    row: next,
    error: {
      type: 'card_error',
      code: outcome.code,
      decline_code: outcome.declineCode,
      message: outcome.message,
    },
  };
}

/**
 * Confirm `row` with `pm`: 3-D Secure first for the cards that ask for it, else the card's outcome.
 * `created`: the intent is being created by this call and is not stored yet (stored as it ends).
 */
export async function confirmWith(
  ctx: SandboxContext,
  trx: SandboxTrx,
  row: IntentRow,
  pm: PaymentMethodRow,
  created = false,
): Promise<Confirmed> {
  // A bank account: the debit starts (processing); the bank's word comes after the delay.
  if (pm.type === BANK_DEBIT) return { row: await startDebit(ctx, trx, row, pm, created), error: null };
  // PayTo: the mandate request goes to the customer's bank; the intent waits for their answer.
  if (pm.type === PAYTO) return { row: await requestApproval(ctx, trx, row, pm, created), error: null };
  const card = testCardByKey(pm.test_card);
  if (!card)
    throw invalid(`No such PaymentMethod: '${pm.id}'`, { code: 'resource_missing', param: 'payment_method' });
  if (card.outcome.kind === 'authenticate') {
    const next = { ...row, status: 'requires_action', payment_method_id: pm.id, last_error: null };
    await saveAndAnnounce(ctx, trx, next, 'payment_intent.requires_action', { pm, created });
    return { row: next, error: null };
  }
  return applyOutcome(ctx, trx, row, pm, card.outcome, created);
}
