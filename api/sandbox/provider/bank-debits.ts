/**
 * AU BECS Direct Debit in the sandbox, as Stripe runs it: the customer's bank account (a test
 * account, with the customer's name, email and acceptance of the mandate) becomes a payment method;
 * confirming an intent with it starts the debit — `processing` at once, a mandate and a pending
 * charge (`py_…`), `payment_intent.processing` — and after the sandbox's delay the bank's final word
 * arrives: `payment_intent.succeeded`, or `payment_intent.payment_failed` with the bank's reason (the
 * intent back to `requires_payment_method`), or a success followed by `charge.dispute.created`.
 * Each step is one transaction on the sandbox database that also queues its events.
 *
 *   confirm ──► processing ──(delay)──► succeeded ──(disputed account / test helper)──► dispute
 *                    └──────────(delay)──► requires_payment_method (last_payment_error: the bank's reason)
 */
import { ProviderRequestError } from '../../ports/payment-provider.ts';
import { checkTestBankAccount, testBankAccountByKey, type BankAccountInput } from './bank-accounts.ts';
import { invalid, seconds, type SandboxContext } from './context.ts';
import type { DisputeRow, IntentRow, PaymentMethodRow, SandboxDb, SandboxTrx } from './tables.ts';
import { enqueueEvent } from './event-queue.ts';
import { failWithBankReason, lockIntent, noSuchIntent, saveAndAnnounce } from './intents.ts';
import { disputeJson } from './objects.ts';
import { newId, newObjectId } from './ids.ts';
import { answerDue } from './payto.ts';

export const BANK_DEBIT = 'au_becs_debit';

/** Bank details → a payment method row (the test account's key, BSB, last four, name and email only). */
export async function bankPaymentMethod(
  ctx: SandboxContext,
  db: SandboxDb | SandboxTrx,
  input: BankAccountInput & { account: string | null },
): Promise<PaymentMethodRow> {
  const checked = checkTestBankAccount(input);
  if ('error' in checked)
    throw new ProviderRequestError({
      type: 'invalid_request_error',
      statusCode: 400,
      message: checked.error.message,
      code: checked.error.code,
      param: checked.error.param,
    });
  const row: PaymentMethodRow = {
    id: newId('pm'),
    account_id: input.account,
    test_card: checked.account.key,
    brand: '',
    last4: checked.account.accountNumber.slice(-4),
    funding: '',
    country: 'AU',
    created: seconds(ctx.clock),
    type: BANK_DEBIT,
    bsb_number: checked.account.bsb,
    billing_name: input.name?.trim() ?? null,
    billing_email: input.email?.trim().toLowerCase() ?? null,
    pay_id: null,
  };
  await db.insertInto('sandbox_payment_methods').values(row).execute();
  return row;
}

/** Start the debit: processing, under a new mandate, settling after the sandbox's delay. */
export async function startDebit(
  ctx: SandboxContext,
  trx: SandboxTrx,
  row: IntentRow,
  pm: PaymentMethodRow,
  created = false,
): Promise<IntentRow> {
  const next: IntentRow = {
    ...row,
    status: 'processing',
    payment_method_id: pm.id,
    last_error: null,
    charge_id: newObjectId('py'),
    mandate_id: newId('mandate'),
    settles_at: ctx.clock.now().getTime() + ctx.becsDelayMs,
  };
  await saveAndAnnounce(ctx, trx, next, 'payment_intent.processing', { pm, created });
  return next;
}

/** The bank's final word on one processing debit (no-op unless it is still processing and due). */
async function settleOne(ctx: SandboxContext, id: string, nowMs: number): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await lockIntent(ctx, trx, id);
    const waiting = row?.status === 'requires_action';
    if (
      !row ||
      !(row.status === 'processing' || waiting) ||
      row.settles_at === null ||
      row.settles_at > nowMs
    )
      return false;
    const pm = row.payment_method_id
      ? await trx
          .selectFrom('sandbox_payment_methods')
          .selectAll()
          .where('id', '=', row.payment_method_id)
          .executeTakeFirst()
      : undefined;
    if (waiting) {
      // A PayTo request the customer's bank answers by itself (or lets expire): payto.ts.
      await answerDue(ctx, trx, row, pm);
      return true;
    }
    const outcome = (pm && testBankAccountByKey(pm.test_card)?.outcome) ?? { kind: 'succeed' as const };
    if (outcome.kind === 'fail') {
      await failWithBankReason(ctx, trx, row, pm, outcome);
      return true;
    }
    const succeeded = { ...row, status: 'succeeded', settles_at: null };
    await saveAndAnnounce(ctx, trx, succeeded, 'payment_intent.succeeded', { pm });
    if (outcome.kind === 'succeed_then_dispute') await createDispute(ctx, trx, succeeded, outcome.reason);
    return true;
  });
}

/**
 * Settle every processing debit whose delay is over (oldest first); returns how many settled and when
 * the next one falls due (ms; null: none processing).
 */
export async function settleDueDebits(
  ctx: SandboxContext,
): Promise<{ settled: number; nextDueAt: number | null }> {
  const nowMs = ctx.clock.now().getTime();
  const due = await ctx.db
    .selectFrom('sandbox_payment_intents')
    .select('id')
    .where('status', 'in', ['processing', 'requires_action'])
    .where('settles_at', '<=', nowMs)
    .orderBy('settles_at')
    .limit(200)
    .execute();
  let settled = 0;
  for (const { id } of due) if (await settleOne(ctx, id, nowMs)) settled++;
  const next = await ctx.db
    .selectFrom('sandbox_payment_intents')
    .select((eb) => eb.fn.min('settles_at').as('at'))
    .where('status', 'in', ['processing', 'requires_action'])
    .executeTakeFirst();
  return { settled, nextDueAt: next?.at == null ? null : Number(next.at) };
}

async function createDispute(
  ctx: SandboxContext,
  trx: SandboxTrx,
  row: IntentRow,
  reason: string,
): Promise<DisputeRow> {
  const dispute: DisputeRow = {
    id: newObjectId('dp'),
    account_id: row.account_id,
    payment_intent_id: row.id,
    charge_id: row.charge_id as string,
    amount: row.amount - row.amount_refunded,
    currency: row.currency,
    reason,
    status: 'needs_response',
    created: seconds(ctx.clock),
  };
  await trx.insertInto('sandbox_disputes').values(dispute).execute();
  await enqueueEvent(trx, ctx, 'charge.dispute.created', row.account_id, disputeJson(dispute));
  return dispute;
}

/**
 * Test mode only: the customer's bank disputes a succeeded payment (what Stripe's disputed test
 * accounts and cards do). Announced as `charge.dispute.created`.
 */
export async function openDispute(
  ctx: SandboxContext,
  input: { intentId: string; account: string; reason?: string },
) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await lockIntent(ctx, trx, input.intentId);
    if (!row || row.account_id !== input.account) throw noSuchIntent(input.intentId);
    if (row.status !== 'succeeded' || !row.charge_id)
      throw invalid(`This PaymentIntent (${row.id}) has no succeeded charge to dispute.`, {
        code: 'charge_not_disputable',
      });
    const open = await trx
      .selectFrom('sandbox_disputes')
      .select('id')
      .where('payment_intent_id', '=', row.id)
      .executeTakeFirst();
    if (open) throw invalid(`Charge ${row.charge_id} is already disputed.`, { code: 'charge_disputed' });
    return disputeJson(await createDispute(ctx, trx, row, input.reason ?? 'general'));
  });
}
