/**
 * The success page's decisions, kept free of React and the DOM so they are unit-tested: which
 * payment the URL names, what its status means for the customer, and where 'Make Another Payment'
 * goes (DESIGN §4b: the amount of the link the payment was made against, not the remaining).
 */
import { customerDate } from '../../../../core/customer-locale.ts';
import type { Schemas } from '../../../../client/api-types.ts';
import { PAY_MESSAGES } from '../../../../core/messages.ts';
import { fromMinorUnits } from '../../../../core/money.ts';

export const INVALID_SESSION = PAY_MESSAGES.invalidPaymentSession;
export const DETAILS_FAILED = PAY_MESSAGES.detailsFailed;
export const FULLY_PAID = PAY_MESSAGES.fullyPaid;

/** `/api/payments/details` (spec §3 "Payment details response", plus our fields): POST /api/payments/details (`method`: `card` or `au_becs_debit`, a bank debit `processing` until it clears by `clearsBy`). */
export type PaymentDetails = Schemas['PaymentDetails'];

/** A bank debit submitted and clearing: the same words as the widget's result view. */
export const DEBIT_SUBMITTED = PAY_MESSAGES.debitSubmitted;

export const isClearingDebit = (d: { status: string; method?: string }) =>
  d.status === 'processing' && d.method === 'au_becs_debit';

export type DetailsLookup = {
  by: 'session_id' | 'reference';
  value: string;
  /** The payer's proof, as the URL carries it: the receipt token `t` or the pay session (issue 49 item 7). */
  proof: { t?: string; paySessionId?: string };
} | null;

/**
 * The payment the URL names: `reference` (our payment id, DESIGN §4b) or `session_id` (the
 * provider's intent id, DESIGN §4a); Stripe's own redirect parameter `payment_intent` is accepted
 * too — with the proof the server asks of it: the receipt token `t` (as the receipt link carries it)
 * or the `paySessionId` that made it. Null: 'Invalid payment session.'
 */
export function lookupFromSearch(search: string): DetailsLookup {
  const params = new URLSearchParams(search);
  const proof: { t?: string; paySessionId?: string } = {};
  const t = params.get('t')?.trim();
  const paySessionId = params.get('paySessionId')?.trim();
  if (t) proof.t = t;
  if (paySessionId) proof.paySessionId = paySessionId;
  const reference = params.get('reference')?.trim();
  if (reference) return { by: 'reference', value: reference, proof };
  const session = (params.get('session_id') ?? params.get('payment_intent'))?.trim();
  if (session) return { by: 'session_id', value: session, proof };
  return null;
}

/** The details request's query: the payment and the payer's proof. */
export function detailsQuery(lookup: NonNullable<DetailsLookup>): string {
  return new URLSearchParams({ [lookup.by]: lookup.value, ...lookup.proof }).toString();
}

export type Outcome = 'paid' | 'processing' | 'not_completed';

/** What a payment status means on this page. The provider's word is final (DESIGN §3.5). */
export function outcomeOf(status: string): Outcome {
  switch (status) {
    case 'succeeded':
    case 'completed':
    case 'partially_refunded':
    case 'refunded':
      return 'paid';
    case 'processing':
      return 'processing';
    default:
      return 'not_completed';
  }
}

/** Statuses that may still change in the next seconds (the server asks the provider on each call). */
export function mayStillChange(status: string): boolean {
  return status === 'processing' || status === 'pending' || status === 'requires_action';
}

/**
 * Back to the pay page for the same invoice: invoiceNo, the link's amount (major units, as a link
 * writes it; left out when the customer typed the amount), currency and merchant_id.
 */
export function payAgainHref(
  d: Pick<PaymentDetails, 'invoiceNo' | 'link_amount' | 'currency' | 'merchant_id'>,
): string {
  const query = new URLSearchParams({ invoiceNo: d.invoiceNo });
  if (d.link_amount !== null && d.link_amount > 0)
    query.set('amount', fromMinorUnits(d.link_amount, d.currency));
  query.set('currency', d.currency.toUpperCase());
  query.set('merchant_id', d.merchant_id);
  return `/pay?${query.toString()}`;
}

/**
 * The date in the short form of the merchant's country (8/12/26 in Australia; spec §9's en-US
 * 12/8/26 where the country is not known or is the US), on the merchant's clock when known.
 */
export function formatPaymentDate(
  iso: string,
  merchant: { country?: string | null; timeZone?: string | null } = {},
): string {
  return customerDate(iso, { dateStyle: 'short', timeStyle: 'short' }, merchant);
}
