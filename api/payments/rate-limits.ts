/**
 * Card-testing defence on payment creation (DESIGN §3.9), active when RATE_LIMITS is on:
 *  - attempts per IP and per invoice in a window (in-memory, per process);
 *  - a slow-down after repeated declines, counted from the payments table (so declines reported by
 *    webhooks count too, across processes): after `freeDeclines` declines in the window from one IP
 *    or on one invoice, each further attempt must wait, doubling from `baseDelaySeconds`.
 */
import type { Context } from 'hono';
import { sql } from 'kysely';
import type { AppEnv } from '../context.ts';
import { AppError } from '../errors.ts';
import { enforceRateLimits } from '../rate-limit/enforce.ts';
import type { RateRule } from '../rate-limit/limiter.ts';

const MIN = 60_000;

export const PAYMENT_RATE_RULES = {
  createPerIp: { name: 'payment-create:ip', limit: 20, windowMs: 10 * MIN },
  createPerInvoice: { name: 'payment-create:invoice', limit: 30, windowMs: 10 * MIN },
} satisfies Record<string, RateRule>;

export const DECLINE_SLOWDOWN = {
  windowMs: 30 * MIN,
  freeDeclines: 3,
  baseDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
};

export const TOO_MANY_DECLINES = 'Too many declined payment attempts.';

/** Throws 429 when this IP or invoice is over its creation budget or must wait after declines. */
export async function enforcePaymentLimits(
  c: Context<AppEnv>,
  key: { ip: string | null; merchantId: string; invoiceNumber: string | null },
): Promise<void> {
  const deps = c.get('deps');
  if (!deps.config.rateLimits) return;
  const invoiceKey = key.invoiceNumber ? `${key.merchantId}\u0000${key.invoiceNumber}` : null;
  await enforceRateLimits(c, [
    [PAYMENT_RATE_RULES.createPerIp, key.ip],
    [PAYMENT_RATE_RULES.createPerInvoice, invoiceKey],
  ]);
  const now = deps.clock.now();
  const since = new Date(now.getTime() - DECLINE_SLOWDOWN.windowMs).toISOString();
  const rows = await deps.database.db
    .selectFrom('payments')
    .select([sql<number>`count(*)`.as('n'), sql<string | null>`max(updated_at)`.as('last')])
    .where('status', '=', 'failed')
    .where('created_at', '>=', since)
    .where((eb) => {
      const ors = [
        eb.and([eb('merchant_id', '=', key.merchantId), eb('invoice_number', '=', key.invoiceNumber ?? '')]),
      ];
      if (key.ip) ors.push(eb('client_ip', '=', key.ip));
      return eb.or(ors);
    })
    .executeTakeFirst();
  const declines = Number(rows?.n ?? 0);
  if (declines < DECLINE_SLOWDOWN.freeDeclines || !rows?.last) return;
  const delay = Math.min(
    DECLINE_SLOWDOWN.maxDelaySeconds,
    DECLINE_SLOWDOWN.baseDelaySeconds * 2 ** (declines - DECLINE_SLOWDOWN.freeDeclines),
  );
  const waitMs = Date.parse(rows.last) + delay * 1000 - now.getTime();
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    const wait = seconds < 60 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
    throw new AppError('rate_limited', `${TOO_MANY_DECLINES} Please wait ${wait} and try again.`, {
      headers: { 'Retry-After': String(seconds) },
    });
  }
}
