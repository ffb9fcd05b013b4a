/**
 * `POST /api/payments/quote` (DESIGN §3.2): the price of paying `amount` with the payment method a
 * confirmation token previews. The server reads the token from the provider on the merchant's
 * connected account — never the browser's word — applies the merchant's surcharge rules to that
 * method (card funding, brand, domestic or international; a wallet is its underlying card; a bank
 * debit its own rule with its cap, where the merchant offers bank debit for the invoice), and
 * answers the breakdown, the rule that applied and a signed quote id (api/payments/create/quote-token.ts).
 * It writes nothing and holds no money: no reservation, no intent. The amount is checked against
 * the balance now, as a courtesy; the payment itself checks it again when it reserves.
 */
import { describePaymentMethod } from '../../../core/payment-method.ts';
import { percentageFromBps } from '../../../core/money.ts';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { availableBalance } from '../../invoices/ledger.ts';
import { authoritativeLimit, ledgerByKey } from '../../invoices/holds.ts';
import {
  accountMethodOf,
  BANK_DEBIT_NOT_OFFERED,
  BANK_DEBIT_TYPE,
  bankDebitOffered,
  bankDebitPolicyOf,
  bankDebitRate,
  PAYTO_NOT_OFFERED,
  PAYTO_TYPE,
} from '../../merchants/bank-debit.ts';
import { breakdownFor, policyOf, surchargeFor } from '../../merchants/surcharge.ts';
import { assertPayable } from './amount-check.ts';
import { replaceableAttempts } from '../repository.ts';
import { isUnanswered, PAYMENT_DETAILS_EXPIRED, PROCESSING_ERROR_MESSAGE } from './attempts.ts';
import type { PaymentContext } from './payment-context.ts';
import type { ConfirmationToken } from '../../ports/payment-provider.ts';
import { QUOTE_TTL_MS, signQuote, type QuotedMethod } from './quote-token.ts';
import { providerPausedFor } from '../providers/breaker.ts';

export const UNREADABLE_DETAILS = 'Your payment details could not be read. Please check them and try again.';
export const METHOD_NOT_ACCEPTED = 'This payment method is not accepted here. Please pay by card.';
export const MANDATE_NOT_ACCEPTED =
  'Please accept the Direct Debit Request service agreement to pay by bank debit.';

/** The token from the provider, or the customer-facing reason it cannot be used. */
export async function readToken(deps: AppDeps, tokenId: string, account: string): Promise<ConfirmationToken> {
  let token: ConfirmationToken;
  try {
    token = await deps.payments.retrieveConfirmationToken(tokenId, account);
  } catch (err) {
    if (isUnanswered(err)) {
      deps.logger.warn({ err: (err as Error).message }, 'confirmation token lookup got no answer');
      throw new AppError('provider_error', PROCESSING_ERROR_MESSAGE, { cause: err });
    }
    throw new AppError('unprocessable', UNREADABLE_DETAILS, { field: 'confirmationToken', cause: err });
  }
  const nowSeconds = deps.clock.now().getTime() / 1000;
  if (token.paymentIntentId || (token.expiresAt !== null && token.expiresAt <= nowSeconds))
    throw new AppError('unprocessable', PAYMENT_DETAILS_EXPIRED, { field: 'confirmationToken' });
  const usable =
    (token.type === 'card' && token.card) ||
    ((token.type === BANK_DEBIT_TYPE || token.type === PAYTO_TYPE) && token.bankAccount);
  if (!usable) throw new AppError('unprocessable', METHOD_NOT_ACCEPTED, { field: 'confirmationToken' });
  // A bank account is debited only under the Direct Debit Request the customer accepted.
  if (token.type === BANK_DEBIT_TYPE && !token.mandateAccepted)
    throw new AppError('unprocessable', MANDATE_NOT_ACCEPTED, { field: 'confirmationToken' });
  return token;
}

export function quotedMethodFrom(token: ConfirmationToken): QuotedMethod {
  const c = token.card;
  if (accountMethodOf(token.type))
    return {
      type: token.type,
      brand: null,
      funding: null,
      country: 'AU',
      wallet: null,
      last4: token.bankAccount?.last4 ?? null,
    };
  return {
    type: token.type,
    brand: c?.brand ?? null,
    funding: c?.funding ?? null,
    country: c?.country ?? null,
    wallet: c?.wallet ?? null,
    last4: c?.last4 ?? null,
  };
}

/**
 * The merchant's rate for a quoted method (the same function the payment re-checks it with): a card
 * by the card rules, a bank debit or PayTo by the merchant's rule for it (with its cap).
 */
