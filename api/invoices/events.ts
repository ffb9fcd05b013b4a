/**
 * What the invoices domain tells the rest of the product (api/announcer.ts), in the transaction that
 * records it: an invoice became paid through us (nothing due any more, payments in flight aside;
 * the ledger's terms, terms.ts, stamp `paid_at`) — merchant webhooks send `invoice.paid`; an admin
 * wrote off a remainder (admin.ts) — accounting queues its sync. Registered by the app's wiring
 * (api/wiring.ts); the invoices import neither.
 */
import { createAnnouncer } from '../announcer.ts';
import type { Clock } from '../context.ts';

export type InvoiceEvent =
  | { type: 'invoice.paid'; invoiceId: string; at: Date }
  /** An admin wrote off a remainder below the card minimum: accounting records it (its sync job). */
  | { type: 'invoice.written_off'; writeOffId: string; clock: Clock };

export const invoiceEvents = createAnnouncer<InvoiceEvent>('invoices');
