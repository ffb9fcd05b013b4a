/**
 * Creating a payment (DESIGN §3.2–3.6, §4b): the server confirms every charge. The request carries
 * the confirmation token the customer's payment details became and the quote the customer saw for
 * it (api/payments/create/quote.ts); the quote must still hold — same token, amount and link, the same
 * rule for that method, not expired — or the answer is 409 with the new breakdown and nothing is
 * charged. Then, in one transaction, the balance is checked and the amount reserved (the invoice
 * row is locked on PostgreSQL; SQLite's write transaction serialises, grouped under one commit);
 * then the provider creates and confirms the intent in one idempotent call, and its answer is
 * applied (api/payments/create/confirm-answer.ts): succeeded, processing, requires_action (3-D Secure) or
 * declined — a declined intent is cancelled and its reservation released in the same step.
 *
 * A reservation therefore exists only while a real charge is under way. A retry with the
 * Idempotency-Key of a run that ended without an answer resumes that run's attempt
 * (api/payments/create/resume.ts); the provider request is rebuilt from the row (api/payments/create/attempts.ts).
 */
import type { Trx } from '../../db/database.ts';
import type { PaymentMethodType } from '../../db/types.ts';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import {
  authoritativeLimit,
  countersOf,
  lockInvoiceForPayment,
  observeLink,
  reserve,
} from '../../invoices/holds.ts';
import { availableBalance } from '../../invoices/ledger.ts';
import { assertPayable } from './amount-check.ts';
import {
  obtainIntent,
  providerKeyFor,
  recoverIntent,
  releaseWithoutCharge,
  type IntentSource,
} from './attempts.ts';
import { inWriteTransaction } from '../../db/group-commit.ts';
import { idempotencyLeaseMs, type IdempotencyClaim } from './idempotency.ts';
import { settleAttempt, type CreateResult } from './confirm-answer.ts';
import { contextWithinLimits, type PaymentContext } from './payment-context.ts';
import { assertMethodOffered, assertPaymentsOpen, priceQuote, rateFor } from './quote.ts';
import { requireChallenge, requireNoUnpaidHold } from './challenge.ts';
import { readQuote, type QuoteClaims } from './quote-token.ts';
import { accountMethodOf } from '../../merchants/bank-debit.ts';
import { insertPayment, replaceableAttempts } from '../repository.ts';
import { resumeAttempt } from './resume.ts';
import type { CreatePaymentInput } from '../schema.ts';
import { breakdownFor } from '../../merchants/surcharge.ts';
import { applyIntent } from '../lifecycle/state.ts';
import { assertAttemptWithinLimits, assertNoUnfinishedAttempt } from './declines.ts';
import { nextSeq } from '../../db/sequence.ts';
import { newRowId } from '../../db/row-id.ts';

export { PROCESSING_ERROR_MESSAGE } from './attempts.ts';
export { MISSING_INVOICE_MESSAGE, SESSION_EXPIRED_MESSAGE } from './payment-context.ts';

export const QUOTE_CHANGED_MESSAGE =
  'The total for these payment details has changed. Please check the new total and press Pay again.';

export interface CreateContext {
  /** The Idempotency-Key's claim (api/payments/create/idempotency.ts). */
  claim: IdempotencyClaim | null;
  ip: string | null;
}

/**
 * The quote the request names, if it still holds for this request; otherwise a 409 carrying a new
 * quote for what the request asks (the server prices the token again), so nothing is charged at a
 * price the customer did not see. That new quote is a chargeable quote like the quote route's, so
 * it passes the same gate: past a decline ceiling, 428 with a challenge (solved, then quoted on the
 * quote route) instead — a made-up quote id is no way around the card-testing challenge. A quote
 * that holds is still refused (428) while the payer owes the challenge for a hold that ended unpaid
 * after the quote was made (the quote route's challenge settled what was owed before).
 */
