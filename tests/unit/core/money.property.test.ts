import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  MAX_SURCHARGE_BPS,
  computeBreakdown,
  computeSurcharge,
  fromMinorUnits,
  readLinkAmount,
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

  it('reads a link amount as none, refused, or exactly what a plain amount says: never a guess', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('1', '.', ',', '$', ' ', 'a', '-', '9', 'e', '('), maxLength: 20 }),
        currency,
        (input, cur) => {
          const out = readLinkAmount(input, cur);
          if (out === null || out === 'invalid') return;
          expect(Number.isSafeInteger(out) && out >= 0).toBe(true);
        },
      ),
    );
    fc.assert(
      fc.property(amount, currency, (minor, cur) => {
        expect(readLinkAmount(fromMinorUnits(minor, cur), cur)).toBe(minor);
      }),
    );
  });
});
