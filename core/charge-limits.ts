/**
 * The rule for an amount a customer asks to pay against a balance (DESIGN §3.3), on the processor's
 * per-currency minimum and maximum charge (core/charge-table.ts): the one rule the widget and the
 * API both apply, with the one wording for each refusal.
 */
import { chargeLimits } from './charge-table.ts';
import { AMOUNT_MESSAGES } from './messages.ts';
import { computeSurcharge, formatMoney } from './money.ts';

export { MINIMUM_CHARGE, maximumChargeMinor, minimumChargeMinor } from './charge-table.ts';

export type AmountRefusal =
  | { reason: 'invalid' }
  | { reason: 'exceeds_balance'; balance: number }
  /** The balance itself is below the minimum charge: it cannot be paid by card at all. */
  | { reason: 'balance_below_minimum'; balance: number; minimum: number }
  | { reason: 'below_minimum'; minimum: number }
  /** Paying this would leave 0 < rest < minimum: pay the whole balance, or at most `largest`. */
  | { reason: 'remainder_below_minimum'; balance: number; minimum: number; rest: number; largest: number }
  | { reason: 'above_maximum'; maximum: number };

/**
 * Why an amount (minor units) cannot be paid against a balance (null: no amount bounds it), or null
 * when it can. `total` is the charge with its surcharge, when known: it must not exceed the maximum.
 *
 * @example
 * amountRefusal(99970, 100000, 'AUD'); // { reason: 'remainder_below_minimum', rest: 30, largest: 99950, … }
 * amountRefusal(100000, 100000, 'AUD'); // null
 */
export function amountRefusal(
  amount: number,
  balance: number | null,
  currency: string,
  total: number = amount,
): AmountRefusal | null {
  const { minimum, maximum } = chargeLimits(currency);
  if (!Number.isSafeInteger(amount) || amount <= 0) return { reason: 'invalid' };
  if (balance !== null && amount > balance) return { reason: 'exceeds_balance', balance };
  if (balance !== null && balance < minimum) return { reason: 'balance_below_minimum', balance, minimum };
  if (amount < minimum) return { reason: 'below_minimum', minimum };
  if (balance !== null) {
    const rest = balance - amount;
    if (rest > 0 && rest < minimum)
      return { reason: 'remainder_below_minimum', balance, minimum, rest, largest: balance - minimum };
  }
  if (total > maximum) return { reason: 'above_maximum', maximum };
  return null;
}

/** The customer's words for a refusal (the API and the widget say the same). */
export function amountRefusalMessage(
  refusal: AmountRefusal,
  currency: string,
  locale?: string,
  /** The method being paid with, when known: a bank payment's limit is not "the card limit". */
  methodType?: string,
): string {
  const money = (minor: number) => formatMoney(minor, currency, locale);
  switch (refusal.reason) {
    case 'invalid':
      return AMOUNT_MESSAGES.invalid;
    case 'exceeds_balance':
      return AMOUNT_MESSAGES.exceedsBalance(money(refusal.balance));
    case 'balance_below_minimum':
      return AMOUNT_MESSAGES.balanceBelowMinimum(money(refusal.balance), money(refusal.minimum));
    case 'below_minimum':
      return AMOUNT_MESSAGES.belowMinimum(money(refusal.minimum));
    case 'remainder_below_minimum':
      return AMOUNT_MESSAGES.remainderBelowMinimum(
        money(refusal.rest),
        money(refusal.balance),
        money(refusal.minimum),
      );
    case 'above_maximum':
      return methodType && methodType !== 'card'
        ? AMOUNT_MESSAGES.aboveMaximumBank
        : AMOUNT_MESSAGES.aboveMaximum;
  }
}

/**
 * The largest amount (before surcharge) one card payment may take from a balance: the balance, or
 * less when its total at the highest surcharge rate the customer may get (`maxSurchargeBps`) would
 * exceed the maximum charge — and then never so much that less than the minimum would be left. With
 * no balance (a link without an amount) only the maximum charge bounds it; 0 when nothing can be paid
 * by card.
 *
 * @example
 * largestPayment(100000, 'AUD', 295); // 100000
 * largestPayment(200_000_000, 'AUD', 0); // 99_999_999
 */
export function largestPayment(balance: number | null, currency: string, maxSurchargeBps: number): number {
  const { minimum, maximum } = chargeLimits(currency);
  if (balance !== null && balance < minimum) return 0;
  // amount + round(amount × bps / 10000) ≤ maximum, with the same half-up rounding as the surcharge.
  const fits = (amount: number) => amount + computeSurcharge(amount, maxSurchargeBps) <= maximum;
  let cap = Math.floor((maximum * 10_000) / (10_000 + maxSurchargeBps));
  while (fits(cap + 1)) cap++;
  while (cap > 0 && !fits(cap)) cap--;
  if (balance === null) return cap;
  if (balance <= cap) return balance;
  return Math.min(cap, balance - minimum);
}
