/**
 * The sandbox's webhook outbox. Events are written in the same transaction as the state change
 * they report (so a crash cannot lose one), then delivered to our webhook route, signed at each
 * attempt like Stripe, until a 2xx answer. Failures back off exponentially (1 s doubling, capped at
 * 1 h) and give up after three days, as Stripe does. Several processes may share one sandbox
 * database: a batch of due events is first claimed with a lease in one statement, so each attempt
 * happens once. A batch is attempted oldest first, several at a time (Stripe promises no order
 * either; our route is order-independent), and its answers are recorded in one transaction. The
 * background timer never spins: with nothing due it sleeps until the next due time (at least
 * 250 ms, at most 5 min), and it is unref'd so it never holds the process open. New events wait
 * some milliseconds (KICK_DELAY_MS), so that a busy provider delivers them in batches.
 *
 * With background delivery, an event is born claimed: written with the process's lease and noted in
 * memory (`FreshEvents`), it is read back by id once committed and attempted without a claim of its
 * own — one write transaction per batch fewer (on the payment benchmark's load, a third fewer
 * commits per payment). Only what is due — a retry, or an event whose process stopped before
 * attempting it, once its lease has run out (LEASE_MS) — is claimed as above.
 */
import { sql } from 'kysely';
import type { Clock } from '../../context.ts';
import { type Dialect } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import { inWriteTransaction } from '../../db/group-commit.ts';
import type { DeliverWebhook } from '../../ports/payment-provider.ts';
import { LEASE_MS, type FreshEvents } from './event-queue.ts';
import type { EventRow, SandboxDb } from './tables.ts';

export const FIRST_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 60 * 60 * 1000;
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
const MIN_SLEEP_MS = 250;
const MAX_SLEEP_MS = 5 * 60 * 1000;
/**
 * Events claimed at once, and attempted at once. A batch's attempts (at most BATCH / CONCURRENCY
 * rounds of one delivery time-out each) end well within its lease.
 */
const BATCH = 64;
const CONCURRENCY = 16;
/**
 * How long a new event waits for others to join its batch: a batch is read, recorded and followed by
 * a look for due events once, whatever its size. At 1,000 payments a second, 25 ms gathers some 25
 * events a batch; 2 ms gathered two or three, which cost the server some 2.5 % more of its event loop
 * per payment (in-process A/B on the payment benchmark; 100 ms saved nothing more). Stripe takes
 * longer than either to send an event.
 */
const KICK_DELAY_MS = 25;
/** Rounds of one flush at most (each caused by events the previous round's deliveries made). */
const FLUSH_ROUNDS = 10;
/** How long a fresh event not found (not committed yet, or rolled back) is looked for. */
const FRESH_FORGET_MS = 5_000;

export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export interface EventDeliveryOptions {
  db: SandboxDb;
  dialect: Dialect;
  clock: Clock;
  logger: Logger;
  deliver: DeliverWebhook;
  sign(rawBody: string): string;
  /** Deliver in the background as events appear (default). Off: only `flush()` delivers. */
  autoDeliver: boolean;
  /** What `enqueueEvent` notes for background delivery (the provider's; null when autoDeliver is off). */
  fresh: FreshEvents | null;
}

/** The answer to one attempt: the HTTP status (0: none) or the error that stopped it. */
interface Attempt {
  row: EventRow;
  status: number;
  error: string | null;
}

const acknowledged = (status: number) => status >= 200 && status < 300;

export class EventDelivery {
  readonly #o: EventDeliveryOptions;
  #chain: Promise<unknown> = Promise.resolve();
  #timer: NodeJS.Timeout | null = null;
  /** When the armed timer fires (ms since epoch, by the process clock), to keep the earliest. */
  #timerAt = Infinity;
  #closed = false;

  constructor(options: EventDeliveryOptions) {
    this.#o = options;
  }

