/**
 * Reservation expiry (DESIGN §3.4): attempts still unconfirmed after RESERVATION_TTL_MINUTES are
 * cancelled at the provider first; if the provider says the intent already succeeded, that success
 * is recorded instead (and flags the invoice overpaid if it now is). `processing` payments are
 * left alone: the money is moving and only the provider can finish them.
 */
import type { AppDeps } from '../context.ts';
import { adjustInvoice } from '../invoices/repository.ts';
import { dueReservations, isReserving, lockPayment, updatePayment } from './repository.ts';
import { applyIntent } from './state.ts';

export interface SweepResult {
  expired: number;
  succeeded: number;
  other: number;
  errors: number;
}

export async function expireReservations(deps: AppDeps, batchSize = 100): Promise<SweepResult> {
  const result: SweepResult = { expired: 0, succeeded: 0, other: 0, errors: 0 };
  const due = await dueReservations(deps.database.db, deps.clock.now().toISOString(), batchSize);
  for (const payment of due) {
    try {
      if (!payment.payment_intent_id || !payment.stripe_connect_account_id) {
        // The provider never answered the creation; nothing can be confirmed, so just release.
        await deps.database.db.transaction().execute(async (trx) => {
          const locked = await lockPayment(trx, deps.database.dialect, payment.id);
          if (!locked || !isReserving(locked.status) || locked.payment_intent_id) return;
          const now = deps.clock.now().toISOString();
          if (locked.invoice_id)
            await adjustInvoice(trx, locked.invoice_id, { reserved: -locked.amount }, now);
          await updatePayment(trx, locked.id, { status: 'expired', reserved_until: null, updated_at: now });
        });
        result.expired++;
        continue;
      }
      let after;
      try {
        const intent = await deps.payments.cancelIntent(
          payment.payment_intent_id,
          payment.stripe_connect_account_id,
        );
        after = await applyIntent(deps, payment.id, intent, { expire: true });
      } catch (err) {
        // Not cancellable (e.g. it is processing or already final): record where it stands.
        deps.logger.info(
          { paymentId: payment.id, err: (err as Error).message },
          'cancel refused; retrieving the intent',
        );
        const intent = await deps.payments.retrieveIntent(
          payment.payment_intent_id,
          payment.stripe_connect_account_id,
        );
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
  return result;
}

/** Run the sweep periodically (started by main, not by tests). Returns a stop function. */
export function startReservationSweeper(deps: AppDeps, intervalMs = 60_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    expireReservations(deps)
      .then((r) => {
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
