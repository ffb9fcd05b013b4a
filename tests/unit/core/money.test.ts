import { describe, it, expect } from 'vitest';
import { MONEY_FORMAT_SAMPLES } from '../../../core/money-format-samples.ts';
import { SUPPORTED_CURRENCIES, minorUnitExponent } from '../../../core/currencies.ts';
import {
  DEFAULT_PLATFORM_FEE_BPS,
  DEFAULT_SURCHARGE_BPS,
  MAX_SURCHARGE_BPS,
  bpsFromPercentage,
  computeBreakdown,
  computePlatformFee,
  computeSurcharge,
  formatMoney,
  fromMinorUnits,
  minimumPaymentMinor,
  linkAmountProblem,
  parseLinkAmount,
  readLinkAmount,
  percentOf,
  percentageFromBps,
  toMinorUnits,
} from '../../../core/money.ts';

describe('constants', () => {
  it('match the spec', () => {
    expect(DEFAULT_SURCHARGE_BPS).toBe(295);
    expect(DEFAULT_PLATFORM_FEE_BPS).toBe(125);
    expect(MAX_SURCHARGE_BPS).toBe(500);
  });
});

describe('toMinorUnits', () => {
  it('converts strings exactly', () => {
    expect(toMinorUnits('19.99', 'AUD')).toBe(1999);
    expect(toMinorUnits('0.1', 'AUD')).toBe(10);
    expect(toMinorUnits('1250.005', 'AUD')).toBe(125001);
    expect(toMinorUnits('1250', 'AUD')).toBe(125000);
    expect(toMinorUnits(' 4.35 ', 'aud')).toBe(435);
  });

  it('never multiplies zero-decimal currencies', () => {
    expect(toMinorUnits('1000', 'JPY')).toBe(1000);
    expect(toMinorUnits('1000.6', 'JPY')).toBe(1001);
    expect(toMinorUnits('1000.4', 'KRW')).toBe(1000);
  });

  it('accepts numbers via their shortest decimal form', () => {
    expect(toMinorUnits(19.99, 'AUD')).toBe(1999);
    expect(toMinorUnits(4.35, 'AUD')).toBe(435); // 4.35 * 100 = 434.99999999999994
    expect(toMinorUnits(1.005, 'AUD')).toBe(101);
    expect(toMinorUnits(1000, 'JPY')).toBe(1000);
    expect(toMinorUnits(1e-7, 'AUD')).toBe(0);
  });

  it('rejects bad input', () => {
    for (const bad of ['', 'abc', '-5', '1,000', '1e3', '1.2.3']) expect(toMinorUnits(bad, 'AUD')).toBeNull();
    for (const bad of [-1, Number.NaN, Infinity, -Infinity, 1e21])
      expect(toMinorUnits(bad, 'AUD')).toBeNull();
    expect(toMinorUnits('90071992547409.92', 'AUD')).toBeNull();
    expect(toMinorUnits('9007199254740992', 'JPY')).toBeNull();
    expect(toMinorUnits(null as unknown as string, 'AUD')).toBeNull();
  });
});

describe('parseLinkAmount', () => {
  it('parses plain link amounts, with or without thousands groups', () => {
    expect(parseLinkAmount('1,250.00', 'AUD')).toBe(125000);
    expect(parseLinkAmount('1250.5', 'AUD')).toBe(125050);
    expect(parseLinkAmount('1,030', 'JPY')).toBe(1030);
    expect(parseLinkAmount(' 99 ', 'AUD')).toBe(9900);
  });

  it('returns null when the link has no amount', () => {
    expect(parseLinkAmount('[AMOUNTDUE]', 'AUD')).toBeNull();
    expect(parseLinkAmount('', 'AUD')).toBeNull();
    expect(parseLinkAmount(null, 'AUD')).toBeNull();
  });

  it('reads zero and negative amounts as nothing due (0), never as no amount', () => {
    expect(parseLinkAmount('0.00', 'AUD')).toBe(0);
    expect(parseLinkAmount('0', 'JPY')).toBe(0);
    expect(parseLinkAmount('-12.50', 'AUD')).toBe(0);
    expect(parseLinkAmount('\u221212.50', 'AUD')).toBe(0);
    expect(parseLinkAmount('(1,250.00)', 'AUD')).toBe(0);
  });
});

