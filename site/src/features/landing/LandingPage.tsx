/**
 * The landing page `/` (spec §2 "Landing page"). The demo checkout and the contact modal are passed
 * in by the app, which composes features. (A payment link that lands on `/` is sent to /pay by the
 * server and by main.tsx before this page renders.)
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { useMerchantSignup, useProductName } from '../../shared/public-config.ts';
import '../../styles/layout.css';
import './styles/page.css';
import './styles/hero.css';
import './styles/cards.css';
import './styles/stats.css';
import './styles/steps.css';
import './styles/pricing.css';
import './styles/testimonials.css';
import './styles/faq.css';
import './styles/cta.css';
import './styles/footer.css';
import { FAQ, FEATURES, PRICING_LINES, STATS, STEPS, TESTIMONIALS } from './content.ts';
import { LandingHeader } from './LandingHeader.tsx';

interface Props {
  demoCheckout: ReactNode;
  renderContact: (props: { open: boolean; onClose: () => void; productName: string }) => ReactNode;
}

export function LandingPage({ demoCheckout, renderContact }: Props) {
  const productName = useProductName();
  const signup = useMerchantSignup();
  const [contactOpen, setContactOpen] = useState(false);
  const openContact = () => setContactOpen(true);
  /**
   * "Get Started": sign-up when businesses may sign themselves up, with "Talk to sales" for the
   * contact form beside it; the contact form otherwise.
   */
  const getStarted = (className: string, salesClassName: string) =>
    signup ? (
      <>
        <Link className={className} to="/signup">
          Get Started
        </Link>
        <button type="button" className={salesClassName} onClick={openContact}>
          Talk to sales
        </button>
      </>
    ) : (
      <button type="button" className={className} onClick={openContact}>
        Get Started
      </button>
    );
  useDocumentMeta({
    title: `${productName}: card payments on your Xero and QuickBooks invoices`,
    description:
      'Let builders pay your invoices by card, in part or in full, on any number of cards. No monthly fee, no credit risk, paid in about 2 business days.',
  });

  return (
    <div className="landing">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <LandingHeader productName={productName} onContact={openContact} />
      <main id="main" tabIndex={-1}>
        <section className="hero" aria-labelledby="hero-title">
          <div className="container hero__inner">
            <div className="hero__copy">
              <p className="eyebrow">For building-material suppliers</p>
              <h1 id="hero-title">Get paid on big invoices by card, in part or in full.</h1>
              <p className="hero__lead">
                {productName} puts a Pay now link on your Xero and QuickBooks invoices. Builders pay any
                amount on any number of cards, and you get the money in about 2 business days with no credit
                risk.
              </p>
              <div className="hero__actions">
                {getStarted('button', 'button button--secondary')}
                <a className="button button--secondary" href="#demo">
                  See Demo
                </a>
              </div>
              <p className="hero__fine">No monthly fee. No lock-in. Set up in an afternoon.</p>
            </div>
            <div className="hero__card" aria-hidden="true">
              <div className="hero__card-row">
                <span>Invoice INV-0042</span>
                <strong>$48,600.00</strong>
              </div>
              <div className="hero__card-row hero__card-row--paid">
                <span>Visa ending 4242</span>
                <span>−$20,000.00</span>
              </div>
              <div className="hero__card-row hero__card-row--paid">
                <span>Mastercard ending 5454</span>
                <span>−$20,000.00</span>
              </div>
              <div className="hero__card-row hero__card-row--total">
                <span>Remaining</span>
                <strong>$8,600.00</strong>
              </div>
            </div>
          </div>
        </section>

        <section className="section section--tinted" id="problem" aria-labelledby="problem-title">
          <div className="container narrow-center">
            <h2 id="problem-title">Your customers’ cards can’t cover your invoices</h2>
            <p>
              Builders run on 60-90 day payment cycles, and a business card with a $10K-$25K limit cannot pay
              a $30K-$100K+ materials invoice in one go. So the invoice waits, your cash is tied up, and every
              insolvency on the site becomes your bad debt.
            </p>
            <p>
              {productName} lets them pay what their cards allow today, across as many cards as they need, so
              you are paid now instead of in three months.
            </p>
          </div>
        </section>

        <section className="section" id="demo" aria-labelledby="demo-title">
          <div className="container">
            <div className="section__head">
              <h2 id="demo-title">See what your customer sees</h2>
              <p>A simulated payment on a 600.00 AUD invoice. Try a partial payment; nothing is charged.</p>
            </div>
            {demoCheckout}
          </div>
        </section>

        <section className="section section--tinted" id="features" aria-labelledby="features-title">
          <div className="container">
            <div className="section__head">
              <h2 id="features-title">Everything you need to get paid by card</h2>
            </div>
            <ul className="card-grid">
              {FEATURES.map((f) => (
                <li key={f.title} className="card">
                  <h3>{f.title}</h3>
                  <p>{f.body}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="section stats" aria-labelledby="stats-title">
          <div className="container">
            <h2 id="stats-title" className="section__head">
              Why card payments matter in construction
            </h2>
            <ul className="stats__grid">
              {STATS.map((s) => (
                <li key={s.label} className="stats__item">
                  <span className="stats__value">{s.value}</span>
                  <span className="stats__label">{s.label}</span>
                  <span className="stats__note">{s.note}</span>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="section section--tinted" id="how-it-works" aria-labelledby="how-title">
          <div className="container">
            <div className="section__head">
              <h2 id="how-title">How it works</h2>
            </div>
            <ol className="steps">
              {STEPS.map((s, i) => (
                <li key={s.title} className="steps__item">
                  <span className="steps__number" aria-hidden="true">
                    {i + 1}
                  </span>
                  <h3>{s.title}</h3>
                  <p>{s.body}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section className="section" id="pricing" aria-labelledby="pricing-title">
          <div className="container">
            <div className="section__head">
              <h2 id="pricing-title">Simple pricing</h2>
              <p>Pay only when you get paid.</p>
            </div>
            <div className="pricing">
              <div className="pricing__headline">
                <span className="pricing__amount">$0</span>
                <span>monthly fee</span>
              </div>
              <dl className="pricing__lines">
                {PRICING_LINES.map((l) => (
                  <div key={l.label}>
                    <dt>{l.label}</dt>
                    <dd>
                      <strong>{l.value}</strong>
                      <span>{l.note}</span>
                    </dd>
                  </div>
                ))}
              </dl>
              <p className="pricing__fine">International cards are not covered.</p>
              <div className="hero__actions">{getStarted('button', 'button button--secondary')}</div>
            </div>
          </div>
        </section>

        <section className="section section--tinted" id="testimonials" aria-labelledby="testimonials-title">
          <div className="container">
            <div className="section__head">
              <h2 id="testimonials-title">What suppliers say</h2>
            </div>
            <ul className="card-grid card-grid--three">
              {TESTIMONIALS.map((t) => (
                <li key={t.org} className="card testimonial">
                  <figure>
                    <blockquote>
                      <p>“{t.quote}”</p>
                    </blockquote>
                    <figcaption>
                      <strong>{t.who}</strong>, {t.org}
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="section" id="faq" aria-labelledby="faq-title">
          <div className="container narrow-center">
            <h2 id="faq-title">Frequently asked questions</h2>
            <div className="faq">
              {FAQ.map((f) => (
                <details key={f.q} className="faq__item">
                  <summary>{f.q}</summary>
                  <p>{f.a}</p>
                </details>
              ))}
            </div>
          </div>
        </section>

        <section className="section cta" aria-labelledby="cta-title">
          <div className="container narrow-center">
            <h2 id="cta-title">Stop waiting 60-90 days to get paid</h2>
            <p>
              Put a card payment link on every invoice and let your customers pay the way their cards allow.
            </p>
            <div className="hero__actions hero__actions--center">
              {getStarted('button button--inverse', 'button button--outline-inverse')}
              <a className="button button--outline-inverse" href="#demo">
                See Demo
              </a>
            </div>
          </div>
        </section>
      </main>

      <footer className="landing-footer">
        <div className="container landing-footer__inner">
          <div>
            <span className="brand">{productName}</span>
            <p>Card payments on Xero and QuickBooks invoices for trade suppliers.</p>
          </div>
          <nav aria-label="Footer" className="page-footer__nav">
            <a href="#features">Features</a>
            <a href="#pricing">Pricing</a>
            <Link to="/blog">Blog</Link>
            <Link to="/privacy">Privacy Policy</Link>
            <Link to="/terms">Terms of Service</Link>
            <Link to="/login">Sign in</Link>
            {signup ? <Link to="/signup">Sign up</Link> : null}
            <button type="button" className="link-button" onClick={openContact}>
              Contact Us
            </button>
          </nav>
          <p className="landing-footer__copy">
            © {new Date().getFullYear()} {productName}. Payments processed by Stripe.
          </p>
        </div>
      </footer>
      {renderContact({ open: contactOpen, onClose: () => setContactOpen(false), productName })}
    </div>
  );
}
