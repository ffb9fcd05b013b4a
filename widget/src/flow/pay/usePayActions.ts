/**
 * What the pay step does, around its state machine (pay-machine.ts): quote the payment details —
 * as soon as a typed card is complete, or when Pay is pressed — and pay: the server confirms the
 * charge with the quoted details (3-D Secure through the card box in between when the bank asks),
 * or answers a new total (asked again), a decline (shown under the card box), or a wait after too
 * many declines. Every answer is dispatched as an event; nothing here holds UI state.
 */
import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import type { CardHandle } from '../../card/card-handle.ts';
import type { Messages } from '../../i18n/en.ts';
import { ApiError, type PayApi, type PaymentState, type Quote, type WhereInput } from '../../lib/api.ts';
import { cardErrorText, type CardError } from '../../lib/card-errors.ts';
import type { PayEvent, PayState, Problem } from './pay-machine.ts';

/** The code of a refusal because the balance is lower than the page showed: the session is reloaded. */
export const BALANCE_CHANGED = 'balance_changed';

type Priced = { ok: Quote } | { problem: Problem; retryAt?: string };

function problemOf(err: unknown, t: Messages): { problem: Problem; retryAt?: string } {
  if (!(err instanceof ApiError))
    return { problem: { at: 'form', message: t.processingError, code: 'processing_error' } };
  if (err.code === 'network') return { problem: { at: 'form', message: t.network, code: 'network' } };
  if (err.status >= 500) return { problem: { at: 'form', message: t.processingError, code: err.code } };
  if (err.status === 429)
    return {
      problem: { at: 'form', message: err.message, code: err.code },
      retryAt: err.body?.retryAt as string,
    };
  if (err.code === 'card_declined') {
    const e = err.body?.error as CardError | undefined;
    return {
      problem: {
        at: 'card',
        message: cardErrorText(e ?? { message: err.message }, t),
        code: e?.decline_code ?? 'card_declined',
      },
    };
  }
  if (err.field === 'confirmationToken')
    return { problem: { at: 'card', message: err.message, code: err.code } };
  // A balance that changed since the page showed it (paid or held elsewhere): the page reloads it.
  if (err.field === 'amount')
    return {
      problem: {
        at: 'amount',
        message: err.message,
        code: err.body?.reason === 'exceeds_balance' ? BALANCE_CHANGED : err.code,
      },
    };
  return { problem: { at: 'form', message: t.paymentFailed(err.message), code: err.code } };
}

export interface PayContext {
  api: PayApi;
  handle: CardHandle | null;
  where: WhereInput;
  /** The amount may be quoted (valid and within the balance). */
  amountOk: boolean;
  reference: string | null;
  t: Messages;
  /** A quote made as the card was completed was refused for a balance changed elsewhere. */
  onStale?(problem: Problem): void;
}

