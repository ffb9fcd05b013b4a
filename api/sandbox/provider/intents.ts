/**
 * The sandbox's PaymentIntent state machine, as Stripe runs it for card payments with automatic
 * capture (bank debits go through `processing` first: bank-debits.ts):
 *
 *   create + confirm (confirmation token, server side) ─┐
 *   requires_payment_method ──(attach pm)──► requires_confirmation
 *        ▲    │ confirm                          │ confirm
 *        │    ▼                                  ▼
 *        │  decline ◄──── card outcome ────► succeeded (charge ch_…, final)
 *        │                    │
 *        └── 3DS failed ◄─ requires_action ──(3DS completed)──► card outcome
 *   any unconfirmed state ──cancel──► canceled (final; never confirmable again)
 *
 * Every transition is one transaction on the sandbox database that also queues its webhook event,
 * so the sandbox's record and its events never disagree, and our side recovers from a crash by
 * retrieving the intent.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../../context.ts';
import { compiledOnce } from '../../db/compiled.ts';
import { inWriteTransaction } from '../../db/group-commit.ts';
import { ProviderRequestError } from '../../ports/payment-provider.ts';
import { invalid, seconds, type SandboxContext } from './context.ts';
import type { IntentRow, PaymentMethodRow, RefundRow, SandboxDb, SandboxTrx } from './tables.ts';
import { enqueueEvent } from './event-queue.ts';
import { paymentIntentJson, type StoredError } from './objects.ts';

export const noSuchIntent = (id: string) =>
  invalid(`No such payment_intent: '${id}'`, { code: 'resource_missing', param: 'intent', status: 404 });

function hashParams(params: unknown): string {
  return createHash('sha256').update(JSON.stringify(params)).digest('hex');
}

// Every intent's first write: compiled once (api/db/compiled.ts).
const claimKey = compiledOnce(
  (
    db: SandboxDb,
    p: {
      account: string;
      key: string;
      operation: string;
      requestHash: string;
      response: string;
      created: number;
    },
  ) =>
    db
      .insertInto('sandbox_idempotency')
      .values({
        account_id: p.account,
        idempotency_key: p.key,
        operation: p.operation,
        request_hash: p.requestHash,
        response: p.response,
        created: p.created,
      })
      .onConflict((oc) => oc.columns(['account_id', 'idempotency_key']).doNothing())
      .returning(['request_hash', 'response']),
);

/**
 * Stripe idempotency, scoped to the account: the first request under a key records the id it
 * creates; the same key with the same parameters returns that object; other parameters fail.
 */
export async function idempotentId(
  trx: SandboxTrx,
  clock: Clock,
  scope: { account: string; key: string; operation: string; params: unknown; newId: string },
): Promise<{ id: string; replay: boolean }> {
  const requestHash = hashParams({ operation: scope.operation, params: scope.params });
  const [inserted] = await claimKey(trx, {
    account: scope.account,
    key: scope.key,
    operation: scope.operation,
    requestHash,
    response: scope.newId,
    created: seconds(clock),
  });
  // A key seen before: what its first request recorded.
  const row =
    inserted ??
    (await trx
      .selectFrom('sandbox_idempotency')
      .select(['request_hash', 'response'])
      .where('account_id', '=', scope.account)
      .where('idempotency_key', '=', scope.key)
      .executeTakeFirstOrThrow());
  if (row.request_hash !== requestHash) {
    throw new ProviderRequestError({
      type: 'idempotency_error',
      statusCode: 400,
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${scope.key}' if you meant to execute a different request.`,
    });
  }
  return { id: row.response, replay: row.response !== scope.newId };
}

