import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  MAX_SURCHARGE_BPS,
  computeBreakdown,
  computeSurcharge,
  fromMinorUnits,
  parseAmountString,
  toMinorUnits,
} from '../../../core/money.ts';

const safeNonNegative = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const currency = fc.constantFrom('AUD', 'USD', 'JPY', 'KRW', 'EUR', 'VND');
/** Amounts up to 10 billion major units, where a breakdown always stays safe. */
const amount = fc.integer({ min: 0, max: 1_000_000_000_000 });
const surchargeBps = fc.integer({ min: 0, max: MAX_SURCHARGE_BPS });
const feeBps = fc.integer({ min: 0, max: 1000 });

describe('money properties', () => {
  it('round-trips minor units without float drift', () => {
    fc.assert(
      fc.property(safeNonNegative, currency, (minor, code) => {
        expect(toMinorUnits(fromMinorUnits(minor, code), code)).toBe(minor);
      }),
    );
  });

  it('never multiplies zero-decimal currencies', () => {
    fc.assert(
      fc.property(safeNonNegative, fc.constantFrom('JPY', 'KRW', 'VND', 'CLP'), (n, code) => {
        expect(toMinorUnits(String(n), code)).toBe(n);
      }),
    );
  });

  it('keeps breakdown invariants', () => {
    fc.assert(
      fc.property(amount, surchargeBps, fc.boolean(), feeBps, (a, bps, enabled, fee) => {
        const b = computeBreakdown({
          amount: a,
          surchargeBps: bps,
          surchargeEnabled: enabled,
          platformFeeBps: fee,
        });
        expect(b.total).toBe(b.amount + b.surcharge);
        expect(b.platformFee).toBeLessThanOrEqual(b.total);
        expect(Number.isSafeInteger(b.surcharge) && Number.isSafeInteger(b.platformFee)).toBe(true);
        if (!enabled) expect(b.surcharge).toBe(0);
      }),
    );
  });

  it('bounds the surcharge by the 5% cap (within half-up rounding)', () => {
    fc.assert(
      fc.property(amount, surchargeBps, (a, bps) => {
        const s = computeSurcharge(a, bps);
        expect(s).toBeLessThanOrEqual(computeSurcharge(a, MAX_SURCHARGE_BPS));
        // s <= a * 5% + 0.5 minor units, checked in exact integer maths.
        expect(BigInt(s) * 10000n).toBeLessThanOrEqual(BigInt(a) * 500n + 5000n);
        expect(Math.abs(s * 10000 - a * bps)).toBeLessThanOrEqual(5000);
      }),
    );
  });

  it('cleans amount strings to digits and at most one dot', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.string({ unit: fc.constantFrom('1', '.', ',', '$', ' ', 'a', '-', '9'), maxLength: 20 }),
        (s1, s2) => {
          for (const input of [s1, s2]) {
            const out = parseAmountString(input);
            if (out === null) continue;
            expect(out).toMatch(/^\d*\.?\d*$/);
            expect(out.split('.').length).toBeLessThanOrEqual(2);
            expect(out).toMatch(/\d/);
          }
        },
      ),
    );
  });
});
