/**
 * The pay-session request, shared by the widget and the hosted pay page so the page can start it
 * before the widget script has even run (a head start of one script parse on slow devices):
 * - `sessionUrl` builds the exact URL the widget asks for (with this tab's remembered pay session,
 *   so a reload resumes it and replaces its own unconfirmed attempt);
 * - `prefetchSession` (hosted page) starts it and parks the answer on `window`;
 * - `takePrefetched` (widget) uses a parked answer for the same URL once, or nothing.
 */
export interface SessionQuery {
  merchant?: string;
  shortcode?: string;
  invoice?: string;
  amount?: string;
  currency?: string;
  paySessionId?: string;
}

export interface RawAnswer {
  status: number;
  text: string;
}

interface Parked {
  url: string;
  answer: Promise<RawAnswer>;
  /** Set once the answer has arrived, so the widget can render it in its very first frame. */
  settled?: RawAnswer;
}

const PARKED = '__invoicePayPrefetch';
type WithParked = typeof globalThis & { [PARKED]?: Parked };

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

/** `q` must already be normalized (trimmed, currency upper-case). */
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

export function prefetchSession(apiBase: string, q: SessionQuery): void {
  const url = sessionUrl(apiBase, q);
  const parked: Parked = { url, answer: fetchRaw(url) };
  parked.answer.then(
    (a) => (parked.settled = a),
    () => {},
  );
  (globalThis as WithParked)[PARKED] = parked;
}

/** The parked answer for `url`, taken once (a later reload asks the server again). */
export function takePrefetched(url: string, settledOnly = false): Parked | null {
  const g = globalThis as WithParked;
  const parked = g[PARKED];
  if (!parked || parked.url !== url || (settledOnly && !parked.settled)) return null;
  delete g[PARKED];
  return parked;
}
