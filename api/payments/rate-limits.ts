/**
 * Card-testing defence on payment creation (DESIGN §3.9), active when RATE_LIMITS is on: payment
 * attempts per client address and per invoice in a window (the rate limiter, api/rate-limit). The
 * limits on provider declines live in the database (api/payments/declines.ts).
 */
import type { Context } from 'hono';
import { invoiceNumberKey } from '../../core/invoice-number.ts';
import type { AppEnv } from '../context.ts';
import { resolveMerchant } from '../merchants/resolve.ts';
import { verifyPaySession } from '../pay/session-token.ts';
import { enforceRateLimits } from '../rate-limit/enforce.ts';
import type { RateRule } from '../rate-limit/limiter.ts';
import type { CreatePaymentInput } from './schema.ts';

const MIN = 60_000;

export const PAYMENT_RATE_RULES = {
  createPerIp: { name: 'payment-create:ip', limit: 20, windowMs: 10 * MIN },
  createPerInvoice: { name: 'payment-create:invoice', limit: 30, windowMs: 10 * MIN },
} satisfies Record<string, RateRule>;

/** Throws 429 when this address or invoice is over its attempt budget. */
export async function enforcePaymentLimits(
  c: Context<AppEnv>,
  key: {
    ip: string | null;
    input: Pick<CreatePaymentInput, 'paySessionId' | 'merchantId' | 'invoiceNumber'>;
  },
): Promise<void> {
  const deps = c.get('deps');
  if (!deps.config.rateLimits) return;
  const session = key.input.paySessionId
    ? verifyPaySession(deps.config.jwtSecret, key.input.paySessionId, deps.clock.now().getTime())
    : null;
  const merchantRef = session?.merchantId ?? key.input.merchantId;
  if (!merchantRef) return;
  const merchant = await resolveMerchant(deps.database.db, { merchant: merchantRef });
  const invoiceNumber = session?.invoiceNumber ?? key.input.invoiceNumber ?? null;
  const invoiceKey = invoiceNumber ? `${merchant.id}\u0000${invoiceNumberKey(invoiceNumber)}` : null;
  await enforceRateLimits(c, [
    [PAYMENT_RATE_RULES.createPerIp, key.ip],
    [PAYMENT_RATE_RULES.createPerInvoice, invoiceKey],
  ]);
}
