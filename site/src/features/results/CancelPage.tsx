/** `/cancel` (spec §2 "Payment cancelled page"): no charges were made; Try Again or Return Home. */
import { Link, useLocation } from 'react-router-dom';
import { parsePayLink } from '../../../../core/link-params.ts';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { PageLayout } from '../../shared/PageLayout.tsx';
import { useProductName } from '../../shared/public-config.ts';
import { tryAgainHref } from './cancel-link.ts';

export function CancelPage() {
  const productName = useProductName();
  const { search } = useLocation();
  const retry = tryAgainHref(search, document.referrer, location.origin);
  const invoice = parsePayLink(new URLSearchParams(search)).invoiceNumber;
  useDocumentMeta({ title: `Payment cancelled | ${productName}` });
  return (
    <PageLayout>
      <div className="container">
        <div className="centered-panel">
          <h1>Payment Cancelled</h1>
          <p>
            Your payment{invoice ? ` for invoice ${invoice}` : ''} was cancelled. No charges were made to your
            card.
          </p>
          {!retry && invoice && (
            <p>To try again, open the payment link on your invoice or in the email from your supplier.</p>
          )}
          <div className="actions">
            {retry && (
              // A full navigation: the pay page loads its own bundle (widget) and session.
              <a className="button" href={retry}>
                Try Again
              </a>
            )}
            <Link className={retry ? 'button button--secondary' : 'button'} to="/">
              Return Home
            </Link>
          </div>
        </div>
      </div>
    </PageLayout>
  );
}
