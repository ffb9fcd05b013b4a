/**
 * Creating a payment (DESIGN §3.2–3.6): the server computes surcharge, total and platform fee
 * from the merchant's policy; checks the amount against the invoice balance and reserves it in the
 * same transaction (the invoice row is locked on PostgreSQL, SQLite's write transaction serialises);
 * then asks the provider for an intent outside the transaction. A provider failure releases the
 * reservation at once; a new attempt from the same pay session first replaces the session's
 * unconfirmed one (its intent is cancelled at the provider, its reservation released).
 */
import { normalizeCurrency } from '../../core/currencies.ts';
import { formatMoney, percentageFromBps } from '../../core/money.ts';
import { getLiveAmountDue } from '../accounting/live-amount.ts';
import type { AppDeps } from '../context.ts';
import { AppError } from '../errors.ts';
import { availableBalance, checkPaymentAmount } from '../invoices/ledger.ts';
import { adjustInvoice, countersOf, lockInvoice, upsertObservation } from '../invoices/repository.ts';
import { INVALID_MERCHANT_MESSAGE, requireReadyAccount, resolveMerchant } from '../merchants/resolve.ts';
import { breakdownFor, policyOf, surchargeFor } from '../merchants/surcharge.ts';
import { verifyPaySession } from '../pay/session-token.ts';
import { ProviderRequestError, type CardDetails } from './providers/provider.ts';
import { insertPayment, isReserving, lockPayment, unconfirmedAttempts, updatePayment } from './repository.ts';
import { INVALID_AMOUNT_MESSAGE, type CreatePaymentInput } from './schema.ts';
import { inWriteTransaction } from './group-commit.ts';
import { applyIntent } from './state.ts';

export const PROCESSING_ERROR_MESSAGE = 'There was an error processing your payment. Please try again.';
export const SESSION_EXPIRED_MESSAGE =
  'Your payment session has expired. Please reload the page and try again.';
export const MISSING_INVOICE_MESSAGE = 'Invalid payment link: the invoice number is missing.';

export const exceedsBalanceMessage = (balance: number, currency: string) =>
  `Payment amount cannot exceed the remaining balance of ${formatMoney(balance, currency)}.`;

/** Card networks refuse tiny charges (Stripe: 0.50); a remainder below that cannot go on a card. */
export const belowProviderMinimumMessage = (total: number, currency: string) =>
  `A card payment of ${formatMoney(total, currency)} is below the card processor's minimum charge. Please contact the merchant to settle this amount.`;

export interface CreateContext {
  idempotencyKey: string | null;
  ip: string | null;
}

