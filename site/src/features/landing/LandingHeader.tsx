/**
 * The landing page's sticky header: section anchors, the Blog link, Sign in, Sign up (when businesses
 * may sign themselves up: MERCHANT_SIGNUP) and Contact Us. It changes state
 * (solid background and shadow) once the page has scrolled more than 50 px (spec §9). On narrow
 * screens the links fold behind a Menu button.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useMerchantSignup } from '../../shared/public-config.ts';
import './styles/header.css';

export const SCROLL_THRESHOLD_PX = 50;

const ANCHORS = [
  ['#features', 'Features'],
  ['#how-it-works', 'How It Works'],
  ['#pricing', 'Pricing'],
  ['#testimonials', 'Testimonials'],
] as const;

export function LandingHeader({ productName, onContact }: { productName: string; onContact: () => void }) {
  const signup = useMerchantSignup();
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setScrolled(window.scrollY > SCROLL_THRESHOLD_PX);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <header
      className={`landing-header${scrolled ? ' landing-header--scrolled' : ''}`}
      data-scrolled={scrolled}
    >
      <div className="container landing-header__inner">
        <Link to="/" className="brand">
          {productName}
        </Link>
        <button
          type="button"
          className="landing-header__menu button button--secondary button--small"
          aria-expanded={menuOpen}
          aria-controls="landing-nav"
          onClick={() => setMenuOpen((o) => !o)}
        >
          Menu
        </button>
        <nav
          id="landing-nav"
          aria-label="Main"
          className={`landing-header__nav${menuOpen ? ' is-open' : ''}`}
        >
          {ANCHORS.map(([href, label]) => (
            <a key={href} href={href} onClick={() => setMenuOpen(false)}>
              {label}
            </a>
          ))}
          <Link to="/blog">Blog</Link>
          <Link to="/login">Sign in</Link>
          {signup ? (
            <Link className="button button--small" to="/signup">
              Sign up
            </Link>
          ) : null}
          <button
            type="button"
            className={`button button--small${signup ? ' button--secondary' : ''}`}
            onClick={() => {
              setMenuOpen(false);
              onContact();
            }}
          >
            Contact Us
          </button>
        </nav>
      </div>
    </header>
  );
}
