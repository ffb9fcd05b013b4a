/**
 * Confirmation tokens on the server side: retrieve one (the preview our server prices), and use one
 * to confirm an intent — once only, on the account it was made for, before it expires, as Stripe.
 */
import { invalid, seconds, type SandboxContext } from './context.ts';
import { compiledOnce } from '../../db/compiled.ts';
import type { PaymentMethodRow, SandboxDb, SandboxTrx, TokenRow } from './tables.ts';
import { confirmationTokenJson } from './objects.ts';

const noSuchToken = (id: string, status = 404) =>
  invalid(`No such confirmation_token: '${id}'`, {
    code: 'resource_missing',
    param: 'confirmation_token',
    status,
  });

/** The payment method's columns, prefixed in the token's read (`pm_id`, `pm_brand`, …). */
const PM_COLUMNS = [
  'id',
  'account_id',
  'test_card',
  'brand',
  'last4',
  'funding',
  'country',
  'created',
  'type',
  'bsb_number',
  'billing_name',
  'billing_email',
  'pay_id',
] as const satisfies readonly (keyof PaymentMethodRow)[];

// Once per payment, when its intent is confirmed: compiled once (api/db/compiled.ts).
const markUsed = compiledOnce((db: SandboxDb, p: { id: string; intentId: string }) =>
  db
    .updateTable('sandbox_confirmation_tokens')
    .set({ payment_intent_id: p.intentId })
    .where('id', '=', p.id)
    .where('payment_intent_id', 'is', null)
    .returning('id'),
);

// Read at each quote and each payment: compiled once (api/db/compiled.ts).
const tokenWithMethod = compiledOnce((db: SandboxDb, p: { id: string }) =>
  db
    .selectFrom('sandbox_confirmation_tokens as t')
    .innerJoin('sandbox_payment_methods as pm', 'pm.id', 't.payment_method_id')
    .selectAll('t')
    .select(PM_COLUMNS.map((c) => `pm.${c} as pm_${c}` as const))
    .where('t.id', '=', p.id),
);

/** The token and the payment method it carries, in one read. */
async function tokenRow(
  db: SandboxDb | SandboxTrx,
  id: string,
  account: string,
): Promise<{ row: TokenRow; pm: PaymentMethodRow }> {
  const [found] = await tokenWithMethod(db, { id });
  // A token made for one connected account does not exist on another (direct charges).
  if (!found || found.account_id !== account) throw noSuchToken(id);
  const pm = Object.fromEntries(PM_COLUMNS.map((c) => [c, found[`pm_${c}`]])) as unknown as PaymentMethodRow;
  const row: TokenRow = {
    id: found.id,
    account_id: found.account_id,
    payment_method_id: found.payment_method_id,
    created: found.created,
    expires_at: found.expires_at,
    payment_intent_id: found.payment_intent_id,
    mandate_data: found.mandate_data,
  };
  return { row, pm };
}

export async function retrieveConfirmationToken(ctx: SandboxContext, id: string, account: string) {
  const { row, pm } = await tokenRow(ctx.db, id, account);
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
  const { row, pm } = await tokenRow(trx, id, account).catch(() => {
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
  const used = await markUsed(trx, { id, intentId });
  if (used.length !== 1)
    throw invalid('This ConfirmationToken has already been used to confirm a PaymentIntent.', {
      code: 'confirmation_token_already_used',
      param: 'confirmation_token',
    });
  // Stripe debits a bank account only under a mandate the customer accepted (Stripe.js collects it).
  if (pm.type === 'au_becs_debit' && !row.mandate_data)
    throw invalid(
      'A mandate is required to confirm a PaymentIntent with an au_becs_debit PaymentMethod: the customer must accept the Direct Debit Request (mandate_data).',
      { code: 'parameter_missing', param: 'mandate_data' },
    );
  return pm;
}
