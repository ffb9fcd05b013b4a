/**
 * The server's list of front-end pages (api/http/spa-pages.ts) agrees with the site's route table
 * and the console's routes, so a real page is never answered 404 and an unknown one never 200.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONSOLE_PAGES,
  CONSOLE_RESOURCES,
  isConsolePage,
  isSitePage,
  shellStatus,
  SITE_PAGE_PATTERNS,
  SITE_PAGES,
} from '../../api/http/spa-pages.ts';
import { siteRoutes } from '../../site/src/app/routes.tsx';

describe('SPA pages known to the server', () => {
  it("lists exactly the site's routes (the post page /blog/:slug is the blog route's, the catch-all is Not Found)", () => {
    const routed = siteRoutes.map((r) => r.path).filter((p) => p !== '*' && p !== '/blog/:slug');
    expect([...routed].sort()).toEqual([...SITE_PAGES, ...SITE_PAGE_PATTERNS].sort());
  });

  it('serves a page with a parameter as a page, and nothing below it', () => {
    expect(isSitePage('/receipt/3f2a9c1e-0000-4000-8000-000000000001')).toBe(true);
    expect(isSitePage('/receipt')).toBe(false);
    expect(isSitePage('/receipt/a/b')).toBe(false);
  });

  it("lists exactly the console's resources and custom routes", () => {
    const source = readFileSync(new URL('../../admin/src/ConsoleApp.tsx', import.meta.url), 'utf8');
    const resources = [...source.matchAll(/<Resource\s+name="([^"]+)"/g)].map((m) => m[1]);
    const routes = [...source.matchAll(/<Route\s+path="([^"]+)"/g)].map((m) => m[1]);
    expect(resources.sort()).toEqual([...CONSOLE_RESOURCES].sort());
    // react-admin routes /login and /access-denied itself.
    expect(['/login', '/access-denied', ...routes].sort()).toEqual([...CONSOLE_PAGES].sort());
  });

  it('answers 200 for pages and 404 for anything else', () => {
    expect(shellStatus('site', '/blog')).toBe(200);
    expect(shellStatus('site', '/blog/')).toBe(200);
    expect(shellStatus('site', '/connect/callback')).toBe(200);
    expect(shellStatus('site', '/blogs')).toBe(404);
    expect(shellStatus('site', '/admin')).toBe(404);
    expect(isSitePage('/no/such/page')).toBe(false);
    expect(isConsolePage('/')).toBe(true);
    expect(isConsolePage('/merchants')).toBe(true);
    expect(isConsolePage('/merchants/1b2c')).toBe(true);
    expect(isConsolePage('/merchants/1b2c/show')).toBe(true);
    expect(isConsolePage('/blogs/create')).toBe(true);
    expect(isConsolePage('/merchants/1b2c/edit/x')).toBe(false);
    expect(isConsolePage('/merchants//')).toBe(true);
    expect(isConsolePage('/no-such-page')).toBe(false);
    expect(shellStatus('console', '/widgets/1')).toBe(404);
  });
});
