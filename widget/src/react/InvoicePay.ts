/**
 * `<InvoicePay>` for React 19 apps: the `<invoice-pay>` element with typed props — its attributes,
 * and one callback per event (`onPayment` for `invoice-pay:payment`, …), passed to React 19 as the
 * element's own event props (`oninvoice-pay:payment`), so React adds and removes the listeners.
 * A misspelt callback (`onPaymnt`) is a type error; the element's raw event props cannot be checked
 * by TypeScript (hyphenated JSX names never are).
 */
import { createElement, type CSSProperties, type Ref } from 'react';
import type { InvoicePayEventDetail } from '../lib/events.ts';

type Handler = (event: CustomEvent<InvoicePayEventDetail>) => void;

export interface InvoicePayProps {
  merchant?: string;
  shortcode?: string;
  invoice?: string;
  amount?: string;
  currency?: string;
  api?: string;
  locale?: string;
  lang?: string;
  theme?: 'light' | 'dark' | 'auto';
  customerEmail?: string;
  reference?: string;
  returnUrl?: string;
  loading?: 'lazy' | 'eager';
  debug?: boolean;
  id?: string;
  className?: string;
  style?: CSSProperties;
  ref?: Ref<HTMLElement>;
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

export function InvoicePay(props: InvoicePayProps) {
  const { customerEmail, returnUrl, debug, onReady, onPayment, onPaid, onError, onEnd, ...rest } = props;
  return createElement('invoice-pay', {
    ...rest,
    'customer-email': customerEmail,
    'return-url': returnUrl,
    debug: debug ? true : undefined,
    'oninvoice-pay:ready': onReady,
    'oninvoice-pay:payment': onPayment,
    'oninvoice-pay:paid': onPaid,
    'oninvoice-pay:error': onError,
    'oninvoice-pay:end': onEnd,
  });
}
