/**
 * Confirmation tokens on the server side: retrieve one (the preview our server prices), and use one
 * to confirm an intent — once only, on the account it was made for, before it expires, as Stripe.
 */
import { invalid, seconds, type SandboxContext } from './context.ts';
import type { PaymentMethodRow, SandboxDb, SandboxTrx, TokenRow } from './database.ts';
import { paymentMethod } from './intents.ts';
import { confirmationTokenJson } from './objects.ts';

const noSuchToken = (id: string, status = 404) =>
  invalid(`No such confirmation_token: '${id}'`, {
    code: 'resource_missing',
    param: 'confirmation_token',
    status,
  });

async function tokenRow(db: SandboxDb | SandboxTrx, id: string, account: string): Promise<TokenRow> {
  const row = await db
    .selectFrom('sandbox_confirmation_tokens')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  // A token made for one connected account does not exist on another (direct charges).
  if (!row || row.account_id !== account) throw noSuchToken(id);
  return row;
}

export async function retrieveConfirmationToken(ctx: SandboxContext, id: string, account: string) {
  const row = await tokenRow(ctx.db, id, account);
  const pm = (await paymentMethod(ctx.db, row.payment_method_id)) as PaymentMethodRow;
  return confirmationTokenJson(row, pm);
}

/** Mark the token used by `intentId` and return the payment method it carries; refuses a used or expired one. */
export async function useToken(
  ctx: SandboxContext,
  trx: SandboxTrx,
  id: string,
  account: string,
  intentId: string,
): Promise<PaymentMethodRow> {
  const row = await tokenRow(trx, id, account).catch(() => {
    throw noSuchToken(id, 400);
  });
  if (row.payment_intent_id)
    throw invalid('This ConfirmationToken has already been used to confirm a PaymentIntent.', {
      code: 'confirmation_token_already_used',
      param: 'confirmation_token',
    });
  if (row.expires_at <= seconds(ctx.clock))
    throw invalid('This ConfirmationToken has expired. Create a new one and try again.', {
      code: 'confirmation_token_expired',
      param: 'confirmation_token',
    });
  const used = await trx
    .updateTable('sandbox_confirmation_tokens')
    .set({ payment_intent_id: intentId })
    .where('id', '=', id)
    .where('payment_intent_id', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1)
    throw invalid('This ConfirmationToken has already been used to confirm a PaymentIntent.', {
      code: 'confirmation_token_already_used',
      param: 'confirmation_token',
    });
  return (await paymentMethod(trx, row.payment_method_id)) as PaymentMethodRow;
}
