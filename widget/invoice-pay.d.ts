/**
 * Type declarations for the `<invoice-pay>` web component (InvoicePay). Copied to
 * dist/widget/invoice-pay.d.ts by the build. In a React/TSX host:
 *
 *   import type {} from 'https://…/widget/invoice-pay';   // or copy this file into your project
 *   <invoice-pay merchant="8c1f…" invoice="INV-0042" amount="1,250.00" currency="AUD" />
 *
 * Amounts in event details are integer minor units (cents; whole yen for JPY).
 */
import type * as React from 'react';

export interface InvoicePayEventDetail {
  /** Our payment id (UUID); null on `ready`, `error` and an `end` without a payment. */
  paymentId: string | null;
  /** The provider's PaymentIntent id (`pi_…`). */
  transactionId: string | null;
  invoice: string | null;
  /** ISO 4217, upper case. */
  currency: string | null;
  /** The invoice part paid, minor units. */
  amount: number | null;
  /** The card surcharge charged, minor units. */
  surcharge: number | null;
  /** amount + surcharge, minor units. */
  total: number | null;
  /** What may still be paid on this link, minor units; null when the link sets no bound. */
  remaining: number | null;
  /** `invoice-pay:error` only: the message shown and a short code. */
  message?: string;
  code?: string;
}

export interface InvoicePayEventMap {
  /** The pay session loaded (invoice, currency, remaining balance). */
  'invoice-pay:ready': CustomEvent<InvoicePayEventDetail>;
  /** A payment succeeded. */
  'invoice-pay:payment': CustomEvent<InvoicePayEventDetail>;
  /** The balance reached 0. */
  'invoice-pay:paid': CustomEvent<InvoicePayEventDetail>;
  /** A load or payment error (also a crash inside the element). */
  'invoice-pay:error': CustomEvent<InvoicePayEventDetail>;
  /** End Session; call preventDefault() to keep the element's own "session ended" view from showing. */
  'invoice-pay:end': CustomEvent<InvoicePayEventDetail>;
}

export interface InvoicePayAttributes {
  /** Merchant id (or shortcode). */
  merchant?: string;
  shortcode?: string;
  /** Invoice number. */
  invoice?: string;
  /** Amount due in major units as the accounting tool writes it, e.g. "1,250.00". */
  amount?: string;
  /** ISO 4217 code, default AUD. */
  currency?: string;
  /** API origin; defaults to the origin the script was loaded from. */
  api?: string;
  /** BCP 47 locale for money and dates, default en-US. */
  locale?: string;
  /** Show the debug panel. */
  debug?: boolean;
}

export interface InvoicePayElement extends HTMLElement, InvoicePayAttributes {
  addEventListener<K extends keyof InvoicePayEventMap>(
    type: K,
    listener: (this: InvoicePayElement, ev: InvoicePayEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof InvoicePayEventMap>(
    type: K,
    listener: (this: InvoicePayElement, ev: InvoicePayEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

/** Registers `<invoice-pay>` (the scripts call it on load; a second call is a no-op). */
export declare function defineInvoicePay(tag?: string): void;

type InvoicePayJsxProps = InvoicePayAttributes &
  Omit<React.HTMLAttributes<InvoicePayElement>, 'debug'> & {
    ref?: React.Ref<InvoicePayElement>;
    key?: React.Key;
    class?: string;
  };

declare global {
  interface HTMLElementTagNameMap {
    'invoice-pay': InvoicePayElement;
  }
  interface HTMLElementEventMap extends InvoicePayEventMap {}
  namespace JSX {
    interface IntrinsicElements {
      'invoice-pay': InvoicePayJsxProps;
    }
  }
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'invoice-pay': InvoicePayJsxProps;
    }
  }
}
