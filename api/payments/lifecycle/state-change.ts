/**
 * A change of a payment's row that may end it in failure: a payment that becomes `failed` is
 * announced (`payment.failed`, api/payments/events.ts) in the same transaction as the change — the
 * merchant's webhooks queue their notice (api/merchant-webhooks/notify.ts).
 */
import { announce } from '../events.ts';
import type { DbOrTrx } from '../../db/database.ts';
import type { PaymentUpdate } from '../../db/types.ts';
import { updatePayment } from '../repository.ts';

export async function changePayment(db: DbOrTrx, id: string, changes: PaymentUpdate): Promise<void> {
  await updatePayment(db, id, changes);
  if (changes.status === 'failed')
    await announce(db, {
      type: 'payment.failed',
      paymentId: id,
      at: changes.updated_at ? new Date(changes.updated_at) : new Date(),
    });
}