describe('link amounts are plain decimals or refused (DESIGN §4a, issue 49 item 3)', () => {
  it.each([
    ['1234,56', 'EUR'],
    ['1 234,56', 'EUR'],
    ['1.234,56', 'EUR'],
    ['1e3', 'AUD'],
    ['0x10', 'AUD'],
    ['12.5.0', 'AUD'],
    ['3000.5', 'JPY'],
    ['0.004', 'AUD'],
    ['12,34.00', 'AUD'],
    ['$12.00', 'AUD'],
    ['abc', 'AUD'],
    ['1.', 'AUD'],
    ['.5', 'AUD'],
  ])('%s %s is not guessed: refused with a message that says what is expected', (raw, currency) => {
    expect(readLinkAmount(raw, currency)).toBe('invalid');
    expect(parseLinkAmount(raw, currency)).toBeNull();
    expect(linkAmountProblem(raw, currency)).toMatch(
      /^Invalid payment link: the amount ".+" is not a plain amount/,
    );
  });

  it('says so for a currency without decimals', () => {
    expect(linkAmountProblem('3000.5', 'JPY')).toMatch(/JPY has no decimal places, e\.g\. 1,250\)/);
    expect(linkAmountProblem('1234,56', 'EUR')).toMatch(
      /at most 2 decimal places after a "\.", e\.g\. 1,250\.00\)/,
    );
  });

  it('accepts every plain amount, grouped or not', () => {
    expect(readLinkAmount('1,234.56', 'EUR')).toBe(123456);
    expect(readLinkAmount('1234.56', 'EUR')).toBe(123456);
    expect(readLinkAmount('1,234,567', 'JPY')).toBe(1234567);
    expect(linkAmountProblem('1,234.56', 'EUR')).toBeNull();
    expect(linkAmountProblem(null, 'EUR')).toBeNull();
  });
});

describe('fromMinorUnits / formatMoney', () => {
  it('renders plain decimal strings', () => {
    expect(fromMinorUnits(125000, 'AUD')).toBe('1250.00');
    expect(fromMinorUnits(5, 'AUD')).toBe('0.05');
    expect(fromMinorUnits(0, 'AUD')).toBe('0.00');
    expect(fromMinorUnits(-250, 'AUD')).toBe('-2.50');
    expect(fromMinorUnits(1000, 'JPY')).toBe('1000');
    expect(() => fromMinorUnits(1.5, 'AUD')).toThrow(RangeError);
  });

  it('formats with Intl currency style', () => {
    expect(formatMoney(10295, 'AUD')).toBe('A$102.95');
    expect(formatMoney(1030, 'JPY')).toBe('¥1,030');
    expect(formatMoney(125000, 'USD')).toBe('$1,250.00');
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'AUD')).toBe('A$90,071,992,547,409.91');
    expect(formatMoney(10295, 'AUD', 'en-AU')).toBe('$102.95');
  });

  it('formats en-US without Intl exactly as Intl does, for every supported currency', () => {
    for (const currency of SUPPORTED_CURRENCIES) {
      const digits = minorUnitExponent(currency);
      const intl = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
      for (const minor of MONEY_FORMAT_SAMPLES)
        expect(formatMoney(minor, currency), `${currency} ${minor}`).toBe(
          intl.format(fromMinorUnits(minor, currency) as unknown as number),
        );
    }
  });
});

describe('basis points', () => {
  it('converts percentages to bps', () => {
    expect(bpsFromPercentage('2.95')).toBe(295);
    expect(bpsFromPercentage(2.95)).toBe(295);
    expect(bpsFromPercentage('3')).toBe(300);
    expect(bpsFromPercentage(' 1.25% ')).toBe(125);
    expect(() => bpsFromPercentage('abc')).toThrow(RangeError);
    expect(() => bpsFromPercentage(-1)).toThrow(RangeError);
  });

  it('converts bps to percentages', () => {
    expect(percentageFromBps(295)).toBe('2.95');
    expect(percentageFromBps(300)).toBe('3');
    expect(percentageFromBps(250)).toBe('2.5');
    expect(percentageFromBps(1000)).toBe('10');
    expect(percentageFromBps(10)).toBe('0.1');
    expect(percentageFromBps(0)).toBe('0');
  });
});

