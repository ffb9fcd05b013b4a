/**
 * Creating an intent, as Stripe's `POST /v1/payment_intents`: validation of amount, currency and
 * fee, idempotency scoped to the connected account, and — with a confirmation token — confirmation
 * in the same call (`confirm: true`): the token is used once, and the card's outcome (success,
 * decline, 3-D Secure) is the answer — a bank debit's is `processing` (api/…/bank-debits.ts). The
 * token's payment method must be of a type the intent allows (`allowed_payment_method_types`). A replay under the same key returns the intent as it stands.
 */
import { maximumChargeMinor, minimumChargeMinor } from '../../../core/charge-table.ts';
import { normalizeCurrency } from '../../../core/currencies.ts';
import { formatMoney } from '../../../core/money.ts';
import { inWriteTransaction } from '../../db/group-commit.ts';
import type { CreateIntentInput } from '../../ports/payment-provider.ts';
import { confirmWith } from './confirm.ts';
import { requireChargeableAccount } from './connect.ts';
import { invalid, seconds, type SandboxContext } from './context.ts';
import type { IntentRow } from './tables.ts';
import { idempotentId, renderIntent, usablePaymentMethod } from './intents.ts';
import { newId, newObjectId } from './ids.ts';
import { useToken } from './tokens.ts';

/** The payment method types the sandbox can take. */
const SUPPORTED_TYPES = new Set(['card', 'au_becs_debit', 'payto']);
/** The types that take Australian dollars only. */
const AUD_ONLY = ['au_becs_debit', 'payto'];

export async function createIntent(ctx: SandboxContext, input: CreateIntentInput) {
  const currency = input.currency.toLowerCase();
  if (!normalizeCurrency(currency)) throw invalid(`Invalid currency: ${currency}.`, { param: 'currency' });
  const [MIN_AMOUNT, MAX_AMOUNT] = [minimumChargeMinor(currency), maximumChargeMinor(currency)]; // core's one table
  if (!Number.isSafeInteger(input.amount) || input.amount < MIN_AMOUNT) {
    throw invalid(`Amount must be at least ${formatMoney(MIN_AMOUNT, currency)} ${currency}`, {
      code: 'amount_too_small',
      param: 'amount',
    });
  }
  if (input.amount > MAX_AMOUNT) {
    throw invalid(`Amount must be no more than ${formatMoney(MAX_AMOUNT, currency)}`, {
      code: 'amount_too_large',
      param: 'amount',
    });
  }
  const fee = input.applicationFeeAmount;
  if (!Number.isSafeInteger(fee) || fee < 0 || fee > input.amount) {
    throw invalid('The application fee must be a whole amount between zero and the amount.', {
      code: 'parameter_invalid_integer',
      param: 'application_fee_amount',
    });
  }
  const allowed = input.paymentMethodTypes?.length ? [...input.paymentMethodTypes] : ['card'];
  const unknown = allowed.find((t) => !SUPPORTED_TYPES.has(t));
  if (unknown)
    throw invalid(`The payment method type provided: ${unknown} is invalid.`, {
      code: 'payment_method_type_invalid',
      param: 'allowed_payment_method_types',
    });
  const audOnly = allowed.find((t) => AUD_ONLY.includes(t));
  if (audOnly && currency !== 'aud')
    throw invalid(
      `The currency provided (${currency}) is invalid for one or more payment method types on this PaymentIntent. The payment method type ${audOnly} supports: aud.`,
      { code: 'payment_intent_invalid_currency', param: 'currency' },
    );
  // One write transaction; on SQLite grouped with concurrent ones under one commit, as ours are.
  return inWriteTransaction(ctx, async (trx) => {
    await requireChargeableAccount(trx, ctx.clock, input.connectedAccountId);
    const confirmable = Boolean(input.confirmationToken);
    const { id, replay } = await idempotentId(trx, ctx.clock, {
      account: input.connectedAccountId,
      key: input.idempotencyKey,
      operation: 'payment_intents.create',
      params: { ...input, idempotencyKey: undefined, currency },
      newId: newObjectId('pi'),
    });
    if (replay) {
      const row = await trx
        .selectFrom('sandbox_payment_intents')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return renderIntent(ctx, trx, row, true);
    }
    if (input.paymentMethodId && !confirmable)
      await usablePaymentMethod(trx, input.paymentMethodId, input.connectedAccountId);
    const row: IntentRow = {
      id,
      account_id: input.connectedAccountId,
      client_secret: newId(`${id}_secret`),
      amount: input.amount,
      currency,
      application_fee_amount: fee,
      description: input.description,
      metadata: JSON.stringify(input.metadata ?? {}),
      receipt_email: input.receiptEmail ?? null,
      status: input.paymentMethodId && !confirmable ? 'requires_confirmation' : 'requires_payment_method',
      payment_method_id: confirmable ? null : (input.paymentMethodId ?? null),
      last_error: null,
      charge_id: null,
      amount_refunded: 0,
      application_fee_refunded: 0,
      canceled_at: null,
      created: seconds(ctx.clock),
      payment_method_types: JSON.stringify(allowed),
      settles_at: null,
      mandate_id: null,
    };
    if (!input.confirmationToken) {
      await trx.insertInto('sandbox_payment_intents').values(row).execute();
      return renderIntent(ctx, trx, row, true);
    }
    // Finalised on the server: the token's payment method confirms the new intent at once, and the
    // intent is stored as the confirmation leaves it (one insert; a refusal rolls the call back).
    const pm = await useToken(ctx, trx, input.confirmationToken, input.connectedAccountId, id);
    if (!allowed.includes(pm.type))
      throw invalid(
        `The PaymentMethod provided (${pm.type}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${allowed.join(', ')}.`,
        { code: 'payment_intent_incompatible_payment_method', param: 'confirmation_token' },
      );
    const { row: confirmed } = await confirmWith(ctx, trx, row, pm, true);
    return renderIntent(ctx, trx, confirmed, true, { pm });
  });
}
