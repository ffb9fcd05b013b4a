/**
 * The outbox's Xero / QuickBooks deliveries: a payment or refund job converges the payment
 * (payment-sync.ts); a `payment.write_off` job posts the write-off (write-off-sync.ts). A job is
 * delivered when its own subject is recorded; a refund that needs someone to act first (e.g. a
 * reconciled payment) fails with the step to take and is listed under "Needs attention".
 */
import type { AppDeps } from '../../context.ts';
import type { OutboxJob } from '../../db/types.ts';
import { connectorRetry, type DeliveryOutcome } from './delivery-outcome.ts';
import { findConnection } from '../connections/connections.ts';
import { ConnectorError } from '../connector.ts';
import { convergePayment } from './payment-sync.ts';
import { deliverWriteOff, WRITE_OFF_EVENT } from './write-off-sync.ts';
import { findPayment } from '../../payments/rows.ts';

export async function syncJobWithConnector(deps: AppDeps, job: OutboxJob): Promise<DeliveryOutcome> {
  const connection = await findConnection(deps.database.db, job.merchant_id);
  if (!connection || connection.provider !== job.kind)
    return {
      type: 'cancel',
      reason: `The merchant is no longer connected to ${job.kind === 'xero' ? 'Xero' : 'QuickBooks'}`,
    };
  const event = (JSON.parse(job.payload) as { event?: string }).event;
  if (event === WRITE_OFF_EVENT) return deliverWriteOff(deps, connection, job);
  const payment = job.payment_id ? await findPayment(deps.database.db, job.payment_id) : undefined;
  if (!payment) return { type: 'cancel', reason: 'The payment no longer exists' };
  try {
    const result = await convergePayment(deps, connection, payment);
    const subject = job.refund_id ?? payment.id;
    const blocked = result.blocked.get(subject);
    if (blocked) return { type: 'retry', error: blocked, permanent: true };
    const writebacks = [...result.done].map((id) =>
      id === payment.id
        ? { paymentId: payment.id, source: connection.provider }
        : { paymentId: payment.id, refundId: id, source: connection.provider },
    );
    return { type: 'delivered', responseStatus: 200, writebacks };
  } catch (err) {
    if (!(err instanceof ConnectorError)) throw err;
    return connectorRetry(err);
  }
}
