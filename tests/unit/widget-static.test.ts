/**
 * How the server serves the widget's files (decision 0007): the loader `invoice-pay.js` for 5
 * minutes (it is "latest"), every content-addressed file for a year and immutable — pinned loaders,
 * the flow's hashed chunks, the npm package — so a pinned page never meets other bytes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../api/context.ts';
import { createStatic } from '../../api/http/static.ts';

describe('widget files on the static server', () => {
  let dir: string;
  const files = [
    'invoice-pay.js',
    'invoice-pay.0.1.0-0123456789.js',
    'invoice-pay-flow-Bjym6V9-.js',
    'invoice-pay-StripeCard-Dt4S8imA.js',
    'invoice-pay-0.1.0-abcdef0123.tgz',
  ];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'widget-static-'));
    mkdirSync(join(dir, 'widget'), { recursive: true });
    for (const f of files) writeFileSync(join(dir, 'widget', f), 'x');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('caches the latest loader briefly and content-addressed files forever', async () => {
    const statics = createStatic(dir);
    const app = new Hono<AppEnv>();
    app.notFound((c) => statics.serve(c) ?? c.text('nope', 404));
    const get = (name: string) => app.request(`/widget/${name}`);
    expect((await get('invoice-pay.js')).headers.get('cache-control')).toBe('public, max-age=300');
    for (const name of files.slice(1)) {
      const res = await get(name);
      expect(res.status, name).toBe(200);
      expect(res.headers.get('cache-control'), name).toBe('public, max-age=31536000, immutable');
    }
    expect((await get('invoice-pay-0.1.0-abcdef0123.tgz')).headers.get('content-type')).toBe(
      'application/gzip',
    );
  });
});
