/**
 * The pay step as a state machine (DESIGN §3.2, §4b): one reducer, named phases, named events.
 *
 *   stating_amount ─AMOUNT_STATED─▶ entering ─QUOTE_STARTED─▶ quoting ─QUOTED─▶ quoted
 *        ▲                           ▲  ▲                        │ QUOTE_FAILED      │
 *        └──────AMOUNT_RESTATED──────┘  └────────────────────────┘                   │
 *   entering | quoting | quoted ─PAY_STARTED─▶ paying ─ACTION_REQUIRED─▶ authenticating
 *                                              paying ─CHECKING─▶ checking (no answer yet: asked again
 *                                              under the same key; then as paying)
 *                                              paying ─APPROVAL_REQUIRED─▶ approving (PayTo: the
 *                                              customer approves in their banking app; APPROVAL_CHANGED
 *                                              keeps the payment as it stands, for the countdown)
 *   paying | authenticating | approving ─PAID─▶ paid, or submitted (a bank debit clearing: the provider said
 *                                   `processing`, the money arrives days later) · ─REPRICED─▶ quoted
 *                           ─PAY_FAILED─▶ entering, or waiting (too many declines) ─WAIT_OVER─▶ entering
 *
 * Any change of the amount or of the payment details (AMOUNT_TYPED, AMOUNT_PICKED,
 * DETAILS_CHANGED) drops the quote and bumps `revision`: a quote or a failure that arrives for an
 * older revision is ignored. The reducer is pure; the calls to the card box and the API live in
 * usePayActions.ts, which dispatches what they answer.
 */
import type { PaymentState, Quote } from '../../lib/api.ts';

export type PayPhase =
  | 'stating_amount'
  | 'entering'
  | 'quoting'
  | 'quoted'
  | 'paying'
  | 'checking'
  | 'authenticating'
  | 'approving'
  | 'waiting'
  | 'paid'
  | 'submitted';

/** Where a problem is shown: under the amount, under the payment details, or above the Pay button. */
export type ProblemPlace = 'amount' | 'card' | 'email' | 'form';
export interface Problem {
  at: ProblemPlace;
  message: string;
  code: string;
}

export interface PayState {
  phase: PayPhase;
  /** The amount a link without one was stated at (minor units), and the text typed for it. */
  stated: number | null;
  statedText: string;
  amountText: string;
  email: string;
  /** The payment details look complete enough to be quoted unasked (a typed card). */
  detailsComplete: boolean;
  /** Bumped by every change of amount or details: results for an older revision are stale. */
  revision: number;
  quote: Quote | null;
  problems: Partial<Record<ProblemPlace | 'stated', string>>;
  /** Why the automatic quote failed (shown above the Pay button until something changes). */
  quoteProblem: Problem | null;
  /** The new total after the server repriced the details ("… press Pay again"). */
  repriced: Quote | null;
  /** Too many declines: no attempt before this time (ISO). */
  retryAt: string | null;
  /** Why (the server's first sentence); shown once, beside the countdown. */
  waitReason: string | null;
  /** A PayTo payment waiting for the customer's approval in their banking app, as it now stands. */
  approval: PaymentState | null;
}

export type PayEvent =
  | { type: 'AMOUNT_STATED'; minor: number; text: string }
  | { type: 'STATED_TYPED'; text: string }
  | { type: 'STATED_REFUSED'; message: string }
  | { type: 'AMOUNT_RESTATED' }
  | { type: 'AMOUNT_TYPED'; text: string }
  | { type: 'AMOUNT_PICKED'; text: string }
  | { type: 'EMAIL_TYPED'; email: string }
  | { type: 'DETAILS_CHANGED'; complete: boolean }
  | { type: 'QUOTE_STARTED'; revision: number }
  | { type: 'QUOTED'; revision: number; quote: Quote }
  | { type: 'QUOTE_FAILED'; revision: number; problem: Problem; retryAt?: string }
  | { type: 'CHECK_FAILED'; problems: Partial<Record<ProblemPlace, string>> }
  | { type: 'PAY_STARTED' }
  /** No answer yet (a server went away mid-payment): the page keeps asking under the same key. */
  | { type: 'CHECKING' }
  | { type: 'ACTION_REQUIRED' }
  | { type: 'APPROVAL_REQUIRED'; payment: PaymentState }
  | { type: 'APPROVAL_CHANGED'; payment: PaymentState }
  | { type: 'REPRICED'; quote: Quote }
  | { type: 'PAY_FAILED'; problem: Problem; retryAt?: string; detailsUsed: boolean }
  /** `clearing`: the provider said `processing` (a bank debit), not `succeeded`. */
  | { type: 'PAID'; clearing: boolean }
  | { type: 'WAIT_OVER' };

export function initialPayState(o: { amountText: string; needsAmount: boolean; email?: string }): PayState {
  return {
    phase: o.needsAmount ? 'stating_amount' : 'entering',
    stated: null,
    statedText: '',
    amountText: o.amountText,
    email: o.email ?? '',
    detailsComplete: false,
    revision: 0,
    quote: null,
    problems: {},
    quoteProblem: null,
    repriced: null,
    retryAt: null,
    waitReason: null,
    approval: null,
  };
}

