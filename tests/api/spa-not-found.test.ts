/**
 * Unknown pages get a real 404: the server still sends the front end's shell (so the Page Not Found
 * screen renders with its Go Home / Go to Dashboard button), with HTTP status 404; known pages 200.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`front-end shells: 200 for pages, 404 for unknown paths (${testDialect})`, () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'spa-shells-'));
    for (const [surface, title] of [
      ['site', 'Site shell'],
      ['admin', 'Console shell'],
    ]) {
      mkdirSync(join(dir, surface));
      writeFileSync(
        join(dir, surface, 'index.html'),
        `<!doctype html><title>${title}</title><div id="root"></div>`,
      );
    }
    t = await createTestApp({ env: { STATIC_DIR: dir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (path: string) => {
    const res = await t.app.request(path);
    return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
  };

  it('site: known pages 200, unknown pages 404 with the shell', async () => {
    for (const path of ['/', '/blog', '/cancel', '/success', '/connect/callback', '/login/']) {
      const res = await get(path);
      expect([path, res.status, res.body]).toEqual([path, 200, expect.stringContaining('Site shell')]);
    }
    for (const path of ['/no/such/page', '/blogs', '/admin-login', '/cancel/now']) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.type).toMatch(/^text\/html/);
      expect(res.body).toContain('Site shell');
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('console: its pages and resource records 200, unknown console paths 404 with the console shell', async () => {
    for (const path of [
      '/admin',
      '/admin/',
      '/admin/dashboard',
      '/admin/merchants',
      '/admin/merchants/abc',
      '/admin/blog',
      '/admin/audit-log',
    ]) {
      const res = await get(path);
      expect([path, res.status, res.body]).toEqual([path, 200, expect.stringContaining('Console shell')]);
    }
    for (const path of ['/admin/no-such-page', '/admin/merchants/abc/def/ghi', '/admin/widgets']) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.body).toContain('Console shell');
    }
  });

  it('a missing file (a path with an extension) is still a plain 404', async () => {
    const res = await get('/nope.png');
    expect(res.status).toBe(404);
    expect(res.type).toMatch(/json/);
  });
});
