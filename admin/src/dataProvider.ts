/**
 * react-admin dataProvider over the admin API (ra-data-simple-rest contract). Requests go through
 * the shared auth client (bearer token, one refresh-and-retry on 401), and the server's error
 * message becomes the HttpError's message so notifications show it.
 */
import { HttpError, type DataProvider, type fetchUtils } from 'react-admin';
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

const restProvider = simpleRestProvider('/api/admin', httpClient);

/** The API's largest page (api/http/simple-rest.ts MAX_PAGE_SIZE): a longer range is cut to it. */
const MAX_PAGE_SIZE = 500;

/** A larger page (the CSV export asks for up to 10,000 rows) is fetched in pages the API serves whole. */
export const dataProvider: DataProvider = {
  ...restProvider,
  async getList(resource, params) {
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    if (perPage <= MAX_PAGE_SIZE) return restProvider.getList(resource, params);
    let chunk = MAX_PAGE_SIZE;
    while (perPage % chunk !== 0) chunk--; // pages of `chunk` rows tile the range exactly
    const first = (page - 1) * perPage;
    const data: any[] = [];
    let total: number | undefined;
    for (let offset = 0; offset < perPage; offset += chunk) {
      const part = await restProvider.getList(resource, {
        ...params,
        pagination: { page: (first + offset) / chunk + 1, perPage: chunk },
      });
      data.push(...part.data);
      total = part.total;
      if (part.data.length < chunk || (total !== undefined && first + data.length >= total)) break;
    }
    return { data, total };
  },
};
