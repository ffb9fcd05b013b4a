/**
 * A signed pay link opened on the pay page: `/api/pay/session?merchant=pl_…&invoice=…&amount=…&currency=…`
 * (the hosted page passes its path segment as `merchant`). The link is checked before anything is
 * shown: its signature (forged or altered → 400), that the invoice, amount and currency in the URL
 * are the ones signed (a changed amount → 400), and that it is neither canceled nor expired (410,
 * naming the merchant to ask for a new one). What the page then shows is the signed amount,
 * observed with the S of the link's creation: the observation recorded (credible) when it was made,
 * which a payment through it therefore finds (api/payments/create/service.ts upserts the same (A, S)).
 */
import { invoiceNumberKey } from '../../core/invoice-number.ts';
import { formatMoney, parseLinkAmount } from '../../core/money.ts';
import type { AppDeps } from '../context.ts';
import type { Merchant, PayLink } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { findMerchantById } from '../merchants/rows.ts';
import { findPayLink } from './repository.ts';
import { isPayLinkToken, payLinkIdOf, verifyPayLinkToken } from './token.ts';

export const ALTERED_LINK_MESSAGE =
  'This payment link has been altered: its invoice, amount or currency is not the one it was issued with. ' +
  'Please use the link exactly as you received it.';

export interface SignedLink {
  id: string;
  merchant: Merchant;
  amount: number;
  /** S when the link was made (its observation's S_i). */
  writtenBack: number;
  /** Milliseconds since the epoch, or null when it does not expire. */
  expiresAtMs: number | null;
}

const altered = () => new AppError('validation_failed', ALTERED_LINK_MESSAGE, { field: 'amount' });

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** The signed link a pay-session query names, checked; null when the query is an ordinary link. */
export async function signedLinkOf(
  deps: AppDeps,
  q: { merchant?: string; invoice?: string; amount?: string; currency?: string },
  nowMs: number,
): Promise<SignedLink | null> {
  const token = q.merchant?.trim();
  if (!isPayLinkToken(token)) return null;
  const id = payLinkIdOf(token);
  if (!id) throw altered();
  const link = await findPayLink(deps.database.db, id);
  if (!link || !verifyPayLinkToken(deps.config.jwtSecret, token, link)) throw altered();
  const currency = (q.currency ?? 'AUD').trim().toUpperCase();
  if (
    currency !== link.currency ||
    invoiceNumberKey(q.invoice ?? '') !== invoiceNumberKey(link.invoice_number) ||
    parseLinkAmount(q.amount, link.currency) !== link.amount
  )
    throw altered();
  const merchant = await findMerchantById(deps.database.db, link.merchant_id);
  if (!merchant)
    throw new AppError('not_found', 'Could not find the merchant. Please check the URL and try again.');
  assertLinkOpen(link, merchant, nowMs);
  return {
    id: link.id,
    merchant,
    amount: link.amount,
    writtenBack: link.written_back_at_creation,
    expiresAtMs: link.expires_at ? Date.parse(link.expires_at) : null,
  };
}

/** A canceled or expired link takes no payment (410, naming the merchant to ask for a new one). */
function assertLinkOpen(link: PayLink, merchant: Pick<Merchant, 'business_name'>, nowMs: number): void {
  if (link.canceled_at)
    throw new AppError(
      'gone',
      `This payment link was canceled. Please ask ${merchant.business_name} for a new one.`,
    );
  if (link.expires_at && Date.parse(link.expires_at) <= nowMs)
    throw new AppError(
      'gone',
      `This payment link expired on ${day(link.expires_at)}. Please ask ${merchant.business_name} for a new one ` +
        `(it was for ${formatMoney(link.amount, link.currency)} on invoice ${link.invoice_number}).`,
    );
}

/**
 * A pay page opened on a signed link before it was canceled or expired: its quotes and payments
 * check the link again, so a page left open does not pay a link the merchant withdrew.
 */
export async function assertSessionLinkOpen(
  deps: AppDeps,
  payLinkId: string,
  merchant: Pick<Merchant, 'business_name'>,
  nowMs: number,
): Promise<{ metadata: string | null }> {
  const link = await findPayLink(deps.database.db, payLinkId);
  if (link) assertLinkOpen(link, merchant, nowMs);
  return { metadata: link?.metadata ?? null };
}
