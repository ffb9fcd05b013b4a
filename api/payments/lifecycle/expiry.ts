/**
 * Reservation expiry (DESIGN §3.4): attempts still unconfirmed after RESERVATION_TTL_MINUTES are
 * cancelled at the provider first; if the provider says the intent already succeeded, that success
 * is recorded instead (and flags the invoice overpaid if it now is). `processing` payments are
 * left alone: the money is moving and only the provider can finish them.
 *
 * An attempt whose intent id was never recorded (the provider's answer was lost, a crash, a failed
 * write) may still hold an intent: it is found by re-sending the attempt's create request with the
 * same idempotency key and parameters (api/payments/create/attempts.ts; Stripe keeps keys 24 h, far longer
 * than a reservation) and then cancelled like any other. Only when the provider definitely knows of
 * none — or still gives no answer ORPHAN_GIVE_UP_MS after the reservation ran out — is the
 * reservation released without it.
 *
 * A sweep drains its backlog: it takes due reservations in batches, oldest first, until none is due
 * or its time budget (SWEEP_BUDGET_MS) is spent — a count per tick would leave a backlog of 230
 * one-minute reservations blocking invoice balances for minutes. One it could not settle (no answer)
 * is left for the next sweep, behind a cursor, so it is not retried in a loop.
 */
import { recordSweep } from '../../metrics/metrics.ts';
import type { AppDeps } from '../../context.ts';
import { release } from '../../invoices/holds.ts';
import type { Payment } from '../../db/types.ts';
import { recoverIntent } from '../create/attempts.ts';
import { dueReservations, isReserving, lockPayment, updatePayment } from '../repository.ts';
import { applyIntent } from './state.ts';
import { transact } from '../../db/transact.ts';

export interface SweepResult {
  expired: number;
  succeeded: number;
  other: number;
  errors: number;
}

/** Stripe forgets idempotency keys after 24 h: past that, a replay can no longer find the intent. */
export const ORPHAN_GIVE_UP_MS = 24 * 60 * 60_000;

/** Release a reservation the provider holds no intent for. */
async function releaseWithoutIntent(deps: AppDeps, paymentId: string): Promise<void> {
  await transact(deps.database, async (trx) => {
    const locked = await lockPayment(trx, deps.database.dialect, paymentId);
    if (!locked || !isReserving(locked.status) || locked.payment_intent_id) return;
    const now = deps.clock.now().toISOString();
    if (locked.invoice_id) await release(trx, locked.invoice_id, locked.amount, now);
    await updatePayment(trx, locked.id, { status: 'expired', reserved_until: null, updated_at: now });
  });
}

/** The intent of an attempt whose id was never recorded, or null if the provider holds none. */
async function orphanedIntentId(deps: AppDeps, payment: Payment): Promise<string | null> {
  try {
    return (await recoverIntent(deps, payment))?.id ?? null;
  } catch (err) {
    const overdue = deps.clock.now().getTime() - Date.parse(payment.reserved_until ?? payment.created_at);
    if (overdue < ORPHAN_GIVE_UP_MS) throw err; // no answer: try again at the next sweep
    deps.logger.error(
      { paymentId: payment.id, err: (err as Error).message },
      'no provider answer for a day; releasing the reservation without its intent',
    );
    return null;
  }
}

/** How long one sweep may run before it leaves the rest to the next (the sweeper ticks every minute). */
export const SWEEP_BUDGET_MS = 20_000;
/** Reservations settled at once: a few provider calls in parallel, within its rate limits. */
const SWEEP_CONCURRENCY = 4;

export interface SweepOptions {
  batchSize?: number;
  /** Stop starting new batches after this long (milliseconds of `elapsed`). */
  budgetMs?: number;
  /** Milliseconds since some start (tests pass their own). */
  elapsed?: () => number;
}

export async function expireReservations(
  deps: AppDeps,
  options: SweepOptions | number = {},
): Promise<SweepResult> {
  const { batchSize = 100, budgetMs = SWEEP_BUDGET_MS } =
    typeof options === 'number' ? { batchSize: options } : options;
  const started = performance.now();
  const elapsed = (typeof options === 'object' && options.elapsed) || (() => performance.now() - started);
  const result: SweepResult = { expired: 0, succeeded: 0, other: 0, errors: 0 };
  const now = deps.clock.now().toISOString();
  let cursor: { reservedUntil: string; id: string } | undefined;
  for (;;) {
    const due = await dueReservations(deps.database.db, now, batchSize, cursor);
    if (due.length === 0) break;
    const last = due[due.length - 1];
    cursor = { reservedUntil: last.reserved_until!, id: last.id };
    for (let i = 0; i < due.length; i += SWEEP_CONCURRENCY)
      await Promise.all(due.slice(i, i + SWEEP_CONCURRENCY).map((p) => expireOne(deps, p, result)));
    if (due.length < batchSize || elapsed() >= budgetMs) break;
  }
  return result;
}

async function expireOne(deps: AppDeps, payment: Payment, result: SweepResult): Promise<void> {
  try {
    const account = payment.stripe_connect_account_id;
    const intentId = account ? (payment.payment_intent_id ?? (await orphanedIntentId(deps, payment))) : null;
    if (!intentId || !account) {
      await releaseWithoutIntent(deps, payment.id);
      result.expired++;
      return;
    }
    let after;
    try {
      const intent = await deps.payments.cancelIntent(intentId, account);
      after = await applyIntent(deps, payment.id, intent, { expire: true });
    } catch (err) {
      // Not cancellable (e.g. it is processing or already final): record where it stands.
      deps.logger.info(
        { paymentId: payment.id, err: (err as Error).message },
        'cancel refused; retrieving the intent',
      );
      const intent = await deps.payments.retrieveIntent(intentId, account);
      after = await applyIntent(deps, payment.id, intent, { expire: intent.status === 'canceled' });
    }
    if (after?.status === 'expired') result.expired++;
    else if (after?.status === 'succeeded') result.succeeded++;
    else result.other++;
  } catch (err) {
    result.errors++;
    deps.logger.warn(
      { paymentId: payment.id, err: (err as Error).message },
      'reservation expiry failed; will retry',
    );
  }
}

/** Run the sweep periodically (started by main, not by tests). Returns a stop function. */
export function startReservationSweeper(deps: AppDeps, intervalMs = 60_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    expireReservations(deps)
      .then((r) => {
        recordSweep(r);
        if (r.expired || r.succeeded || r.errors) deps.logger.info(r, 'reservation sweep');
      })
      .catch((err) => deps.logger.error({ err }, 'reservation sweep failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
