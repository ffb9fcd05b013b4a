/** The header title for each console path (spec §2: the header title follows the path), as i18n keys. */
const TITLES: Array<[RegExp, string]> = [
  [/^\/?$/, 'console.titles.dashboard'],
  [/^\/dashboard\/?$/, 'console.titles.dashboard'],
  [/^\/merchants\/?$/, 'console.titles.merchants'],
  [/^\/merchants\/[^/]+\/?$/, 'console.titles.merchant'],
  [/^\/payments\/?$/, 'console.titles.payments'],
  [/^\/payments\/[^/]+\/?$/, 'console.titles.payment'],
  [/^\/blog\/?$/, 'console.titles.blog_create'],
  [/^\/blogs\/?$/, 'console.titles.blogs'],
  [/^\/blogs\/create\/?$/, 'console.titles.blog_create'],
  [/^\/blogs\/[^/]+\/?$/, 'console.titles.blog_edit'],
  [/^\/invoices\/?$/, 'console.titles.invoices'],
  [/^\/invoices\/[^/]+\/?$/, 'console.titles.invoice'],
  [/^\/prospects\/?$/, 'console.titles.prospects'],
  [/^\/audit-log\/?$/, 'console.titles.audit_log'],
  [/^\/api-keys\/?$/, 'console.titles.api_keys'],
  [/^\/pay-links\/?$/, 'console.titles.pay_links'],
  [/^\/xero-integration\/?$/, 'console.titles.xero_integration'],
  [/^\/test-xero-urls\/?$/, 'console.titles.test_xero_urls'],
  [/^\/diagnostics\/?$/, 'console.titles.diagnostics'],
  [/^\/accounting\/callback\/?$/, 'console.titles.accounting_callback'],
  [/^\/login\/?$/, 'console.titles.login'],
];

/**
 * The last path shown before react-admin's /access-denied (it redirects there, pushing, when a role
 * does not open a resource): that page keeps the refused page's title and names what it needed.
 */
let refused = '';

/** The path a page was refused at (or '' when none was). */
export const refusedPath = () => refused;

export function titleKeyForPath(pathname: string): string {
  if (/^\/access-denied\/?$/.test(pathname))
    return refused ? titleKeyForPath(refused) : 'console.titles.not_found';
  refused = pathname;
  return TITLES.find(([re]) => re.test(pathname))?.[1] ?? 'console.titles.not_found';
}
