/** Placeholder home until the landing page lands: header, a one-line pitch, footer. */
import { SiteChrome } from './SiteChrome.tsx';

export function HomePage() {
  return (
    <SiteChrome>
      <div className="container">
        <h1>Get paid by card on your invoices</h1>
        <p>Customers pay any amount up to the balance, on one or several cards.</p>
      </div>
    </SiteChrome>
  );
}
