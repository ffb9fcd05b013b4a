/** The shapes of the live amount due lookup (live-amount.ts) and of its per-app cache (api/app-caches.ts). */
import { cacheKey } from '../../app-caches.ts';

export type LiveAmountLookup =
  | { status: 'ok'; amountDue: number; provider: 'xero' | 'quickbooks'; fetchedAt: string }
  | { status: 'not_connected' }
  | { status: 'not_found'; provider: 'xero' | 'quickbooks' }
  | { status: 'unavailable'; provider: 'xero' | 'quickbooks'; error: string };

interface Entry {
  expires: number;
  value: LiveAmountLookup;
}

/** The app's answers by merchant + invoice + currency. */
export type LiveAmountCache = Map<string, Entry>;

export const LIVE_AMOUNTS = cacheKey('live amounts due', (): LiveAmountCache => new Map());
