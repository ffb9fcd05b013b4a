/**
 * `invoice-pay.element.js`, the package's `invoice-pay/element` entry: `<invoice-pay>` for any
 * bundled app, with no dependency at all — the pay flow is a lazy chunk beside it with its own
 * React inside, imported when the element nears the viewport (the bundler emits it with the app).
 * Importing it defines the element. Bundled into an app the widget cannot tell which server it came
 * from: set `api`. Types: widget/types/element.d.ts.
 */
import { defineInvoicePay as defineElement } from './element/define.ts';
import { moduleOrigin } from './element/module-origin.ts';

/** Registers `<invoice-pay>` (importing the module does; a second call is a no-op). */
export function defineInvoicePay(): void {
  defineElement(() => import('./flow/mount.tsx'), moduleOrigin(import.meta.url));
}

defineInvoicePay();

export type { InvoicePayEventDetail, InvoicePayEventName } from './lib/events.ts';
