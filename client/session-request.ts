/**
 * The pay-session request, started before the pay form itself has loaded — by the element as soon
 * as it is on the page (widget/src/element), or by the hosted pay page before it creates the
 * element — and picked up by the flow when it renders:
 * - `sessionUrl` builds the exact URL the widget asks for (with this tab's remembered pay session,
 *   so a reload resumes it and replaces its own unconfirmed attempt);
 * - `prefetchSession` starts it and parks the answer on `window` under its URL (the loader and the
 *   flow are separate bundles; several widgets on a page park several answers);
 * - `takePrefetched` (flow) uses a parked answer for the same URL once, or nothing. An answer
 *   parked more than a minute ago is not used: the flow asks again for current figures.
 *
 * It lives in client/ because the widget's loader and flow and the hosted pay page (site/src/pay)
 * all use it; only type imports from client/http.ts, so the loader stays small.
 */
import type { RawAnswer } from './http.ts';

export interface SessionQuery {
  merchant?: string;
  shortcode?: string;
  invoice?: string;
  amount?: string;
  currency?: string;
  paySessionId?: string;
}

export type { RawAnswer };

export interface Parked {
  url: string;
  answer: Promise<RawAnswer>;
  /** Set once the answer has arrived, so the widget can render it in its very first frame. */
  settled?: RawAnswer;
  at: number;
}

const PARKED = '__invoicePaySessions';
const FRESH_MS = 60_000;
type WithParked = typeof globalThis & { [PARKED]?: Map<string, Parked> };

function parkedAnswers(): Map<string, Parked> {
  const g = globalThis as WithParked;
  return (g[PARKED] ??= new Map());
}

const storageKey = (q: SessionQuery) => `invoice-pay:${q.merchant ?? q.shortcode}:${q.invoice}:${q.currency}`;

export function rememberedSession(q: SessionQuery): string | undefined {
  try {
    return sessionStorage.getItem(storageKey(q)) ?? undefined;
  } catch {
    return undefined; // storage blocked (third-party frame, privacy mode)
  }
}

export function rememberSession(q: SessionQuery, id: string): void {
  try {
    sessionStorage.setItem(storageKey(q), id);
  } catch {
    /* not kept: a reload starts a new pay session */
  }
}

/** The link attributes as the session request names them: trimmed, currency upper-case (AUD by default). */
export function linkQuery(a: Omit<SessionQuery, 'paySessionId'>): SessionQuery {
  return {
    merchant: a.merchant?.trim() || undefined,
    shortcode: a.shortcode?.trim() || undefined,
    invoice: a.invoice?.trim() || undefined,
    amount: a.amount?.trim() || undefined,
    currency: a.currency?.trim().toUpperCase() || 'AUD',
  };
}

/** `q` must already be normalized (linkQuery). */
export function sessionUrl(apiBase: string, q: SessionQuery): string {
  const params = new URLSearchParams();
  const full: SessionQuery = { ...q, paySessionId: rememberedSession(q) };
  for (const key of ['merchant', 'shortcode', 'invoice', 'amount', 'currency', 'paySessionId'] as const) {
    const v = full[key];
    if (v) params.set(key, v);
  }
  return `${apiBase}/api/pay/session?${params}`;
}

export function fetchRaw(url: string): Promise<RawAnswer> {
  return fetch(url, { credentials: 'omit' }).then(async (res) => ({
    status: res.status,
    text: await res.text(),
  }));
}

/** Start the session request for a normalized query and park it, unless one is parked already. */
export function prefetchSession(apiBase: string, q: SessionQuery): Parked {
  const url = sessionUrl(apiBase, q);
  const answers = parkedAnswers();
  const existing = answers.get(url);
  if (existing && Date.now() - existing.at < FRESH_MS) return existing;
  const parked: Parked = { url, answer: fetchRaw(url), at: Date.now() };
  parked.answer.then(
    (a) => (parked.settled = a),
    () => {},
  );
  answers.set(url, parked);
  return parked;
}

/** The parked answer for `url`, taken once (a later reload asks the server again). */
export function takePrefetched(url: string, settledOnly = false): Parked | null {
  const answers = parkedAnswers();
  const parked = answers.get(url);
  if (!parked || (settledOnly && !parked.settled)) return null;
  answers.delete(url);
  return Date.now() - parked.at < FRESH_MS ? parked : null;
}
