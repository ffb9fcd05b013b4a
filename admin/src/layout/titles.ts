/** The header title for each console path (spec §2: the header title follows the path). */
const TITLES: Array<[RegExp, string]> = [
  [/^\/?$/, 'Dashboard'],
  [/^\/dashboard\/?$/, 'Dashboard'],
  [/^\/merchants\/?$/, 'Merchants'],
  [/^\/merchants\/[^/]+\/?$/, 'Merchant Details'],
  [/^\/payments\/?$/, 'Payments'],
  [/^\/payments\/[^/]+\/?$/, 'Payment Details'],
  [/^\/blog\/?$/, 'Create Blog Post'],
  [/^\/blogs\/?$/, 'Blog Posts'],
  [/^\/blogs\/create\/?$/, 'Create Blog Post'],
  [/^\/blogs\/[^/]+\/?$/, 'Edit Blog Post'],
  [/^\/invoices\/?$/, 'Invoices'],
  [/^\/invoices\/[^/]+\/?$/, 'Invoice'],
  [/^\/prospects\/?$/, 'Prospects'],
  [/^\/audit-log\/?$/, 'Audit Log'],
  [/^\/xero-integration\/?$/, 'Xero Integration'],
  [/^\/test-xero-urls\/?$/, 'Test Xero URLs'],
  [/^\/diagnostics\/?$/, 'Diagnostics'],
  [/^\/accounting\/callback\/?$/, 'Connecting Accounting'],
  [/^\/login\/?$/, 'Sign In'],
];

export function titleForPath(pathname: string): string {
  return TITLES.find(([re]) => re.test(pathname))?.[1] ?? 'Page Not Found';
}