  /** Look for due events soon (after a commit that queued some, and at start for leftovers). */
  kick(): void {
    if (!this.#o.autoDeliver || this.#closed) return;
    this.#wake(KICK_DELAY_MS);
  }

  /**
   * One attempt for every pending event now, ignoring back-off; resolves when all have answered.
   * Events the deliveries themselves cause (the app cancels an intent while handling one) get
   * theirs too, in another round; an event refused in this flush is not tried again by it.
   */
  async flush(): Promise<{ delivered: number; pending: number }> {
    return this.#exclusive(async () => {
      let delivered = 0;
      let pending = 0;
      const tried = new Set<string>();
      for (let round = 0; round < FLUSH_ROUNDS; round++) {
        const before = tried.size;
        for (;;) {
          const claimed = await this.#claim(null, tried);
          for (const row of claimed) tried.add(row.id);
          delivered += await this.#attemptAll(claimed);
          if (claimed.length < BATCH) break;
        }
        const left = await this.#o.db
          .selectFrom('sandbox_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'pending')
          .executeTakeFirst();
        pending = Number(left?.n ?? 0);
        if (pending === 0 || tried.size === before) break;
      }
      return { delivered, pending };
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#chain.catch(() => {});
  }

  #exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#chain.then(fn, fn);
    this.#chain = run.catch(() => {});
    return run;
  }

  /** Drain in `ms`, unless a drain is already due sooner. */
  #wake(ms: number): void {
    if (this.#closed) return;
    const at = performance.now() + ms;
    if (this.#timer && this.#timerAt <= at) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#timerAt = Infinity;
      void this.#exclusive(() => this.#drainDue()).then(
        (nextDue) => this.#scheduleFor(nextDue),
        (err) => {
          if (this.#closed) return;
          this.#o.logger.warn({ err }, 'sandbox webhook delivery failed; will retry');
          this.#wake(MAX_SLEEP_MS / 10);
        },
      );
    }, ms);
    this.#timer.unref();
  }

  #scheduleFor(nextDue: number | null): void {
    if (nextDue === null || this.#closed) return;
    const wait = nextDue - this.#o.clock.now().getTime();
    this.#wake(Math.min(Math.max(wait, MIN_SLEEP_MS), MAX_SLEEP_MS));
  }

  /** Deliver what is due; returns when the next pending event falls due (null: none pending). */
  async #drainDue(): Promise<number | null> {
    await this.#attemptFresh();
    let next = await this.#nextDue();
    while (next !== null && next <= this.#o.clock.now().getTime() && !this.#closed) {
      for (;;) {
        if (this.#closed) return null;
        const claimed = await this.#claim(this.#o.clock.now().getTime());
        await this.#attemptAll(claimed);
        if (claimed.length < BATCH) break;
      }
      next = await this.#nextDue();
    }
    // Fresh events not found yet (another transaction's, not committed): look again soon.
    return this.#o.fresh?.size ? this.#o.clock.now().getTime() : next;
  }

  async #nextDue(): Promise<number | null> {
    const next = await this.#o.db
      .selectFrom('sandbox_events')
      .select((eb) => eb.fn.min('next_attempt_at').as('at'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return next?.at == null ? null : Number(next.at);
  }

  /**
   * Attempt the events this process queued (born claimed: no claim of their own), read back by id
   * once committed. An id not found is a transaction not committed yet (on PostgreSQL, another
   * request's) or rolled back: looked for again until FRESH_FORGET_MS, then left to its lease.
   */
  async #attemptFresh(): Promise<void> {
    const fresh = this.#o.fresh;
    if (!fresh?.size) return;
    // Those queued by now (later ones wait for the next look), a batch at a time.
    const queued = fresh.ids();
    for (let i = 0; i < queued.length && !this.#closed; i += BATCH) {
      const ids = queued.slice(i, i + BATCH);
      const rows = await this.#o.db
        .selectFrom('sandbox_events')
        .selectAll()
        .where('id', 'in', ids)
        .where('status', '=', 'pending')
        .orderBy('seq')
        .execute();
      const found = new Set(rows.map((r) => r.id));
      for (const id of ids) fresh.forget(id, found.has(id) ? 0 : FRESH_FORGET_MS);
      await this.#attemptAll(rows);
    }
  }

