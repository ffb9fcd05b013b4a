/**
 * `invoice-pay.esm.js`, for bundlers in React apps (React 19 external: the app's own React renders
 * the flow): importing it defines `<invoice-pay>`; the flow is a lazy chunk the element imports
 * when it nears the viewport. Exports `InvoicePay`, a typed React component around the element.
 * Bundled into an app the widget cannot tell which server it came from: set `api`.
 */
import { defineInvoicePay as defineElement } from './element/define.ts';

function moduleOrigin(): string {
  try {
    const origin = new URL(import.meta.url).origin;
    return origin === 'null' ? location.origin : origin;
  } catch {
    return typeof location === 'undefined' ? '' : location.origin;
  }
}

/** Registers `<invoice-pay>` (importing the module does; a second call is a no-op), as types/index.d.ts declares. */
export function defineInvoicePay(): void {
  defineElement(() => import('./flow/mount.tsx'), moduleOrigin());
}

defineInvoicePay();

export { InvoicePay, type InvoicePayProps } from './react/InvoicePay.ts';
export type { InvoicePayEventDetail, InvoicePayEventName } from './lib/events.ts';
