/**
 * How a domain tells the rest of the product what happened without knowing who acts on it (issue
 * 35: domains that call one way). The domain announces inside the transaction that records the
 * change; the domains above it listen, registered once by the app's wiring (api/wiring.ts). A
 * listener runs in the announcer's transaction, so what it writes commits or rolls back with it.
 *
 * Nothing may be lost: announcing with nobody listening throws (the transaction rolls back) instead
 * of recording a change that none of its consequences will ever follow.
 *
 * @example
 *   export const invoiceEvents = createAnnouncer<InvoiceEvent>('invoices');
 *   invoiceEvents.listen(async (trx, event) => { … });   // api/wiring.ts
 *   await invoiceEvents.announce(trx, { type: 'invoice.paid', invoiceId, at });
 */
import type { DbOrTrx } from './db/database.ts';

export type Listener<E> = (trx: DbOrTrx, event: E) => Promise<void>;

export interface Announcer<E extends { type: string }> {
  /** Register a listener (once; registering the same one again changes nothing). */
  listen(listener: Listener<E>): void;
  /** Tell every listener, in the order they registered, inside the caller's transaction. */
  announce(trx: DbOrTrx, event: E): Promise<void>;
}

export function createAnnouncer<E extends { type: string }>(domain: string): Announcer<E> {
  const listeners: Listener<E>[] = [];
  return {
    listen(listener) {
      if (!listeners.includes(listener)) listeners.push(listener);
    },
    async announce(trx, event) {
      if (listeners.length === 0)
        throw new Error(
          `${domain}: nobody listens for ${event.type} (the app's wiring registers them: api/wiring.ts)`,
        );
      for (const listener of listeners) await listener(trx, event);
    },
  };
}