export function usePayActions(state: PayState, dispatch: Dispatch<PayEvent>, ctx: PayContext) {
  const latest = useRef({ state, ctx });
  latest.current = { state, ctx };
  const inflight = useRef<{ revision: number; promise: Promise<Priced> } | null>(null);
  // A PayTo watch stops when the page goes away.
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  /** Turn the details into a confirmation token and have the server price it (nothing is held). */
  const price = useCallback((): Promise<Priced> => {
    const { state: s, ctx: c } = latest.current;
    const revision = s.revision;
    if (inflight.current?.revision === revision) return inflight.current.promise;
    const promise = (async (): Promise<Priced> => {
      if (!c.handle) return { problem: { at: 'form', message: c.t.processingError, code: 'not_ready' } };
      const token = await c.handle.createToken({ email: s.email.trim() || undefined });
      if ('error' in token)
        return {
          problem: {
            at: 'card',
            message: cardErrorText(token.error, c.t),
            code: token.error.code ?? 'card_error',
          },
        };
      try {
        return { ok: await c.api.quote(c.where, token.token) };
      } catch (err) {
        return problemOf(err, c.t);
      }
    })();
    inflight.current = { revision, promise };
    dispatch({ type: 'QUOTE_STARTED', revision });
    void promise.then((r) => {
      if (inflight.current?.promise === promise) inflight.current = null;
      if ('ok' in r) dispatch({ type: 'QUOTED', revision, quote: r.ok });
    });
    return promise;
  }, [dispatch]);

  // A typed card is quoted as soon as it is complete (and again when the amount changes).
  const { phase, revision, detailsComplete } = state;
  const { amountOk, handle } = ctx;
  useEffect(() => {
    if (phase !== 'entering' || !detailsComplete || !amountOk || !handle) return;
    const timer = setTimeout(() => {
      void price().then((r) => {
        if (!('problem' in r)) return;
        dispatch({ type: 'QUOTE_FAILED', revision, problem: r.problem, retryAt: r.retryAt });
        if (r.problem.code === BALANCE_CHANGED) latest.current.ctx.onStale?.(r.problem);
      });
    }, 350);
    return () => clearTimeout(timer);
  }, [phase, revision, detailsComplete, amountOk, handle, price, dispatch]);

  /** Pay at the total on the button (`shownTotal`): quote first if needed, then the server confirms. */
  const pay = useCallback(
    async (shownTotal: number): Promise<{ paid: PaymentState } | { problem: Problem } | null> => {
      const { state: s, ctx: c } = latest.current;
      const fail = (problem: Problem, detailsUsed: boolean, retryAt?: string) => {
        dispatch({ type: 'PAY_FAILED', problem, detailsUsed, retryAt });
        return { problem };
      };
      dispatch({ type: 'PAY_STARTED' });
      let q = s.quote;
      if (!q) {
        const priced = await price();
        if ('problem' in priced) return fail(priced.problem, priced.problem.at === 'card', priced.retryAt);
        q = priced.ok;
        if (q.breakdown.total !== shownTotal) {
          dispatch({ type: 'REPRICED', quote: q });
          return null;
        }
      }
      let created;
      let checked = false;
      try {
        created = await c.api.createPayment(
          {
            ...c.where,
            quote: q,
            customerEmail: s.email.trim() || null,
            reference: c.reference,
          },
          () => {
            if (!checked) dispatch({ type: 'CHECKING' });
            checked = true;
          },
        );
      } catch (err) {
        if (err instanceof ApiError && err.status === 409 && err.body?.quote) {
          dispatch({ type: 'REPRICED', quote: err.body.quote as Quote });
          return null;
        }
        // Asked for long enough without a word: the money may have moved, so never "try again".
        if (checked) return fail({ at: 'form', message: c.t.unconfirmed, code: 'unconfirmed' }, true);
        const p = problemOf(err, c.t);
        // The token was used (declined) or refused: the next Pay makes a new one.
        return fail(p.problem, p.problem.at === 'card', p.retryAt);
      }
      let paid: PaymentState = created;
      if (created.method === 'payto' && WAITING.has(created.status)) {
        // PayTo: the customer approves in their banking app; the page shows it and watches.
        dispatch({ type: 'APPROVAL_REQUIRED', payment: created });
        paid = await awaitApproval(
          c,
          created,
          (p) => dispatch({ type: 'APPROVAL_CHANGED', payment: p }),
          alive,
        );
        const ended = payToEnding(paid, c.t);
        if (ended) return fail({ at: 'card', message: ended, code: paid.failure?.code ?? paid.status }, true);
      } else if (created.status === 'requires_action') {
        dispatch({ type: 'ACTION_REQUIRED' });
        // Closing the page during the card check ends the attempt, so it holds nothing for the 15
        // minutes its check may take (DESIGN §3.4).
        const leave = () => void c.api.abandon(created.paymentId, c.where.paySessionId, true);
        addEventListener('pagehide', leave);
        let next;
        try {
          next =
            created.clientSecret && c.handle ? await c.handle.handleNextAction(created.clientSecret) : null;
        } finally {
          removeEventListener('pagehide', leave);
        }
        try {
          paid = await c.api.refresh(created.paymentId); // the provider's word, through our server
          // The check window closed unfinished: end the attempt now rather than at its time.
          if (paid.status === 'requires_action')
            paid = (await c.api.abandon(created.paymentId, c.where.paySessionId)) ?? paid;
        } catch {
          paid = { ...created, status: next && 'ok' in next ? 'processing' : 'failed' };
        }
        if (next && 'error' in next && paid.status !== 'succeeded')
          return fail(
            {
              at: 'card',
              message: cardErrorText(next.error, c.t),
              code: next.error.code ?? 'authentication_failed',
            },
            true,
          );
      }
      if (paid.status === 'failed' || paid.status === 'canceled')
        return fail(
          {
            at: 'card',
            message: paid.failure?.message || c.t.paymentFailedStatus(paid.status),
            code: paid.failure?.code ?? paid.status,
          },
          true,
        );
      if (paid.status !== 'succeeded' && paid.status !== 'processing')
        return fail({ at: 'form', message: c.t.paymentFailedStatus(paid.status), code: paid.status }, false);
      dispatch({ type: 'PAID', clearing: paid.status === 'processing' });
      return { paid };
    },
    [dispatch, price],
  );

  return { pay };
}

/** A PayTo payment still waiting for the customer's bank (approval, then the transfer). */
const WAITING = new Set(['requires_action', 'processing']);
/** How often the page looks at a PayTo payment while the customer approves it. */
export const WATCH_MS = 2000;
/** After the approval window, how long the page waits for the server's sweep before asking the provider. */
const GRACE_MS = 60_000;
/** The most the page watches a payment that stays `processing` (then it shows what it has). */
const MAX_WATCH_MS = 20 * 60_000;

/**
 * Watch a PayTo payment until the customer's bank has answered: our server's ledger, every couple
 * of seconds (the provider's webhook moves it). Past the approval window and a grace minute, the
 * provider is asked once through our server (`refresh`). A failed look is tried again; the watch
 * ends when the page goes away.
 */
async function awaitApproval(
  c: PayContext,
  created: PaymentState,
  onChange: (p: PaymentState) => void,
  alive: { current: boolean },
): Promise<PaymentState> {
  const started = Date.now();
  let now = created;
  let asked = false;
  while (alive.current && WAITING.has(now.status) && Date.now() - started < MAX_WATCH_MS) {
    await new Promise((r) => setTimeout(r, WATCH_MS));
    let next: PaymentState;
    try {
      const end = now.approvalExpiresAt ? Date.parse(now.approvalExpiresAt) : null;
      if (!asked && now.status === 'requires_action' && end !== null && Date.now() > end + GRACE_MS) {
        asked = true;
        next = await c.api.refresh(now.paymentId);
      } else next = await c.api.watch(now.paymentId, c.where.paySessionId);
    } catch {
      continue; // a network blip: look again
    }
    if (next.status !== now.status) onChange(next);
    now = next;
  }
  return now;
}

/** What the customer is told when a PayTo payment ended without being paid (null: it was paid). */
function payToEnding(p: PaymentState, t: Messages): string | null {
  if (p.status === 'succeeded' || p.status === 'processing') return null;
  if (p.status === 'canceled') return t.approveCancelled;
  if (p.status === 'expired' || p.failure?.code === 'payment_method_provider_timeout')
    return t.approveTimedOut;
  if (p.status === 'failed')
    return p.failure?.code === 'payment_method_provider_decline'
      ? t.approveDeclined
      : (p.failure?.message ?? t.approveDeclined);
  return t.approveTimedOut; // still waiting when the page stopped watching
}