  /**
   * Claim the oldest pending events — due by `dueAt`, or all with null (flush), but for those in
   * `skip` (what this flush already tried) — for one lease, in
   * one statement: another process's claim of the same rows makes this one skip them (on
   * PostgreSQL the row lock, then the re-checked condition; on SQLite the write lock).
   */
  async #claim(dueAt: number | null, skip: ReadonlySet<string> = new Set()): Promise<EventRow[]> {
    const { db, clock } = this.#o;
    const lease = clock.now().getTime() + LEASE_MS;
    let oldest = db
      .selectFrom('sandbox_events')
      .select('id')
      .where('status', '=', 'pending')
      .orderBy('seq')
      .limit(BATCH);
    if (skip.size) oldest = oldest.where('id', 'not in', [...skip]);
    let claim = db
      .updateTable('sandbox_events')
      .set({ next_attempt_at: lease })
      .where('status', '=', 'pending');
    if (dueAt !== null) {
      oldest = oldest.where('next_attempt_at', '<=', dueAt);
      claim = claim.where('next_attempt_at', '<=', dueAt);
    }
    // A write of its own: grouped with the provider's other writes under one commit on SQLite.
    const rows = await inWriteTransaction(this.#o, (trx) =>
      trx.executeQuery(claim.where('id', 'in', oldest).returningAll().compile()),
    ).then((r) => r.rows);
    return rows.sort((a, b) => Number(a.seq) - Number(b.seq));
  }

  /** Sign and post each claimed event (oldest first, CONCURRENCY at a time), then record the answers. */
  async #attemptAll(rows: EventRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const attempts: Attempt[] = new Array(rows.length);
    let next = 0;
    const lane = async () => {
      while (next < rows.length && !this.#closed) {
        const i = next++;
        attempts[i] = await this.#post(rows[i]);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, rows.length) }, lane));
    const done = attempts.filter(Boolean); // (closing stops before the rest: their lease runs out)
    await this.#record(done);
    return done.filter((a) => acknowledged(a.status)).length;
  }

  async #post(row: EventRow): Promise<Attempt> {
    try {
      return { row, status: await this.#o.deliver(row.payload, this.#o.sign(row.payload)), error: null };
    } catch (err) {
      return { row, status: 0, error: (err as Error).message ?? String(err) };
    }
  }

  /** The answers of one batch, in one write transaction: acknowledged events in one statement. */
  async #record(attempts: Attempt[]): Promise<void> {
    const now = this.#o.clock.now().getTime();
    const byStatus = new Map<number, string[]>();
    for (const a of attempts)
      if (acknowledged(a.status)) byStatus.set(a.status, [...(byStatus.get(a.status) ?? []), a.row.id]);
    const refused = attempts.filter((a) => !acknowledged(a.status));
    await inWriteTransaction(this.#o, async (trx) => {
      for (const [status, ids] of byStatus)
        await trx
          .updateTable('sandbox_events')
          .set({
            status: 'delivered',
            attempts: sql<number>`attempts + 1`,
            last_status: status,
            last_error: null,
            delivered_at: now,
          })
          .where('id', 'in', ids)
          .execute();
      for (const { row, status, error } of refused) {
        const attempts = row.attempts + 1;
        const giveUp = now - row.created * 1000 > GIVE_UP_AFTER_MS;
        await trx
          .updateTable('sandbox_events')
          .set({
            status: giveUp ? 'failed' : 'pending',
            attempts,
            last_status: status || null,
            last_error: error ?? `HTTP ${status}`,
            next_attempt_at: now + retryDelayMs(attempts),
          })
          .where('id', '=', row.id)
          .execute();
      }
    });
    for (const { row, status } of refused)
      this.#o.logger.debug(
        { eventId: row.id, type: row.type, status, attempts: row.attempts + 1 },
        'sandbox webhook not acknowledged',
      );
  }
}
