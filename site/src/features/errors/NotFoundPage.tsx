/** Unknown public paths (spec §2): Page Not Found with Go Home. */
import { Link } from 'react-router-dom';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { PageLayout } from '../../shared/PageLayout.tsx';
import { useProductName } from '../../shared/public-config.ts';

export function NotFoundPage() {
  const productName = useProductName();
  useDocumentMeta({ title: `Page Not Found | ${productName}` });
  return (
    <PageLayout>
      <div className="container">
        <div className="centered-panel">
          <h1>Page Not Found</h1>
          <p>The page you're looking for doesn't exist or has been moved.</p>
          <div className="actions">
            <Link className="button" to="/">
              Go Home
            </Link>
          </div>
        </div>
      </div>
    </PageLayout>
  );
}
