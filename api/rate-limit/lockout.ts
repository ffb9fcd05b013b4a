/**
 * In-memory stand-in for the account lockout of emails that have no account (one process; on
 * PostgreSQL the same lives in the database, postgres-store.ts): after `threshold`
 * failures the key is locked for `lockMs`, exactly like the persisted lockout on `users`, so the
 * answers (and their Retry-After) do not reveal whether an email is registered.
 */
import type { Clock } from '../clock.ts';

export class LockoutTracker {
  readonly #clock: Clock;
  readonly #entries = new Map<string, { failures: number; lockedUntil: number }>();
  readonly #maxKeys: number;

  constructor(clock: Clock, maxKeys = 100_000) {
    this.#clock = clock;
    this.#maxKeys = maxKeys;
  }

  /** Seconds until the key unlocks, or 0 when it is not locked. */
  lockedFor(key: string): number {
    const e = this.#entries.get(key);
    const ms = (e?.lockedUntil ?? 0) - this.#clock.now().getTime();
    return ms > 0 ? Math.ceil(ms / 1000) : 0;
  }

  /** Count a failure; returns true when this failure started a lock. */
  fail(key: string, threshold: number, lockMs: number): boolean {
    if (!this.#entries.has(key) && this.#entries.size >= this.#maxKeys) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    const e = this.#entries.get(key) ?? { failures: 0, lockedUntil: 0 };
    e.failures++;
    const lock = e.failures >= threshold;
    if (lock) {
      e.failures = 0;
      e.lockedUntil = this.#clock.now().getTime() + lockMs;
    }
    this.#entries.set(key, e);
    return lock;
  }
}
