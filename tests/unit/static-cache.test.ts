/**
 * The static file cache is bounded: unknown paths are never remembered (a flood of unique
 * 404s costs no memory), and files are kept least-recently-used within a count and a byte budget.
 * The real server's RSS under such a flood is tests/reliability/limits.test.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../api/context.ts';
import { WeightedLru } from '../../api/http/lru.ts';
import { createStatic } from '../../api/http/static.ts';

describe('static file cache', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'static-cache-'));
    for (const surface of ['site', 'admin', 'widget'])
      mkdirSync(join(dir, surface, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'site', 'index.html'), '<!doctype html><title>site</title>');
    writeFileSync(join(dir, 'site', 'pay.html'), '<!doctype html><title>pay</title>');
    for (let i = 0; i < 10; i++)
      writeFileSync(join(dir, 'site', 'assets', `f${i}.js`), `/*${i}*/`.padEnd(1000, ' '));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const appWith = (limits?: { maxEntries: number; maxBytes: number }) => {
    const statics = createStatic(dir, limits);
    const app = new Hono<AppEnv>();
    app.notFound((c) => statics.serve(c) ?? c.text('nope', 404));
    return { app, cache: statics.cache };
  };

  it('does not remember paths that name no file', async () => {
    const { app, cache } = appWith();
    expect((await app.request('/assets/f1.js')).status).toBe(200);
    const before = cache.size;
    for (let i = 0; i < 300; i++) {
      const missing = await app.request(`/assets/${'x'.repeat(2000)}-${i}.js`);
      expect(missing.status).toBe(404);
      // A path with no extension gets the site's shell (cached once; its status says whether the
      // page exists, api/http/spa-pages.ts); the path itself is not kept.
      const route = await app.request(`/some/page-${i}-${'y'.repeat(2000)}`);
      expect(await route.text()).toContain('<title>site</title>');
    }
    expect(cache.size).toBe(before + 1); // the shell, once
    expect(cache.weight).toBeLessThan(10_000);
  });

  it('keeps files least-recently-used within its count and byte budgets', async () => {
    const byCount = appWith({ maxEntries: 3, maxBytes: 1 << 20 });
    for (let i = 0; i < 10; i++)
      expect(await (await byCount.app.request(`/assets/f${i}.js`)).text()).toContain(`/*${i}*/`);
    expect(byCount.cache.size).toBe(3);

    const byBytes = appWith({ maxEntries: 100, maxBytes: 8_000 });
    for (let i = 0; i < 10; i++) expect((await byBytes.app.request(`/assets/f${i}.js`)).status).toBe(200);
    expect(byBytes.cache.weight).toBeLessThanOrEqual(8_000);
    expect(byBytes.cache.size).toBeLessThan(10);
    // Evicted files are read again, not lost.
    expect(await (await byBytes.app.request('/assets/f0.js')).text()).toContain('/*0*/');
  });
});

describe('WeightedLru', () => {
  it('evicts the least recently used first and refuses values heavier than a quarter of the budget', () => {
    const lru = new WeightedLru<number>({ maxEntries: 3, maxWeight: 100, weigh: (v) => v });
    lru.set('a', 10);
    lru.set('b', 10);
    lru.set('c', 10);
    lru.get('a');
    lru.set('d', 10);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(10);
    expect(lru.set('huge', 26)).toBe(false);
    expect(lru.get('huge')).toBeUndefined();
    lru.set('e', 25);
    lru.set('f', 25);
    lru.set('g', 25);
    expect(lru.weight).toBeLessThanOrEqual(100);
    expect(lru.size).toBeLessThanOrEqual(3);
  });
});
