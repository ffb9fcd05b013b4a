/**
 * The sandbox's webhook outbox. Events are written in the same transaction as the state change
 * they report (so a crash cannot lose one), then delivered to our webhook route, signed at each
 * attempt like Stripe, oldest first, until a 2xx answer. Failures back off exponentially
 * (1 s doubling, capped at 1 h) and give up after three days, as Stripe does. Several processes may
 * share one sandbox database: an attempt first claims the event with a lease, so each attempt
 * happens once. The background timer never spins: with nothing due it sleeps until the next due
 * time (at least 250 ms, at most 5 min), and it is unref'd so it never holds the process open.
 */
import type { Clock } from '../../../context.ts';
import type { Logger } from '../../../logger.ts';
import type { DeliverWebhook } from '../provider.ts';
import type { EventRow, SandboxDb, SandboxTrx } from './database.ts';
import { eventJson, newId } from './objects.ts';

export const FIRST_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 60 * 60 * 1000;
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
/** How long an attempt holds its claim; a process that dies mid-attempt releases it by expiry. */
const LEASE_MS = 60_000;
const MIN_SLEEP_MS = 250;
const MAX_SLEEP_MS = 5 * 60 * 1000;
const BATCH = 100;

export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/**
 * The event types our webhook endpoint subscribes to (README "Running with real Stripe keys"): the
 * sandbox sends only these, as Stripe sends an endpoint only its enabled events.
 */
export const ENDPOINT_EVENTS: ReadonlySet<string> = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.processing',
  'payment_intent.requires_action',
  'charge.refunded',
  'account.updated',
]);

/** Queue one Stripe-shaped event inside the caller's transaction (one the endpoint subscribes to). */
export async function enqueueEvent(
  trx: SandboxTrx,
  clock: Clock,
  type: string,
  account: string | null,
  object: unknown,
): Promise<string | null> {
  if (!ENDPOINT_EVENTS.has(type)) return null;
  const nowMs = clock.now().getTime();
  const created = Math.floor(nowMs / 1000);
  const last = await trx
    .selectFrom('sandbox_events')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  const id = newId('evt');
  await trx
    .insertInto('sandbox_events')
    .values({
      id,
      seq: Number(last?.seq ?? 0) + 1,
      type,
      account_id: account,
      payload: JSON.stringify(eventJson(id, type, account, created, object)),
      created,
      status: 'pending',
      attempts: 0,
      next_attempt_at: nowMs,
      last_status: null,
      last_error: null,
      delivered_at: null,
    })
    .execute();
  return id;
}

export interface EventDeliveryOptions {
  db: SandboxDb;
  clock: Clock;
  logger: Logger;
  deliver: DeliverWebhook;
  sign(rawBody: string): string;
  /** Deliver in the background as events appear (default). Off: only `flush()` delivers. */
  autoDeliver: boolean;
}

export class EventDelivery {
  readonly #o: EventDeliveryOptions;
  #chain: Promise<unknown> = Promise.resolve();
  #timer: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(options: EventDeliveryOptions) {
    this.#o = options;
  }

  /** Look for due events soon (after a commit that queued some, and at start for leftovers). */
  kick(): void {
    if (!this.#o.autoDeliver || this.#closed) return;
    this.#sleep(0);
  }

  /** One attempt for every pending event now, ignoring back-off; resolves when all have answered. */
  async flush(): Promise<{ delivered: number; pending: number }> {
    return this.#exclusive(async () => {
      let delivered = 0;
      const rows = await this.#o.db
        .selectFrom('sandbox_events')
        .selectAll()
        .where('status', '=', 'pending')
        .orderBy('seq')
        .execute();
      for (const row of rows) if (await this.#attempt(row)) delivered++;
      const left = await this.#o.db
        .selectFrom('sandbox_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return { delivered, pending: Number(left?.n ?? 0) };
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

  #sleep(ms: number): void {
    if (this.#closed) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#exclusive(() => this.#drainDue()).then(
        (nextDue) => this.#scheduleFor(nextDue),
        (err) => {
          if (this.#closed) return;
          this.#o.logger.warn({ err }, 'sandbox webhook delivery failed; will retry');
          this.#sleep(MAX_SLEEP_MS / 10);
        },
      );
    }, ms);
    this.#timer.unref();
  }

  #scheduleFor(nextDue: number | null): void {
    if (nextDue === null || this.#closed) return;
    const wait = nextDue - this.#o.clock.now().getTime();
    this.#sleep(Math.min(Math.max(wait, MIN_SLEEP_MS), MAX_SLEEP_MS));
  }

  /** Deliver what is due; returns when the next pending event falls due (null: none pending). */
  async #drainDue(): Promise<number | null> {
    for (;;) {
      if (this.#closed) return null;
      const now = this.#o.clock.now().getTime();
      const due = await this.#o.db
        .selectFrom('sandbox_events')
        .selectAll()
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .orderBy('seq')
        .limit(BATCH)
        .execute();
      for (const row of due) {
        if (this.#closed) return null;
        await this.#attempt(row);
      }
      if (due.length < BATCH) break;
    }
    const next = await this.#o.db
      .selectFrom('sandbox_events')
      .select((eb) => eb.fn.min('next_attempt_at').as('at'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return next?.at == null ? null : Number(next.at);
  }

  /** Claim, sign, post, record. True when our route acknowledged it. */
  async #attempt(row: EventRow): Promise<boolean> {
    const { db, clock } = this.#o;
    const claimed = await db
      .updateTable('sandbox_events')
      .set({ next_attempt_at: clock.now().getTime() + LEASE_MS })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '=', row.next_attempt_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;

    let status = 0;
    let error: string | null = null;
    try {
      status = await this.#o.deliver(row.payload, this.#o.sign(row.payload));
    } catch (err) {
      error = (err as Error).message ?? String(err);
    }
    const now = clock.now().getTime();
    const attempts = row.attempts + 1;
    if (status >= 200 && status < 300) {
      await db
        .updateTable('sandbox_events')
        .set({ status: 'delivered', attempts, last_status: status, last_error: null, delivered_at: now })
        .where('id', '=', row.id)
        .execute();
      return true;
    }
    const giveUp = now - row.created * 1000 > GIVE_UP_AFTER_MS;
    await db
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
    this.#o.logger.debug(
      { eventId: row.id, type: row.type, status, attempts },
      'sandbox webhook not acknowledged',
    );
    return false;
  }
}
