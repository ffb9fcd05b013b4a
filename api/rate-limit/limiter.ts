/**
 * In-memory fixed-window counters for abuse limits (one process: SQLite's set-up; on PostgreSQL the
 * counters live in the database, postgres-store.ts).
 * `consume` counts an attempt and refuses past the limit; `check` + `hit` let a caller count only
 * failures (e.g. wrong passwords). Memory is bounded: expired windows are swept, and past `maxKeys`
 * the oldest keys are dropped first.
 */
import type { Clock } from '../clock.ts';

export interface RateRule {
  name: string;
  limit: number;
  windowMs: number;
}

export type RateDecision = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

interface Window {
  count: number;
  resetAt: number;
}

export class RateLimiter {
  readonly #clock: Clock;
  readonly #maxKeys: number;
  readonly #windows = new Map<string, Window>();

  constructor(clock: Clock, maxKeys = 100_000) {
    this.#clock = clock;
    this.#maxKeys = maxKeys;
  }

  #window(rule: RateRule, key: string, create: boolean): Window | undefined {
    const id = `${rule.name}\u0000${key}`;
    const now = this.#clock.now().getTime();
    let w = this.#windows.get(id);
    if (w && w.resetAt <= now) {
      this.#windows.delete(id);
      w = undefined;
    }
    if (!w && create) {
      if (this.#windows.size >= this.#maxKeys) this.#evict(now);
      w = { count: 0, resetAt: now + rule.windowMs };
      this.#windows.set(id, w);
    }
    return w;
  }

  #evict(now: number) {
    for (const [id, w] of this.#windows) if (w.resetAt <= now) this.#windows.delete(id);
    for (const id of this.#windows.keys()) {
      if (this.#windows.size < this.#maxKeys) break;
      this.#windows.delete(id);
    }
  }

  #retryAfter(w: Window): number {
    return Math.max(1, Math.ceil((w.resetAt - this.#clock.now().getTime()) / 1000));
  }

  /** Would one more attempt be allowed? Does not count it. */
  check(rule: RateRule, key: string): RateDecision {
    const w = this.#window(rule, key, false);
    if (!w) return { ok: true, remaining: rule.limit };
    if (w.count >= rule.limit) return { ok: false, retryAfterSeconds: this.#retryAfter(w) };
    return { ok: true, remaining: rule.limit - w.count };
  }

  /** Count one attempt (e.g. a failure) without deciding. */
  hit(rule: RateRule, key: string): void {
    this.#window(rule, key, true)!.count++;
  }

  /** Count one attempt and decide: refused attempts are not counted (a retry storm cannot extend the wait). */
  consume(rule: RateRule, key: string): RateDecision {
    const decision = this.check(rule, key);
    if (decision.ok) this.hit(rule, key);
    return decision;
  }

  reset(rule: RateRule, key: string): void {
    this.#windows.delete(`${rule.name}\u0000${key}`);
  }
}
