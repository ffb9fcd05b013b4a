/**
 * An app's in-process state: its rate-limit stores and the caches its domains keep, built once with
 * its dependencies (api/main.ts, and each test's app) and reached through them (`deps.caches`), so
 * the routes and the background workers of one app share it — the outbox worker's write to Xero
 * drops the live amount the pay page cached — and two apps (tests) never do. The SQLite group
 * commit is not here: it belongs to a database (one per database file, whatever app writes to it:
 * api/db/group-commit.ts).
 *
 * The caches are the domains' own: each declares a key with the way to make its cache
 * (`cacheKey`), and the app makes it on first use (`caches.of(KEY)`), one per app. So the app's
 * dependencies name no domain module (docs/decisions/0014-app-deps.md), and a new cache is a line
 * in the domain that keeps it.
 *
 * @example export const PAY_CACHES = cacheKey('pay sessions', () => createPayCaches());
 *   const cache = deps.caches.of(PAY_CACHES);
 */
import type { Clock } from './clock.ts';
import type { AppDatabase } from './db/database.ts';
import type { Logger } from './logger.ts';
import { createRateStores } from './rate-limit/store.ts';
import type { LockoutStore, RateStore } from './rate-limit/store.ts';

/** What a domain's cache may be made from. */
export interface CacheDeps {
  database: AppDatabase;
  clock: Clock;
  logger: Logger;
}

/** A domain's cache: its name (for readers) and how one app's is made. */
export interface CacheKey<T> {
  readonly name: string;
  create(deps: CacheDeps): T;
}

export const cacheKey = <T>(name: string, create: (deps: CacheDeps) => T): CacheKey<T> => ({ name, create });

export interface AppCaches {
  /** Rate-limit counters (api/rate-limit). */
  rates: RateStore;
  /** Lockouts of unknown emails at sign-in (api/auth/session.ts). */
  lockouts: LockoutStore;
  /** This app's cache of `key`, made on first use and kept for the app's life. */
  of<T>(key: CacheKey<T>): T;
}

export function createAppCaches(deps: CacheDeps): AppCaches {
  const made = new Map<CacheKey<unknown>, unknown>();
  return {
    ...createRateStores(deps),
    of<T>(key: CacheKey<T>): T {
      let cache = made.get(key) as T | undefined;
      if (cache === undefined) made.set(key, (cache = key.create(deps)));
      return cache;
    },
  };
}
