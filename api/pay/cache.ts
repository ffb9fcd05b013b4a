/**
 * Small per-app caches that keep the pay-session lookup to one indexed read (DESIGN §9 budget):
 *  - merchants by link reference for a few seconds (the session is a display; creating a payment
 *    re-reads the merchant, so a just-disconnected or deleted merchant still cannot be paid);
 *    this process's own merchant writes invalidate it at once, other processes' within the TTL;
 *  - an invoice's public history keyed by the invoice's version, which every change to the
 *    invoice or its payments' statuses bumps, so a cached history is never stale.
 */
import type { AppDeps } from '../context.ts';
import type { Merchant } from '../db/types.ts';

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
    if (this.#map.size >= MAX_ENTRIES) this.#map.delete(this.#map.keys().next().value!);
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

interface PayCaches {
  merchants: BoundedCache<{ merchant: Merchant; generation: number }>;
  histories: BoundedCache<HistoryEntry[]>;
  /** Bumped by every merchant write in this process, so its own changes show at once. */
  generation: number;
}

const caches = new WeakMap<AppDeps, PayCaches>();

export function payCaches(deps: AppDeps): PayCaches {
  let c = caches.get(deps);
  if (!c) {
    c = { merchants: new BoundedCache(), histories: new BoundedCache(), generation: 0 };
    caches.set(deps, c);
  }
  return c;
}

/** Call after changing a merchant: this process's pay sessions see the change at once. */
export function invalidateMerchantCache(deps: AppDeps): void {
  payCaches(deps).generation++;
}
