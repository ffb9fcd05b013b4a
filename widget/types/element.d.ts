/**
 * TypeScript declarations of `<invoice-pay>` (InvoicePay) without React: the element's attributes,
 * properties and events, `defineInvoicePay`, and `document.querySelector('invoice-pay')` typed. For
 * any TypeScript project (no `skipLibCheck` needed, nothing to install beside it); the types of
 * `invoice-pay/element`, and what `invoice-pay` (React) and `invoice-pay/vue` build on. Shipped in
 * the npm package (`types/element.d.ts`).
 *
 * Amounts in event details are integer minor units (cents; whole yen for JPY).
 */
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
  /** Merchant id (or `shortcode`). */
  merchant?: string;
  /** The merchant's shortcode (instead of `merchant`). */
  shortcode?: string;
  /** Invoice number. */
  invoice?: string;
  /** Amount due in major units as the accounting tool writes it, e.g. "1,250.00". */
  amount?: string;
  /** ISO 4217 code, default AUD. */
  currency?: string;
  /** API origin; defaults to the origin the script was loaded from. */
  api?: string;
  /** BCP 47 locale for money and dates; default in English: en-US money and the merchant's country's dates, else the language of `lang`. */
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

/**
 * What a link needs, required where the element is written in JSX or a Vue template: the invoice
 * number, and the merchant's id or its shortcode. (The element's properties stay optional: an element
 * made with `document.createElement` gets them one by one.)
 */
export type InvoicePayLink = { invoice: string } & (
  { merchant: string; shortcode?: string } | { shortcode: string; merchant?: string }
);

declare global {
  interface HTMLElementTagNameMap {
    'invoice-pay': InvoicePayElement;
  }
}
