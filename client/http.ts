/**
 * The browsers' one way of reading our API's answers (the widget, the hosted pay page, the site, the
 * console and the auth client): JSON in and out, and a failure — the server's
 * `{ error: { code, message, field } }`, an answer that is not JSON, or no answer at all — as an
 * `ApiError` carrying the HTTP status (0: the server was not reached), the server's code and
 * message, and the whole answer (`body`: e.g. a changed quote, a declined payment).
 *
 * @example
 * const quote = await requestJson<Quote>('/api/payments/quote', { method: 'POST', json: input });
 * // throws ApiError { status: 409, code: 'quote_changed', body: { error, quote } } on a changed price
 */

/** The error part of every failed answer (DESIGN §4a). */
export interface ErrorBody {
  error?: { code?: string; message?: string; field?: string };
}

/** A finished answer read as text (what the pay-session prefetch parks: client/session-request.ts). */
export interface RawAnswer {
  status: number;
  text: string;
}

export const NETWORK_ERROR = 'Could not reach the server. Please check your connection and try again.';

export class ApiError extends Error {
  constructor(
    /** The HTTP status; 0 when the server was not reached. */
    readonly status: number,
    /** The server's code (`invalid_amount`, …), `network` or `http_error` when it gave none. */
    readonly code: string,
    message: string,
    /** The whole answer: e.g. `quote` of a changed quote, `payment` of a decline, `retryAt`. */
    readonly body: Record<string, unknown> | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ApiError';
  }

  /** The request field the server's refusal names, if any. */
  get field(): string | undefined {
    return (this.body as ErrorBody | null)?.error?.field;
  }
}

/** `text` as JSON, or undefined when it is empty or not JSON. */
export function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The server's `{ error }` of an answer body, if it has one. */
export function errorOf(body: unknown): ErrorBody['error'] | undefined {
  const error = (body as ErrorBody | null | undefined)?.error;
  return error && typeof error === 'object' ? error : undefined;
}

/**
 * The ApiError of a failed answer: the server's code and message, else `fallbackCode` and
 * `fallback` (by default the start of the text, or `HTTP 503`).
 */
export function answerError(
  { status, text }: RawAnswer,
  fallback?: string,
  fallbackCode = 'http_error',
): ApiError {
  const parsed = parseJson(text);
  const error = errorOf(parsed);
  return new ApiError(
    status,
    error?.code ?? fallbackCode,
    error?.message ?? fallback ?? (text.slice(0, 200) || `HTTP ${status}`),
    parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null,
  );
}

/** The JSON of a 2xx answer (null when empty); any other status throws its ApiError. */
export function readAnswer<T>(answer: RawAnswer, fallback?: string): T {
  if (answer.status < 200 || answer.status > 299) throw answerError(answer, fallback);
  return (parseJson(answer.text) ?? null) as T;
}

/** A Response read as text, for readAnswer / answerError. */
export async function rawAnswer(res: Response): Promise<RawAnswer> {
  return { status: res.status, text: await res.text() };
}

export interface JsonRequest extends Omit<RequestInit, 'body'> {
  /** Sent as the JSON body (with its content-type). */
  json?: unknown;
  /** The message of the ApiError when the server is not reached. */
  networkMessage?: string;
  /** The fetch to use (the auth client's, which adds the bearer token); the global one by default. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

/**
 * One JSON call: the answer's JSON, or an ApiError (status 0 and code `network` when the server
 * was not reached; an aborted call rethrows the AbortError).
 */
export async function requestJson<T>(url: string, request: JsonRequest = {}): Promise<T> {
  const { json, networkMessage, fetch: doFetch = (u, i) => globalThis.fetch(u, i), ...init } = request;
  const headers = new Headers(init.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  if (json !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  let res: Response;
  try {
    res = await doFetch(url, {
      ...init,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch (cause) {
    if ((cause as { name?: string } | null)?.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network', networkMessage ?? NETWORK_ERROR, null, { cause });
  }
  return readAnswer<T>(await rawAnswer(res));
}
