/**
 * Amounts (minor units) that formatMoney's en-US path is checked with against Intl, in Node
 * (tests/unit/core/money.test.ts) and in Chromium (tests/e2e/money-format.test.ts): every length of the
 * grouping, zero, one minor unit, the largest safe integer, and negatives.
 */
export const MONEY_FORMAT_SAMPLES: readonly number[] = [
  0,
  1,
  5,
  10,
  99,
  100,
  999,
  1_000,
  12_345,
  99_999,
  100_000,
  123_456,
  1_234_567,
  12_345_678,
  123_456_789,
  1_000_000_000,
  Number.MAX_SAFE_INTEGER,
  -1,
  -100,
  -123_456_789,
];
