/**
 * The invoice ledger's arithmetic (DESIGN §3.3), pure so it can be checked case by case.
 *
 *   P    = paid (succeeded, net of refunds) + reserved (in-flight attempts)
 *   S(t) = net amount written back to the accounting tool before t
 *   an observation i (a link amount A_i seen when S was S_i) is credible once a payment succeeded
 *   against it; remaining_i = A_i − (P − S_i)
 *
 *   balance = max(0, min(A − (P − S_obs), min over credible i of remaining_i))
 *
 * `credibleLimit` is min over credible observations of (A_i + S_i), kept on the invoice row so the
 * minimum over observations is one column: min_i remaining_i = credibleLimit − P.
 */
import { minimumPaymentMinor } from '../../core/money.ts';

export interface LedgerCounters {
  paid: number;
  reserved: number;
  writtenBack: number;
  credibleLimit: number | null;
}

export const EMPTY_LEDGER: LedgerCounters = { paid: 0, reserved: 0, writtenBack: 0, credibleLimit: null };

export interface LinkObservation {
  /** The link's amount due (minor units), or null for a link without an amount. */
  amount: number | null;
  /** S at the time the link was observed. */
  writtenBack: number;
}

/**
 * What may still be paid through a link, or null when nothing bounds it (a link without an amount
 * on an invoice with no credible observation: the customer types the amount).
 *
 * @example availableBalance({ paid: 25000, reserved: 0, writtenBack: 0, credibleLimit: 100000 },
 *   { amount: 100000, writtenBack: 0 }) // 75000
 */
export function availableBalance(ledger: LedgerCounters, link: LinkObservation): number | null {
  const committed = ledger.paid + ledger.reserved;
  let cap: number | null = link.amount === null ? null : link.amount - (committed - link.writtenBack);
  if (ledger.credibleLimit !== null) {
    const remaining = ledger.credibleLimit - committed;
    cap = cap === null ? remaining : Math.min(cap, remaining);
  }
  return cap === null ? null : Math.max(0, cap);
}

/** Adds observation (A, S) to the credible limit. */
export function withCredibleObservation(
  limit: number | null,
  observation: { amount: number; writtenBack: number },
): number {
  const value = observation.amount + observation.writtenBack;
  return limit === null ? value : Math.min(limit, value);
}

export type AmountCheck =
  | { ok: true }
  | {
      ok: false;
      reason: 'invalid' | 'below_minimum' | 'exceeds_balance';
      balance: number | null;
      minimum: number;
    };

/**
 * The rules for an amount a customer asks to pay: positive, at least the minimum (0.50, or 50 in a
 * zero-decimal currency) unless it is the whole remaining balance, and not above the balance.
 */
export function checkPaymentAmount(amount: number, balance: number | null, currency: string): AmountCheck {
  const minimum = minimumPaymentMinor(currency);
  if (!Number.isSafeInteger(amount) || amount <= 0) return { ok: false, reason: 'invalid', balance, minimum };
  if (balance !== null && amount > balance) return { ok: false, reason: 'exceeds_balance', balance, minimum };
  if (amount < minimum && amount !== balance) return { ok: false, reason: 'below_minimum', balance, minimum };
  return { ok: true };
}
