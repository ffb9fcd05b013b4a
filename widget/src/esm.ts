/**
 * `invoice-pay.esm.js`, the package's main entry, for bundlers in React apps (React 18 or 19
 * external: the app's own React renders the flow): importing it defines `<invoice-pay>`; the flow is
 * a lazy chunk the element imports when it nears the viewport. Exports `InvoicePay`, a typed React
 * component around the element. Bundled into an app the widget cannot tell which server it came
 * from: set `api`. Without React: ./element-module.ts (`invoice-pay/element`).
 */
import { defineInvoicePay as defineElement } from './element/define.ts';
import { moduleOrigin } from './element/module-origin.ts';

/** Registers `<invoice-pay>` (importing the module does; a second call is a no-op), as types/index.d.ts declares. */
export function defineInvoicePay(): void {
  defineElement(() => import('./flow/mount.tsx'), moduleOrigin(import.meta.url));
}

defineInvoicePay();

export { InvoicePay, type InvoicePayProps } from './react/InvoicePay.ts';
export type { InvoicePayEventDetail, InvoicePayEventName } from './lib/events.ts';
