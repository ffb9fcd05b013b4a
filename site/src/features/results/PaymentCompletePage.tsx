/** `/payment-complete`: where End Session lands when the window cannot close itself (spec §2). */
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { PageLayout } from '../../shared/PageLayout.tsx';
import { useProductName } from '../../shared/public-config.ts';

export function PaymentCompletePage() {
  const productName = useProductName();
  useDocumentMeta({ title: `Payment complete | ${productName}` });
  return (
    <PageLayout>
      <div className="container">
        <div className="centered-panel">
          <h1>Thank You</h1>
          <p>Your payment session is complete. A receipt is on its way if you gave us your email address.</p>
          <p>
            <strong>You may close this window now.</strong>
          </p>
        </div>
      </div>
    </PageLayout>
  );
}
