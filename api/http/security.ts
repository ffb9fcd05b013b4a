/**
 * Security headers and CORS (DESIGN §4a). Each HTML surface gets a Content-Security-Policy that
 * allows exactly what it loads: the hosted pay page our origin plus Stripe's documented origins for
 * Stripe.js, Elements and 3-D Secure; the site and the console our origin only (the site's blog
 * shows admin-chosen https images). No surface allows inline or remote script. Nothing may frame
 * our pages (clickjacking on a payment form). HSTS is sent only for requests that arrived over
 * HTTPS: behind a proxy that is `X-Forwarded-Proto: https`, believed only with TRUST_PROXY=1.
 * The widget's prefixes (/api/pay, /api/payments, /api/sandbox) answer any origin; every other
 * route is same-origin only (no CORS headers, and cross-site preflights are refused).
 * Verified in Chromium by tests/reliability/headers.test.ts.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';

const PUBLIC_API_PREFIXES = ['/api/pay/', '/api/payments/', '/api/sandbox/'];
const CORS_ALLOW_HEADERS = 'content-type, idempotency-key, authorization';

export function isPublicApiPath(path: string): boolean {
  return PUBLIC_API_PREFIXES.some((p) => path.startsWith(p) || path === p.slice(0, -1));
}

/**
 * Stripe's documented CSP sources for Stripe.js + Elements (docs.stripe.com/security/guide):
 * the script and its versioned hosts, the Elements and 3-D Secure frames, and its API. Google Maps
 * (Stripe's address autocomplete) is not listed: the widget uses the card element only.
 */
export const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

export type Surface = 'pay' | 'site' | 'console';

/** Which front end an HTML response belongs to. */
export function surfaceOf(path: string): Surface {
  if (path === '/pay' || path.startsWith('/pay/')) return 'pay';
  if (path === '/admin' || path.startsWith('/admin/')) return 'console';
  return 'site';
}

export function contentSecurityPolicy(surface: Surface = 'site'): string {
  const pay = surface === 'pay';
  return [
    "default-src 'self'",
    `script-src 'self'${pay ? ` ${STRIPE_SOURCES.script.join(' ')}` : ''}`,
    `frame-src ${pay ? STRIPE_SOURCES.frame.join(' ') : "'none'"}`,
    `connect-src 'self'${pay ? ` ${STRIPE_SOURCES.connect.join(' ')}` : ''}`,
    // Blog posts (site, and the console's preview) show a featured image from any https URL.
    `img-src 'self' data:${pay ? '' : ' https:'}`,
    // React-admin (emotion) and the widget's shadow-root <style> inject styles at run time.
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "object-src 'none'",
    "worker-src 'none'",
    "manifest-src 'self'",
    "media-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Non-HTML responses (JSON, scripts, images) never render as a document with powers. */
export const NON_DOCUMENT_POLICY = "default-src 'none'; frame-ancestors 'none'";

const HSTS = 'max-age=31536000; includeSubDomains';

/** True when the client reached us over HTTPS (directly, or through a trusted proxy). */
export function arrivedOverHttps(c: Context<AppEnv>): boolean {
  // Request URLs are absolute and their scheme is normalised to lower case: no need to parse them.
  if (c.req.url.startsWith('https:')) return true;
  if (!c.get('deps')?.config.trustProxy) return false;
  // The first hop is the client's; a proxy chain appends.
  const forwarded = (c.req.header('x-forwarded-proto') ?? '').split(',')[0].trim().toLowerCase();
  return forwarded === 'https';
}

export function securityHeaders(): MiddlewareHandler<AppEnv> {
  const policies: Record<Surface, string> = {
    pay: contentSecurityPolicy('pay'),
    site: contentSecurityPolicy('site'),
    console: contentSecurityPolicy('console'),
  };
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('X-Frame-Options', 'DENY');
    h.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), usb=(), interest-cohort=()');
    if (c.req.path.startsWith('/widget/') || isPublicApiPath(c.req.path)) {
      h.set('Cross-Origin-Resource-Policy', 'cross-origin');
    } else {
      h.set('Cross-Origin-Resource-Policy', 'same-origin');
    }
    const html = (h.get('content-type') ?? '').startsWith('text/html');
    h.set('Content-Security-Policy', html ? policies[surfaceOf(c.req.path)] : NON_DOCUMENT_POLICY);
    if (arrivedOverHttps(c)) h.set('Strict-Transport-Security', HSTS);
  };
}

export function cors(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    if (!path.startsWith('/api/') && !path.startsWith('/widget/')) return next();
    const origin = c.req.header('origin');
    const open = isPublicApiPath(path) || path.startsWith('/widget/');
    if (c.req.method === 'OPTIONS' && origin) {
      if (!open) return c.body(null, 403);
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS,
        'Access-Control-Max-Age': '600',
      });
    }
    await next();
    if (open) {
      c.res.headers.set('Access-Control-Allow-Origin', '*');
      c.res.headers.set('Access-Control-Expose-Headers', 'x-request-id');
    }
  };
}
