/**
 * The browser's half of a payment (what Stripe.js does against Stripe): card or bank account details →
 * payment method or confirmation token (test cards and test bank accounts only), complete or fail 3-D Secure, and — as Stripe
 * allows with a client secret — confirm an intent again (only `requires_action` ones are ever in a
 * browser's hands: the server confirms every payment and cancels declined intents, so a canceled
 * one is refused here as Stripe refuses it). Each step is one transaction that also queues its
 * webhook event; declines are committed, then reported.
 */
import { ProviderRequestError } from '../../ports/payment-provider.ts';
import type { BankAccountInput } from './bank-accounts.ts';
import { bankPaymentMethod } from './bank-debits.ts';
import { payToPaymentMethod, type PayToInput } from './payto.ts';
import { AUTHENTICATION_FAILURE_MESSAGE, checkTestCard, testCardByKey, type CardInput } from './cards.ts';
import { applyOutcome, confirmWith, refuseUnconfirmable, type BrowserError } from './confirm.ts';
import { invalid, seconds, type SandboxContext } from './context.ts';
import type { PaymentMethodRow, SandboxTrx } from './tables.ts';
import { lockIntent, noSuchIntent, renderIntent, saveAndAnnounce, usablePaymentMethod } from './intents.ts';
import { confirmationTokenJson, paymentMethodJson, type StoredError } from './objects.ts';
import { newId } from './ids.ts';

/** Stripe's confirmation tokens are short-lived. */
export const TOKEN_TTL_SECONDS = 15 * 60;

export type { BrowserError };

export type BrowserResult = { intent: Awaited<ReturnType<typeof renderIntent>>; error: BrowserError | null };

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
    refuseUnconfirmable(row);
    const pmId = input.paymentMethodId ?? row.payment_method_id;
    if (!pmId) {
      throw invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method. Update the PaymentIntent with a payment method and then confirm it again.",
        { code: 'payment_intent_unexpected_state', param: 'payment_method' },
      );
    }
    const pm = await usablePaymentMethod(trx, pmId, row.account_id);
    return finish(ctx, trx, row.id, (await confirmWith(ctx, trx, row, pm)).error);
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
    // A PayTo request is answered by the customer's bank (payto.ts), not by a card check.
    if (pm.type === 'payto')
      throw invalid('This PaymentIntent waits for the customer to approve a PayTo agreement in their bank.', {
        code: 'payment_intent_unexpected_state',
      });
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
    return finish(ctx, trx, row.id, (await applyOutcome(ctx, trx, row, pm, card.outcome.then)).error);
  });
}

/** A payment method row from card details (the test card's key, brand, last4, funding, country only). */
async function cardPaymentMethod(
  ctx: SandboxContext,
  db: SandboxContext['db'] | SandboxTrx,
  input: CardInput & { account: string | null; name?: string | null },
): Promise<PaymentMethodRow> {
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
    type: 'card',
    bsb_number: null,
    billing_name: input.name?.trim() || null,
    billing_email: null,
    pay_id: null,
  };
  await db.insertInto('sandbox_payment_methods').values(row).execute();
  return row;
}

/** Card details → `pm_…` (the only place card data enters; only brand/last4/funding/country stay). */
export async function createPaymentMethod(
  ctx: SandboxContext,
  input: CardInput & { account: string | null },
) {
  return paymentMethodJson(await cardPaymentMethod(ctx, ctx.db, input));
}

/** The customer's acceptance of a mandate, as Stripe.js sends it (`mandate_data.customer_acceptance`). */
export interface MandateAcceptance {
  type: 'online';
  online: { ip_address: string | null; user_agent: string | null };
  accepted_at: number;
}

/** What the browser turns into a token: card details, or a bank account with the mandate accepted. */
export type TokenInput =
  | (CardInput & { type?: 'card'; account: string | null; name?: string | null })
  | (BankAccountInput & {
      type: 'au_becs_debit';
      account: string | null;
      mandate: Omit<MandateAcceptance, 'accepted_at'> | null;
    })
  | (PayToInput & { type: 'payto'; account: string | null });

/**
 * Payment details → `ctoken_…` (Stripe.js createConfirmationToken): what the widget's sandbox form
 * sends to our server, which reads its preview to price the surcharge and confirms the payment with
 * it. A bank account's token carries the customer's acceptance of the Direct Debit Request.
 */
export async function createConfirmationToken(ctx: SandboxContext, input: TokenInput) {
  return ctx.db.transaction().execute(async (trx) => {
    const now = seconds(ctx.clock);
    const pm =
      input.type === 'au_becs_debit'
        ? await bankPaymentMethod(ctx, trx, input)
        : input.type === 'payto'
          ? await payToPaymentMethod(ctx, trx, input)
          : await cardPaymentMethod(ctx, trx, input);
    const mandate =
      input.type === 'au_becs_debit' && input.mandate
        ? JSON.stringify({ customer_acceptance: { ...input.mandate, accepted_at: now } })
        : null;
    const token = {
      id: newId('ctoken'),
      account_id: input.account,
      payment_method_id: pm.id,
      created: now,
      expires_at: now + TOKEN_TTL_SECONDS,
      payment_intent_id: null,
      mandate_data: mandate,
    };
    await trx.insertInto('sandbox_confirmation_tokens').values(token).execute();
    return confirmationTokenJson(token, pm);
  });
}
