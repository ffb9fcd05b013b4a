/**
 * TypeScript declarations of `<invoice-pay>` (InvoicePay): the element's attributes, properties and
 * events; `<invoice-pay>` in React 19 JSX (attributes and its `oninvoice-pay:…` event props); and
 * what the ES module exports (`InvoicePay`, a React component with typed `onPayment`-style
 * callbacks, and `defineInvoicePay`). Vue: `invoice-pay/vue` (GlobalComponents). Shipped in the
 * npm package (`types/index.d.ts`) and at /widget/invoice-pay.d.ts.
 *
 * Amounts in event details are integer minor units (cents; whole yen for JPY).
 */
import type * as React from 'react';

export interface InvoicePayEventDetail {
  /** Our payment id (UUID); null on `ready`, `error` and an `end` without a payment. */
  paymentId: string | null;
  /** The provider's PaymentIntent id (`pi_…`). */
  transactionId: string | null;
  /** The invoice number (on errors too, when the element has one). */
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
  /** With a payment: `succeeded`, or `processing` for a bank debit still clearing (up to 3 business days). */
  status?: 'succeeded' | 'processing' | (string & {});
  /** The element's `reference` attribute (stored on the payment), or null. */
  reference: string | null;
  /** `invoice-pay:error` only: the message shown and a short code. */
  message?: string;
  code?: string;
}

export type InvoicePayEventName = 'ready' | 'payment' | 'paid' | 'error' | 'end';

export interface InvoicePayEventMap {
  /** The pay session loaded (invoice, currency, remaining balance). */
  'invoice-pay:ready': CustomEvent<InvoicePayEventDetail>;
  /** A payment succeeded, or a bank debit was submitted and is clearing (`detail.status`). */
  'invoice-pay:payment': CustomEvent<InvoicePayEventDetail>;
  /** The balance reached 0 (not while a bank debit is still clearing). */
  'invoice-pay:paid': CustomEvent<InvoicePayEventDetail>;
  /** A load or payment error (also a crash inside the element). */
  'invoice-pay:error': CustomEvent<InvoicePayEventDetail>;
  /** End Session; call preventDefault() to keep the element's own "session ended" view from showing. */
  'invoice-pay:end': CustomEvent<InvoicePayEventDetail>;
}

export type InvoicePayTheme = 'light' | 'dark' | 'auto';

/** What the element takes, by the same name as an attribute, a property and a React prop. */
export interface InvoicePayOptions {
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
  /** BCP 47 locale for money and dates; default en-US in English, else the language of `lang`. */
  locale?: string;
  /** light (default), dark, or auto (follows prefers-color-scheme). */
  theme?: InvoicePayTheme;
  /** Your reference for the payment (stored on it, in events and the automation webhook). */
  reference?: string;
  /** lazy (default): load the pay form near the viewport; eager: at once. */
  loading?: 'lazy' | 'eager';
}

/** The element's attributes, as written in HTML or JSX. */
export interface InvoicePayAttributes extends InvoicePayOptions {
  /** The element's language (English; German: "de"); default: the page's. */
  lang?: string;
  /** Prefills the receipt email. */
  'customer-email'?: string;
  /** Where End Session takes the customer. */
  'return-url'?: string;
  /** Show the debug panel. */
  debug?: boolean;
}

/** The element's properties (each mirrors its attribute; `lang` is the element's own). */
export interface InvoicePayProperties extends InvoicePayOptions {
  customerEmail?: string;
  returnUrl?: string;
  debug: boolean;
}

type Listener<E, T> = (this: T, event: E) => unknown;

export interface InvoicePayElement extends HTMLElement, InvoicePayProperties {
  addEventListener<K extends keyof InvoicePayEventMap>(
    type: K,
    listener: Listener<InvoicePayEventMap[K], InvoicePayElement>,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: Listener<HTMLElementEventMap[K], InvoicePayElement>,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof InvoicePayEventMap>(
    type: K,
    listener: Listener<InvoicePayEventMap[K], InvoicePayElement>,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: Listener<HTMLElementEventMap[K], InvoicePayElement>,
    options?: boolean | EventListenerOptions,
  ): void;
  /** Load the pay form now (as `loading="eager"` does). */
  load(): void;
}

/** Registers `<invoice-pay>` (importing the module does; a second call is a no-op). */
export declare function defineInvoicePay(): void;

type Handler = (event: CustomEvent<InvoicePayEventDetail>) => void;

/** React 19 event props of the element: `oninvoice-pay:payment={(e) => …}` (React adds the listener). */
export interface InvoicePayReactEvents {
  'oninvoice-pay:ready'?: Handler;
  'oninvoice-pay:payment'?: Handler;
  'oninvoice-pay:paid'?: Handler;
  'oninvoice-pay:error'?: Handler;
  'oninvoice-pay:end'?: Handler;
}

/** Props of `<InvoicePay>` (the ES module's React component). */
export interface InvoicePayProps extends InvoicePayOptions {
  lang?: string;
  customerEmail?: string;
  returnUrl?: string;
  debug?: boolean;
  id?: string;
  className?: string;
  style?: React.CSSProperties;
  ref?: React.Ref<InvoicePayElement>;
  /** The pay session loaded. */
  onReady?: Handler;
  /** A payment succeeded (amounts in minor units). */
  onPayment?: Handler;
  /** The balance reached 0. */
  onPaid?: Handler;
  /** The link could not be loaded, or a payment attempt failed. */
  onError?: Handler;
  /** End Session; `event.preventDefault()` keeps the element's own "session ended" view away. */
  onEnd?: Handler;
}

/** `<invoice-pay>` as a React 19 component with typed callbacks: `<InvoicePay onPayment={(e) => …} />`. */
export declare function InvoicePay(props: InvoicePayProps): React.ReactElement;

type InvoicePayJsxProps = InvoicePayAttributes &
  InvoicePayReactEvents &
  Omit<React.HTMLAttributes<InvoicePayElement>, keyof InvoicePayAttributes | 'onError'> & {
    ref?: React.Ref<InvoicePayElement>;
    key?: React.Key;
    class?: string;
  };

declare global {
  interface HTMLElementTagNameMap {
    'invoice-pay': InvoicePayElement;
  }
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'invoice-pay': InvoicePayJsxProps;
    }
  }
}
