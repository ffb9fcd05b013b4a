/**
 * `<InvoicePay>` for React 19 apps: the `<invoice-pay>` element with typed props — its attributes,
 * and one callback per event (`onPayment` for `invoice-pay:payment`, …), passed to React 19 as the
 * element's own event props (`oninvoice-pay:payment`), so React adds and removes the listeners.
 * A misspelt callback (`onPaymnt`) is a type error; the element's raw event props cannot be checked
 * by TypeScript (hyphenated JSX names never are). The props are the published declarations'
 * (widget/types/index.d.ts), so the component and its types cannot drift apart.
 */
import { createElement } from 'react';
import type { InvoicePayProps } from '../../types/index.d.ts';

export type { InvoicePayProps };

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