describe('fees', () => {
  it('worked example: 100.00 AUD at 2.95%', () => {
    const amount = toMinorUnits('100.00', 'AUD')!;
    const b = computeBreakdown({ amount, surchargeBps: 295, surchargeEnabled: true, platformFeeBps: 125 });
    expect(b).toEqual({ amount: 10000, surcharge: 295, total: 10295, platformFee: 129, surchargeBps: 295 });
    expect(fromMinorUnits(b.surcharge, 'AUD')).toBe('2.95');
    expect(fromMinorUnits(b.total, 'AUD')).toBe('102.95');
    expect(fromMinorUnits(b.platformFee, 'AUD')).toBe('1.29');
  });

  it('worked example: 1000 JPY at 2.95%', () => {
    const amount = toMinorUnits('1000', 'JPY')!;
    const b = computeBreakdown({ amount, surchargeBps: 295, surchargeEnabled: true, platformFeeBps: 125 });
    expect(b.surcharge).toBe(30);
    expect(b.total).toBe(1030);
  });

  it('uses defaults and skips a disabled surcharge', () => {
    expect(computeBreakdown({ amount: 10000, surchargeEnabled: true })).toEqual({
      amount: 10000,
      surcharge: 295,
      total: 10295,
      platformFee: 129,
      surchargeBps: 295,
    });
    expect(computeBreakdown({ amount: 10000, surchargeBps: 295, surchargeEnabled: false })).toEqual({
      amount: 10000,
      surcharge: 0,
      total: 10000,
      platformFee: 125,
      surchargeBps: 0,
    });
  });

  it('caps the surcharge when a cap is given (a bank debit rule: 1 % capped at A$3.50)', () => {
    const capped = { surchargeEnabled: true, surchargeBps: 100, surchargeCap: 350, platformFeeBps: 125 };
    // A$50,000.00: 1 % would be A$500.00; the cap makes it A$3.50, and the fee is on the capped total.
    expect(computeBreakdown({ amount: 5_000_000, ...capped })).toEqual({
      amount: 5_000_000,
      surcharge: 350,
      total: 5_000_350,
      platformFee: 62_504,
      surchargeBps: 100,
    });
    // Under the cap the percentage applies as usual; a cap of 0 means no surcharge at all.
    expect(computeBreakdown({ amount: 20_000, ...capped }).surcharge).toBe(200);
    expect(computeBreakdown({ amount: 35_000, ...capped }).surcharge).toBe(350);
    expect(computeBreakdown({ amount: 20_000, ...capped, surchargeCap: 0 }).surcharge).toBe(0);
    expect(computeBreakdown({ amount: 20_000, ...capped, surchargeCap: null }).surcharge).toBe(200);
    expect(() => computeBreakdown({ amount: 100, ...capped, surchargeCap: -1 })).toThrow(RangeError);
  });

  it('rounds half-up in integer maths', () => {
    expect(computeSurcharge(200, 25)).toBe(1); // 0.5 -> 1
    expect(computeSurcharge(199, 25)).toBe(0); // 0.4975 -> 0
    expect(computePlatformFee(40)).toBe(1); // 0.5 -> 1
    expect(computePlatformFee(39)).toBe(0);
    expect(computePlatformFee(10295, 0)).toBe(0);
  });

  it('rejects invalid inputs', () => {
    expect(() => computeSurcharge(-1, 295)).toThrow(RangeError);
    expect(() => computeSurcharge(1.5, 295)).toThrow(RangeError);
    expect(() => computeSurcharge(100, MAX_SURCHARGE_BPS + 1)).toThrow(RangeError);
    expect(() => computeSurcharge(100, 2.5)).toThrow(RangeError);
    expect(() => computePlatformFee(100, 10001)).toThrow(RangeError);
    expect(() => computeBreakdown({ amount: Number.MAX_SAFE_INTEGER, surchargeEnabled: true })).toThrow(
      RangeError,
    );
  });
});

describe('minimumPaymentMinor / percentOf', () => {
  it("is the card processor's minimum charge in that currency", () => {
    expect(minimumPaymentMinor('AUD')).toBe(50);
    expect(fromMinorUnits(minimumPaymentMinor('AUD'), 'AUD')).toBe('0.50');
    expect(minimumPaymentMinor('JPY')).toBe(50);
    expect(minimumPaymentMinor('GBP')).toBe(30);
    expect(minimumPaymentMinor('hkd')).toBe(400);
  });

  it('floors partial percentages and keeps 100% exact', () => {
    expect(percentOf(10001, 25)).toBe(2500);
    expect(percentOf(10001, 50)).toBe(5000);
    expect(percentOf(10001, 75)).toBe(7500);
    expect(percentOf(10001, 100)).toBe(10001);
    expect(percentOf(Number.MAX_SAFE_INTEGER, 75)).toBe(6755399441055743);
    expect(() => percentOf(100, 30 as 25)).toThrow(RangeError);
  });
});
