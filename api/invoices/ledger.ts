/**
 * The invoice ledger's rules (DESIGN §3.3, §3.8), pure and each written once, so they can be checked
 * case by case (ledger.test.ts beside this file); the repository stores what they compute.
 *
 *   P    = paid (succeeded, net of refunds) + reserved (in-flight attempts)
 *   W    = written off: admin write-offs of sub-minimum remainders, plus credit refunds
 *   S(t) = net amount written back to the accounting tool before t (a refund counts once its payment
 *          does; a credit refund's write-back changes nothing there; a write-off adds)
 *   an observation i (a link amount A_i seen when S was S_i) is credible once a payment succeeded
 *   against it; an admin may dismiss it; remaining_i = A_i − (P + W − S_i)
 *
 *   balance = max(0, min(A − (P + W − S_obs), min over credible, undismissed i of remaining_i))
 *
 * `credibleLimit` is min over credible, undismissed observations of (A_i + S_i), kept on the invoice
 * row so the minimum over observations is one column: min_i remaining_i = credibleLimit − (P + W).
 */
import {
  amountRefusal,
  amountRefusalMessage,
  minimumChargeMinor,
  type AmountRefusal,
} from '../../core/charge-limits.ts';
import { formatMoney } from '../../core/money.ts';
import type { InvoiceAttention } from '../db/types.ts';
import { AppError } from '../errors.ts';

export interface LedgerCounters {
  paid: number;
  reserved: number;
  writtenBack: number;
  /** W: admin write-offs plus credit refunds. */
  writtenOff: number;
  credibleLimit: number | null;
}

export const EMPTY_LEDGER: LedgerCounters = {
  paid: 0,
  reserved: 0,
  writtenBack: 0,
  writtenOff: 0,
  credibleLimit: null,
};

export interface LinkObservation {
  /** The link's amount due (minor units), or null for a link without an amount. */
  amount: number | null;
  /** S at the time the link was observed. */
  writtenBack: number;
}

/** P + W: what the invoice no longer owes through us (paid, reserved or written off). */
export function committedOf(ledger: LedgerCounters): number {
  return ledger.paid + ledger.reserved + ledger.writtenOff;
}

/**
 * What may still be paid through a link, or null when nothing bounds it (a link without an amount
 * on an invoice with no credible observation: the customer types the amount).
 *
 * @example availableBalance({ ...EMPTY_LEDGER, paid: 25000, credibleLimit: 100000 },
 *   { amount: 100000, writtenBack: 0 }) // 75000
 */
export function availableBalance(ledger: LedgerCounters, link: LinkObservation): number | null {
  let cap = linkTerm(ledger, link);
  const credible = credibleTerm(ledger);
  if (credible !== null) cap = cap === null ? credible : Math.min(cap, credible);
  return cap === null ? null : Math.max(0, cap);
}

/** The link's own term A − (P + W − S_obs), not below 0: what it would leave due on its own. */
export function linkBalance(ledger: LedgerCounters, link: LinkObservation): number | null {
  const own = linkTerm(ledger, link);
  return own === null ? null : Math.max(0, own);
}

function linkTerm(ledger: LedgerCounters, link: LinkObservation): number | null {
  if (link.amount === null) return null;
  // A link that says nothing (or less than nothing) is due says so, whatever else is known: a
  // re-open refund not written back yet shows on links with an amount (DESIGN §3.3, case 14).
  if (link.amount <= 0) return 0;
  return link.amount - (committedOf(ledger) - link.writtenBack);
}

function credibleTerm(ledger: LedgerCounters): number | null {
  return ledger.credibleLimit === null ? null : ledger.credibleLimit - committedOf(ledger);
}

/** Adds observation (A, S) to the credible limit. */
export function withCredibleObservation(
  limit: number | null,
  observation: { amount: number; writtenBack: number },
): number {
  const value = observation.amount + observation.writtenBack;
  return limit === null ? value : Math.min(limit, value);
}

export interface ObservationTerm {
  id: string;
  amount: number;
  writtenBack: number;
  credible: boolean;
  dismissed: boolean;
  /** ISO time it was observed. */
  observedAt: string;
}

/** min over credible, undismissed observations of (A_i + S_i); null when there is none. */
export function credibleLimitOf(observations: readonly ObservationTerm[]): number | null {
  let limit: number | null = null;
  for (const o of observations) if (o.credible && !o.dismissed) limit = withCredibleObservation(limit, o);
  return limit;
}

/** Money paid (or written off) beyond what the credible observations say was owed: refund it. */
export function overpaidAmount(ledger: LedgerCounters): number {
  if (ledger.credibleLimit === null) return 0;
  return Math.max(0, ledger.paid + ledger.writtenOff - ledger.credibleLimit);
}

/** Which term caps an invoice's balance now (the console's invoice page). */
export type CappingTerm =
  | { kind: 'credible_observation'; observationId: string }
  | { kind: 'latest_link'; observationId: string }
  | null;

export interface InvoiceTerms {
  /** P + W. */
  committed: number;
  /** The balance as the console shows it (below); null only when no link ever carried an amount. */
  balance: number | null;
  /** The latest undismissed observation's own term, when there is one. */
  latestLinkBalance: number | null;
  capping: CappingTerm;
  overpaidAmount: number;
  attention: InvoiceAttention | null;
  /** The balance is above 0 and below the card minimum: only a write-off settles it here. */
  belowMinimum: boolean;
}

