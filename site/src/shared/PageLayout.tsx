/**
 * Header and footer of the secondary public pages (blog, legal, result and error pages): anchors
 * to the landing page's sections, the Blog link, Sign in and Sign up (when MERCHANT_SIGNUP is on), an
 * optional contact mailto, and the footer links.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useMerchantSignup, useProductName } from './public-config.ts';
import { CONTACT_EMAIL } from './site-info.ts';
import '../styles/layout.css';

export function PageHeader({ showContact = false }: { showContact?: boolean }) {
  const productName = useProductName();
  const signup = useMerchantSignup();
  return (
    <header className="page-header">
      <div className="container page-header__inner">
        <Link to="/" className="brand">
          {productName}
        </Link>
        <nav aria-label="Main" className="page-header__nav">
          <a href="/#features">Features</a>
          <a href="/#how-it-works">How It Works</a>
          <a href="/#pricing">Pricing</a>
          <Link to="/blog">Blog</Link>
          <Link to="/login">Sign in</Link>
          {signup ? <Link to="/signup">Sign up</Link> : null}
          {showContact && (
            <a className="button button--small" href={`mailto:${CONTACT_EMAIL}`}>
              Contact
            </a>
          )}
        </nav>
      </div>
    </header>
  );
}

export function PageFooter() {
  const productName = useProductName();
  const signup = useMerchantSignup();
  return (
    <footer className="page-footer">
      <div className="container page-footer__inner">
        <p>
          © {new Date().getFullYear()} {productName}
        </p>
        <nav aria-label="Footer" className="page-footer__nav">
          <Link to="/blog">Blog</Link>
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/terms">Terms of Service</Link>
          <Link to="/login">Sign in</Link>
          {signup ? <Link to="/signup">Sign up</Link> : null}
        </nav>
      </div>
    </footer>
  );
}

export function PageLayout({ children, showContact }: { children: ReactNode; showContact?: boolean }) {
  return (
    <div className="page">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <PageHeader showContact={showContact} />
      <main id="main" className="page__main" tabIndex={-1}>
        {children}
      </main>
      <PageFooter />
    </div>
  );
}

/** A centred spinner with an accessible label. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="spinner" role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
