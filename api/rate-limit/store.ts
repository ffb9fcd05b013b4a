/**
 * Where abuse-limit counters and the lockouts of unknown emails live. On SQLite (one process) in
 * memory (limiter.ts, lockout.ts): nothing is faster, and nothing else could see them. On PostgreSQL
 * in the database (postgres-store.ts), so N processes behind one load balancer are as strict as one.
 * One store per app, built with its deps (api/app-caches.ts): test apps share nothing.
 */
import type { Clock } from '../clock.ts';
import type { AppDatabase } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { RateLimiter, type RateDecision, type RateRule } from './limiter.ts';
import { LockoutTracker } from './lockout.ts';
import { PostgresLockouts, PostgresRateStore } from './postgres-store.ts';
import type { LockoutStore, RateStore } from './store-types.ts';

export type { LockoutStore, RateStore } from './store-types.ts';

export class MemoryRateStore implements RateStore {
  readonly #limiter: RateLimiter;
  constructor(clock: Clock) {
    this.#limiter = new RateLimiter(clock);
  }
  async consume(checks: Array<[RateRule, string]>): Promise<RateDecision> {
    // Check all first so a refused request does not consume the other rules' budgets.
    for (const [rule, key] of checks) {
      const decision = this.#limiter.check(rule, key);
      if (!decision.ok) return decision;
    }
    let remaining = Number.POSITIVE_INFINITY;
    for (const [rule, key] of checks) {
      this.#limiter.hit(rule, key);
      const after = this.#limiter.check(rule, key);
      remaining = Math.min(remaining, after.ok ? after.remaining : 0);
    }
    return { ok: true, remaining };
  }
  async check(rule: RateRule, key: string) {
    return this.#limiter.check(rule, key);
  }
  async hit(rule: RateRule, key: string) {
    this.#limiter.hit(rule, key);
  }
  async reset(rule: RateRule, key: string) {
    this.#limiter.reset(rule, key);
  }
}

export class MemoryLockouts implements LockoutStore {
  readonly #tracker: LockoutTracker;
  constructor(clock: Clock) {
    this.#tracker = new LockoutTracker(clock);
  }
  async lockedFor(key: string) {
    return this.#tracker.lockedFor(key);
  }
  async fail(key: string, threshold: number, lockMs: number) {
    return this.#tracker.fail(key, threshold, lockMs);
  }
}

type StoreDeps = { clock: Clock; database: AppDatabase; logger: Logger };

/**
 * The app's rate-limit counters and lockouts of unknown emails: in PostgreSQL when the app runs on
 * it (shared by every process), else in memory. Built once with the app's deps (api/app-caches.ts).
 */
export function createRateStores(deps: StoreDeps): { rates: RateStore; lockouts: LockoutStore } {
  if (deps.database.dialect === 'postgres') {
    const rates = new PostgresRateStore(deps.database.db, deps.clock, deps.logger);
    return { rates, lockouts: new PostgresLockouts(rates) };
  }
  return { rates: new MemoryRateStore(deps.clock), lockouts: new MemoryLockouts(deps.clock) };
}
