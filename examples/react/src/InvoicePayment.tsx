/**
 * <InvoicePayment>: the <invoice-pay> web component in React, with typed attributes and typed event
 * callbacks. The widget's ES module (React external, so it shares this app's React) registers the
 * element when imported; its declarations type the JSX attributes and the events.
 */
import { useEffect, useRef } from 'react';
import './vendor/invoice-pay/invoice-pay.esm.js';
import type { InvoicePayElement, InvoicePayEventDetail } from './vendor/invoice-pay/invoice-pay.esm.js';

export interface InvoicePaymentProps {
  /** InvoicePay's origin. Required here: bundled into this app, the widget cannot tell where it came from. */
  api: string;
  merchant: string;
  invoice: string;
  /** Amount due in major units as the invoice shows it ("1,250.00"); omit to let the customer type it. */
  amount?: string;
  currency?: string;
  /** Each succeeded payment. Amounts are integer minor units (cents). */
  onPayment?(detail: InvoicePayEventDetail): void;
  /** The invoice's balance reached 0. */
  onPaid?(detail: InvoicePayEventDetail): void;
  onError?(detail: InvoicePayEventDetail): void;
}

export function InvoicePayment({
  api,
  merchant,
  invoice,
  amount,
  currency = 'AUD',
  ...callbacks
}: InvoicePaymentProps) {
  const ref = useRef<InvoicePayElement>(null);
  // The latest callbacks, without re-subscribing on every render.
  const latest = useRef(callbacks);
  latest.current = callbacks;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onPayment = (event: CustomEvent<InvoicePayEventDetail>) => latest.current.onPayment?.(event.detail);
    const onPaid = (event: CustomEvent<InvoicePayEventDetail>) => latest.current.onPaid?.(event.detail);
    const onError = (event: CustomEvent<InvoicePayEventDetail>) => latest.current.onError?.(event.detail);
    element.addEventListener('invoice-pay:payment', onPayment);
    element.addEventListener('invoice-pay:paid', onPaid);
    element.addEventListener('invoice-pay:error', onError);
    return () => {
      element.removeEventListener('invoice-pay:payment', onPayment);
      element.removeEventListener('invoice-pay:paid', onPaid);
      element.removeEventListener('invoice-pay:error', onError);
    };
  }, []);

  return (
    <invoice-pay
      ref={ref}
      api={api}
      merchant={merchant}
      invoice={invoice}
      amount={amount}
      currency={currency}
    />
  );
}
