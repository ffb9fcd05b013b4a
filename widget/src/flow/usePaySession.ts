/**
 * Loads the pay session for the element's link attributes (merchant loading states of spec §4:
 * fetching → ready | not_found | no_stripe | error), resuming this tab's previous pay session so a
 * reload replaces its own unconfirmed attempt instead of blocking on it. When the hosted page has
 * already fetched the session (client/session-request.ts), the first render shows the form directly.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { normalizeCurrency } from '../../../core/currencies.ts';
import {
  ApiError,
  NETWORK_ERROR,
  readAnswer,
  type PayApi,
  type PaySession,
  type SessionQuery,
} from '../lib/api.ts';
import { rememberSession, sessionUrl, takePrefetched } from '../../../client/session-request.ts';
import { cardFormReady } from '../card/sandbox-card.ts';

/** Why a link cannot be used: named here, worded by the views in the element's language. */
export type LinkProblem =
  | { reason: 'merchant' }
  | { reason: 'invoice' }
  | { reason: 'currency'; currency: string }
  /** The server refused the link (a 400/422 with its message). */
  | { reason: 'server'; message: string };

export type SessionView =
  /** With `session`: the session is here, its card form on its way (card/sandbox-card.ts). */
  | { kind: 'loading'; session?: PaySession }
  | { kind: 'fetching' }
  | { kind: 'ready'; session: PaySession }
  | { kind: 'not_found' }
  | { kind: 'no_stripe'; message: string; session: PaySession }
  | { kind: 'invalid'; problem: LinkProblem }
  | { kind: 'error'; message: string; network: boolean };

/** The normalized query, or why the link cannot be used. */
function checkLink(q: SessionQuery): { query: SessionQuery } | { invalid: LinkProblem } {
  const currency = normalizeCurrency(q.currency || 'AUD');
  if (!q.merchant && !q.shortcode) return { invalid: { reason: 'merchant' } };
  if (!q.invoice) return { invalid: { reason: 'invoice' } };
  if (!currency) return { invalid: { reason: 'currency', currency: String(q.currency).slice(0, 10) } };
  return { query: { ...q, currency } };
}

function viewOf(session: PaySession): SessionView {
  return session.merchant.ready
    ? { kind: 'ready', session }
    : { kind: 'no_stripe', message: session.merchant.notReadyReason ?? '', session };
}

function errorView(err: unknown): SessionView {
  const e = err as ApiError;
  if (e.status === 404) return { kind: 'not_found' };
  if (e.status === 400 || e.status === 422)
    return { kind: 'invalid', problem: { reason: 'server', message: e.message } };
  return { kind: 'error', message: e.message, network: e.code === 'network' };
}

/** A session the hosted page already has in hand, used for the first render. */
function initialView(api: PayApi, q: SessionQuery): SessionView {
  const checked = checkLink(q);
  if (!('query' in checked)) return { kind: 'loading' };
  const parked = takePrefetched(sessionUrl(api.base, checked.query), true);
  if (!parked?.settled) return { kind: 'loading' };
  try {
    const session = readAnswer<PaySession>(parked.settled);
    rememberSession(checked.query, session.paySessionId);
    return cardFormReady(session.provider?.mode) ? { kind: 'loading', session } : viewOf(session);
  } catch (err) {
    return errorView(err);
  }
}

export function usePaySession(api: PayApi, query: SessionQuery) {
  const key = JSON.stringify([api.base, query]);
  const [view, setView] = useState<SessionView>(() => initialView(api, query));
  const seq = useRef(0);
  // The link whose session is on screen: reloading it keeps the page; another link starts over.
  const shownKey = useRef<string | null>(view.kind === 'loading' && !view.session ? null : key);

  /** Show `session` once its card form is here (a form in one piece: no layout shift). */
  const show = useCallback(
    async (session: PaySession, run: number) => {
      try {
        await cardFormReady(session.provider?.mode);
      } catch {
        if (run === seq.current) setView(errorView(new ApiError(0, 'network', NETWORK_ERROR)));
        return;
      }
      if (run !== seq.current) return;
      shownKey.current = key;
      setView(viewOf(session));
    },
    [key],
  );

  const load = useCallback(async () => {
    const run = ++seq.current;
    const checked = checkLink(JSON.parse(key)[1]);
    if (!('query' in checked)) return setView({ kind: 'invalid', problem: checked.invalid });
    setView((v) => (v.kind === 'ready' && shownKey.current === key ? v : { kind: 'fetching' }));
    try {
      const session = await api.session(checked.query);
      if (run !== seq.current) return;
      rememberSession(checked.query, session.paySessionId);
      await show(session, run);
    } catch (err) {
      if (run !== seq.current) return;
      setView(errorView(err));
    }
  }, [api, key, show]);

  useEffect(() => {
    if (shownKey.current === key && seq.current === 0) {
      seq.current = 1; // the first render already had the prefetched session
      if (view.kind === 'loading' && view.session) void show(view.session, 1);
      return;
    }
    void load();
  }, [load, key]);

  return { view, reload: load };
}
