/**
 * What a quote and a payment are for, resolved the same way for both: the pay session the widget
 * opened (a signed observation of the link) or, for a direct API call, the merchant, invoice and
 * link amount in the request — with the live accounting check a pay page gets. The merchant must be
 * connected and able to take charges.
 */
import { PAY_MESSAGES } from '../../../core/messages.ts';
import { normalizeCurrency } from '../../../core/currencies.ts';
import { invoiceNumberKey } from '../../../core/invoice-number.ts';
import { liveAmountDue } from '../amount-due.ts';
import type { AppDeps } from '../../context.ts';
import type { Merchant, ObservationSource } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { INVALID_MERCHANT_MESSAGE, paymentMerchant, requireReadyAccount } from '../../merchants/resolve.ts';
import { verifyPaySession, type PaySessionClaims } from '../../invoices/pay-session-token.ts';
import { enforceDeclineLimits } from './declines.ts';
import { assertSessionLinkOpen } from '../../pay-links/session.ts';

export const SESSION_EXPIRED_MESSAGE =
  'Your payment session has expired. Please reload the page and try again.';
export const MISSING_INVOICE_MESSAGE = PAY_MESSAGES.missingInvoice;
export const SESSION_MISMATCH_MESSAGE =
  'This payment does not match the payment page. Please reload the page and try again.';

export interface PaymentContextInput {
  merchantId?: string | null;
  invoiceNumber?: string | null;
  currency: string;
  paySessionId?: string | null;
  amountDue?: number | null;
}

export interface PaymentContext {
  session: PaySessionClaims | null;
  merchant: Merchant;
  account: string;
  invoiceNumber: string;
  currency: string;
  /** The link's amount due (the live one when an accounting tool answers), or null. */
  linkAmount: number | null;
  /** S when the link was observed (the session's), or null to use the invoice's current one. */
  writtenBack: number | null;
  /** Where the link amount came from, recorded with its observation. */
  source: ObservationSource;
  /** The pay link's metadata (stored form), which the payment starts with; null without a link. */
  linkMetadata: string | null;
}

export function currencyOf(raw: string): string {
  const currency = normalizeCurrency(raw);
  if (!currency)
    throw new AppError('validation_failed', `Unsupported currency: ${raw.toUpperCase()}`, {
      field: 'currency',
    });
  return currency;
}

export function sessionOf(deps: AppDeps, paySessionId: string | null | undefined): PaySessionClaims | null {
  if (!paySessionId) return null;
  const session = verifyPaySession(deps.config.jwtSecret, paySessionId, deps.clock.now().getTime());
  if (!session) throw new AppError('bad_request', SESSION_EXPIRED_MESSAGE, { field: 'paySessionId' });
  return session;
}

export async function resolvePaymentContext(
  deps: AppDeps,
  input: PaymentContextInput,
): Promise<PaymentContext> {
  const currency = currencyOf(input.currency);
  const session = sessionOf(deps, input.paySessionId);
  const merchantRef = input.merchantId || session?.merchantId;
  if (!merchantRef)
    throw new AppError('validation_failed', INVALID_MERCHANT_MESSAGE, { field: 'merchantId' });
  const merchant = await paymentMerchant(deps, merchantRef);
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
    throw new AppError('bad_request', SESSION_MISMATCH_MESSAGE, { field: 'paySessionId' });
  const account = requireReadyAccount(merchant);
  // A link's metadata becomes the payment's (the integrator's data follows the money).
  const linkMetadata = session?.payLinkId
    ? (await assertSessionLinkOpen(deps, session.payLinkId, merchant, deps.clock.now().getTime())).metadata
    : null;
  // A direct API call without a pay session gets the same live check the pay page does.
  const live = session ? null : await liveAmountDue(deps, merchant.id, invoiceNumber, currency);
  const linkAmount = session ? session.linkAmount : (live?.amountDue ?? input.amountDue ?? null);
  return {
    session,
    merchant,
    account,
    invoiceNumber,
    currency,
    linkAmount,
    writtenBack: session ? session.writtenBack : null,
    source: session?.source ?? (live ? 'live' : 'typed'),
    linkMetadata,
  };
}

/**
 * The context of a quote or a payment, once its pay session, invoice and client address are within
 * their decline limits (declines.ts): past them, 429 with the time to try again.
 */
export async function contextWithinLimits(
  deps: AppDeps,
  input: PaymentContextInput,
  ip: string | null,
): Promise<PaymentContext> {
  const ctx = await resolvePaymentContext(deps, input);
  await enforceDeclineLimits(deps, {
    sid: ctx.session?.sid ?? null,
    merchantId: ctx.merchant.id,
    invoiceNumber: ctx.invoiceNumber,
    currency: ctx.currency,
    ip,
  });
  return ctx;
}
