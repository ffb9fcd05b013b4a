/**
 * What the payments domain tells the rest of the product (issue 35: domains that call one way).
 * Payments announce what happened — a payment succeeded, was refunded, failed, a refund failed, a
 * dispute moved — inside the transaction that records it; the domains that act on it (accounting
 * queues its records and the webhook events, merchant webhooks queue the failure and dispute
 * notices) listen, registered once by the app's wiring (api/wiring.ts) as the outbox gets its
 * handlers. Payments import neither of them (api/announcer.ts).
 *
 * Nothing may be lost: announcing with no listener registered throws (the transaction rolls back)
 * instead of recording a payment that no accounting record or webhook will ever follow.
 *
 * @example
 *   listenToPayments(async (trx, event) => { if (event.type === 'payment.failed') … });
 *   await announce(trx, { type: 'payment.failed', paymentId, at: new Date(now) });
 */
import { createAnnouncer, type Listener } from '../announcer.ts';
import type { Clock } from '../context.ts';
import type { Payment } from '../db/types.ts';

/** What the provider reports of a dispute (chargeback) on a payment, as its notice names it. */
export interface DisputeFacts {
  /** The provider's dispute id (`dp_…`). */
  id: string;
  /** Minor units disputed. */
  amount: number;
  /** The provider's reason, e.g. `fraudulent`, `product_not_received`. */
  reason: string;
  /** e.g. `needs_response`, `under_review`, `won`, `lost`. */
  status: string;
}

export type PaymentEvent =
  /** `payment` is the row as it now stands (the success recorded). */
  | { type: 'payment.succeeded'; payment: Payment; clock: Clock }
  | { type: 'payment.refunded'; paymentId: string; refundId: string; clock: Clock }
  | { type: 'payment.failed'; paymentId: string; at: Date }
  | { type: 'refund.failed'; refundId: string; at: Date }
  | { type: 'payment.disputed'; paymentId: string; dispute: DisputeFacts; clock: Clock };

export type PaymentListener = Listener<PaymentEvent>;

const payments = createAnnouncer<PaymentEvent>('payments');

/** Register a listener (once; registering the same one again changes nothing). */
export const listenToPayments = payments.listen;

/** Tell every listener, in the order they registered, inside the caller's transaction. */
export const announce = payments.announce;
