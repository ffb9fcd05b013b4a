/**
 * The browser's half of a payment (what Stripe.js does against Stripe): card details → payment
 * method (test cards only), confirm with the client secret, complete or fail 3-D Secure. Each step
 * is one transaction that also queues its webhook event; declines are committed, then reported.
 */
import { ProviderRequestError } from '../provider.ts';
import { AUTHENTICATION_FAILURE_MESSAGE, checkTestCard, testCardByKey, type CardOutcome } from './cards.ts';
import { invalid, seconds, type SandboxContext } from './context.ts';
import type { IntentRow, PaymentMethodRow, SandboxTrx } from './database.ts';
import { enqueueEvent } from './events.ts';
import {
  lockIntent,
  noSuchIntent,
  paymentMethod,
  renderIntent,
  saveAndAnnounce,
  usablePaymentMethod,
} from './intents.ts';
import { chargeJson, newId, paymentMethodJson, type StoredError } from './objects.ts';

const CONFIRMABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/** A card problem as Stripe.js reports it from confirmCardPayment / createPaymentMethod. */
export interface BrowserError {
  type: string;
  code: string | null;
  decline_code?: string;
  message: string;
  param?: string;
  payment_intent?: unknown;
}

export type BrowserResult = { intent: Awaited<ReturnType<typeof renderIntent>>; error: BrowserError | null };

async function applyOutcome(
  ctx: SandboxContext,
  trx: SandboxTrx,
  row: IntentRow,
  pm: PaymentMethodRow,
  outcome: Exclude<CardOutcome, { kind: 'authenticate' }>,
): Promise<BrowserError | null> {
  if (outcome.kind === 'succeed') {
    const next = {
      ...row,
      status: 'succeeded',
      payment_method_id: pm.id,
      last_error: null,
      charge_id: newId('ch'),
    };
    await saveAndAnnounce(ctx, trx, next, 'payment_intent.succeeded');
    await enqueueEvent(trx, ctx.clock, 'charge.succeeded', row.account_id, chargeJson(next, pm, []));
    return null;
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
  await saveAndAnnounce(ctx, trx, next, 'payment_intent.payment_failed');
  return {
    type: 'card_error',
    code: outcome.code,
    decline_code: outcome.declineCode,
    message: outcome.message,
  };
}

export const clientSecretMismatch = () =>
  invalid('The client_secret provided does not match the client_secret associated with the PaymentIntent.', {
    param: 'client_secret',
  });

async function lockForBrowser(ctx: SandboxContext, trx: SandboxTrx, id: string, clientSecret: string) {
  const row = await lockIntent(ctx, trx, id);
  if (!row) throw noSuchIntent(id);
  if (row.client_secret !== clientSecret) throw clientSecretMismatch();
  return row;
}

async function finish(
  ctx: SandboxContext,
  trx: SandboxTrx,
  id: string,
  error: BrowserError | null,
): Promise<BrowserResult> {
  const row = await trx
    .selectFrom('sandbox_payment_intents')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const intent = await renderIntent(ctx, trx, row, false);
  return { intent, error: error ? { ...error, payment_intent: intent } : null };
}

/** The browser confirms with the client secret and a payment method (Stripe.js confirmCardPayment). */
export async function confirmIntent(
  ctx: SandboxContext,
  input: { intentId: string; clientSecret: string; paymentMethodId: string | null },
): Promise<BrowserResult> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await lockForBrowser(ctx, trx, input.intentId, input.clientSecret);
    if (!CONFIRMABLE.has(row.status)) {
      throw invalid(
        row.status === 'succeeded'
          ? 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.'
          : `You cannot confirm this PaymentIntent because it has a status of ${row.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    const pmId = input.paymentMethodId ?? row.payment_method_id;
    if (!pmId) {
      throw invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method. Update the PaymentIntent with a payment method and then confirm it again.",
        { code: 'payment_intent_unexpected_state', param: 'payment_method' },
      );
    }
    const pm = await usablePaymentMethod(trx, pmId, row.account_id);
    const card = testCardByKey(pm.test_card);
    if (!card)
      throw invalid(`No such PaymentMethod: '${pmId}'`, {
        code: 'resource_missing',
        param: 'payment_method',
      });
    if (card.outcome.kind === 'authenticate') {
      await saveAndAnnounce(
        ctx,
        trx,
        { ...row, status: 'requires_action', payment_method_id: pm.id, last_error: null },
        'payment_intent.requires_action',
      );
      return finish(ctx, trx, row.id, null);
    }
    return finish(ctx, trx, row.id, await applyOutcome(ctx, trx, row, pm, card.outcome));
  });
}

/** The customer completes (or fails) the 3-D Secure step of a `requires_action` intent. */
export async function authenticateIntent(
  ctx: SandboxContext,
  input: { intentId: string; clientSecret: string; result: 'complete' | 'fail' },
): Promise<BrowserResult> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await lockForBrowser(ctx, trx, input.intentId, input.clientSecret);
    if (row.status !== 'requires_action') {
      throw invalid(`This PaymentIntent has no authentication step to complete (status: ${row.status}).`, {
        code: 'payment_intent_unexpected_state',
      });
    }
    const pm = await usablePaymentMethod(trx, row.payment_method_id as string, row.account_id);
    const card = testCardByKey(pm.test_card);
    if (input.result === 'fail' || !card || card.outcome.kind !== 'authenticate') {
      const stored: StoredError = {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        decline_code: null,
        message: AUTHENTICATION_FAILURE_MESSAGE,
        payment_method_id: pm.id,
      };
      await saveAndAnnounce(
        ctx,
        trx,
        {
          ...row,
          status: 'requires_payment_method',
          payment_method_id: null,
          last_error: JSON.stringify(stored),
        },
        'payment_intent.payment_failed',
      );
      return finish(ctx, trx, row.id, {
        type: stored.type,
        code: stored.code,
        message: stored.message,
      });
    }
    return finish(ctx, trx, row.id, await applyOutcome(ctx, trx, row, pm, card.outcome.then));
  });
}

/** Card details → `pm_…` (the only place card data enters; only brand/last4/funding/country stay). */
export async function createPaymentMethod(
  ctx: SandboxContext,
  input: { number: string; expMonth: number; expYear: number; cvc: string; account: string | null },
) {
  const checked = checkTestCard(input, ctx.clock.now());
  if ('error' in checked) {
    throw new ProviderRequestError({
      type: 'card_error',
      statusCode: 402,
      message: checked.error.message,
      code: checked.error.code,
      declineCode: checked.error.declineCode ?? null,
      param: checked.error.param,
    });
  }
  const row: PaymentMethodRow = {
    id: newId('pm'),
    account_id: input.account,
    test_card: checked.card.key,
    brand: checked.card.brand,
    last4: checked.card.number.slice(-4),
    funding: checked.card.funding,
    country: checked.card.country,
    created: seconds(ctx.clock),
  };
  await ctx.db.insertInto('sandbox_payment_methods').values(row).execute();
  return paymentMethodJson(row);
}

export async function retrievePaymentMethod(ctx: SandboxContext, id: string, account: string) {
  const pm = await paymentMethod(ctx.db, id);
  if (!pm || (pm.account_id !== null && pm.account_id !== account)) {
    throw invalid(`No such PaymentMethod: '${id}'`, {
      code: 'resource_missing',
      param: 'payment_method',
      status: 404,
    });
  }
  return paymentMethodJson(pm);
}
