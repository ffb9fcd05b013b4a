/**
 * `GET /api/docs`: the human-readable API reference, rendered from the app's own
 * `/api/openapi.json` (so it can never disagree with it). Deliberately a plain Hono route, not a
 * `createRoute` one: it is an HTML page about the API, not an operation of it, so it is left out of
 * the OpenAPI document (tests/api/openapi.test.ts lists it as such).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { renderApiReference } from './render.ts';

/** Anything that can answer a request for the OpenAPI document: the app itself. */
export interface OpenApiSource {
  request(path: string): Response | Promise<Response>;
}

export function apiDocsRoutes(source: OpenApiSource) {
  let page: string | null = null; // the document is fixed for the app's lifetime
  return new Hono<AppEnv>().get('/api/docs', async (c) => {
    if (page === null) {
      const res = await source.request('/api/openapi.json');
      if (!res.ok) throw new Error(`openapi.json answered ${res.status}`);
      page = renderApiReference((await res.json()) as Record<string, unknown>);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(page);
  });
}
