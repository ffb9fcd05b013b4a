/**
 * `<InvoicePay>` for React apps, React 18 and 19: the `<invoice-pay>` element with typed props — its
 * attributes, and one callback per event (`onPayment` for `invoice-pay:payment`, …). The listeners
 * are added to the element itself, once, and call the latest callbacks: React 19 could take them
 * as the element's own event props, but React 18 passes no function to a custom element. A misspelt
 * callback (`onPaymnt`) or a link without its invoice or merchant is a type error. The props are the
 * published declarations' (widget/types/index.d.ts), so the component and its types cannot drift
 * apart.
 */
import { createElement, forwardRef, useCallback, useEffect, useRef, type ForwardedRef } from 'react';
import type { InvoicePayElement, InvoicePayProps } from '../../types/index.d.ts';

export type { InvoicePayProps };

type Handler = NonNullable<InvoicePayProps['onPayment']>;
const EVENTS = [
  ['invoice-pay:ready', 'onReady'],
  ['invoice-pay:payment', 'onPayment'],
  ['invoice-pay:paid', 'onPaid'],
  ['invoice-pay:error', 'onError'],
  ['invoice-pay:end', 'onEnd'],
] as const;

function setRef<T>(ref: ForwardedRef<T>, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

function InvoicePayWithRef(props: InvoicePayProps, ref: ForwardedRef<InvoicePayElement>) {
  const { customerEmail, returnUrl, debug, onReady, onPayment, onPaid, onError, onEnd, ...rest } = props;
  const callbacks = useRef<Partial<Record<(typeof EVENTS)[number][1], Handler>>>({});
  callbacks.current = { onReady, onPayment, onPaid, onError, onEnd };
  const element = useRef<InvoicePayElement | null>(null);

  useEffect(() => {
    const el = element.current;
    if (!el) return;
    const listeners = EVENTS.map(([type, prop]) => {
      const listener = (event: Event) => callbacks.current[prop]?.(event as CustomEvent);
      el.addEventListener(type, listener);
      return () => el.removeEventListener(type, listener);
    });
    return () => listeners.forEach((remove) => remove());
  }, []);

  const attach = useCallback(
    (node: InvoicePayElement | null) => {
      element.current = node;
      setRef(ref, node);
    },
    [ref],
  );

  return createElement('invoice-pay', {
    ...rest,
    ref: attach,
    'customer-email': customerEmail,
    'return-url': returnUrl,
    debug: debug ? '' : undefined,
  });
}

export const InvoicePay = forwardRef(InvoicePayWithRef) as unknown as (
  props: InvoicePayProps,
) => ReturnType<typeof createElement>;
