/**
 * An app's in-process state: its caches and its rate-limit stores, built once with its dependencies
 * (api/main.ts, and each test's app) and reached through them (`deps.caches`), so the routes and the
 * background workers of one app share it — the outbox worker's write to Xero drops the live amount
 * the pay page cached — and two apps (tests) never do. The SQLite group commit is not here: it
 * belongs to a database (one per database file, whatever app writes to it: api/payments/group-commit.ts).
 *
 * @example const deps: AppDeps = { config, database, logger, clock, mailer, payments, caches: createAppCaches({ database, clock, logger }) };
 */
import { createInvoiceContentCaches, type InvoiceContentCaches } from './accounting/invoice-content-cache.ts';
import type { LiveAmountCache } from './accounting/live-amount-cache.ts';
import type { Clock } from './clock.ts';
import type { AppDatabase } from './db/database.ts';
import type { Logger } from './logger.ts';
import { trackMerchantChanges, type MerchantChanges } from './merchants/changes.ts';
import { createPayCaches, type PayCaches } from './pay/cache.ts';
import { createRateStores } from './rate-limit/store.ts';
import type { LockoutStore, RateStore } from './rate-limit/store.ts';

export interface AppCaches {
  /** Pay-session caches: merchants, rendered sessions, parsed links (api/pay/cache.ts). */
  pay: PayCaches;
  /** Merchant changes, told to what keeps something rendered from a merchant (api/merchants/changes.ts). */
  merchantChanges: MerchantChanges;
  /** (address, invoice) pairs already counted by the pay-session lookup limit (api/pay/lookup-limit.ts). */
  lookups: Map<string, number>;
  /** Live amounts due from Xero or QuickBooks (api/accounting/live-amount.ts). */
  liveAmounts: LiveAmountCache;
  /** Invoice lines, dates and PDFs from Xero or QuickBooks (api/accounting/invoice-content.ts). */
  invoiceContents: InvoiceContentCaches;
  /** Rate-limit counters (api/rate-limit). */
  rates: RateStore;
  /** Lockouts of unknown emails at sign-in (api/auth/session.ts). */
  lockouts: LockoutStore;
}

export function createAppCaches(deps: { database: AppDatabase; clock: Clock; logger: Logger }): AppCaches {
  return {
    pay: createPayCaches(),
    merchantChanges: trackMerchantChanges(deps.database),
    lookups: new Map(),
    liveAmounts: new Map(),
    invoiceContents: createInvoiceContentCaches(),
    ...createRateStores(deps),
  };
}
