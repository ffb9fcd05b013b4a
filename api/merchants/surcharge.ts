/**
 * A merchant's surcharge policy: on/off, a percentage (basis points, 0–500) and optional rules by
 * card funding, brand and domestic/international that override the percentage for the card
 * actually used. The first matching rule wins. Rules are stored as JSON in merchants.surcharge_rules.
 *
 * @example
 *   rules: [{ funding: 'debit', bps: 0 }, { region: 'international', bps: 400 }, { brand: 'amex', bps: 350 }]
 */
import { z } from '@hono/zod-openapi';
import {
  bpsFromPercentage,
  computeBreakdown,
  MAX_SURCHARGE_BPS,
  percentageFromBps,
  type Breakdown,
} from '../../core/money.ts';
import type { Merchant } from '../db/types.ts';
import type { CardDetails } from '../ports/payment-provider.ts';

export interface SurchargeRule {
  funding?: 'credit' | 'debit' | 'prepaid';
  brand?: string;
  region?: 'domestic' | 'international';
  bps: number;
}

export interface SurchargePolicy {
  enabled: boolean;
  bps: number;
  rules: SurchargeRule[];
}

const percentage = z.union([z.number(), z.string()]).transform((v, ctx) => {
  try {
    const bps = bpsFromPercentage(v);
    if (bps <= MAX_SURCHARGE_BPS) return bps;
  } catch {
    /* reported below */
  }
  ctx.addIssue({ code: 'custom', message: 'Surcharge must be between 0% and 5%' });
  return z.NEVER;
});

/** A rule as the API takes it: the percentage as the admin types it ('1.5' or 1.5). */
export const SurchargeRuleInput = z
  .object({
    funding: z.enum(['credit', 'debit', 'prepaid']).optional(),
    brand: z.string().trim().toLowerCase().min(1).max(30).optional(),
    region: z.enum(['domestic', 'international']).optional(),
    percentage,
  })
  .refine((r) => r.funding || r.brand || r.region, 'A surcharge rule needs a funding, brand or region')
  .transform((r): SurchargeRule => ({
    ...(r.funding ? { funding: r.funding } : {}),
    ...(r.brand ? { brand: r.brand } : {}),
    ...(r.region ? { region: r.region } : {}),
    bps: r.percentage,
  }));

/** What a rule applies to, as the admin would say it ("debit", "amex", "international"). */
const ruleTarget = (r: SurchargeRule) => [r.funding, r.brand, r.region].filter(Boolean).join(' ');

/**
 * The rule list: two rules for the same cards would leave the second one dead (the first match
 * wins), so that is refused with the cards named rather than saved to puzzle someone later.
 */
export const SurchargeRulesInput = z
  .array(SurchargeRuleInput)
  .max(20)
  .superRefine((rules, ctx) => {
    const seen = new Set<string>();
    for (const rule of rules) {
      const target = ruleTarget(rule);
      if (seen.has(target)) {
        ctx.addIssue({
          code: 'custom',
          message: `Two surcharge rules apply to the same cards (${target}); keep one`,
        });
        return;
      }
      seen.add(target);
    }
  });

export const SurchargePercentageInput = percentage;

export const SurchargeRuleOutput = z
  .object({
    funding: z.enum(['credit', 'debit', 'prepaid']).optional(),
    brand: z.string().optional(),
    region: z.enum(['domestic', 'international']).optional(),
    percentage: z.number(),
  })
  .openapi('SurchargeRule');

export function parseRules(raw: string | null): SurchargeRule[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (r): r is SurchargeRule =>
        r && typeof r === 'object' && Number.isInteger(r.bps) && r.bps >= 0 && r.bps <= MAX_SURCHARGE_BPS,
    );
  } catch {
    return [];
  }
}

export function policyOf(
  merchant: Pick<Merchant, 'surcharge_enabled' | 'surcharge_bps' | 'surcharge_rules'>,
): SurchargePolicy {
  return {
    enabled: merchant.surcharge_enabled === 1,
    bps: merchant.surcharge_bps,
    rules: parseRules(merchant.surcharge_rules),
  };
}

export function rulesToApi(rules: SurchargeRule[]) {
  return rules.map(({ bps, ...when }) => ({ ...when, percentage: Number(percentageFromBps(bps)) }));
}

function describeRule(rule: SurchargeRule): string {
  const when = [rule.funding, rule.brand, rule.region].filter(Boolean).join(' ');
  return `${when}: ${percentageFromBps(rule.bps)}%`;
}

/** The rate for a card (or the default rate when the card is not known yet) and what applied. */
export function surchargeFor(
  policy: SurchargePolicy,
  card: Pick<CardDetails, 'brand' | 'funding' | 'country'> | null,
  merchantCountry: string,
): { bps: number; rule: string } {
  if (!policy.enabled) return { bps: 0, rule: 'surcharge off' };
  if (card) {
    const region = card.country
      ? card.country.toUpperCase() === merchantCountry.toUpperCase()
        ? 'domestic'
        : 'international'
      : null;
    for (const rule of policy.rules) {
      if (rule.funding && rule.funding !== card.funding) continue;
      if (rule.brand && rule.brand !== card.brand.toLowerCase()) continue;
      if (rule.region && rule.region !== region) continue;
      return { bps: rule.bps, rule: describeRule(rule) };
    }
  }
  return { bps: policy.bps, rule: `default: ${percentageFromBps(policy.bps)}%` };
}

/** The breakdown the server charges: core's computeBreakdown with the applicable rate (and cap). */
export function breakdownFor(
  amount: number,
  bps: number,
  platformFeeBps: number,
  surchargeCap: number | null = null,
): Breakdown {
  return computeBreakdown({
    amount,
    surchargeEnabled: bps > 0,
    surchargeBps: bps,
    platformFeeBps,
    surchargeCap,
  });
}
