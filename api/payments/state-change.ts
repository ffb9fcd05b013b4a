/**
 * A change of a payment's row that may end it in failure: a payment that becomes `failed` is a
 * `payment.failed` event for the merchant's 2026-11 webhook (api/merchant-webhooks/notify.ts), queued in the
 * same transaction as the change.
 */
import { notifyPaymentFailed } from '../merchant-webhooks/notify.ts';
import type { DbOrTrx } from '../db/database.ts';
import type { PaymentUpdate } from '../db/types.ts';
import { updatePayment } from './repository.ts';

export async function changePayment(db: DbOrTrx, id: string, changes: PaymentUpdate): Promise<void> {
  await updatePayment(db, id, changes);
  if (changes.status === 'failed')
    await notifyPaymentFailed(db, id, changes.updated_at ? new Date(changes.updated_at) : new Date());
}
