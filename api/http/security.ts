/**
 * Security headers and CORS (DESIGN §4a): the widget's prefixes (/api/pay, /api/payments,
 * /api/sandbox) answer any origin; every other route is same-origin only (no CORS headers, and
 * cross-site preflights are refused).
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';

const PUBLIC_API_PREFIXES = ['/api/pay/', '/api/payments/', '/api/sandbox/'];
const CORS_ALLOW_HEADERS = 'content-type, idempotency-key, authorization';

export function isPublicApiPath(path: string): boolean {
  return PUBLIC_API_PREFIXES.some((p) => path.startsWith(p) || path === p.slice(0, -1));
}

/** Stripe's documented origins for Stripe.js, Elements and 3-D Secure. */
const STRIPE_SCRIPT = 'https://js.stripe.com';
const STRIPE_FRAMES = 'https://js.stripe.com https://hooks.stripe.com';
const STRIPE_CONNECT = 'https://api.stripe.com';

export function contentSecurityPolicy(): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${STRIPE_SCRIPT}`,
    `frame-src ${STRIPE_FRAMES}`,
    `connect-src 'self' ${STRIPE_CONNECT}`,
    "img-src 'self' data: https:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

export function securityHeaders(): MiddlewareHandler<AppEnv> {
  const csp = contentSecurityPolicy();
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('X-Frame-Options', 'SAMEORIGIN');
    h.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    if (c.req.path.startsWith('/widget/') || isPublicApiPath(c.req.path)) {
      h.set('Cross-Origin-Resource-Policy', 'cross-origin');
    } else {
      h.set('Cross-Origin-Resource-Policy', 'same-origin');
    }
    if ((h.get('content-type') ?? '').startsWith('text/html')) h.set('Content-Security-Policy', csp);
    const proto = c.req.header('x-forwarded-proto') ?? new URL(c.req.url).protocol.replace(':', '');
    if (proto === 'https') h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
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
