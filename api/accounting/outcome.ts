/** What a delivery of an accounting job ends in: a delivered one hands back the invoice write-backs to record. */
import type { WritebackInput } from '../invoices/writebacks.ts';
import type { DeliveryOutcome as OutboxOutcome } from '../outbox/delivery.ts';

export type DeliveryOutcome = OutboxOutcome<WritebackInput>;
