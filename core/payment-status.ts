/** Every status a payment can have, as the API answers it and the console filters by it. */
export const PAYMENT_STATUSES = [
  'pending',
  'requires_action',
  'processing',
  'succeeded',
  'failed',
  'canceled',
  'expired',
  'partially_refunded',
  'refunded',
] as const;

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The console's status filter for every payment holding an invoice's balance (not yet received). */
export const HELD = 'held';
export const HELD_STATUSES: readonly PaymentStatus[] = ['pending', 'requires_action', 'processing'];
