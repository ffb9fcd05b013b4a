/**
 * react-admin dataProvider over the admin API (ra-data-simple-rest contract). Requests go through
 * the shared auth client (bearer token, one refresh-and-retry on 401), and the server's error
 * message becomes the HttpError's message so notifications show it.
 */
import { HttpError, type fetchUtils } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { auth } from './authProvider.ts';

async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? {});
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  if (options.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  let res: Response;
  try {
    res = await auth.fetch(url, {
      method: options.method,
      body: options.body,
      headers,
      signal: options.signal,
    });
  } catch {
    throw new HttpError('Could not reach the server. Please check your connection and try again.', 0);
  }
  const body = await res.text();
  let json: any;
  try {
    json = body ? JSON.parse(body) : undefined;
  } catch {
    json = undefined;
  }
  if (res.status < 200 || res.status >= 300) {
    throw new HttpError(json?.error?.message ?? res.statusText, res.status, json);
  }
  return { status: res.status, headers: res.headers, body, json };
}

export const dataProvider = simpleRestProvider('/api/admin', httpClient);
