/**
 * Exact decimal-string and integer helpers used by money.ts.
 *
 * Decimal strings are scaled with string arithmetic and BigInt so no float
 * multiplication ever touches an amount.
 */

const DECIMAL = /^(\d*)(?:\.(\d*))?$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Scale a plain non-negative decimal string by 10^exponent, rounding half-up.
 * Returns null for anything else (signs, exponents, separators) or when the
 * result exceeds Number.MAX_SAFE_INTEGER.
 *
 * @example
 * scaleDecimal('19.99', 2); // 1999
 * scaleDecimal('1250.005', 2); // 125001
 * scaleDecimal('1000.6', 0); // 1001
 */
export function scaleDecimal(input: string, exponent: number): number | null {
  const match = DECIMAL.exec(input.trim());
  if (!match) return null;
  const intDigits = (match[1] ?? '').replace(/^0+/, '');
  const fracDigits = match[2] ?? '';
  if (match[1] === '' && fracDigits === '') return null; // '' or '.'
  if (intDigits.length > 16) return null; // cheap guard before BigInt
  const kept = fracDigits.slice(0, exponent).padEnd(exponent, '0');
  const roundUp = (fracDigits[exponent] ?? '0') >= '5';
  const scaled = BigInt(`${intDigits}${kept}` || '0') + (roundUp ? 1n : 0n);
  return scaled <= MAX_SAFE ? Number(scaled) : null;
}

/**
 * Plain decimal string for a finite number, avoiding exponent notation.
 * Uses the shortest round-trip representation so 1.005 stays '1.005'.
 *
 * @example
 * numberToDecimalString(19.99); // '19.99'
 * numberToDecimalString(1e-7); // '0.00000010000000000000'
 */
export function numberToDecimalString(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return Math.abs(value) < 1 ? value.toFixed(20) : null;
}

function assertSafeInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${name} must be a safe integer, got ${value}`);
  }
}

/**
 * floor((a * b + offset) / divisor) for non-negative safe integers, exactly.
 * Falls back to BigInt when the product would leave the safe-integer range.
 *
 * @example
 * mulDivFloor(10000, 295, 10000, 5000); // 295
 */
export function mulDivFloor(a: number, b: number, divisor: number, offset = 0): number {
  assertSafeInteger('a', a);
  assertSafeInteger('b', b);
  assertSafeInteger('divisor', divisor);
  assertSafeInteger('offset', offset);
  if (a < 0 || b < 0 || offset < 0 || divisor <= 0) {
    throw new RangeError('mulDivFloor expects non-negative operands and a positive divisor');
  }
  const product = a * b;
  if (Number.isSafeInteger(product) && Number.isSafeInteger(product + offset)) {
    return Math.floor((product + offset) / divisor);
  }
  const result = (BigInt(a) * BigInt(b) + BigInt(offset)) / BigInt(divisor);
  if (result > MAX_SAFE) throw new RangeError('result exceeds Number.MAX_SAFE_INTEGER');
  return Number(result);
}

/**
 * round(a * b / divisor) with halves rounded up, for non-negative safe integers.
 *
 * @example
 * mulDivRoundHalfUp(10295, 125, 10000); // 129 (128.6875 rounds up)
 */
export function mulDivRoundHalfUp(a: number, b: number, divisor: number): number {
  assertSafeInteger('divisor', divisor);
  if (divisor <= 0 || divisor % 2 !== 0) {
    throw new RangeError('mulDivRoundHalfUp expects a positive even divisor');
  }
  return mulDivFloor(a, b, divisor, divisor / 2);
}
