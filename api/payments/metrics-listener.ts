/**
 * Payment outcomes as metrics (api/metrics): each payment that succeeds or fails, by method, and
 * each refund that succeeds or fails, counted when the outcome is recorded. Registered by the app's
 * wiring (api/wiring.ts) beside the other listeners; nothing is read or counted while metrics are off.
 */
import { metricsEnabled, recordPaymentOutcome, recordRefund } from '../metrics/metrics.ts';
import type { PaymentListener } from './events.ts';

export const metricsPaymentListener: PaymentListener = async (trx, event) => {
  if (!metricsEnabled()) return;
  switch (event.type) {
    case 'payment.succeeded':
      return recordPaymentOutcome(event.payment.method_type, 'succeeded');
    case 'payment.failed': {
      const row = await trx
        .selectFrom('payments')
        .select('method_type')
        .where('id', '=', event.paymentId)
        .executeTakeFirst();
      return recordPaymentOutcome(row?.method_type ?? 'card', 'failed');
    }
    case 'payment.refunded':
      return recordRefund('succeeded');
    case 'refund.failed':
      return recordRefund('failed');
  }
};
