/**
 * The success page's first state (spec §2: "Shows a Verifying spinner"): shown from the first paint
 * (while the page's code loads, as the route's fallback) until the server has answered.
 */
import { PageLayout, Spinner } from '../../shared/PageLayout.tsx';

const VERIFYING = 'Verifying…';

export function VerifyingPanel() {
  return (
    <>
      <h1>{VERIFYING}</h1>
      <Spinner label="Verifying your payment" />
      <p>Checking your payment with the payment provider.</p>
    </>
  );
}

/** The whole page in its verifying state (the route's loading fallback). */
export function VerifyingPage() {
  return (
    <PageLayout>
      <div className="container">
        <div className="centered-panel payment-result" aria-busy="true">
          <VerifyingPanel />
        </div>
      </div>
    </PageLayout>
  );
}
