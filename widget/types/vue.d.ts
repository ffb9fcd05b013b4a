/**
 * `<invoice-pay>` in Vue 3 templates, for `vue-tsc` (import once: `import type {} from 'invoice-pay/vue'`):
 * its attributes (the link's `invoice` and `merchant` or `shortcode` required), and its events as
 * `@invoice-pay:payment="…"` listeners typed with the event. Needs no React types.
 * At run time tell Vue the tag is a custom element (`compilerOptions.isCustomElement`).
 */
import type { DefineComponent } from 'vue';
import type { InvoicePayAttributes, InvoicePayEventDetail, InvoicePayLink } from './element.js';

type Handler = (event: CustomEvent<InvoicePayEventDetail>) => void;

/** How Vue names the listeners of `@invoice-pay:ready` … `@invoice-pay:end`. */
export interface InvoicePayVueEvents {
  'onInvoicePay:ready'?: Handler;
  'onInvoicePay:payment'?: Handler;
  'onInvoicePay:paid'?: Handler;
  'onInvoicePay:error'?: Handler;
  'onInvoicePay:end'?: Handler;
}

export type InvoicePayVueProps = InvoicePayLink &
  InvoicePayAttributes &
  InvoicePayVueEvents & { class?: unknown; style?: unknown };

declare module 'vue' {
  interface GlobalComponents {
    'invoice-pay': DefineComponent<InvoicePayVueProps>;
  }
}

export type { InvoicePayEventDetail };
