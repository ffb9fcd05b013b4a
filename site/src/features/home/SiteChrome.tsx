/** Shared header and footer of the public pages. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__brand">
          InvoicePay
        </Link>
        <nav aria-label="Main">
          <a href="/#features">Features</a> <a href="/#how-it-works">How It Works</a>{' '}
          <a href="/#pricing">Pricing</a> <Link to="/blog">Blog</Link>
        </nav>
      </div>
    </header>
  );
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <Link to="/blog">Blog</Link> · <Link to="/privacy">Privacy Policy</Link> ·{' '}
        <Link to="/terms">Terms of Service</Link>
      </div>
    </footer>
  );
}

export function SiteChrome({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main id="main">{children}</main>
      <SiteFooter />
    </>
  );
}
