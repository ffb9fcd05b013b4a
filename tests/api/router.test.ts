/**
 * Every route of the app compiles into Hono's RegExpRouter. Hono's default SmartRouter uses it when
 * it can; a single path it cannot compile (a literal segment where another route of the same method
 * has a parameter, e.g. `/merchants/:id/accounting/xero/pay-now` beside
 * `/merchants/:id/accounting/:provider/connect-url`) makes every request of the app fall back to the
 * trie router, a few microseconds more per request on every path — the pay-session lookup
 * included (DESIGN §9). This test names the first route that breaks it.
 */
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres } from '../support/db.ts';

const skip = await skipPostgres();

type Route = { method: string; path: string };

/** Whether these routes compile into one RegExpRouter (the matcher is built on the first match). */
function compiles(routes: Route[]): boolean {
  const router = new RegExpRouter<number>();
  try {
    for (const { method, path } of routes) router.add(method, path, 0);
    router.match('GET', '/');
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(skip)('the app router', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('compiles every route into the RegExpRouter (no fall-back to the trie router)', () => {
    const routes: Route[] = t.app.routes.map(({ method, path }) => ({ method, path }));
    expect(routes.length).toBeGreaterThan(100);
    let breaking: Route | null = null;
    if (!compiles(routes)) {
      // The shortest prefix of the routes that does not compile ends with the culprit.
      let lo = 0;
      let hi = routes.length;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (compiles(routes.slice(0, mid))) lo = mid;
        else hi = mid;
      }
      breaking = routes[hi - 1];
    }
    expect(breaking, 'this route makes Hono fall back to its trie router').toBeNull();
  });

  it('answers through the RegExpRouter once it has matched a request', async () => {
    const res = await t.app.request('/healthz');
    expect(res.status).toBe(200);
    // SmartRouter names the router it settled on after the first match.
    expect(t.app.router.name).toBe('SmartRouter + RegExpRouter');
  });

  it('takes only Xero at the Pay now path (a Xero feature), as before', async () => {
    const authorization = await adminHeaders(t);
    const base = '/api/admin/merchants/no-such-merchant/accounting';
    const xero = await t.app.request(`${base}/xero/pay-now`, { headers: authorization });
    expect(xero.status).toBe(404); // the route, then the merchant it names does not exist
    const quickbooks = await t.app.request(`${base}/quickbooks/pay-now`, { headers: authorization });
    expect(quickbooks.status).toBe(400);
    expect(((await quickbooks.json()) as { error: { field?: string } }).error.field).toBe('provider');
  });
});
