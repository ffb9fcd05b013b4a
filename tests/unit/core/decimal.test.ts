import { describe, it, expect } from 'vitest';
import {
  mulDivFloor,
  mulDivRoundHalfUp,
  numberToDecimalString,
  scaleDecimal,
} from '../../../core/decimal.ts';

describe('scaleDecimal', () => {
  it('scales exactly with half-up rounding', () => {
    expect(scaleDecimal('19.99', 2)).toBe(1999);
    expect(scaleDecimal('0.1', 2)).toBe(10);
    expect(scaleDecimal('.5', 2)).toBe(50);
    expect(scaleDecimal('5.', 2)).toBe(500);
    expect(scaleDecimal('1250.005', 2)).toBe(125001);
    expect(scaleDecimal('1250.00499', 2)).toBe(125000);
    expect(scaleDecimal('0.995', 2)).toBe(100);
    expect(scaleDecimal('1000.6', 0)).toBe(1001);
    expect(scaleDecimal('1000.4', 0)).toBe(1000);
    expect(scaleDecimal('000123', 0)).toBe(123);
  });

  it('rejects non-plain decimals and unsafe results', () => {
    for (const bad of ['', '.', '-1', '+1', '1e5', '1,000', 'abc', '1.2.3', ' ']) {
      expect(scaleDecimal(bad, 2)).toBeNull();
    }
    expect(scaleDecimal(String(Number.MAX_SAFE_INTEGER), 0)).toBe(Number.MAX_SAFE_INTEGER);
    expect(scaleDecimal('9007199254740992', 0)).toBeNull();
    expect(scaleDecimal('90071992547409.91', 2)).toBe(Number.MAX_SAFE_INTEGER);
    expect(scaleDecimal('90071992547409.92', 2)).toBeNull();
    expect(scaleDecimal('1'.repeat(1000), 2)).toBeNull();
  });
});

describe('numberToDecimalString', () => {
  it('avoids exponent notation', () => {
    expect(numberToDecimalString(19.99)).toBe('19.99');
    expect(numberToDecimalString(1.005)).toBe('1.005');
    expect(numberToDecimalString(1e-7)).toMatch(/^0\.0+1\d*$/);
    expect(numberToDecimalString(1e21)).toBeNull();
    expect(numberToDecimalString(Number.NaN)).toBeNull();
  });
});

describe('mulDiv', () => {
  it('floors and rounds half-up, with a BigInt fallback', () => {
    expect(mulDivFloor(7, 3, 2)).toBe(10);
    expect(mulDivRoundHalfUp(10295, 125, 10000)).toBe(129);
    expect(mulDivRoundHalfUp(2, 2500, 10000)).toBe(1); // 0.5 rounds up
    expect(mulDivRoundHalfUp(Number.MAX_SAFE_INTEGER, 500, 10000)).toBe(450359962737050);
    expect(() => mulDivFloor(-1, 1, 1)).toThrow(RangeError);
    expect(() => mulDivFloor(1.5, 1, 1)).toThrow(RangeError);
    expect(() => mulDivFloor(Number.MAX_SAFE_INTEGER, 2, 1)).toThrow(RangeError);
  });
});
