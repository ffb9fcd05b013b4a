/**
 * Creating an intent, as Stripe's `POST /v1/payment_intents`: validation of amount, currency and
 * fee, idempotency scoped to the connected account, and — with a confirmation token — confirmation
 * in the same call (`confirm: true`): the token is used once, and the card's outcome (success,
 * decline, 3-D Secure) is the answer. A replay under the same key returns the intent as it stands.
 */
import { maximumChargeMinor, minimumChargeMinor } from '../../../../core/charge-table.ts';
import { normalizeCurrency } from '../../../../core/currencies.ts';
import { formatMoney } from '../../../../core/money.ts';
import { inWriteTransaction } from '../../group-commit.ts';
import type { CreateIntentInput } from '../provider.ts';
import { confirmWith } from './confirm.ts';
import { requireChargeableAccount } from './connect.ts';
import { invalid, seconds, type SandboxContext } from './context.ts';
import type { IntentRow } from './database.ts';
import { idempotentId, renderIntent, usablePaymentMethod } from './intents.ts';
import { newId } from './objects.ts';
import { useToken } from './tokens.ts';

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
  // One write transaction; on SQLite grouped with concurrent ones under one commit, as ours are.
  return inWriteTransaction(ctx, async (trx) => {
    await requireChargeableAccount(trx, ctx.clock, input.connectedAccountId);
    const confirmable = Boolean(input.confirmationToken);
    const { id, replay } = await idempotentId(trx, ctx.clock, {
      account: input.connectedAccountId,
      key: input.idempotencyKey,
      operation: 'payment_intents.create',
      params: { ...input, idempotencyKey: undefined, currency },
      newId: newId('pi'),
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
    };
    await trx.insertInto('sandbox_payment_intents').values(row).execute();
    if (!input.confirmationToken) return renderIntent(ctx, trx, row, true);
    // Finalised on the server: the token's payment method confirms the new intent at once.
    const pm = await useToken(ctx, trx, input.confirmationToken, input.connectedAccountId, id);
    const { row: confirmed } = await confirmWith(ctx, trx, row, pm);
    return renderIntent(ctx, trx, confirmed, true, { pm });
  });
}
