/** What a delivery of an accounting job ends in: a delivered one hands back the invoice write-backs to record. */
import type { ConnectorError } from '../connector.ts';
import type { WritebackInput } from '../../invoices/holds.ts';
import type { DeliveryOutcome as OutboxOutcome } from '../../outbox/delivery.ts';

export type DeliveryOutcome = OutboxOutcome<WritebackInput>;

/** A connector's failure as the outbox retries it (later, or never when it cannot succeed). */
export function connectorRetry(err: ConnectorError): DeliveryOutcome {
  return {
    type: 'retry',
    error: err.message,
    responseStatus: err.status,
    retryAfterMs: err.retryAfterMs,
    permanent: !err.retryable,
  };
}
