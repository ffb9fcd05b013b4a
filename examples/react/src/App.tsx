/**
 * A customer portal page: /?invoice=INV-0042&amount=1,250.00 shows that invoice's payment form and
 * a receipt line for every payment the widget reports.
 */
import { useState } from 'react';
import { InvoicePayment } from './InvoicePayment';
import type { InvoicePayEventDetail } from 'invoice-pay';

/** Minor units → money, with the currency's own number of decimals (JPY has none). */
function formatMinor(minor: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
  return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

export function App() {
  const params = new URLSearchParams(window.location.search);
  const invoice = params.get('invoice') ?? 'INV-0042';
  const amount = params.get('amount') ?? '1,250.00';
  const [receipts, setReceipts] = useState<InvoicePayEventDetail[]>([]);
  const [paidInFull, setPaidInFull] = useState(false);

  return (
    <main
      style={{ maxWidth: 640, margin: '2rem auto', padding: '0 1rem', fontFamily: 'system-ui, sans-serif' }}
    >
      <h1>Invoice {invoice}</h1>
      <InvoicePayment
        api={import.meta.env.VITE_INVOICE_PAY_API}
        merchant={import.meta.env.VITE_INVOICE_PAY_MERCHANT}
        invoice={invoice}
        amount={amount}
        currency="AUD"
        onPayment={(detail) => setReceipts((list) => [...list, detail])}
        onPaid={() => setPaidInFull(true)}
        onError={(detail) => console.warn('InvoicePay error', detail.code, detail.message)}
      />
      <section aria-label="Receipts">
        {receipts.map((r) => (
          <p key={r.paymentId} className="receipt">
            Received {formatMinor(r.total ?? 0, r.currency ?? 'AUD')} for {r.invoice} (reference{' '}
            {r.transactionId})
          </p>
        ))}
        {paidInFull && <p role="status">Invoice {invoice} is paid in full. Thank you!</p>}
      </section>
    </main>
  );
}