async function holdingQuote(
  deps: AppDeps,
  ctx: PaymentContext,
  input: CreatePaymentInput,
  ip: string | null,
): Promise<QuoteClaims & { cap: number | null }> {
  const payer = { merchantId: ctx.merchant.id, sid: ctx.session?.sid ?? null, ip };
  const q = readQuote(deps.config.jwtSecret, input.quoteId);
  const holds =
    q !== null &&
    q.expiresAt > deps.clock.now().getTime() &&
    q.token === input.confirmationToken &&
    q.amount === input.amount &&
    q.merchantId === ctx.merchant.id &&
    q.invoiceNumber === ctx.invoiceNumber &&
    q.currency === ctx.currency &&
    q.sid === (ctx.session?.sid ?? null);
  if (holds) {
    const now = rateFor(ctx, q.method);
    const total = breakdownFor(q.amount, now.bps, deps.config.platformFeeBps, now.cap).total;
    if (now.bps === q.bps && now.rule === q.rule && total === q.total) {
      await requireNoUnpaidHold(deps, payer);
      return { ...q, cap: now.cap };
    }
  }
  await requireChallenge(deps, payer, undefined);
  const quote = await priceQuote(deps, ctx, input.amount, input.confirmationToken);
  throw new AppError('conflict', QUOTE_CHANGED_MESSAGE, { field: 'quoteId', extra: { quote } });
}

export async function createPayment(
  deps: AppDeps,
  input: CreatePaymentInput,
  run: CreateContext,
): Promise<CreateResult> {
  const { database, config, clock } = deps;
  // A retry of a run that ended without an answer carries on with that run's attempt: before any
  // check that may have changed since (the quote's age, the balance).
  let clientKey = run.claim?.key ?? null;
  if (run.claim?.resumed) {
    const resumed = await resumeAttempt(deps, run.claim);
    if (resumed === 'repointed')
      clientKey = null; // the key's provider key belongs to the ended attempt
    else if (resumed) return resumed;
  }
  assertPaymentsOpen(deps); // a retry above finishes its run; nothing new starts while paused
  const ctx = await contextWithinLimits(deps, input, run.ip);
  const quote = await holdingQuote(deps, ctx, input, run.ip);
  // The merchant may have switched bank debit off (or raised its minimum) since the quote.
  assertMethodOffered(ctx, quote.method, input.amount);
  const breakdown = breakdownFor(input.amount, quote.bps, config.platformFeeBps, quote.cap);

  if (ctx.session) await replaceSessionAttempts(deps, ctx.session.sid);

  const paymentId = run.claim?.paymentId ?? newRowId();
  const now = clock.now();
  const attempt = attemptOf(ctx, input, quote, breakdown, paymentId, providerKeyFor(clientKey, paymentId));
  // One write transaction (grouped with concurrent creations' under one commit on SQLite).
  const balance = await inWriteTransaction(database, async (trx) => {
    await run.claim?.record(trx); // the key is claimed by the same commit as its reservation
    return reserveAttempt(trx, deps, { ctx, input, quote, breakdown, attempt, ip: run.ip, now });
  });

  const intent = await obtainIntent(deps, attempt);
  return settleAttempt(deps, paymentId, intent, balance === null ? null : balance - breakdown.amount, {
    claim: run.claim,
  });
}

type HeldQuote = Awaited<ReturnType<typeof holdingQuote>>;
type Breakdown = ReturnType<typeof breakdownFor>;

/**
 * Everything the provider's create request is built from, stored on the row so that a retry
 * rebuilds the identical request (api/payments/create/attempts.ts).
 */
function attemptOf(
  ctx: PaymentContext,
  input: CreatePaymentInput,
  quote: HeldQuote,
  breakdown: Breakdown,
  paymentId: string,
  providerKey: string,
): IntentSource {
  // A bank debit or PayTo: an account, not a card (the type is the quoted one).
  const bankDebit = accountMethodOf(quote.method.type) !== null;
  return {
    id: paymentId,
    merchant_id: ctx.merchant.id,
    invoice_number: ctx.invoiceNumber,
    currency: ctx.currency,
    amount: breakdown.amount,
    surcharge: breakdown.surcharge,
    surcharge_bps: breakdown.surchargeBps,
    platform_fee: breakdown.platformFee,
    total_amount: breakdown.total,
    stripe_connect_account_id: ctx.account,
    customer_email: input.customerEmail ? input.customerEmail.toLowerCase() : null,
    reference: input.reference || null,
    provider_idempotency_key: providerKey,
    payment_method_id: null,
    confirmation_token: input.confirmationToken,
    method_type: bankDebit ? (quote.method.type as PaymentMethodType) : 'card',
  };
}

/**
 * In the creation's write transaction: the invoice locked, the attempt limits and the balance
 * checked against everyone else's reservations, the link observed, the payment inserted pending
 * with its quoted method, and its amount reserved. Answers the balance it was checked against.
 */
