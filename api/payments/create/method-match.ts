/**
 * Charged = quoted (DESIGN §3.2). The server confirms with the token it quoted, so the method charged
 * is the quoted one — unless the customer, holding the client secret of a `requires_action` intent
 * (3-D Secure), had the intent confirmed again with another payment method, which Stripe allows. When
 * a payment succeeds (webhook or retrieve) the method the provider charged is compared with the
 * quoted one; a difference is recorded on the payment (`method_mismatch`, JSON) with the surcharge
 * the charged method calls for, logged, and shown in the console — never silently accepted.
 *
 * A webhook may name only the payment method id (Stripe does not expand it in events): a different id
 * is recorded as a difference with the charged card unknown, and the webhook handler then retrieves
 * the intent so the card's facts fill it in (or clear it, if the card has the quoted facts).
 */
import { parseJsonOr } from '../../../core/json.ts';
import { percentageFromBps } from '../../../core/money.ts';
import type { AppDeps } from '../../context.ts';
import type { Trx } from '../../db/database.ts';
import type { Payment, PaymentUpdate } from '../../db/types.ts';
import { breakdownFor, policyOf, surchargeFor } from '../../merchants/surcharge.ts';
import type { CardDetails, ProviderIntent } from '../../ports/payment-provider.ts';
import type { QuotedMethod } from './quote-token.ts';
import { findMerchantEvenDeleted } from '../../merchants/rows.ts';

export interface MethodMismatch {
  quoted: QuotedMethod;
  /** The card charged, or null while only its payment method id is known. */
  charged: (Omit<CardDetails, 'paymentMethodId'> & { paymentMethodId: string | null }) | null;
  /** What the charged card calls for under the merchant's rules (null while the card is unknown). */
  expected: { surchargeBps: number; surchargePercentage: number; surcharge: number; rule: string } | null;
  /** What was charged. */
  chargedSurcharge: number;
  chargedSurchargeBps: number;
  detectedAt: string;
}

export function quotedMethodOf(p: Pick<Payment, 'quoted_method'>): QuotedMethod | null {
  return parseJsonOr(p.quoted_method, null) as QuotedMethod | null;
}

export function mismatchOf(p: Pick<Payment, 'method_mismatch'>): MethodMismatch | null {
  return parseJsonOr(p.method_mismatch, null) as MethodMismatch | null;
}

const norm = (v: string | null | undefined) => (v ?? '').toLowerCase();

function sameFacts(q: QuotedMethod, c: Pick<CardDetails, 'brand' | 'funding' | 'country'>): boolean {
  return (
    norm(q.brand) === norm(c.brand) &&
    norm(q.funding) === norm(c.funding) &&
    norm(q.country) === norm(c.country)
  );
}

/**
 * The change to record on a payment the provider says succeeded with `intent` (inside the caller's
 * transaction), or null when charged = quoted (or nothing was quoted: attempts from before quotes).
 */
export async function methodMismatchChange(
  trx: Trx,
  deps: AppDeps,
  payment: Payment,
  intent: ProviderIntent,
): Promise<Pick<PaymentUpdate, 'method_mismatch'> | null> {
  const quoted = quotedMethodOf(payment);
  if (!quoted || intent.status !== 'succeeded') return null;
  const otherMethod =
    payment.payment_method_id !== null &&
    intent.paymentMethodId !== null &&
    payment.payment_method_id !== intent.paymentMethodId;
  const card = intent.card;
  let differs: boolean;
  if (card) differs = !sameFacts(quoted, card);
  else differs = otherMethod;
  const current = payment.method_mismatch;
  if (!differs) return current ? { method_mismatch: null } : null;
  if (!card && mismatchOf(payment)?.charged) return null; // already known in full
  let expected: MethodMismatch['expected'] = null;
  if (card) {
    const merchant = await findMerchantEvenDeleted(trx, payment.merchant_id);
    if (merchant) {
      const { bps, rule } = surchargeFor(policyOf(merchant), card, merchant.country);
      const b = breakdownFor(payment.amount, bps, deps.config.platformFeeBps);
      expected = {
        surchargeBps: bps,
        surchargePercentage: Number(percentageFromBps(bps)),
        surcharge: b.surcharge,
        rule,
      };
    }
  }
  const mismatch: MethodMismatch = {
    quoted,
    charged: card
      ? {
          paymentMethodId: intent.paymentMethodId,
          brand: card.brand,
          last4: card.last4,
          funding: card.funding,
          country: card.country,
          wallet: card.wallet,
        }
      : null,
    expected,
    chargedSurcharge: payment.surcharge,
    chargedSurchargeBps: payment.surcharge_bps,
    detectedAt: mismatchOf(payment)?.detectedAt ?? deps.clock.now().toISOString(),
  };
  const next = JSON.stringify(mismatch);
  if (next === current) return null;
  deps.logger.warn(
    { paymentId: payment.id, quoted, charged: mismatch.charged, expected },
    'the payment method charged differs from the quoted one',
  );
  return { method_mismatch: next };
}
