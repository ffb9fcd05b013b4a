/**
 * Abuse-limit counters in PostgreSQL (`rate_limit_counters`), shared by every server process on the
 * database: fixed windows like the in-memory limiter, each check one atomic upsert that counts the
 * attempt only while the window is under its limit (so refused attempts neither count nor extend the
 * wait), and answers the count or, when refused, when the window ends. Keys are stored as SHA-256
 * hashes of rule and key (no email or IP in the table, bounded length, no NUL). Rows whose window
 * ended are swept at most once a minute by whichever process checks.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { RateDecision, RateRule } from './limiter.ts';
import type { LockoutStore, RateStore } from './store-types.ts';

const SWEEP_EVERY_MS = 60_000;

const counterKey = (name: string, key: string) =>
  createHash('sha256').update(name).update('\u0000').update(key).digest('base64url');

interface Row {
  hits: number;
  resets_at: string;
  counted: number;
}

export class PostgresRateStore implements RateStore {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #logger: Logger;
  #sweptAt = 0;

  constructor(db: Db, clock: Clock, logger: Logger) {
    this.#db = db;
    this.#clock = clock;
    this.#logger = logger;
  }

  #now(): number {
    const now = this.#clock.now().getTime();
    if (now - this.#sweptAt >= SWEEP_EVERY_MS) {
      this.#sweptAt = now;
      sql`DELETE FROM rate_limit_counters WHERE resets_at <= ${new Date(now).toISOString()}`
        .execute(this.#db)
        .catch((err: unknown) => this.#logger.warn({ err }, 'rate-limit sweep failed'));
    }
    return now;
  }

  #retryAfter(resetsAt: string, now: number): number {
    return Math.max(1, Math.ceil((Date.parse(resetsAt) - now) / 1000));
  }

  /**
   * Count one attempt if the window has room (`limit` null: always), in one statement. Returns the
   * row: counted 1 with the new count, or counted 0 with the full window's end.
   */
  async #upsert(key: string, windowMs: number, limit: number | null, now: number): Promise<Row | undefined> {
    const nowIso = new Date(now).toISOString();
    const resetsAt = new Date(now + windowMs).toISOString();
    const result = await sql<Row>`
      WITH hit AS (
        INSERT INTO rate_limit_counters AS r (key, hits, resets_at) VALUES (${key}, 1, ${resetsAt})
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN r.resets_at <= ${nowIso} THEN 1 ELSE r.hits + 1 END,
          resets_at = CASE WHEN r.resets_at <= ${nowIso} THEN excluded.resets_at ELSE r.resets_at END
        WHERE r.resets_at <= ${nowIso} OR ${limit === null} OR r.hits < ${limit ?? 0}
        RETURNING r.hits, r.resets_at
      )
      SELECT hits, resets_at, 1 AS counted FROM hit
      UNION ALL
      SELECT hits, resets_at, 0 AS counted FROM rate_limit_counters
      WHERE key = ${key} AND NOT EXISTS (SELECT 1 FROM hit)`.execute(this.#db);
    return result.rows[0];
  }

  async consume(checks: Array<[RateRule, string]>): Promise<RateDecision> {
    const now = this.#now();
    const counted: string[] = [];
    let remaining = Number.POSITIVE_INFINITY;
    for (const [rule, key] of checks) {
      const id = counterKey(rule.name, key);
      const row = await this.#upsert(id, rule.windowMs, rule.limit, now);
      if (!row || Number(row.counted) !== 1) {
        // Refused: give back what this request counted under the other rules.
        for (const done of counted)
          await sql`UPDATE rate_limit_counters SET hits = hits - 1 WHERE key = ${done} AND hits > 0`.execute(
            this.#db,
          );
        return {
          ok: false,
          retryAfterSeconds: row ? this.#retryAfter(row.resets_at, now) : Math.ceil(rule.windowMs / 1000),
        };
      }
      counted.push(id);
      remaining = Math.min(remaining, rule.limit - Number(row.hits));
    }
    return { ok: true, remaining };
  }

  async check(rule: RateRule, key: string): Promise<RateDecision> {
    const now = this.#now();
    const row = await this.#db
      .selectFrom('rate_limit_counters')
      .select(['hits', 'resets_at'])
      .where('key', '=', counterKey(rule.name, key))
      .where('resets_at', '>', new Date(now).toISOString())
      .executeTakeFirst();
    const hits = Number(row?.hits ?? 0);
    if (row && hits >= rule.limit)
      return { ok: false, retryAfterSeconds: this.#retryAfter(row.resets_at, now) };
    return { ok: true, remaining: rule.limit - hits };
  }

  async hit(rule: RateRule, key: string): Promise<void> {
    await this.#upsert(counterKey(rule.name, key), rule.windowMs, null, this.#now());
  }

  async reset(rule: RateRule, key: string): Promise<void> {
    await this.#db.deleteFrom('rate_limit_counters').where('key', '=', counterKey(rule.name, key)).execute();
  }

  /** Seconds until `name`/`key` unlocks (a lock is a row whose window is the lock), or 0. */
  async lockedFor(name: string, key: string): Promise<number> {
    const now = this.#now();
    const row = await this.#db
      .selectFrom('rate_limit_counters')
      .select('resets_at')
      .where('key', '=', counterKey(name, key))
      .where('resets_at', '>', new Date(now).toISOString())
      .executeTakeFirst();
    return row ? this.#retryAfter(row.resets_at, now) : 0;
  }

  /**
   * Count a failure in a window of `windowMs` that each failure renews; the failure that reaches
   * `threshold` resets the count and starts a lock of `lockMs` (true). Atomic across processes:
   * exactly one of concurrent failures starts the lock.
   */
  async failure(
    name: string,
    key: string,
    threshold: number,
    windowMs: number,
    lockMs: number,
  ): Promise<boolean> {
    const now = this.#now();
    const nowIso = new Date(now).toISOString();
    const id = counterKey(`${name}:failures`, key);
    const next = sql<number>`CASE WHEN r.resets_at <= ${nowIso} THEN 1 ELSE r.hits + 1 END`;
    const result = await sql<{ hits: number }>`
      INSERT INTO rate_limit_counters AS r (key, hits, resets_at)
      VALUES (${id}, ${threshold <= 1 ? 0 : 1}, ${new Date(now + windowMs).toISOString()})
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN ${next} >= ${threshold} THEN 0 ELSE ${next} END,
        resets_at = excluded.resets_at
      RETURNING r.hits`.execute(this.#db);
    if (Number(result.rows[0]?.hits) !== 0) return false;
    const lockId = counterKey(name, key);
    const until = new Date(now + lockMs).toISOString();
    await sql`
      INSERT INTO rate_limit_counters AS r (key, hits, resets_at) VALUES (${lockId}, 1, ${until})
      ON CONFLICT (key) DO UPDATE SET hits = 1, resets_at = excluded.resets_at`.execute(this.#db);
    return true;
  }
}

/** How long an unknown email's failures are remembered after the last one. */
const PHANTOM_FAILURE_WINDOW_MS = 24 * 3_600_000;

export class PostgresLockouts implements LockoutStore {
  readonly #store: PostgresRateStore;
  constructor(store: PostgresRateStore) {
    this.#store = store;
  }
  lockedFor(key: string): Promise<number> {
    return this.#store.lockedFor('lockout', key);
  }
  fail(key: string, threshold: number, lockMs: number): Promise<boolean> {
    return this.#store.failure('lockout', key, threshold, PHANTOM_FAILURE_WINDOW_MS, lockMs);
  }
}
