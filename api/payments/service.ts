/**
 * Creating a payment (DESIGN §3.2–3.6): the server computes surcharge, total and platform fee
 * from the merchant's policy; checks the amount against the invoice balance and reserves it in the
 * same transaction (the invoice row is locked on PostgreSQL, SQLite's write transaction serialises);
 * then asks the provider for an intent outside the transaction. A provider refusal releases the
 * reservation at once (no answer at all keeps it briefly: the intent may exist); a new attempt from
 * the same pay session first replaces the session's unconfirmed one (its intent is cancelled at the
 * provider, its reservation released). A retry with the Idempotency-Key of a run that ended without
 * an answer resumes that run's attempt (api/payments/resume.ts); the provider request is rebuilt
 * from the row (api/payments/attempts.ts).
 */
import { normalizeCurrency } from '../../core/currencies.ts';
import { invoiceNumberKey } from '../../core/invoice-number.ts';
import { formatMoney } from '../../core/money.ts';
import { getLiveAmountDue } from '../accounting/live-amount.ts';
import type { AppDeps } from '../context.ts';
import { AppError } from '../errors.ts';
import { availableBalance, checkPaymentAmount, paymentAmountError } from '../invoices/ledger.ts';
import { adjustInvoice, countersOf, lockInvoice, upsertObservation } from '../invoices/repository.ts';
import { INVALID_MERCHANT_MESSAGE, requireReadyAccount, resolveMerchant } from '../merchants/resolve.ts';
import { breakdownFor, policyOf, surchargeFor } from '../merchants/surcharge.ts';
import { verifyPaySession } from '../pay/session-token.ts';
import { obtainIntent, providerKeyFor, recoverIntent, storeIntent, type IntentSource } from './attempts.ts';
import type { IdempotencyClaim } from './idempotency.ts';
import type { CardDetails } from './providers/provider.ts';
import { insertPayment, unconfirmedAttempts } from './repository.ts';
import { answerFor, resumeAttempt } from './resume.ts';
import type { CreatePaymentInput } from './schema.ts';
import { inWriteTransaction } from './group-commit.ts';
import { applyIntent } from './state.ts';

export { belowProviderMinimumMessage, PROCESSING_ERROR_MESSAGE } from './attempts.ts';
export const SESSION_EXPIRED_MESSAGE =
  'Your payment session has expired. Please reload the page and try again.';
export const MISSING_INVOICE_MESSAGE = 'Invalid payment link: the invoice number is missing.';

export const exceedsBalanceMessage = (balance: number, currency: string) =>
  `Payment amount cannot exceed the remaining balance of ${formatMoney(balance, currency)}.`;

export interface CreateContext {
  /** The Idempotency-Key's claim (api/payments/idempotency.ts), if the request sent one. */
  claim: IdempotencyClaim | null;
  ip: string | null;
}

