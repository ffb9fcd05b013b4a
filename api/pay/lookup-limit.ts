/**
 * Pay-session privacy (DESIGN §3.9): a client address may look up only so many *distinct* invoices
 * in a window (PAY_LOOKUP_INVOICES_PER_IP per 10 minutes), so a scan of sequential invoice numbers
 * is refused while a customer reloading their own invoice is never counted. The count goes through
 * the app's rate limiter (api/rate-limit); which (address, invoice) pairs were already admitted is
 * remembered in memory (the app's `LOOKUPS` cache), so a repeated lookup costs one map read and never a write anywhere.
 */
import { invoiceNumberKey } from '../../core/invoice-number.ts';
import type { AppDeps } from '../context.ts';
import { cacheKey } from '../app-caches.ts';
import { tooManyAttempts } from '../rate-limit/enforce.ts';
import type { RateRule } from '../rate-limit/limiter.ts';

const WINDOW_MS = 10 * 60_000;
const MAX_PAIRS = 50_000;

/** The invoice a link names, for counting: merchant reference + normalised number + currency. */
export function lookupIdentity(merchantRef: string, invoiceNumber: string, currency: string): string {
  return `${merchantRef}\u0000${invoiceNumberKey(invoiceNumber)}\u0000${currency}`;
}

function ruleFor(deps: AppDeps): RateRule {
  return { name: 'pay-session:invoices', limit: deps.config.payLookupInvoicesPerIp, windowMs: WINDOW_MS };
}

/** (address, invoice) pairs already counted, to when the count lapses. */
const LOOKUPS = cacheKey('counted pay-session lookups', () => new Map<string, number>());

/**
 * Count a lookup of `identity` from `ip` if this address has not looked it up in the window.
 * Undefined when there is nothing to count (already admitted, rate limits off, no address): the hot
 * path stays synchronous. Otherwise a promise that rejects with 429 past the limit.
 */
export function admitLookup(deps: AppDeps, ip: string | null, identity: string): Promise<void> | undefined {
  if (!ip || !deps.config.rateLimits) return undefined;
  const pairs = deps.caches.of(LOOKUPS);
  const pair = `${ip}\u0000${identity}`;
  const now = deps.clock.now().getTime();
  const until = pairs.get(pair);
  if (until !== undefined && until > now) return undefined;
  return deps.caches.rates.consume([[ruleFor(deps), ip]]).then((decision) => {
    if (!decision.ok) throw tooManyAttempts(decision.retryAfterSeconds);
    remember(pairs, pair, now);
  });
}

function remember(pairs: Map<string, number>, pair: string, now: number): void {
  if (pairs.size >= MAX_PAIRS) {
    for (const [k, expires] of pairs) if (expires <= now) pairs.delete(k);
    // Still full: drop the oldest admissions (they are counted again if they come back: stricter).
    for (const k of pairs.keys()) {
      if (pairs.size < MAX_PAIRS) break;
      pairs.delete(k);
    }
  }
  pairs.delete(pair);
  pairs.set(pair, now + WINDOW_MS);
}
