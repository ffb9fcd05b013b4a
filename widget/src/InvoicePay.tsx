/** The pay flow component rendered inside `<invoice-pay>`'s shadow root. */
export interface InvoicePayProps {
  merchant?: string;
  shortcode?: string;
  invoice?: string;
  amount?: string;
  currency?: string;
  api?: string;
  locale?: string;
  debug?: boolean;
  container?: ShadowRoot;
}

export function InvoicePay(_props: InvoicePayProps) {
  return (
    <div className="ip-root" role="status" aria-live="polite">
      Loading payment page...
    </div>
  );
}