export async function createPayment(deps: AppDeps, input: CreatePaymentInput, ctx: CreateContext) {
  const { database, config, clock, payments: provider } = deps;
  // A retry of a run that ended without an answer carries on with that run's attempt: before any
  // check that may have changed since (the session's age) and before replacing session attempts.
  let clientKey = ctx.claim?.key ?? null;
  if (ctx.claim?.resumed) {
    const resumed = await resumeAttempt(deps, ctx.claim);
    if (resumed === 'repointed')
      clientKey = null; // the key's provider key belongs to the ended attempt
    else if (resumed) return resumed;
  }
  const currency = normalizeCurrency(input.currency);
  if (!currency)
    throw new AppError('validation_failed', `Unsupported currency: ${input.currency.toUpperCase()}`, {
      field: 'currency',
    });

  // What the customer's page observed: from the signed pay session, or from the request.
  let session = null as ReturnType<typeof verifyPaySession>;
  if (input.paySessionId) {
    session = verifyPaySession(config.jwtSecret, input.paySessionId, clock.now().getTime());
    if (!session) throw new AppError('bad_request', SESSION_EXPIRED_MESSAGE, { field: 'paySessionId' });
  }
  const merchantRef = input.merchantId || session?.merchantId;
  if (!merchantRef)
    throw new AppError('validation_failed', INVALID_MERCHANT_MESSAGE, { field: 'merchantId' });
  const merchant = await resolveMerchant(database.db, { merchant: merchantRef });
  const invoiceNumber = session?.invoiceNumber ?? input.invoiceNumber?.trim();
  if (!invoiceNumber)
    throw new AppError('validation_failed', MISSING_INVOICE_MESSAGE, { field: 'invoiceNumber' });
  if (
    session &&
    (session.merchantId !== merchant.id ||
      session.currency !== currency ||
      (input.invoiceNumber &&
        invoiceNumberKey(input.invoiceNumber) !== invoiceNumberKey(session.invoiceNumber)))
  )
    throw new AppError(
      'bad_request',
      'This payment does not match the payment page. Please reload the page and try again.',
      { field: 'paySessionId' },
    );
  const account = requireReadyAccount(merchant);
  // A direct API call without a pay session gets the same live check the pay page does.
  const live = session ? null : await getLiveAmountDue(deps, merchant.id, invoiceNumber, currency);
  const linkAmount = session ? session.linkAmount : (live?.amountDue ?? input.amountDue ?? null);

  let card: CardDetails | null = null;
  if (input.paymentMethodId) {
    try {
      card = await provider.retrievePaymentMethod(input.paymentMethodId, account);
    } catch (err) {
      deps.logger.info({ err: (err as Error).message }, 'payment method lookup failed');
      throw new AppError(
        'validation_failed',
        'Your card could not be read. Please check the card details and try again.',
        { field: 'paymentMethodId' },
      );
    }
  }
  const { bps, rule } = surchargeFor(policyOf(merchant), card, merchant.country);
  const breakdown = breakdownFor(input.amount, bps, config.platformFeeBps);

  if (session) await replaceSessionAttempts(deps, session.sid);

  const paymentId = ctx.claim?.paymentId ?? crypto.randomUUID();
  const now = clock.now();
  const nowIso = now.toISOString();
  const reservedUntil = new Date(now.getTime() + config.reservationTtlMinutes * 60_000).toISOString();
  // Everything the provider's create request is built from, stored on the row so that any later run
  // rebuilds the identical request (api/payments/attempts.ts).
  const attempt: IntentSource = {
    id: paymentId,
    merchant_id: merchant.id,
    invoice_number: invoiceNumber,
    currency,
    amount: breakdown.amount,
    surcharge: breakdown.surcharge,
    surcharge_bps: breakdown.surchargeBps,
    platform_fee: breakdown.platformFee,
    total_amount: breakdown.total,
    stripe_connect_account_id: account,
    customer_email: input.customerEmail ? input.customerEmail.toLowerCase() : null,
    provider_idempotency_key: providerKeyFor(clientKey, paymentId),
    payment_method_id: input.paymentMethodId || null,
  };

  // One write transaction (grouped with concurrent creations' under one commit on SQLite).
  const reservation = await inWriteTransaction(database, async (trx) => {
    const invoice = await lockInvoice(
      trx,
      database.dialect,
      { merchantId: merchant.id, invoiceNumber, currency },
      nowIso,
    );
    const counters = countersOf(invoice);
    const writtenBack = session ? session.writtenBack : counters.writtenBack;
    const balance = availableBalance(counters, { amount: linkAmount, writtenBack });
    const check = checkPaymentAmount(input.amount, balance, currency, breakdown.total);
    if (!check.ok) throw paymentAmountError(check, currency, merchant.business_name);
    const observationId =
      linkAmount !== null
        ? await upsertObservation(
            trx,
            invoice.id,
            linkAmount,
            writtenBack,
            nowIso,
            session?.source ?? (live ? 'live' : 'typed'),
          )
        : null;
    await insertPayment(trx, {
      ...attempt,
      invoice_id: invoice.id,
      observation_id: observationId,
      surcharge_rule: rule,
      link_amount: linkAmount,
      provider: provider.mode,
      pay_session_id: session?.sid ?? null,
      status: 'pending',
      reserved_until: reservedUntil,
      client_ip: ctx.ip,
      card_brand: card?.brand ?? null,
      card_last4: card?.last4 ?? null,
      card_funding: card?.funding ?? null,
      card_country: card?.country ?? null,
      created_at: nowIso,
      updated_at: nowIso,
    });
    await adjustInvoice(trx, invoice.id, { reserved: breakdown.amount }, nowIso);
    return { balance };
  });

  const intent = await obtainIntent(deps, attempt);
  await storeIntent(deps, paymentId, intent.id, null);
  return answerFor(
    { ...attempt, surcharge_rule: rule },
    intent,
    reservation.balance === null ? null : reservation.balance - breakdown.amount,
  );
}

/**
 * A new attempt from a pay session replaces the session's unconfirmed ones: cancel each intent at
 * the provider first (it may turn out to have succeeded — then that success is recorded), then the
 * cancellation releases its reservation. An attempt whose intent id was never recorded (the provider
 * did not answer, or a crash) is found by re-sending its create request (api/payments/attempts.ts);
 * one still being created is replaced all the same — the newer attempt is the one the customer wants.
 */
export async function replaceSessionAttempts(deps: AppDeps, paySessionId: string): Promise<void> {
  const attempts = await unconfirmedAttempts(deps.database.db, paySessionId);
  for (const attempt of attempts) {
    if (!attempt.stripe_connect_account_id) continue;
    try {
      const intentId = attempt.payment_intent_id ?? (await recoverIntent(deps, attempt))?.id;
      if (!intentId) continue; // nothing the provider knows of; the expiry sweep releases it
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