export async function lockIntent(
  ctx: SandboxContext,
  trx: SandboxTrx,
  id: string,
): Promise<IntentRow | undefined> {
  let q = trx.selectFrom('sandbox_payment_intents').selectAll().where('id', '=', id);
  if (ctx.dialect === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function paymentMethod(
  db: SandboxDb | SandboxTrx,
  id: string | null,
): Promise<PaymentMethodRow | null> {
  if (!id) return null;
  return (
    (await db.selectFrom('sandbox_payment_methods').selectAll().where('id', '=', id).executeTakeFirst()) ??
    null
  );
}

export async function refundsOf(db: SandboxDb | SandboxTrx, intentId: string): Promise<RefundRow[]> {
  return db
    .selectFrom('sandbox_refunds')
    .selectAll()
    .where('payment_intent_id', '=', intentId)
    .orderBy('created')
    .orderBy('id')
    .execute();
}

export function authenticateUrl(ctx: SandboxContext, intentId: string): string {
  return `${ctx.baseUrl}/api/sandbox/payment_intents/${intentId}/authenticate`;
}

/** What a caller already holds: the payment method (not read again); `created`: see saveAndAnnounce. */
export interface Known {
  pm?: PaymentMethodRow;
  created?: boolean;
}

/**
 * The intent as a Stripe object; `expand` as `retrieve(…, { expand: [payment_method, latest_charge] })`.
 * `known.pm`: the payment method the caller already holds (saves reading it again).
 */
export async function renderIntent(
  ctx: SandboxContext,
  db: SandboxDb | SandboxTrx,
  row: IntentRow,
  expand: boolean,
  known: { pm?: PaymentMethodRow } = {},
) {
  const stored = row.last_error ? (JSON.parse(row.last_error) as StoredError) : null;
  const pmId = row.payment_method_id ?? stored?.payment_method_id ?? null;
  const pm = known.pm && known.pm.id === pmId ? known.pm : await paymentMethod(db, pmId);
  // Nothing refunded: no refunds to list (the refund path raises amount_refunded with each one).
  const refunds = row.charge_id && row.amount_refunded > 0 ? await refundsOf(db, row.id) : [];
  return paymentIntentJson(row, {
    paymentMethod: pm,
    refunds,
    expand,
    authenticateUrl: authenticateUrl(ctx, row.id),
  });
}

// One per payment: compiled once (api/db/compiled.ts).
const insertIntent = compiledOnce((db: SandboxDb, row: IntentRow) =>
  db.insertInto('sandbox_payment_intents').values(row),
);

/**
 * Store the intent as it now stands and queue its event. `known.created`: the intent is new and not
 * stored yet (created and confirmed in one call): it is inserted as it ends, in one statement.
 */
export async function saveAndAnnounce(
  ctx: SandboxContext,
  trx: SandboxTrx,
  row: IntentRow,
  eventType: string | null,
  known: Known = {},
) {
  if (known.created) await insertIntent(trx, row);
  else {
    const { id: _id, ...changes } = row;
    await trx.updateTable('sandbox_payment_intents').set(changes).where('id', '=', row.id).execute();
  }
  if (eventType)
    await enqueueEvent(trx, ctx, eventType, row.account_id, await renderIntent(ctx, trx, row, false, known));
}

export async function usablePaymentMethod(
  trx: SandboxTrx,
  id: string,
  account: string,
): Promise<PaymentMethodRow> {
  const pm = await paymentMethod(trx, id);
  // A payment method created for one connected account does not exist on another (as with direct charges).
  if (!pm || (pm.account_id !== null && pm.account_id !== account)) {
    throw invalid(`No such PaymentMethod: '${id}'`, { code: 'resource_missing', param: 'payment_method' });
  }
  return pm;
}

export async function retrieveIntent(ctx: SandboxContext, id: string, account: string | null) {
  const row = await ctx.db
    .selectFrom('sandbox_payment_intents')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || (account !== null && row.account_id !== account)) throw noSuchIntent(id);
  return renderIntent(ctx, ctx.db, row, true);
}

/** The account's intents created at or after `sinceSeconds`, newest first (as Stripe lists them). */
export async function listIntents(ctx: SandboxContext, account: string, sinceSeconds: number) {
  const rows = await ctx.db
    .selectFrom('sandbox_payment_intents')
    .selectAll()
    .where('account_id', '=', account)
    .where('created', '>=', sinceSeconds)
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const out = [];
  for (const row of rows) out.push(await renderIntent(ctx, ctx.db, row, false));
  return out;
}

/**
 * Cancel if still unconfirmed; a succeeded, canceled or processing intent (a bank debit under way,
 * which Stripe cannot cancel) is returned as it stands.
 */
export async function cancelIntent(ctx: SandboxContext, id: string, account: string) {
  return inWriteTransaction(ctx, async (trx) => {
    const row = await lockIntent(ctx, trx, id);
    if (!row || row.account_id !== account) throw noSuchIntent(id);
    if (row.status !== 'succeeded' && row.status !== 'canceled' && row.status !== 'processing') {
      await saveAndAnnounce(
        ctx,
        trx,
        { ...row, status: 'canceled', canceled_at: seconds(ctx.clock) },
        'payment_intent.canceled',
      );
    }
    const after = await trx
      .selectFrom('sandbox_payment_intents')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return renderIntent(ctx, trx, after, true);
  });
}

/**
 * The bank's "no" to a payment under way (a returned debit, a declined or expired PayTo request):
 * back to `requires_payment_method` with the reason, the payment method detached as Stripe does
 * (a pending charge stays, now failed), announced as `payment_intent.payment_failed`.
 */
export async function failWithBankReason(
  ctx: SandboxContext,
  trx: SandboxTrx,
  row: IntentRow,
  pm: PaymentMethodRow | undefined,
  reason: { code: string; message: string },
): Promise<IntentRow> {
  const stored: StoredError = {
    type: 'card_error',
    code: reason.code,
    decline_code: null,
    message: reason.message,
    payment_method_id: row.payment_method_id,
  };
  const failed: IntentRow = {
    ...row,
    status: 'requires_payment_method',
    payment_method_id: null,
    last_error: JSON.stringify(stored),
    settles_at: null,
  };
  await saveAndAnnounce(ctx, trx, failed, 'payment_intent.payment_failed', { pm });
  return failed;
}
