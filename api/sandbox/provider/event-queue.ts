/**
 * Queueing the sandbox's webhook events: written in the same transaction as the state change they
 * report, for events.ts to deliver. With background delivery an event is written claimed by the
 * process that queued it (its lease) and noted in memory (`FreshEvents`), so that process attempts
 * it once committed without a claim of its own, and no other process does before the lease runs out.
 */
import { sql } from 'kysely';
import type { Clock } from '../../context.ts';
import { compiledOnce } from '../../db/compiled.ts';
import type { SandboxDb, SandboxTrx } from './tables.ts';
import { eventJson } from './objects.ts';
import { newObjectId } from './ids.ts';

/** How long an attempt holds its claim; a process that dies mid-attempt releases it by expiry. */
export const LEASE_MS = 60_000;

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
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'account.updated',
]);

/**
 * The events this process has queued for background delivery and not yet attempted: id → when
 * queued (performance.now()). Their rows carry this process's lease, so no other process claims them.
 */
export class FreshEvents {
  readonly #queued = new Map<string, number>();

  add(id: string): void {
    this.#queued.set(id, performance.now());
  }

  get size(): number {
    return this.#queued.size;
  }

  /** The ids, oldest first. */
  ids(): string[] {
    return [...this.#queued.keys()];
  }

  /** Forget one: attempted, or never committed (queued longer ago than `olderThanMs`). */
  forget(id: string, olderThanMs = 0): void {
    const at = this.#queued.get(id);
    if (at !== undefined && performance.now() - at >= olderThanMs) this.#queued.delete(id);
  }
}

/**
 * Queue one Stripe-shaped event inside the caller's transaction (one the endpoint subscribes to).
 * With `fresh` (background delivery), it is written claimed by this process and noted there.
 */
export async function enqueueEvent(
  trx: SandboxTrx,
  ctx: { clock: Clock; fresh?: FreshEvents | null },
  type: string,
  account: string | null,
  object: unknown,
): Promise<string | null> {
  if (!ENDPOINT_EVENTS.has(type)) return null;
  const nowMs = ctx.clock.now().getTime();
  const created = Math.floor(nowMs / 1000);
  const id = newObjectId('evt');
  const payload = JSON.stringify(eventJson(id, type, account, created, object));
  const nextAttemptAt = ctx.fresh ? nowMs + LEASE_MS : nowMs;
  await insertEvent(trx, { id, type, account, payload, created, nextAttemptAt });
  ctx.fresh?.add(id);
  return id;
}

// One per state change: compiled once (api/db/compiled.ts).
const insertEvent = compiledOnce(
  (
    db: SandboxDb,
    p: {
      id: string;
      type: string;
      account: string | null;
      payload: string;
      created: number;
      nextAttemptAt: number;
    },
  ) =>
    db.insertInto('sandbox_events').values({
      id: p.id,
      // The next number, read by the insert itself (one statement; the write lock or the caller's
      // transaction orders it as the separate read did).
      seq: sql<number>`(SELECT COALESCE(MAX(seq), 0) + 1 FROM sandbox_events)`,
      type: p.type,
      account_id: p.account,
      payload: p.payload,
      created: p.created,
      status: 'pending',
      attempts: 0,
      next_attempt_at: p.nextAttemptAt,
      last_status: null,
      last_error: null,
      delivered_at: null,
    }),
);
