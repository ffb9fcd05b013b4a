/**
 * The element's events (DESIGN §4a): `invoice-pay:ready|payment|paid|error|end`, dispatched on the
 * host, bubbling and composed so they cross shadow roots. Amounts are minor units. Every event
 * names the invoice (an error too, when the element has one) and carries the host's `reference`.
 */
import type { PaySession, PaymentState } from './api.ts';

export interface InvoicePayEventDetail {
  paymentId: string | null;
  transactionId: string | null;
  invoice: string | null;
  currency: string | null;
  amount: number | null;
  surcharge: number | null;
  total: number | null;
  remaining: number | null;
  /** The element's `reference` attribute (stored on the payment), or null. */
  reference: string | null;
  /** On `invoice-pay:error` only. */
  message?: string;
  code?: string;
}

export type InvoicePayEventName = 'ready' | 'payment' | 'paid' | 'error' | 'end';

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
