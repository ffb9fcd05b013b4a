/**
 * TypeScript declarations of `invoice-pay` for React apps (React 18 and 19): everything of
 * ./element.d.ts (the element, its events, `defineInvoicePay`), plus `InvoicePay` — a React
 * component with typed `onPayment`-style callbacks — and `<invoice-pay>` in JSX (attributes and
 * React 19's `oninvoice-pay:…` event props), with the link's `invoice` and `merchant` (or
 * `shortcode`) required. Vue: `invoice-pay/vue`; no framework: `invoice-pay/element`. Shipped in
 * the npm package (`types/index.d.ts`) and at /widget/invoice-pay.d.ts.
 */
import type * as React from 'react';
import type {
  InvoicePayAttributes,
  InvoicePayElement,
  InvoicePayEventDetail,
  InvoicePayLink,
  InvoicePayOptions,
} from './element.js';

export * from './element.js';

type Handler = (event: CustomEvent<InvoicePayEventDetail>) => void;

/** React 19 event props of the element: `oninvoice-pay:payment={(e) => …}` (React 19 adds the listener; React 18 does not: use `<InvoicePay>`'s callbacks there). */
export interface InvoicePayReactEvents {
  'oninvoice-pay:ready'?: Handler;
  'oninvoice-pay:payment'?: Handler;
  'oninvoice-pay:paid'?: Handler;
  'oninvoice-pay:error'?: Handler;
  'oninvoice-pay:end'?: Handler;
}

/** Props of `<InvoicePay>` (the ES module's React component): the link's fields are required. */
export type InvoicePayProps = InvoicePayLink & InvoicePayComponentProps;

export interface InvoicePayComponentProps extends Omit<
  InvoicePayOptions,
  'merchant' | 'shortcode' | 'invoice'
> {
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

/**
 * `<invoice-pay>` as a React component (React 18 and 19) with typed callbacks:
 * `<InvoicePay merchant="…" invoice="INV-1" onPayment={(e) => …} />`.
 */
export declare const InvoicePay: (props: InvoicePayProps) => React.ReactElement;

type InvoicePayJsxProps = InvoicePayLink &
  InvoicePayAttributes &
  InvoicePayReactEvents &
  Omit<React.HTMLAttributes<InvoicePayElement>, keyof InvoicePayAttributes | 'onError'> & {
    ref?: React.Ref<InvoicePayElement>;
    key?: React.Key;
    class?: string;
  };

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'invoice-pay': InvoicePayJsxProps;
    }
  }
}
