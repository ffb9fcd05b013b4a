/**
 * The two steps of paying (DESIGN §3.2, §4b) for the payment form: the payment details are quoted —
 * as soon as a typed card is complete, or when Pay is pressed — and the quote (method, surcharge,
 * total) is what the Pay button shows; Pay sends the quote to the server, which confirms the charge.
 * A change of card or amount drops the quote and asks again. Answers: succeeded or processing (paid),
 * requires_action (3-D Secure through the card box, then the server's word by refresh), declined
 * (the spec's message under the card box), a changed quote (the new total, asked again), or too many
 * declines (the time to wait).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CardHandle } from '../card/card-handle.ts';
import { ApiError, type PayApi, type PaymentState, type Quote, type WhereInput } from '../lib/api.ts';
import { cardErrorMessage, type CardError } from '../lib/card-errors.ts';

export const PROCESSING_ERROR = 'There was an error processing your payment. Please try again.';

/** Where a problem is shown: under the card box, under the amount, or above the Pay button. */
export type Problem = { at: 'card' | 'amount' | 'form'; message: string; code: string };

type Priced = { ok: Quote } | { problem: Problem; retryAt?: string };

export type PayOutcome =
  | { kind: 'paid'; state: PaymentState }
  /** The server's total for these details differs from the one on the button: shown, asked again. */
  | { kind: 'repriced'; quote: Quote }
  | { kind: 'problem'; problem: Problem; retryAt?: string };

function problemOf(err: unknown): { problem: Problem; retryAt?: string } {
  if (!(err instanceof ApiError))
    return { problem: { at: 'form', message: PROCESSING_ERROR, code: 'processing_error' } };
  if (err.code === 'network' || err.status >= 500)
    return { problem: { at: 'form', message: PROCESSING_ERROR, code: err.code } };
  if (err.status === 429)
    return {
      problem: { at: 'form', message: err.message, code: err.code },
      retryAt: err.body?.retryAt as string,
    };
  if (err.code === 'card_declined') {
    const e = err.body?.error as CardError | undefined;
    return { problem: { at: 'card', message: err.message, code: e?.decline_code ?? 'card_declined' } };
  }
  if (err.field === 'confirmationToken')
    return { problem: { at: 'card', message: err.message, code: err.code } };
  if (err.field === 'amount') return { problem: { at: 'amount', message: err.message, code: err.code } };
  return { problem: { at: 'form', message: `Payment failed: ${err.message}`, code: err.code } };
}

export function usePayment(o: {
  api: PayApi;
  handle: CardHandle | null;
  where: WhereInput;
  email: string;
  /** The amount may be quoted (valid and within the balance). */
  amountOk: boolean;
}) {
  const { api, handle, where, email, amountOk } = o;
  const [version, setVersion] = useState(0); // bumped by every change of the payment details
  const [ready, setReady] = useState(false); // the details look complete enough to quote unasked
  const [quote, setQuote] = useState<{ key: string; quote: Quote } | null>(null);
  const [quoting, setQuoting] = useState(false);
  const [autoProblem, setAutoProblem] = useState<Problem | null>(null);
  const inflight = useRef<{ key: string; promise: Promise<Priced> } | null>(null);
  const key = `${version}|${where.amount}|${where.paySessionId}`;
  const current = useRef({ key, where, email, handle });
  current.current = { key, where, email, handle };

  const onCardChange = useCallback((isReady: boolean) => {
    setVersion((v) => v + 1);
    setReady(isReady);
    setAutoProblem(null);
  }, []);

  /** Drop the quote (its token was used or refused): the next Pay makes a new one. */
  const forget = useCallback(() => setVersion((v) => v + 1), []);

  const price = useCallback((): Promise<Priced> => {
    const { key: k, where: w, email: e, handle: h } = current.current;
    if (inflight.current?.key === k) return inflight.current.promise;
    const promise = (async (): Promise<Priced> => {
      if (!h) return { problem: { at: 'form', message: PROCESSING_ERROR, code: 'not_ready' } };
      const token = await h.createToken({ email: e.trim() || undefined });
      if ('error' in token)
        return {
          problem: {
            at: 'card',
            message: cardErrorMessage(token.error),
            code: token.error.code ?? 'card_error',
          },
        };
      try {
        return { ok: await api.quote(w, token.token) };
      } catch (err) {
        return problemOf(err);
      }
    })();
    inflight.current = { key: k, promise };
    setQuoting(true);
    void promise.finally(() => {
      if (inflight.current?.promise === promise) inflight.current = null;
      setQuoting(inflight.current !== null);
    });
    return promise.then((r) => {
      if ('ok' in r && current.current.key === k) setQuote({ key: k, quote: r.ok });
      return r;
    });
  }, [api]);

  // A typed card is quoted as soon as it is complete (and again when the amount changes).
  useEffect(() => {
    if (!ready || !amountOk || !handle) return;
    const timer = setTimeout(() => {
      void price().then((r) => {
        if ('problem' in r && current.current.key === key) setAutoProblem(r.problem);
      });
    }, 350);
    return () => clearTimeout(timer);
  }, [key, ready, amountOk, handle, price]);

  const valid = quote?.key === key ? quote.quote : null;

  /** Pay at the total on the button (`shownTotal`): quote first if needed, then the server confirms. */
  const pay = useCallback(
    async (shownTotal: number): Promise<PayOutcome> => {
      const k = current.current.key;
      const h = current.current.handle;
      let q = quote?.key === k ? quote.quote : null;
      if (!q) {
        const priced = await price();
        if ('problem' in priced) return { kind: 'problem', ...priced };
        q = priced.ok;
        // Surcharge shown = surcharge charged: this method costs another total, so ask again.
        if (q.breakdown.total !== shownTotal) return { kind: 'repriced', quote: q };
      }
      let created;
      try {
        created = await api.createPayment({
          ...current.current.where,
          quote: q,
          customerEmail: current.current.email.trim() || null,
        });
      } catch (err) {
        if (err instanceof ApiError && err.status === 409 && err.body?.quote) {
          const fresh = err.body.quote as Quote;
          setQuote({ key: k, quote: fresh });
          return { kind: 'repriced', quote: fresh };
        }
        const p = problemOf(err);
        if (p.problem.at === 'card') forget(); // the token was used (declined) or refused
        return { kind: 'problem', ...p };
      }
      let state: PaymentState = created;
      if (created.status === 'requires_action') {
        const next = created.clientSecret && h ? await h.handleNextAction(created.clientSecret) : null;
        try {
          state = await api.refresh(created.paymentId); // the provider's word, through our server
        } catch {
          state = { ...created, status: next && 'ok' in next ? 'processing' : 'failed' };
        }
        if (next && 'error' in next && state.status !== 'succeeded') {
          forget();
          return {
            kind: 'problem',
            problem: {
              at: 'card',
              message: cardErrorMessage(next.error),
              code: next.error.code ?? 'authentication_failed',
            },
          };
        }
      }
      if (state.status === 'failed' || state.status === 'canceled') {
        forget();
        return {
          kind: 'problem',
          problem: {
            at: 'card',
            message: state.failure?.message || `Payment failed with status: ${state.status}`,
            code: state.failure?.code ?? state.status,
          },
        };
      }
      if (state.status !== 'succeeded' && state.status !== 'processing')
        return {
          kind: 'problem',
          problem: { at: 'form', message: `Payment failed with status: ${state.status}`, code: state.status },
        };
      return { kind: 'paid', state };
    },
    [api, quote, price, forget],
  );

  return { quote: valid, quoting, autoProblem, onCardChange, pay, forget };
}
