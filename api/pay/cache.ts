/**
 * Small per-app caches (api/app-caches.ts) that keep the pay-session lookup to one indexed read (DESIGN §9 budget):
 *  - merchants by link reference for a few seconds (the session is a display; creating a payment
 *    re-reads the merchant, so a just-disconnected or deleted merchant still cannot be paid);
 *    a merchant change (api/merchants/changes.ts: this process's at once; on PostgreSQL other
 *    processes' within milliseconds, the TTL only the backstop for a lost connection; on SQLite, one
 *    process, another writer's within the TTL) makes everything cached before it stale;
 *  - the rendered session of a link (everything but the session id), kept while the invoice's
 *    version — bumped by every change to the invoice or its payments' statuses — is the one it was
 *    rendered from, for as long as the merchant entry would live. A lookup checks that version
 *    whenever anything was committed since (on SQLite, `changeStamp`; on PostgreSQL, every time),
 *    so a balance shown is never older than the last commit of this process (and on SQLite, than
 *    another process's commit by more than CHANGE_POLL_MS).
 */
import { cacheKey } from '../app-caches.ts';
import type { Merchant } from '../db/types.ts';
import type { Observation } from '../invoices/pay-session-token.ts';

export const MERCHANT_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 5_000;

class BoundedCache<V> {
  readonly #map = new Map<string, { value: V; expires: number }>();
  get(key: string, now: number): V | undefined {
    const hit = this.#map.get(key);
    if (!hit) return undefined;
    if (hit.expires <= now) {
      this.#map.delete(key);
      return undefined;
    }
    return hit.value;
  }
  set(key: string, value: V, expires: number): void {
    if (this.#map.size >= MAX_ENTRIES && !this.#map.has(key))
      this.#map.delete(this.#map.keys().next().value!);
    this.#map.set(key, { value, expires });
  }
}

export interface HistoryEntry {
  amount: number;
  surcharge: number;
  total: number;
  date: string;
  status: string;
}

/** A link's session as rendered, less the session id (api/pay/service.ts). */
export interface RenderedSession {
  generation: number;
  /** The database's change stamp before it was rendered or last found current (SQLite), else null. */
  stamp: number | null;
  merchantId: string;
  /** The invoice row it was rendered from: its id and version, or null when there was none. */
  invoiceId: string | null;
  version: number | null;
  /** Reservations on the invoice then (a resumed page may own some: it is rendered afresh). */
  reserved: number;
  /** `"paySessionId"` goes first; this is the rest of the JSON object after it. */
  tail: string;
  /** What the link showed the server (api/invoices/pay-session-token.ts Observation, less its time). */
  observed: Omit<Observation, 'issuedAt'>;
  /** The signed observation (api/invoices/pay-session-token.ts), re-signed when older than the reuse window. */
  observation: string;
  observedAt: number;
}

export interface PayCaches {
  merchants: BoundedCache<{ merchant: Merchant; generation: number; expires: number }>;
  sessions: BoundedCache<RenderedSession>;
  /** Query strings already parsed and validated, to the link they name (api/pay/service.ts). */
  links: BoundedCache<{ key: string; invoiceNumber: string; currency: string; identity: string }>;
}

/** The pay caches of one app (api/app-caches.ts). */
export const PAY_CACHES = cacheKey('pay sessions', (): PayCaches => ({
  merchants: new BoundedCache(),
  sessions: new BoundedCache(),
  links: new BoundedCache(),
}));