async function reserveAttempt(
  trx: Trx,
  deps: AppDeps,
  a: {
    ctx: PaymentContext;
    input: CreatePaymentInput;
    quote: HeldQuote;
    breakdown: Breakdown;
    attempt: IntentSource;
    ip: string | null;
    now: Date;
  },
): Promise<number | null> {
  const { database, payments: provider } = deps;
  const { ctx, input, quote, breakdown, attempt, now, ip } = a;
  const nowIso = now.toISOString();
  const bankDebit = accountMethodOf(quote.method.type) !== null;
  const invoice = await lockInvoiceForPayment(
    trx,
    database.dialect,
    { merchantId: ctx.merchant.id, invoiceNumber: ctx.invoiceNumber, currency: ctx.currency },
    nowIso,
  );
  // Past the quote's check: simultaneous attempts are counted here, one after another.
  await assertAttemptWithinLimits(trx, deps, { sid: ctx.session?.sid ?? null, ip });
  await assertNoUnfinishedAttempt(trx, deps, invoice.id, { sid: ctx.session?.sid ?? null, ip });
  const counters = countersOf(invoice);
  // A signed link's page: only authoritative observations cap it (an unsigned typed link never does).
  if (ctx.session?.payLinkId) counters.credibleLimit = await authoritativeLimit(trx, invoice.id);
  const writtenBack = ctx.writtenBack ?? counters.writtenBack;
  const available = availableBalance(counters, { amount: ctx.linkAmount, writtenBack });
  assertPayable(
    input.amount,
    available,
    ctx.currency,
    breakdown.total,
    ctx.merchant.business_name,
    counters.reserved,
    quote.method.type,
  );
  const observationId =
    ctx.linkAmount !== null
      ? await observeLink(
          trx,
          invoice.id,
          { amount: ctx.linkAmount, writtenBack, source: ctx.source },
          nowIso,
        )
      : null;
  const m = quote.method;
  await insertPayment(trx, {
    ...attempt,
    seq: nextSeq(),
    method_type: attempt.method_type ?? 'card',
    invoice_id: invoice.id,
    observation_id: observationId,
    surcharge_rule: quote.rule,
    link_amount: ctx.linkAmount,
    provider: provider.mode,
    pay_session_id: ctx.session?.sid ?? null,
    status: 'pending',
    // The charge is under way now: held for the provider's answer (the idempotency lease bounds
    // a call with the SDK's retries); a 3-D Secure step then gets the action window.
    reserved_until: new Date(now.getTime() + idempotencyLeaseMs(deps.config)).toISOString(),
    client_ip: ip,
    quoted_method: JSON.stringify(m),
    card_brand: bankDebit ? null : m.brand,
    card_last4: bankDebit ? null : m.last4,
    card_funding: bankDebit ? null : m.funding,
    card_country: bankDebit ? null : m.country,
    card_wallet: bankDebit ? null : m.wallet,
    bank_last4: bankDebit ? m.last4 : null,
    metadata: ctx.linkMetadata,
    created_at: nowIso,
    updated_at: nowIso,
  });
  await reserve(trx, invoice.id, breakdown.amount, nowIso);
  return available;
}

/**
 * A new attempt from a pay session replaces the session's abandoned ones: one waiting for a 3-D
 * Secure step the customer left, or one whose provider call ended without an answer (its reservation
 * held for the lease only). Each intent is cancelled at the provider first (it may turn out to have
 * succeeded — then that success is recorded), then the cancellation releases its reservation. An
 * attempt still waiting for its own provider answer is left alone.
 */
export async function replaceSessionAttempts(deps: AppDeps, paySessionId: string): Promise<void> {
  const attempts = await replaceableAttempts(deps.database.db, paySessionId, deps.clock.now().toISOString());
  for (const attempt of attempts) {
    if (!attempt.stripe_connect_account_id) continue;
    try {
      const intentId = attempt.payment_intent_id ?? (await recoverIntent(deps, attempt))?.id;
      if (!intentId) {
        // Its token confirmed nothing: nothing was charged (a request still on its way would be
        // recorded as a late success, like any other).
        await releaseWithoutCharge(deps, attempt.id);
        continue;
      }
      const intent = await deps.payments.cancelIntent(intentId, attempt.stripe_connect_account_id);
      await applyIntent(deps, attempt.id, intent);
    } catch (err) {
      deps.logger.warn(
        { paymentId: attempt.id, err: (err as Error).message },
        'could not cancel a replaced attempt',
      );
    }
  }
}
