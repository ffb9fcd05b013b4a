/**
 * Xero OAuth scopes. Apps created since 2 March 2026 may only ask for granular scopes
 * (`accounting.invoices`, `accounting.payments`, `accounting.banktransactions`, …); older apps may
 * still hold `accounting.transactions`, which covers all three. A connection's granted scopes come
 * from the token answer (`scope`); each API call names the scopes any one of which lets it through,
 * so a connection without the scope a step needs fails with a clear message instead of a bare 401.
 */

export type XeroAccess =
  | 'invoices.read'
  | 'invoices'
  | 'payments.read'
  | 'payments'
  | 'banktransactions'
  | 'settings.read'
  | 'paymentservices';

/** For each kind of access, the scopes that grant it (granular first, then the broad legacy one). */
export const XERO_SCOPES_FOR: Record<XeroAccess, string[]> = {
  'invoices.read': [
    'accounting.invoices',
    'accounting.invoices.read',
    'accounting.transactions',
    'accounting.transactions.read',
  ],
  invoices: ['accounting.invoices', 'accounting.transactions'],
  'payments.read': [
    'accounting.payments',
    'accounting.payments.read',
    'accounting.transactions',
    'accounting.transactions.read',
  ],
  payments: ['accounting.payments', 'accounting.transactions'],
  banktransactions: ['accounting.banktransactions', 'accounting.transactions'],
  'settings.read': ['accounting.settings', 'accounting.settings.read'],
  paymentservices: ['paymentservices'],
};

export function parseScopes(scope: string | null | undefined): string[] | null {
  if (scope === null || scope === undefined) return null;
  return scope.split(/\s+/).filter(Boolean);
}

/** True when `granted` allows `access`; unknown grants (null: connected before we recorded them) are assumed to. */
export function grants(granted: string[] | null, access: XeroAccess): boolean {
  if (granted === null) return true;
  return XERO_SCOPES_FOR[access].some((s) => granted.includes(s));
}
