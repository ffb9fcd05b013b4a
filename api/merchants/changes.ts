/**
 * "A merchant changed" — its settings, its Stripe account, its accounting connection, a pay link's
 * state — told to whoever keeps something rendered from a merchant (the pay page's caches,
 * api/pay/cache.ts), without the writer knowing who that is: a generation number that only grows.
 * This process's own writes bump it at once (`merchantChanged`, called after the commit); on
 * PostgreSQL other processes' writes do too within milliseconds (LISTEN/NOTIFY, api/db/change-bus.ts).
 */
import { type AppCaches, cacheKey } from '../app-caches.ts';
import type { AppDatabase } from '../db/database.ts';
import type { Logger } from '../logger.ts';

/** The change-bus topic of merchant writes. */
export const MERCHANTS_TOPIC = 'merchants';

export interface MerchantChanges {
  /** Bumped by every merchant change: a cached thing made at an older generation is stale. */
  generation: number;
}

/**
 * One app's counter (api/app-caches.ts), made before anything is rendered from a merchant: from then
 * on it also counts other processes' changes.
 */
export const MERCHANT_CHANGES = cacheKey('merchant changes', ({ database }): MerchantChanges => {
  const changes: MerchantChanges = { generation: 0 };
  database.changes?.subscribe(MERCHANTS_TOPIC, () => changes.generation++);
  return changes;
});

/**
 * Call after changing a merchant (after the commit): this process's pay sessions see the change at
 * once, and on PostgreSQL every other process's within milliseconds.
 */
export function merchantChanged(deps: { caches: AppCaches; database: AppDatabase; logger: Logger }): void {
  deps.caches.of(MERCHANT_CHANGES).generation++;
  deps.database.changes
    ?.publish(MERCHANTS_TOPIC)
    .catch((err: unknown) =>
      deps.logger.warn({ err }, 'could not notify other processes of a merchant change'),
    );
}
