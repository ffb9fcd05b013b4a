/**
 * A stored `requires_action` answer replayed for an Idempotency-Key: the client secret it carries is
 * handed out again only while the intent still waits for the customer's 3-D Secure step. Otherwise
 * the payment as it now stands, without a secret.
 */
import type { AppDeps } from '../../context.ts';
import { paymentAnswer, type PaymentAnswer } from './confirm-answer.ts';
import { findPayment } from '../repository.ts';
import { remainingForPayment, syncFromProvider } from '../lifecycle/read-back.ts';

export async function currentAnswer(deps: AppDeps, stored: PaymentAnswer): Promise<PaymentAnswer> {
  const found = await findPayment(deps.database.db, stored.paymentId);
  if (!found) return { ...stored, clientSecret: null };
  const payment =
    found.status === 'requires_action' ? await syncFromProvider(deps, found).catch(() => found) : found;
  const secret = payment.status === 'requires_action' ? (stored.clientSecret ?? '') : '';
  return paymentAnswer(
    payment,
    { id: stored.paymentIntentId, clientSecret: secret },
    await remainingForPayment(deps.database.db, payment),
    deps.config,
  );
}
