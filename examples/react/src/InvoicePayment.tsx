/**
 * <InvoicePayment>: the invoice's payment form in React. `InvoicePay` (from the `invoice-pay` npm
 * package, installed from your InvoicePay server) is the <invoice-pay> web component as a React 19
 * component: typed attributes and one typed callback per event (`onPayment`, `onPaid`, `onError`, …),
 * which React adds and removes as listeners. A misspelt callback (`onPaymnet`) fails `tsc`.
 */
import { InvoicePay, type InvoicePayEventDetail } from 'invoice-pay';

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
  onPayment,
  onPaid,
  onError,
}: InvoicePaymentProps) {
  return (
    <InvoicePay
      api={api}
      merchant={merchant}
      invoice={invoice}
      amount={amount}
      currency={currency}
      onPayment={(event) => onPayment?.(event.detail)}
      onPaid={(event) => onPaid?.(event.detail)}
      onError={(event) => onError?.(event.detail)}
    />
  );
}
