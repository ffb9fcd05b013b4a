/**
 * Card-testing defence on payment creation (DESIGN §3.9), active when RATE_LIMITS is on: payment
 * attempts, quotes and refreshes per client address in a window (the rate limiter, api/rate-limit). The
 * limits on provider declines live in the database (api/payments/create/declines.ts).
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../context.ts';
import { enforceRateLimits } from '../../rate-limit/enforce.ts';
import type { RateRule } from '../../rate-limit/limiter.ts';

const MIN = 60_000;

/**
 * Per client address only: an invoice's attempts are not limited as such, since a limit anyone can
 * exhaust (junk requests, declines from a few addresses) would lock the real customers out of it.
 * Quotes and refreshes each ask the provider, so they are limited too.
 */
export const PAYMENT_RATE_RULES = {
  createPerIp: { name: 'payment-create:ip', limit: 20, windowMs: 10 * MIN },
  quotePerIp: { name: 'payment-quote:ip', limit: 60, windowMs: 5 * MIN },
  refreshPerIp: { name: 'payment-refresh:ip', limit: 60, windowMs: 5 * MIN },
} satisfies Record<string, RateRule>;

/** Throws 429 when this address has asked for more quotes (or refreshes) than a customer would. */
export async function enforceProviderReadLimit(
  c: Context<AppEnv>,
  rule: 'quotePerIp' | 'refreshPerIp',
  ip: string | null,
): Promise<void> {
  await enforceRateLimits(c, [[PAYMENT_RATE_RULES[rule], ip]]);
}

/** Throws 429 when this address is over its attempt budget. */
export async function enforcePaymentLimits(c: Context<AppEnv>, key: { ip: string | null }): Promise<void> {
  await enforceRateLimits(c, [[PAYMENT_RATE_RULES.createPerIp, key.ip]]);
}
