/**
 * Widget entry (both builds): registers `<invoice-pay>` once, even if the script is included twice.
 * The `api` attribute defaults to the origin this script was loaded from.
 */
import { setDefaultApiBase } from './InvoicePay.tsx';
import { defineInvoicePay } from './element.tsx';

function scriptOrigin(): string | null {
  try {
    const script = document.currentScript as HTMLScriptElement | null;
    if (script?.src) return new URL(script.src).origin;
  } catch {
    /* fall through */
  }
  if (!__WIDGET_ESM__) return null; // a classic script has no import.meta
  try {
    return new URL(import.meta.url).origin;
  } catch {
    return null;
  }
}

const origin = scriptOrigin();
if (origin && origin !== 'null') setDefaultApiBase(origin);

defineInvoicePay();

export { defineInvoicePay };
export { InvoicePay } from './InvoicePay.tsx';
export type { InvoicePayProps } from './InvoicePay.tsx';
export type { InvoicePayEventDetail, InvoicePayEventName } from './lib/events.ts';
