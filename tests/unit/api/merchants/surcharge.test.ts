import { describe, expect, it } from 'vitest';
import {
  breakdownFor,
  parseRules,
  policyOf,
  rulesToApi,
  SurchargePercentageInput,
  SurchargeRuleInput,
  surchargeFor,
  type SurchargePolicy,
} from '../../../../api/merchants/surcharge.ts';

const visaCredit = { brand: 'visa', funding: 'credit' as const, country: 'AU' };
const policy = (rules: SurchargePolicy['rules'], bps = 295): SurchargePolicy => ({
  enabled: true,
  bps,
  rules,
});

describe('surchargeFor', () => {
  it('charges nothing when the surcharge is off, whatever the rules say', () => {
    expect(
      surchargeFor({ enabled: false, bps: 295, rules: [{ funding: 'credit', bps: 400 }] }, visaCredit, 'AU'),
    ).toEqual({
      bps: 0,
      rule: 'surcharge off',
    });
  });

  it('takes the default rate when the card is not known yet or no rule matches', () => {
    const p = policy([{ funding: 'debit', bps: 0 }]);
    expect(surchargeFor(p, null, 'AU')).toEqual({ bps: 295, rule: 'default: 2.95%' });
    expect(surchargeFor(p, visaCredit, 'AU')).toEqual({ bps: 295, rule: 'default: 2.95%' });
  });

  it('applies the first rule that matches every condition it names', () => {
    const p = policy([
      { funding: 'debit', bps: 0 },
      { brand: 'amex', bps: 350 },
      { region: 'international', bps: 400 },
      { funding: 'credit', bps: 150 },
    ]);
    expect(surchargeFor(p, { brand: 'visa', funding: 'debit', country: 'AU' }, 'AU')).toEqual({
      bps: 0,
      rule: 'debit: 0%',
    });
    // Amex before international: order decides.
    expect(surchargeFor(p, { brand: 'AmEx', funding: 'credit', country: 'US' }, 'AU').bps).toBe(350);
    expect(surchargeFor(p, { brand: 'visa', funding: 'credit', country: 'us' }, 'AU')).toEqual({
      bps: 400,
      rule: 'international: 4%',
    });
    expect(surchargeFor(p, visaCredit, 'au').bps).toBe(150);
  });

  it('never matches a region rule for a card whose country is unknown', () => {
    const p = policy([{ region: 'domestic', bps: 100 }]);
    expect(surchargeFor(p, { ...visaCredit, country: null }, 'AU').bps).toBe(295);
    expect(surchargeFor(p, visaCredit, 'AU').bps).toBe(100);
  });
});

describe('stored rules', () => {
  it('reads the rules a merchant row stores and drops what is not a rule', () => {
    const raw = JSON.stringify([
      { funding: 'debit', bps: 0 },
      { brand: 'amex', bps: 501 },
      { bps: 1.5 },
      null,
    ]);
    expect(parseRules(raw)).toEqual([{ funding: 'debit', bps: 0 }]);
    expect(parseRules('not json')).toEqual([]);
    expect(parseRules('{"bps":1}')).toEqual([]);
    expect(parseRules(null)).toEqual([]);
  });

  it('builds the policy from the merchant row', () => {
    expect(
      policyOf({ surcharge_enabled: 1, surcharge_bps: 200, surcharge_rules: '[{"brand":"amex","bps":350}]' }),
    ).toEqual({ enabled: true, bps: 200, rules: [{ brand: 'amex', bps: 350 }] });
    expect(policyOf({ surcharge_enabled: 0, surcharge_bps: 295, surcharge_rules: null }).enabled).toBe(false);
  });

  it('answers rules with percentages', () => {
    expect(
      rulesToApi([
        { funding: 'debit', bps: 0 },
        { region: 'international', bps: 395 },
      ]),
    ).toEqual([
      { funding: 'debit', percentage: 0 },
      { region: 'international', percentage: 3.95 },
    ]);
  });
});

describe('rule input', () => {
  it('takes a percentage as typed and names at least one condition', () => {
    expect(SurchargeRuleInput.parse({ brand: ' AMEX ', percentage: '3.5' })).toEqual({
      brand: 'amex',
      bps: 350,
    });
    expect(SurchargeRuleInput.safeParse({ percentage: 1 }).success).toBe(false);
  });

  it('refuses a percentage outside 0–5 %', () => {
    expect(SurchargePercentageInput.parse(5)).toBe(500);
    const refused = SurchargePercentageInput.safeParse('5.01');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toBe('Surcharge must be between 0% and 5%');
    expect(SurchargePercentageInput.safeParse(-1).success).toBe(false);
  });
});

describe('breakdownFor', () => {
  it('adds the surcharge and takes the platform fee of the total', () => {
    const b = breakdownFor(100_000, 295, 125);
    expect(b.amount).toBe(100_000);
    expect(b.surcharge).toBe(2_950);
    expect(b.total).toBe(102_950);
    expect(b.surchargeBps).toBe(295);
  });

  it('charges no surcharge at 0 bps and holds a capped surcharge at its cap', () => {
    expect(breakdownFor(100_000, 0, 125).surcharge).toBe(0);
    const capped = breakdownFor(1_000_000, 150, 125, 350);
    expect(capped.surcharge).toBe(350);
    expect(capped.total).toBe(1_000_350);
  });
});
