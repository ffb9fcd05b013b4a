/** What the app's rate-limit stores do, in memory (store.ts) or in PostgreSQL (postgres-store.ts). */
import type { RateDecision, RateRule } from './limiter.ts';

export interface RateStore {
  /**
   * Count one attempt against every [rule, key] unless one of them is at its limit: then none is
   * counted (a refused request spends no budget) and the longest wait is returned.
   */
  consume(checks: Array<[RateRule, string]>): Promise<RateDecision>;
  /** Would one more attempt be allowed? Counts nothing. */
  check(rule: RateRule, key: string): Promise<RateDecision>;
  /** Count one attempt (e.g. a failure) without deciding. */
  hit(rule: RateRule, key: string): Promise<void>;
  reset(rule: RateRule, key: string): Promise<void>;
}

/** Lockouts of keys with no account row (unknown emails), mirroring the persisted one on `users`. */
export interface LockoutStore {
  /** Seconds until the key unlocks, or 0 when it is not locked. */
  lockedFor(key: string): Promise<number>;
  /** Count a failure; true when this failure started a lock of `lockMs`. */
  fail(key: string, threshold: number, lockMs: number): Promise<boolean>;
}
