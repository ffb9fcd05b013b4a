/**
 * The element's events (DESIGN §4a): `invoice-pay:ready|payment|paid|error|end`, dispatched on the
 * host, bubbling and composed so they cross shadow roots. Amounts are minor units. Every event
 * names the invoice (an error too, when the element has one) and carries the host's `reference`.
 * The detail's type is the published one (widget/types/element.d.ts): written once, for npm users too.
 */
import type { InvoicePayEventDetail, InvoicePayEventName } from '../../types/element.d.ts';
import type { PaySession, PaymentState } from './api.ts';

export type { InvoicePayEventDetail, InvoicePayEventName };

export function eventDetail(
  session: PaySession | null,
  payment: PaymentState | null = null,
  extra: Partial<InvoicePayEventDetail> = {},
): InvoicePayEventDetail {
  return {
    paymentId: payment?.paymentId ?? null,
    transactionId: payment?.transactionId ?? null,
    invoice: payment?.invoice ?? session?.invoice.number ?? null,
    currency: payment?.currency ?? session?.invoice.currency ?? null,
    amount: payment?.amount ?? null,
    surcharge: payment?.surcharge ?? null,
    total: payment?.total ?? null,
    remaining: payment ? payment.remaining : (session?.invoice.balance ?? null),
    ...(payment ? { status: payment.status } : {}),
    reference: null,
    ...extra,
  };
}

/** Dispatch on the host; returns false when a listener called preventDefault(). */
export function emit(
  host: HTMLElement | undefined,
  name: InvoicePayEventName,
  detail: InvoicePayEventDetail,
): boolean {
  if (!host) return true;
  return host.dispatchEvent(
    new CustomEvent(`invoice-pay:${name}`, { detail, bubbles: true, composed: true, cancelable: true }),
  );
}