/**
 * Every term of the balance for the console: the balance through the latest undismissed link seen
 * (its own term), capped by the credible observations — so an invoice with only a failed attempt
 * shows its link's balance — which term caps it, and why it needs an admin's attention, if it does:
 *  - `overpaid`: more was paid than the credible observations say was owed;
 *  - `below_minimum`: a balance above 0 but below the card minimum (write it off, or collect it
 *    another way);
 *  - `capped`: a link seen here would leave more due than a credible observation allows — the pay
 *    page told its customer to contact the merchant (DESIGN §3.3 case 13). Dismissing either
 *    observation clears it.
 * Attention ignores payments in flight: they either succeed or are released.
 */
export function invoiceTerms(
  ledger: LedgerCounters,
  observations: readonly ObservationTerm[],
  currency: string,
): InvoiceTerms {
  const live = observations.filter((o) => !o.dismissed);
  const latest = live.reduce<ObservationTerm | null>(
    (a, o) => (a === null || o.observedAt > a.observedAt ? o : a),
    null,
  );
  const link = latest ? { amount: latest.amount, writtenBack: latest.writtenBack } : null;
  const ownTerm = link ? linkTerm(ledger, link) : null;
  const credible = credibleTerm(ledger);
  let capping: CappingTerm = null;
  if (credible !== null && (ownTerm === null || credible <= ownTerm)) {
    const limiting = live.find((o) => o.credible && o.amount + o.writtenBack === ledger.credibleLimit);
    if (limiting) capping = { kind: 'credible_observation', observationId: limiting.id };
  } else if (latest) capping = { kind: 'latest_link', observationId: latest.id };
  const balance = link
    ? availableBalance(ledger, link)
    : availableBalance(ledger, { amount: null, writtenBack: 0 });

  const settled = { ...ledger, reserved: 0 };
  const settledBalance = link
    ? availableBalance(settled, link)
    : availableBalance(settled, { amount: null, writtenBack: 0 });
  const overpaid = overpaidAmount(ledger);
  const belowMinimum =
    settledBalance !== null && settledBalance > 0 && settledBalance < minimumChargeMinor(currency);
  const cap = credibleTerm(settled);
  const cappedLink =
    cap !== null &&
    live.some((o) => !o.credible && o.amount - (committedOf(settled) - o.writtenBack) > Math.max(0, cap));
  const attention: InvoiceAttention | null =
    overpaid > 0 ? 'overpaid' : belowMinimum ? 'below_minimum' : cappedLink ? 'capped' : null;
  return {
    committed: committedOf(ledger),
    balance,
    latestLinkBalance: link ? linkBalance(ledger, link) : null,
    capping,
    overpaidAmount: overpaid,
    attention,
    belowMinimum,
  };
}

export type AmountCheck =
  | { ok: true }
  | {
      ok: false;
      reason: AmountRefusal['reason'];
      refusal: AmountRefusal;
      balance: number | null;
      minimum: number;
    };

/**
 * The rules for an amount a customer asks to pay (core/charge-limits.ts): positive, not above the
 * balance, a balance itself at least the card minimum, at least the minimum, never leaving
 * 0 < rest < minimum, and a total (surcharge included, when known) within the maximum charge.
 */
export function checkPaymentAmount(
  amount: number,
  balance: number | null,
  currency: string,
  total: number = amount,
): AmountCheck {
  const refusal = amountRefusal(amount, balance, currency, total);
  if (!refusal) return { ok: true };
  return { ok: false, reason: refusal.reason, refusal, balance, minimum: minimumChargeMinor(currency) };
}

/** The API's answer to a refused amount: 400 for a malformed or too small amount, else 422. */
export function paymentAmountError(
  check: Extract<AmountCheck, { ok: false }>,
  currency: string,
  merchantName?: string,
  held = 0,
  methodType?: string,
): AppError {
  let message = amountRefusalMessage(check.refusal, currency, undefined, methodType);
  if (check.reason === 'balance_below_minimum' && merchantName) message += ` Please contact ${merchantName}.`;
  // Money held for others' unfinished payments is not paid (DESIGN §3.4): the refusal says so.
  if (check.reason === 'exceeds_balance' && held > 0)
    message += ` ${formatMoney(held, currency)} of this invoice is being paid in payments not yet received; if they do not go through, it can be paid again.`;
  const code =
    check.reason === 'invalid' || check.reason === 'below_minimum' ? 'validation_failed' : 'unprocessable';
  // The reason and the balance now let a page that showed an older balance refresh itself.
  return new AppError(code, message, {
    field: 'amount',
    extra: { reason: check.reason, balance: check.balance, held },
  });
}

export type RefundKind = 'credit' | 'reopen';

/**
 * What a refund of `base` does to the counters (DESIGN §3.8): it always lowers P; a credit also
 * writes the part off (it is no longer owed), so the balance does not change; a re-open gives the
 * part back to the balance. Reversing a refund the provider refused is the negation.
 */
export function refundCounters(kind: RefundKind, base: number): { paid: number; writtenOff: number } {
  return { paid: -base, writtenOff: kind === 'credit' ? base : 0 };
}

/**
 * A refund's effect on S once written back: a re-open raises the amount due in the accounting tool
 * again (−base); a credit is recorded there without changing it (a credit note refunded in cash).
 */
export function refundWritebackAmount(kind: RefundKind, base: number): number {
  return kind === 'credit' ? 0 : -base;
}

/**
 * S contributed by one payment's write-backs, in whatever order they arrived: nothing until the
 * payment itself is written back (a refund recorded before its payment cannot lower what the tool
 * shows as paid), then the payment's base plus its refunds' amounts.
 */
export function paymentWrittenBackNet(rows: ReadonlyArray<{ isRefund: boolean; amount: number }>): number {
  if (!rows.some((r) => !r.isRefund)) return 0;
  return rows.reduce((s, r) => s + r.amount, 0);
}

/** The surcharge given back across partial refunds (core/money.ts, shared with the console's refund dialog). */
export { refundSurcharge } from '../../core/money.ts';
