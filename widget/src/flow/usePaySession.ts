/**
 * Loads the pay session for the element's link attributes (merchant loading states of spec §4:
 * fetching → ready | not_found | no_stripe | error), resuming this tab's previous pay session so a
 * reload replaces its own unconfirmed attempt instead of blocking on it. When the hosted page has
 * already fetched the session (lib/session-request.ts), the first render shows the form directly.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { normalizeCurrency } from '../../../core/currencies.ts';
import { ApiError, readAnswer, type PayApi, type PaySession, type SessionQuery } from '../lib/api.ts';
import { rememberSession, sessionUrl, takePrefetched } from '../lib/session-request.ts';

export type SessionView =
  | { kind: 'loading' }
  | { kind: 'fetching' }
  | { kind: 'ready'; session: PaySession }
  | { kind: 'not_found' }
  | { kind: 'no_stripe'; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'error'; message: string };

export const MISSING_INVOICE = 'Invalid payment link: the invoice number is missing.';
export const INVALID_MERCHANT = 'Invalid merchant. Please check the URL and try again.';

/** The normalized query, or why the link cannot be used. */
function checkLink(q: SessionQuery): { query: SessionQuery } | { invalid: string } {
  const currency = normalizeCurrency(q.currency || 'AUD');
  if (!q.merchant && !q.shortcode) return { invalid: INVALID_MERCHANT };
  if (!q.invoice) return { invalid: MISSING_INVOICE };
  if (!currency)
    return { invalid: `Invalid payment link: unsupported currency ${String(q.currency).slice(0, 10)}.` };
  return { query: { ...q, currency } };
}

function viewOf(session: PaySession): SessionView {
  return session.merchant.ready
    ? { kind: 'ready', session }
    : { kind: 'no_stripe', message: session.merchant.notReadyReason ?? '' };
}

function errorView(err: unknown): SessionView {
  const e = err as ApiError;
  if (e.status === 404) return { kind: 'not_found' };
  if (e.status === 400 || e.status === 422) return { kind: 'invalid', message: e.message };
  return { kind: 'error', message: e.message };
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
    return viewOf(session);
  } catch (err) {
    return errorView(err);
  }
}

export function usePaySession(api: PayApi, query: SessionQuery) {
  const key = JSON.stringify([api.base, query]);
  const [view, setView] = useState<SessionView>(() => initialView(api, query));
  const seq = useRef(0);
  // The link whose session is on screen: reloading it keeps the page; another link starts over.
  const shownKey = useRef<string | null>(view.kind === 'loading' ? null : key);

  const load = useCallback(async () => {
    const run = ++seq.current;
    const checked = checkLink(JSON.parse(key)[1]);
    if (!('query' in checked)) return setView({ kind: 'invalid', message: checked.invalid });
    setView((v) => (v.kind === 'ready' && shownKey.current === key ? v : { kind: 'fetching' }));
    try {
      const session = await api.session(checked.query);
      if (run !== seq.current) return;
      rememberSession(checked.query, session.paySessionId);
      shownKey.current = key;
      setView(viewOf(session));
    } catch (err) {
      if (run !== seq.current) return;
      setView(errorView(err));
    }
  }, [api, key]);

  useEffect(() => {
    if (shownKey.current === key && seq.current === 0) {
      seq.current = 1; // the first render already showed the prefetched session
      return;
    }
    void load();
  }, [load, key]);

  return { view, reload: load };
}
