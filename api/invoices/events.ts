/**
 * What the invoices domain tells the rest of the product (api/announcer.ts): an invoice became paid
 * through us (nothing due any more, payments in flight aside), announced by the ledger's terms
 * (terms.ts) in the transaction that stamps `paid_at`. Merchant webhooks listen (the `invoice.paid`
 * event), registered by the app's wiring (api/wiring.ts); the invoices import no webhook code.
 */
import { createAnnouncer } from '../announcer.ts';

export type InvoiceEvent = { type: 'invoice.paid'; invoiceId: string; at: Date };

export const invoiceEvents = createAnnouncer<InvoiceEvent>('invoices');
