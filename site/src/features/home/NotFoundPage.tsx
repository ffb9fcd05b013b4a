/** Unknown site paths. */
import { Link } from 'react-router-dom';
import { SiteChrome } from './SiteChrome.tsx';

export function NotFoundPage() {
  return (
    <SiteChrome>
      <div className="container">
        <h1>Page Not Found</h1>
        <p>The page you are looking for does not exist.</p>
        <Link to="/">Go Home</Link>
      </div>
    </SiteChrome>
  );
}
