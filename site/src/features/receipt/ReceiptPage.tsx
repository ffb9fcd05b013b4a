/**
 * `/receipt/{paymentId}?t=…`: a payment's receipt, reached from the pay flow's result and from the
 * receipt email — the merchant, the invoice, what was paid and how, the dates and the provider's
 * reference — with Print (the browser's "Save as PDF" makes the PDF). The token in the link is what
 * opens it (api/payments/notices/receipt.ts); without it, or for a payment that did not go through, the page
 * says the receipt was not found.
 */
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import type { Schemas } from '../../../../client/api-types.ts';
import { requestJson } from '../../../../client/http.ts';
import { customerDate } from '../../../../core/customer-locale.ts';
import { formatMoney } from '../../../../core/money.ts';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { PageLayout, Spinner } from '../../shared/PageLayout.tsx';
import { useProductName } from '../../shared/public-config.ts';
import './receipt.css';

type Receipt = Schemas['Receipt'];
type View = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; receipt: Receipt };

export const RECEIPT_FAILED = 'This receipt could not be loaded. Check the link, or try again in a moment.';

const STATUS: Record<string, string> = {
  succeeded: 'Paid',
  processing: 'Bank debit clearing',
  partially_refunded: 'Paid, partly refunded',
  refunded: 'Refunded',
};

/** A date as the merchant's country writes it (8 December 2026 in Australia), on the merchant's clock. */
const when = (iso: string | null, merchant: { country: string | null; timeZone: string | null }) =>
  iso ? customerDate(iso, { dateStyle: 'long', timeStyle: 'short' }, merchant) : '';

export function ReceiptPage() {
  const productName = useProductName();
  const { id = '' } = useParams();
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('t') ?? '';
  const [view, setView] = useState<View>({ state: 'loading' });
  useDocumentMeta({ title: `Receipt | ${productName}` });

  useEffect(() => {
    const controller = new AbortController();
    setView({ state: 'loading' });
    requestJson<Receipt>(`/api/pay/receipts/${encodeURIComponent(id)}?t=${encodeURIComponent(token)}`, {
      signal: controller.signal,
    })
      .then((receipt) => setView({ state: 'ready', receipt }))
      .catch((err: Error & { message?: string }) => {
        if (!controller.signal.aborted) setView({ state: 'error', message: err.message || RECEIPT_FAILED });
      });
    return () => controller.abort();
  }, [id, token]);

  return (
    <PageLayout>
      <div className="container">
        <div className="centered-panel receipt">
          {view.state === 'loading' && <Spinner />}
          {view.state === 'error' && (
            <>
              <h1>Receipt not found</h1>
              <p className="alert alert--error" role="alert">
                {view.message}
              </p>
            </>
          )}
          {view.state === 'ready' && <ReceiptBody receipt={view.receipt} />}
        </div>
      </div>
    </PageLayout>
  );
}

function ReceiptBody({ receipt: r }: { receipt: Receipt }) {
  const money = (minor: number) => formatMoney(minor, r.currency);
  const contact = [r.merchant.email, r.merchant.phone].filter(Boolean).join(' · ');
  return (
    <article aria-labelledby="receipt-title">
      <header className="receipt__header">
        {r.merchant.logoUrl?.startsWith('https://') && (
          <img className="receipt__logo" src={r.merchant.logoUrl} alt="" referrerPolicy="no-referrer" />
        )}
        <p className="receipt__merchant">{r.merchant.name}</p>
        {contact && <p className="receipt__contact">{contact}</p>}
      </header>
      <h1 id="receipt-title">Receipt for invoice {r.invoice}</h1>
      <p className="receipt__status">{STATUS[r.status] ?? r.status}</p>
      <dl className="receipt__details">
        {/* A bank debit still clearing has not paid anything yet (DESIGN §3.4: never shown as paid). */}
        <dt>{r.status === 'processing' ? 'Being paid on the invoice' : 'Paid on the invoice'}</dt>
        <dd className="receipt__figure">{money(r.amount)}</dd>
        <dt>Surcharge</dt>
        <dd className="receipt__figure">{money(r.surcharge)}</dd>
        <dt className="receipt__total">Total {r.status === 'processing' ? 'debited' : 'charged'}</dt>
        <dd className="receipt__figure receipt__total">{money(r.total)}</dd>
        {r.refunded > 0 && (
          <>
            <dt>Refunded</dt>
            <dd className="receipt__figure">{money(r.refunded)}</dd>
          </>
        )}
        <dt>Paid by</dt>
        <dd>{r.method}</dd>
        {r.mandateReference && (
          <>
            <dt>Mandate</dt>
            <dd>{r.mandateReference}</dd>
          </>
        )}
        <dt>{r.paidAt ? 'Date' : 'Submitted'}</dt>
        <dd>{when(r.paidAt ?? r.createdAt, r.merchant)}</dd>
        {r.clearsBy && (
          <>
            <dt>Clears by</dt>
            <dd className="receipt__figure">{r.clearsBy}</dd>
          </>
        )}
        <dt>Reference</dt>
        <dd>{r.reference}</dd>
      </dl>
      <div className="actions receipt__actions">
        <button type="button" className="button" onClick={() => window.print()}>
          Print or save as PDF
        </button>
      </div>
    </article>
  );
}
