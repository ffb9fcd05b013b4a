/**
 * Security headers and CORS (DESIGN §4a). Each HTML surface gets a Content-Security-Policy that
 * allows exactly what it loads: the hosted pay page our origin plus Stripe's documented origins for
 * Stripe.js, Elements and 3-D Secure; the site and the console our origin only (the site's blog
 * shows admin-chosen https images, the pay page a merchant's https logo). No surface allows inline
 * or remote script. Nothing may frame our pages (clickjacking on a payment form). HSTS is sent only for requests that arrived over
 * HTTPS: behind a proxy that is `X-Forwarded-Proto: https`, believed only with TRUST_PROXY=1.
 * The widget's prefixes (/api/pay, /api/payments, /api/sandbox) answer any origin; every other
 * route is same-origin only (no CORS headers, and cross-site preflights are refused).
 * Verified in Chromium by tests/reliability/headers.test.ts.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { headerOf } from './request-header.ts';

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
    // Blog posts (site, and the console's preview) show a featured image from any https URL; the
    // pay page the merchant's logo (an https URL, console → Merchant Details) — images only.
    "img-src 'self' data: https:",
    // React-admin (emotion) injects styles at run time, and the pay page keeps Stripe.js free to
    // (the widget itself needs none: its stylesheet is a constructable one, docs/embedding.md).
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

export const HSTS = 'max-age=31536000; includeSubDomains';

/** True when the client reached us over HTTPS (directly, or through a trusted proxy). */
export function arrivedOverHttps(c: Context<AppEnv>): boolean {
  // Request URLs are absolute and their scheme is normalised to lower case: no need to parse them.
  if (c.req.url.startsWith('https:')) return true;
  if (!c.get('deps')?.config.trustProxy) return false;
  // The first hop is the client's; a proxy chain appends.
  const forwarded = (headerOf(c, 'x-forwarded-proto') ?? '').split(',')[0].trim().toLowerCase();
  return forwarded === 'https';
}

/** Which CORS rules and resource policy a path gets (DESIGN §4a). */
export type PathKind = 'public-api' | 'widget' | 'api' | 'other';

export function pathKind(path: string): PathKind {
  if (path.startsWith('/api/')) return isPublicApiPath(path) ? 'public-api' : 'api';
  return path.startsWith('/widget/') ? 'widget' : 'other';
}

/** CORS answers any origin here: the widget's API prefixes and its script. */
export const corsOpen = (kind: PathKind) => kind === 'public-api' || kind === 'widget';

/**
 * The headers every response of a kind of path carries, apart from its Content-Security-Policy
 * (which depends on whether the response is a document) — built once, never per request.
 *
 * API answers (JSON) get what applies to them (OWASP's REST set: nosniff, no framing, a no-powers
 * CSP, the resource policy, HSTS, and CORS where open). Referrer-Policy, Permissions-Policy and
 * Cross-Origin-Opener-Policy govern what a document (or a stylesheet, for Referrer-Policy) goes on to
 * do; a JSON answer does nothing, so they are left off there — three fewer headers on every call.
 */
/** What a document goes on to do: sent with every page (also the API reference under /api/). */
const DOCUMENT_ONLY = {
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), interest-cohort=()',
};

function baseHeaders(kind: PathKind, https: boolean): Readonly<Record<string, string>> {
  const open = corsOpen(kind);
  const api = kind === 'api' || kind === 'public-api';
  return Object.freeze({
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    ...(api ? {} : DOCUMENT_ONLY),
    'Cross-Origin-Resource-Policy': open ? 'cross-origin' : 'same-origin',
    ...(open ? { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'x-request-id' } : {}),
    ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
  });
}

const KINDS: PathKind[] = ['public-api', 'widget', 'api', 'other'];
const BASE = new Map(
  KINDS.flatMap((k) => [
    [`${k}:0`, baseHeaders(k, false)],
    [`${k}:1`, baseHeaders(k, true)],
  ]),
);
const NON_DOCUMENT = new Map(
  [...BASE].map(([k, h]) => [k, Object.freeze({ ...h, 'Content-Security-Policy': NON_DOCUMENT_POLICY })]),
);

/** The security (and, where open, CORS) headers of a response: `document` = an HTML page. */
export function securityHeadersFor(
  kind: PathKind,
  https: boolean,
  document: Surface | null,
): Readonly<Record<string, string>> {
  const key = `${kind}:${https ? 1 : 0}`;
  if (!document) return NON_DOCUMENT.get(key)!;
  return { ...DOCUMENT_ONLY, ...BASE.get(key)!, 'Content-Security-Policy': DOCUMENT_POLICIES[document] };
}

const DOCUMENT_POLICIES: Record<Surface, string> = {
  pay: contentSecurityPolicy('pay'),
  site: contentSecurityPolicy('site'),
  console: contentSecurityPolicy('console'),
};

export const PREFLIGHT_HEADERS = Object.freeze({
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS,
  'Access-Control-Max-Age': '600',
});