export function rateFor(
  ctx: PaymentContext,
  method: QuotedMethod,
): { bps: number; rule: string; cap: number | null } {
  const account = accountMethodOf(method.type);
  if (account) return bankDebitRate(bankDebitPolicyOf(ctx.merchant, account), ctx.currency, account);
  const card =
    method.type === 'card'
      ? {
          brand: method.brand ?? '',
          funding: (method.funding ?? 'unknown') as 'credit',
          country: method.country,
        }
      : null;
  return { ...surchargeFor(policyOf(ctx.merchant), card, ctx.merchant.country), cap: null };
}

/**
 * A bank debit or PayTo must be offered for this invoice (the merchant has it on, AUD, the invoice
 * amount — the link's, else the payment's — at least the merchant's minimum); cards always are.
 */
export function assertMethodOffered(ctx: PaymentContext, method: Pick<QuotedMethod, 'type'>, amount: number) {
  const account = accountMethodOf(method.type);
  if (!account) return;
  if (!bankDebitOffered(bankDebitPolicyOf(ctx.merchant, account), ctx.currency, ctx.linkAmount ?? amount))
    throw new AppError('unprocessable', account === 'payto' ? PAYTO_NOT_OFFERED : BANK_DEBIT_NOT_OFFERED, {
      field: 'confirmationToken',
    });
}

/**
 * What may be paid through this link now (no lock: a quote holds no money). The pay session's own
 * abandoned attempts do not count: paying replaces them (api/payments/create/service.ts).
 */
export async function balanceNow(
  deps: AppDeps,
  ctx: PaymentContext,
): Promise<{ balance: number | null; held: number }> {
  const { invoiceId, counters } = await ledgerByKey(deps.database.db, {
    merchantId: ctx.merchant.id,
    invoiceNumber: ctx.invoiceNumber,
    currency: ctx.currency,
  });
  // A signed link's page: only authoritative observations cap it (an unsigned typed link never does).
  if (ctx.session?.payLinkId && invoiceId)
    counters.credibleLimit = await authoritativeLimit(deps.database.db, invoiceId);
  if (ctx.session && counters.reserved > 0) {
    const own = await replaceableAttempts(deps.database.db, ctx.session.sid, deps.clock.now().toISOString());
    counters.reserved -= own.reduce((sum, p) => sum + p.amount, 0);
  }
  const balance = availableBalance(counters, {
    amount: ctx.linkAmount,
    writtenBack: ctx.writtenBack ?? counters.writtenBack,
  });
  return { balance, held: counters.reserved };
}

/** Price `amount` for the token's method: the quote answer (also the body of a 409 changed quote). */
export const PAYMENTS_PAUSED = 'Payments are paused for a moment. Please try again shortly.';

/**
 * New quotes and payments wait while the provider keeps failing (api/payments/providers/breaker.ts):
 * 503 at once, with when to try again, instead of a wait for its time-outs.
 */
export function assertPaymentsOpen(deps: AppDeps): void {
  const seconds = providerPausedFor(deps.payments);
  if (seconds > 0)
    throw new AppError('unavailable', PAYMENTS_PAUSED, { headers: { 'Retry-After': String(seconds) } });
}

export async function priceQuote(deps: AppDeps, ctx: PaymentContext, amount: number, tokenId: string) {
  assertPaymentsOpen(deps);
  const [token, { balance, held }] = await Promise.all([
    readToken(deps, tokenId, ctx.account),
    balanceNow(deps, ctx),
  ]);
  const method = quotedMethodFrom(token);
  assertMethodOffered(ctx, method, amount);
  const { bps, rule, cap } = rateFor(ctx, method);
  const breakdown = breakdownFor(amount, bps, deps.config.platformFeeBps, cap);
  assertPayable(
    amount,
    balance,
    ctx.currency,
    breakdown.total,
    ctx.merchant.business_name,
    held,
    method.type,
  );
  const nowMs = deps.clock.now().getTime();
  const tokenExpiry = token.expiresAt === null ? Infinity : token.expiresAt * 1000;
  const expiresAt = Math.min(nowMs + QUOTE_TTL_MS, tokenExpiry);
  const quoteId = signQuote(deps.config.jwtSecret, {
    sid: ctx.session?.sid ?? null,
    merchantId: ctx.merchant.id,
    invoiceNumber: ctx.invoiceNumber,
    currency: ctx.currency,
    amount,
    token: token.id,
    method,
    bps,
    rule,
    total: breakdown.total,
    expiresAt,
  });
  return {
    quoteId,
    expiresAt: new Date(expiresAt).toISOString(),
    currency: ctx.currency,
    confirmationToken: token.id,
    paymentMethod: { ...method, label: describePaymentMethod(method) },
    breakdown: {
      ...breakdown,
      surchargeBps: bps,
      surchargePercentage: Number(percentageFromBps(bps)),
      surchargeCap: cap,
      rule,
    },
    remainingAfter: balance === null ? null : balance - amount,
  };
}
