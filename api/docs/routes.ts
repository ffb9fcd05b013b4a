/**
 * `GET /api/docs`: the human-readable API reference, rendered from the app's own
 * `/api/openapi.json` (so it can never disagree with it), with try-it forms when the server runs
 * the sandbox provider; `GET /api/docs/reference.js`: its script (search, copy, try-it).
 * Deliberately plain Hono routes, not `createRoute` ones: pages about the API, not operations of it,
 * so they are left out of the OpenAPI document (tests/api/openapi.test.ts lists them as such).
 */
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { projectPath } from '../project-path.ts';
import { renderApiReference } from './render.ts';

/** Anything that can answer a request for the OpenAPI document: the app itself. */
export interface OpenApiSource {
  request(path: string): Response | Promise<Response>;
}

let script: string | null = null;

export function apiDocsRoutes(source: OpenApiSource) {
  let page: string | null = null; // the document is fixed for the app's lifetime
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      if (page === null) {
        const res = await source.request('/api/openapi.json');
        if (!res.ok) throw new Error(`openapi.json answered ${res.status}`);
        page = renderApiReference((await res.json()) as Record<string, unknown>, {
          sandbox: c.get('deps').payments.mode === 'sandbox',
        });
      }
      c.header('Cache-Control', 'no-cache');
      return c.html(page);
    })
    .get('/reference.js', (c) => {
      script ??= readFileSync(projectPath('api', 'docs', 'reference-client.js'), 'utf8');
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      c.header('Cache-Control', 'no-cache');
      return c.body(script);
    });
}
