/**
 * Registers the `<invoice-pay>` custom element (React via @r2wc/react-to-web-component, open
 * shadow root). Attributes: merchant, shortcode, invoice, amount, currency, api, locale, debug.
 */
import r2wc from '@r2wc/react-to-web-component';
import { InvoicePay } from './InvoicePay.tsx';

export const TAG_NAME = 'invoice-pay';

export function defineInvoicePay(tag = TAG_NAME): void {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;
  const Element = r2wc(InvoicePay, {
    shadow: 'open',
    props: {
      merchant: 'string',
      shortcode: 'string',
      invoice: 'string',
      amount: 'string',
      currency: 'string',
      api: 'string',
      locale: 'string',
      debug: 'boolean',
    },
  });
  customElements.define(tag, Element);
}