export async function createPayment(deps: AppDeps, input: CreatePaymentInput, ctx: CreateContext) {
  const { database, config, clock, payments: provider } = deps;
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
      (input.invoiceNumber && input.invoiceNumber.trim() !== session.invoiceNumber))
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

  const paymentId = crypto.randomUUID();
  const now = clock.now();
  const nowIso = now.toISOString();
  const reservedUntil = new Date(now.getTime() + config.reservationTtlMinutes * 60_000).toISOString();

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
    const check = checkPaymentAmount(input.amount, balance, currency);
    if (!check.ok) {
      if (check.reason === 'exceeds_balance')
        throw new AppError('unprocessable', exceedsBalanceMessage(check.balance ?? 0, currency), {
          field: 'amount',
        });
      if (check.reason === 'below_minimum')
        throw new AppError(
          'validation_failed',
          `The minimum payment is ${formatMoney(check.minimum, currency)}.`,
          { field: 'amount' },
        );
      throw new AppError('validation_failed', INVALID_AMOUNT_MESSAGE, { field: 'amount' });
    }
    const observationId =
      linkAmount !== null ? await upsertObservation(trx, invoice.id, linkAmount, writtenBack, nowIso) : null;
    await insertPayment(trx, {
      id: paymentId,
      merchant_id: merchant.id,
      invoice_id: invoice.id,
      observation_id: observationId,
      invoice_number: invoiceNumber,
      currency,
      amount: breakdown.amount,
      surcharge: breakdown.surcharge,
      surcharge_bps: breakdown.surchargeBps,
      surcharge_rule: rule,
      platform_fee: breakdown.platformFee,
      total_amount: breakdown.total,
      link_amount: linkAmount,
      provider: provider.mode,
      pay_session_id: session?.sid ?? null,
      stripe_connect_account_id: account,
      status: 'pending',
      reserved_until: reservedUntil,
      customer_email: input.customerEmail ? input.customerEmail.toLowerCase() : null,
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

  let intent;
  try {
    intent = await provider.createIntent({
      amount: breakdown.total,
      currency: currency.toLowerCase(),
      applicationFeeAmount: breakdown.platformFee,
      connectedAccountId: account,
      description: `Invoice: ${invoiceNumber}`,
      metadata: {
        paymentId,
        merchantId: merchant.id,
        invoiceNumber,
        baseAmount: String(breakdown.amount),
        surchargeAmount: String(breakdown.surcharge),
        platformFee: String(breakdown.platformFee),
        surcharge_percentage: percentageFromBps(breakdown.surchargeBps),
      },
      idempotencyKey: ctx.idempotencyKey ? `create-${ctx.idempotencyKey}` : `payment-${paymentId}`,
      paymentMethodId: input.paymentMethodId ?? null,
      receiptEmail: input.customerEmail || null,
    });
  } catch (err) {
    deps.logger.warn({ paymentId, err: (err as Error).message }, 'provider refused to create the intent');
    await releaseFailedCreation(deps, paymentId, (err as Error).message);
    if (err instanceof ProviderRequestError && err.code === 'amount_too_small')
      throw new AppError('unprocessable', belowProviderMinimumMessage(breakdown.total, currency), {
        field: 'amount',
      });
    throw new AppError('provider_error', PROCESSING_ERROR_MESSAGE);
  }
  // Stored before answering, so the browser never holds a client secret we did not record; grouped
  // with concurrent creations' writes under one commit on SQLite.
  await inWriteTransaction(database, (trx) =>
    updatePayment(trx, paymentId, {
      payment_intent_id: intent.id,
      session_id: intent.id,
      updated_at: clock.now().toISOString(),
    }),
  );

  return {
    clientSecret: intent.clientSecret,
    id: intent.id,
    paymentIntentId: intent.id,
    paymentId,
    stripeConnectAccountId: account,
    status: 'pending',
    currency,
    breakdown: { ...breakdown, surchargePercentage: Number(percentageFromBps(breakdown.surchargeBps)), rule },
    remainingAfter: reservation.balance === null ? null : reservation.balance - breakdown.amount,
  };
}

/** The provider never created an intent: release the reservation and record why. */
async function releaseFailedCreation(deps: AppDeps, paymentId: string, reason: string): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    const payment = await lockPayment(trx, deps.database.dialect, paymentId);
    if (!payment || !isReserving(payment.status)) return;
    const now = deps.clock.now().toISOString();
    if (payment.invoice_id) await adjustInvoice(trx, payment.invoice_id, { reserved: -payment.amount }, now);
    await updatePayment(trx, paymentId, {
      status: 'failed',
      reserved_until: null,
      failure_code: 'provider_error',
      failure_message: reason.slice(0, 500),
      updated_at: now,
    });
  });
}

/**
 * A new attempt from a pay session replaces the session's unconfirmed ones: cancel each intent at
 * the provider first (it may turn out to have succeeded — then that success is recorded), then the
 * cancellation releases its reservation.
 */
export async function replaceSessionAttempts(deps: AppDeps, paySessionId: string): Promise<void> {
  const attempts = await unconfirmedAttempts(deps.database.db, paySessionId);
  for (const attempt of attempts) {
    if (!attempt.payment_intent_id || !attempt.stripe_connect_account_id) continue; // still being created
    try {
      const intent = await deps.payments.cancelIntent(
        attempt.payment_intent_id,
        attempt.stripe_connect_account_id,
      );
      await applyIntent(deps, attempt.id, intent);
    } catch (err) {
      deps.logger.warn(
        { paymentId: attempt.id, err: (err as Error).message },
        'could not cancel a replaced attempt',
      );
    }
  }
}
