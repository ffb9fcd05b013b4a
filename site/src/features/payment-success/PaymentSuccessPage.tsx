/**
 * `/success` (spec §2 "Payment success page", §8): 'Verifying…' while the server looks the payment up
 * (and asks the provider where it stands), then 'Payment Successful' with the invoice number, amount
 * paid and the remaining due from the server. Remaining above 0: 'Make Another Payment' to /pay for
 * the same link; 0: 'This invoice has been fully paid. Thank you!'. End Session closes the window,
 * or goes to /payment-complete where the browser will not let a script close it.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import { requestJson } from '../../../../client/http.ts';
import { formatMoney } from '../../../../core/money.ts';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { PageLayout } from '../../shared/PageLayout.tsx';
import { useProductName } from '../../shared/public-config.ts';
import {
  DETAILS_FAILED,
  FULLY_PAID,
  INVALID_SESSION,
  DEBIT_SUBMITTED,
  formatPaymentDate,
  isClearingDebit,
  detailsQuery,
  lookupFromSearch,
  mayStillChange,
  outcomeOf,
  payAgainHref,
  type DetailsLookup,
  type PaymentDetails,
} from './success-logic.ts';
import { VerifyingPanel } from './Verifying.tsx';
import './success.css';

type View =
  { state: 'verifying' } | { state: 'error'; message: string } | { state: 'loaded'; details: PaymentDetails };

const RECHECKS = 5;
const RECHECK_MS = 1500;

function fetchDetails(lookup: NonNullable<DetailsLookup>): Promise<PaymentDetails> {
  return requestJson<PaymentDetails>(`/api/payments/details?${detailsQuery(lookup)}`, { method: 'POST' });
}

function endSession() {
  window.close();
  // Browsers let a script close only a window a script opened; otherwise show the thank-you page.
  setTimeout(() => {
    if (!window.closed) window.location.assign('/payment-complete');
  }, 150);
}

export function PaymentSuccessPage() {
  const productName = useProductName();
  const { search } = useLocation();
  const lookup = lookupFromSearch(search);
  const lookupKey = lookup ? detailsQuery(lookup) : '';
  const [view, setView] = useState<View>(
    lookup ? { state: 'verifying' } : { state: 'error', message: INVALID_SESSION },
  );

  useEffect(() => {
    if (!lookup) {
      setView({ state: 'error', message: INVALID_SESSION });
      return;
    }
    let live = true;
    setView({ state: 'verifying' });
    void (async () => {
      try {
        let details = await fetchDetails(lookup);
        // A payment the provider is still settling: ask again for a few seconds before showing it.
        // A bank debit clears in days, not seconds: shown at once.
        for (
          let i = 0;
          i < RECHECKS && live && mayStillChange(details.status) && !isClearingDebit(details);
          i++
        ) {
          await new Promise((r) => setTimeout(r, RECHECK_MS));
          if (live) details = await fetchDetails(lookup);
        }
        if (live) setView({ state: 'loaded', details });
      } catch {
        if (live) setView({ state: 'error', message: DETAILS_FAILED });
      }
    })();
    return () => {
      live = false;
    };
    // lookupKey is the lookup's identity (a new object each render).
  }, [lookupKey]);

  const outcome = view.state === 'loaded' ? outcomeOf(view.details.status) : null;
  const title =
    view.state === 'verifying'
      ? 'Verifying payment'
      : view.state === 'error'
        ? 'Payment details unavailable'
        : outcome === 'paid'
          ? 'Payment successful'
          : outcome === 'processing'
            ? 'Payment processing'
            : 'Payment not completed';
  useDocumentMeta({ title: `${title} | ${productName}` });

  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (view.state !== 'verifying') heading.current?.focus();
  }, [view.state]);

  return (
    <PageLayout>
      <div className="container">
        <div className="centered-panel payment-result" aria-busy={view.state === 'verifying'}>
          {view.state === 'verifying' && <VerifyingPanel />}
          {view.state === 'error' && (
            <>
              <span className="payment-result__icon payment-result__icon--warn" aria-hidden="true">
                !
              </span>
              <h1 ref={heading} tabIndex={-1}>
                {view.message === INVALID_SESSION ? 'Invalid Payment Session' : 'Something Went Wrong'}
              </h1>
              <p className="alert alert--error">{view.message}</p>
              <div className="actions">
                <a className="button" href="/">
                  Return Home
                </a>
              </div>
            </>
          )}
          {view.state === 'loaded' && <Loaded details={view.details} headingRef={heading} />}
        </div>
      </div>
    </PageLayout>
  );
}

function Loaded({
  details: d,
  headingRef,
}: {
  details: PaymentDetails;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const outcome = outcomeOf(d.status);
  const money = (minor: number) => formatMoney(minor, d.currency);
  const date = formatPaymentDate(d.paymentDate, { country: d.merchantCountry, timeZone: d.merchantTimeZone });
  const endButton = (
    <button type="button" className="button button--secondary" onClick={endSession}>
      End Session
    </button>
  );

  if (isClearingDebit(d)) {
    return (
      <>
        <span className="payment-result__icon" aria-hidden="true">
          ✓
        </span>
        <h1 ref={headingRef} tabIndex={-1}>
          Payment Submitted
        </h1>
        <p>{DEBIT_SUBMITTED}</p>
        <dl className="payment-result__details">
          <dt>Invoice number</dt>
          <dd>{d.invoiceNo}</dd>
          <dt>Amount</dt>
          <dd className="payment-result__figure">{money(d.total)}</dd>
          {d.paymentMethod && (
            <>
              <dt>Payment method</dt>
              <dd>{d.paymentMethod}</dd>
            </>
          )}
          <dt>Reference</dt>
          <dd>{d.id}</dd>
        </dl>
        <div className="actions">{endButton}</div>
      </>
    );
  }

  if (outcome !== 'paid') {
    return (
      <>
        <span className="payment-result__icon payment-result__icon--warn" aria-hidden="true">
          {outcome === 'processing' ? '…' : '!'}
        </span>
        <h1 ref={headingRef} tabIndex={-1}>
          {outcome === 'processing' ? 'Payment Processing' : 'Payment Not Completed'}
        </h1>
        <p>
          {outcome === 'processing'
            ? `Your payment of ${money(d.total)} for invoice ${d.invoiceNo} is still being confirmed by your bank. Refresh this page in a moment to see the result.`
            : `Your payment for invoice ${d.invoiceNo} was not completed, and your card was not charged.`}
        </p>
        <div className="actions">
          {outcome === 'not_completed' && (
            <a className="button" href={payAgainHref(d)}>
              Try Again
            </a>
          )}
          {endButton}
        </div>
      </>
    );
  }

  const remaining = d.remaining_due;
  return (
    <>
      <span className="payment-result__icon" aria-hidden="true">
        ✓
      </span>
      <h1 ref={headingRef} tabIndex={-1}>
        Payment Successful
      </h1>
      <p>Thank you for your payment{d.merchantName ? ` to ${d.merchantName}` : ''}.</p>
      <dl className="payment-result__details">
        <dt>Invoice number</dt>
        <dd>{d.invoiceNo}</dd>
        <dt>Amount paid</dt>
        <dd className="payment-result__figure">{money(d.amount)}</dd>
        {d.surcharge > 0 && (
          <>
            <dt>Card surcharge</dt>
            <dd className="payment-result__figure">{money(d.surcharge)}</dd>
            <dt>Total charged</dt>
            <dd className="payment-result__figure">{money(d.total)}</dd>
          </>
        )}
        {date && (
          <>
            <dt>Date</dt>
            <dd className="payment-result__figure">{date}</dd>
          </>
        )}
        {d.paymentMethod && (
          <>
            <dt>Payment method</dt>
            <dd>{d.paymentMethod}</dd>
          </>
        )}
        <dt>Transaction ID</dt>
        <dd>{d.id}</dd>
        {remaining !== null && (
          <>
            <dt className="payment-result__remaining">Remaining due</dt>
            <dd className="payment-result__remaining payment-result__figure">
              {money(Math.max(0, remaining))}
            </dd>
          </>
        )}
      </dl>
      {d.status === 'refunded' || d.status === 'partially_refunded' ? (
        <p className="payment-result__note">
          {d.status === 'refunded'
            ? 'This payment has since been refunded.'
            : 'Part of this payment has since been refunded.'}
        </p>
      ) : null}
      {remaining !== null && remaining <= 0 && (
        <p className="payment-result__note alert alert--success">{FULLY_PAID}</p>
      )}
      {d.receiptUrl && (
        <p className="payment-result__note">
          <a href={d.receiptUrl}>View or print your receipt</a>
        </p>
      )}
      <div className="actions">
        {remaining !== null && remaining > 0 && (
          // A full navigation: the pay page is its own entry (the widget) and opens a fresh session.
          <a className="button" href={payAgainHref(d)}>
            Make Another Payment
          </a>
        )}
        {endButton}
      </div>
    </>
  );
}
