/**
 * The invoice's live amount due from the merchant's connected Xero or QuickBooks (DESIGN §3.3: with a
 * connection the live check is required, and it replaces the link amount as a credible observation).
 * Answers are cached briefly per merchant + invoice + currency (30 s; 10 s for a failure) so a busy
 * pay page does not hit the accounting API's rate limits, and the cache entry is dropped when we
 * record a payment there ourselves. A lookup waits at most 3 s: the customer is waiting.
 *
 * The fallback when the tool is unreachable is explicit: `lookupLiveAmountDue` says 'unavailable'
 * (and `getLiveAmountDue` returns null), and the pay session carries on with the link amount and
 * the ledger's credible observations, as it does for a merchant without a connection.
 *
 * @example
 * const live = await getLiveAmountDue(deps, merchant.id, 'INV-1', 'AUD'); // { amountDue: 75000 } | null
 */
import type { AppDeps } from '../../context.ts';
import { ConnectorError } from '../connector.ts';
import { findConnection, withSession } from '../connections/connections.ts';
import type { LiveAmountLookup } from './live-amount-cache.ts';
import { LIVE_AMOUNTS } from './live-amount-cache.ts';

export type { LiveAmountLookup } from './live-amount-cache.ts';

export const LIVE_CACHE_MS = 30_000;
export const LIVE_FAILURE_CACHE_MS = 10_000;
export const LIVE_TIMEOUT_MS = 3_000;

const keyOf = (merchantId: string, invoiceNumber: string, currency?: string) =>
  `${merchantId}|${invoiceNumber}${currency ? `|${currency.toUpperCase()}` : '|'}`;

export function invalidateLiveAmountDue(deps: AppDeps, merchantId: string, invoiceNumber: string): void {
  const cache = deps.caches.of(LIVE_AMOUNTS);
  const prefix = keyOf(merchantId, invoiceNumber);
  for (const k of cache.keys()) if (k.startsWith(prefix)) cache.delete(k);
}

export async function lookupLiveAmountDue(
  deps: AppDeps,
  merchantId: string,
  invoiceNumber: string,
  currency: string,
): Promise<LiveAmountLookup> {
  const connection = await findConnection(deps.database.db, merchantId);
  if (!connection) return { status: 'not_connected' };
  const cache = deps.caches.of(LIVE_AMOUNTS);
  const key = keyOf(merchantId, invoiceNumber, currency);
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.value;
  const provider = connection.provider;
  let value: LiveAmountLookup;
  try {
    const invoice = await withSession(
      deps,
      connection,
      (s, connector) => connector.findInvoice(s, invoiceNumber),
      { timeoutMs: LIVE_TIMEOUT_MS },
    );
    value =
      !invoice || invoice.currency !== currency.toUpperCase()
        ? { status: 'not_found', provider }
        : { status: 'ok', amountDue: invoice.amountDue, provider, fetchedAt: deps.clock.now().toISOString() };
  } catch (err) {
    if (!(err instanceof ConnectorError)) throw err;
    deps.logger.warn(
      { merchantId, invoiceNumber, err: err.message },
      'live amount due unavailable; falling back to the link amount',
    );
    value = { status: 'unavailable', provider, error: err.message };
  }
  if (cache.size > 5000) cache.clear();
  cache.set(key, {
    expires: now + (value.status === 'unavailable' ? LIVE_FAILURE_CACHE_MS : LIVE_CACHE_MS),
    value,
  });
  return value;
}

/** The live amount due in minor units, or null (no connection, invoice not there, or tool unreachable: use the link). */
export async function getLiveAmountDue(
  deps: AppDeps,
  merchantId: string,
  invoiceNumber: string,
  currency: string,
): Promise<{ amountDue: number } | null> {
  const r = await lookupLiveAmountDue(deps, merchantId, invoiceNumber, currency);
  return r.status === 'ok' ? { amountDue: r.amountDue } : null;
}
