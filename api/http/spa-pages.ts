/**
 * Which paths are pages of the two single-page front ends, so the server can answer an unknown
 * one with HTTP 404 (the shell still renders the Page Not Found screen) instead of a 200 that
 * search engines and link checkers take for a page. Keep in step with the site's route table
 * (site/src/app/routes.tsx) and the console's resources and custom routes (admin/src/ConsoleApp.tsx);
 * tests/unit/spa-pages.test.ts checks both tables against this one.
 */

/** The site's client-side pages (the blog post page `/blog/{slug}` is served by api/blog). */
export const SITE_PAGES: readonly string[] = [
  '/',
  '/blog',
  '/privacy',
  '/terms',
  '/cancel',
  '/payment-complete',
  '/login',
  '/signup',
  '/forgot-password',
  '/verify-email',
  '/reset-password',
  '/unauthorized',
  '/accept-invitation',
  '/success',
  '/connect/callback',
];

/** The site's pages with a parameter (react-router's `:name`): a payment's receipt. */
export const SITE_PAGE_PATTERNS: readonly string[] = ['/receipt/:id'];

/** Console resources: each has its list at /admin/{name}, its record at /admin/{name}/{id}, and /create. */
export const CONSOLE_RESOURCES: readonly string[] = [
  'merchants',
  'payments',
  'blogs',
  'invoices',
  'prospects',
  'audit-log',
  'api-keys',
  'pay-links',
];

/** The console's other pages, below /admin. */
export const CONSOLE_PAGES: readonly string[] = [
  '/',
  '/login',
  '/dashboard',
  '/blog',
  '/test-xero-urls',
  '/xero-integration',
  '/diagnostics',
  '/accounting/callback',
  // react-admin's page for a path the user's role does not open (admin/src/layout/RoleDenied.tsx).
  '/access-denied',
];

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
const SITE = new Set(SITE_PAGES);
const SITE_PATTERNS = SITE_PAGE_PATTERNS.map((p) => new RegExp(`^${p.replace(/:\w+/g, '[^/]+')}$`));
const CONSOLE = new Set(CONSOLE_PAGES);
const RESOURCES = new Set(CONSOLE_RESOURCES);

/** True for a page the site renders (path without query). */
export function isSitePage(path: string): boolean {
  const p = trimSlash(path) || '/';
  return SITE.has(p) || SITE_PATTERNS.some((pattern) => pattern.test(p));
}

/** True for a page the console renders; `path` is below /admin (e.g. `/merchants/…`). */
export function isConsolePage(path: string): boolean {
  const p = trimSlash(path) || '/';
  if (CONSOLE.has(p)) return true;
  const [, resource, id, rest, ...more] = p.split('/');
  if (!RESOURCES.has(resource) || more.length) return false;
  // /{resource}, /{resource}/create, /{resource}/{id}, /{resource}/{id}/show
  return id === undefined || (id !== '' && (rest === undefined || rest === 'show'));
}

/** The status an SPA shell is served with for `path` of the given front end. */
export function shellStatus(surface: 'site' | 'console', path: string): 200 | 404 {
  return (surface === 'site' ? isSitePage(path) : isConsolePage(path)) ? 200 : 404;
}
