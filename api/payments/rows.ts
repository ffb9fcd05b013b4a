/**
 * Payments and refunds as the domains above payments read them, and the few things they record on
 * them (issue 35: no domain imports another's repository): a payment by id or intent, its invoice's
 * history and holds for the pay page, a refund by id or the provider's id; accounting's sync status
 * (`setAccountingSyncStatus`), and the provider's events and refund outcomes its webhooks report.
 * What moves money is payments' own services.
 */
import type { DbOrTrx } from '../db/database.ts';
import type { PaymentUpdate } from '../db/types.ts';
import { updatePayment } from './repository.ts';
import { updateRefund } from './refunds/refunds-repository.ts';

export {
  findPayment,
  findPaymentByIntent,
  invoiceHistory,
  invoiceHolds,
  isSettled,
  latestSucceededPayment,
  lockPayment,
  recordProviderEvent,
  reservedBySession,
} from './repository.ts';
export {
  findRefund,
  findRefundByProviderId,
  findRefundOfPayment,
  succeededRefundsOf,
} from './refunds/refunds-repository.ts';

/** What the accounting tools made of a payment (decision record 0015: `xero_sync_*` for every target). */
export type AccountingSyncStatus = Pick<
  PaymentUpdate,
  'xero_sync_status' | 'xero_sync_time' | 'xero_sync_error'
>;

/** Accounting's word on a payment's records, kept on the payment for the console's lists and filters. */
export function setAccountingSyncStatus(
  db: DbOrTrx,
  paymentId: string,
  sync: AccountingSyncStatus,
  stamp: string,
): Promise<void> {
  return updatePayment(db, paymentId, { ...sync, updated_at: stamp });
}

/** The provider reports a refund we asked for as done (its webhook). */
export function markRefundSucceeded(db: DbOrTrx, refundId: string, at: string): Promise<void> {
  return updateRefund(db, refundId, { status: 'succeeded', updated_at: at });
}
