/**
 * The console's one HTTP client for the admin API: the shared auth client's bearer token (one
 * refresh-and-retry on 401), JSON in and out, and the server's `{ error: { code, message, field } }`
 * turned into react-admin's HttpError (message = the server's, `body` = the whole answer), so
 * react-admin's notifications and `checkError` see every failure the same way.
 */
import { HttpError, type fetchUtils } from 'react-admin';
import { errorOf, NETWORK_ERROR, parseJson, type ErrorBody } from '../../../client/http.ts';
import { auth } from '../auth-client.ts';
import type { Schemas } from '../../../client/api-types.ts';

export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? {});
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  if (options.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  let res: Response;
  try {
    res = await auth.fetch(url, { method: options.method, body: options.body, headers, signal: options.signal });
  } catch {
    throw new HttpError(NETWORK_ERROR, 0);
  }
  const body = await res.text();
  const json: any = parseJson(body);
  if (res.status < 200 || res.status >= 300) {
    const error = errorOf(json);
    // A refusal that names a field becomes react-admin's server-side validation error, shown on
    // that field of a <SimpleForm> (e.g. a taken blog slug).
    const body = error?.field && error.message ? { ...json, errors: { [error.field]: error.message } } : json;
    throw new HttpError(error?.message ?? res.statusText, res.status, body);
  }
  return { status: res.status, headers: res.headers, body, json };
}

/** A JSON call to the admin API outside the simple-rest resources (the data provider's custom methods). */
export async function callApi<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const { json } = await httpClient(path, {
    method: init.method ?? 'GET',
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return json as T;
}

/** The signed-in user and their memberships (`/api/auth/me`), for what the console shows them (access.ts). */
export function readMe(): Promise<Schemas['Me']> {
  return callApi<Schemas['Me']>('/api/auth/me');
}

/** The HTTP status of a failed call (0 when the server was not reached). */
export function statusOf(error: unknown): number | undefined {
  return (error as { status?: number } | null)?.status;
}

/** The request field the server's refusal names, if any. */
export function fieldOf(error: unknown): string | undefined {
  return ((error as { body?: ErrorBody } | null)?.body as ErrorBody | undefined)?.error?.field;
}

/**
 * The server's own message when it gave one that is meant for people (not a network failure or an
 * internal error), else undefined.
 */
export function serverMessage(error: unknown): string | undefined {
  const e = error as { status?: number; message?: string; body?: ErrorBody } | null;
  if (!e || !e.status || e.body?.error?.code === 'internal') return undefined;
  return e.body?.error?.message ?? undefined;
}