/** The reason of a refusal to wait, without its own wording of the wait (the countdown says it). */
const reasonOf = (message: string) => message.split(/(?<=[.!])\s/)[0];

const busy = (s: PayState) =>
  s.phase === 'paying' || s.phase === 'checking' || s.phase === 'authenticating' || s.phase === 'approving';

/** The amount or the details changed: whatever was quoted no longer holds. */
function changed(s: PayState, patch: Partial<PayState>): PayState {
  return {
    ...s,
    ...patch,
    phase: busy(s) || s.phase === 'waiting' ? s.phase : 'entering',
    revision: s.revision + 1,
    quote: null,
    quoteProblem: null,
    repriced: null,
  };
}

export function payReducer(s: PayState, e: PayEvent): PayState {
  switch (e.type) {
    case 'STATED_TYPED':
      return { ...s, statedText: e.text, problems: { ...s.problems, stated: undefined } };
    case 'STATED_REFUSED':
      return { ...s, problems: { ...s.problems, stated: e.message } };
    case 'AMOUNT_STATED':
      return changed(s, { stated: e.minor, amountText: e.text, problems: {} });
    case 'AMOUNT_RESTATED':
      return busy(s) ? s : { ...changed(s, {}), phase: 'stating_amount', stated: null };
    case 'AMOUNT_TYPED':
    case 'AMOUNT_PICKED':
      if (busy(s)) return s;
      return changed(s, { amountText: e.text, problems: { ...s.problems, amount: undefined } });
    case 'EMAIL_TYPED':
      return { ...s, email: e.email, problems: { ...s.problems, email: undefined } };
    case 'DETAILS_CHANGED':
      return changed(s, { detailsComplete: e.complete, problems: { ...s.problems, card: undefined } });
    case 'QUOTE_STARTED':
      return e.revision === s.revision && s.phase === 'entering' ? { ...s, phase: 'quoting' } : s;
    case 'QUOTED':
      if (e.revision !== s.revision) return s;
      return { ...s, quote: e.quote, quoteProblem: null, phase: s.phase === 'quoting' ? 'quoted' : s.phase };
    case 'QUOTE_FAILED':
      if (e.revision !== s.revision) return s;
      // Told to wait: one message with its countdown, and nothing is asked until it ends.
      if (e.retryAt)
        return {
          ...s,
          quoteProblem: null,
          phase: busy(s) ? s.phase : 'waiting',
          retryAt: e.retryAt,
          waitReason: reasonOf(e.problem.message),
        };
      return { ...s, quoteProblem: e.problem, phase: s.phase === 'quoting' ? 'entering' : s.phase };
    case 'CHECK_FAILED':
      return { ...s, problems: { ...s.problems, ...e.problems } };
    case 'PAY_STARTED':
      if (busy(s) || s.phase === 'waiting' || s.phase === 'stating_amount') return s;
      return { ...s, phase: 'paying', problems: {}, repriced: null };
    case 'CHECKING':
      return s.phase === 'paying' ? { ...s, phase: 'checking' } : s;
    case 'ACTION_REQUIRED':
      return s.phase === 'paying' || s.phase === 'checking' ? { ...s, phase: 'authenticating' } : s;
    case 'APPROVAL_REQUIRED':
      return s.phase === 'paying' || s.phase === 'checking'
        ? { ...s, phase: 'approving', approval: e.payment }
        : s;
    case 'APPROVAL_CHANGED':
      return s.phase === 'approving' ? { ...s, approval: e.payment } : s;
    case 'REPRICED':
      // Surcharge shown = surcharge charged: this method costs another total; shown, asked again.
      return { ...s, phase: 'quoted', quote: e.quote, repriced: e.quote, quoteProblem: null };
    case 'PAY_FAILED': {
      // A wait is said once, by the countdown (with its reason), not also under the form.
      const problems = e.retryAt ? s.problems : { ...s.problems, [e.problem.at]: e.problem.message };
      // A declined or refused token cannot be used again: the next Pay makes a new one. Nothing is
      // quoted on its own until the details change (the same card would only be tokenised again).
      const next = e.detailsUsed ? { revision: s.revision + 1, quote: null, detailsComplete: false } : {};
      return {
        ...s,
        ...next,
        approval: null,
        problems,
        phase: e.retryAt ? 'waiting' : s.quote && !e.detailsUsed ? 'quoted' : 'entering',
        retryAt: e.retryAt ?? s.retryAt,
        waitReason: e.retryAt ? reasonOf(e.problem.message) : s.waitReason,
      };
    }
    case 'PAID':
      return { ...s, phase: e.clearing ? 'submitted' : 'paid', approval: null };
    case 'WAIT_OVER':
      return s.phase === 'waiting'
        ? { ...s, phase: s.quote ? 'quoted' : 'entering', retryAt: null, waitReason: null }
        : s;
  }
}

/** The pay button's state of mind, for the views. */
export const isBusy = busy;
