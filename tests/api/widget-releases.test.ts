/**
 * Widget releases outlive a deploy (issue 51 item 1, api/widget-releases): a build's files are
 * published to the database at start, and after a later build has replaced dist/widget every old
 * URL answers the same bytes; a published name or version never takes other bytes; the releases
 * are listed; retention removes what no kept release names.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishAtStart, publishRelease, pruneReleases } from '../../api/widget-releases/store.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();

/** A build's widget folder: its files (name → text) and a manifest naming them. */
function build(root: string, version: string, files: Record<string, string>, hash = version) {
  const dir = join(root, 'widget');
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  }
  const entry = (name: string) => ({ path: `/widget/${name}`, integrity: `sha384-${name}` });
  const names = Object.keys(files);
  const script = names.find((n) => n.startsWith('invoice-pay.') && !n.endsWith('.esm.js'))!;
  writeFileSync(
    join(dir, 'manifest.json'),
    JSON.stringify({
      name: 'invoice-pay',
      version,
      contentHash: hash,
      script: entry(script),
      loader: entry(names.find((n) => n.includes('-loader-'))!),
      flow: {
        entry: entry(names.find((n) => n.includes('-flow-'))!),
        imports: names.filter((n) => n.includes('-jsx-')).map(entry),
        lazy: [],
      },
      module: { ...entry(names.find((n) => n.endsWith('.esm.js'))!), chunks: [] },
      package: { ...entry(names.find((n) => n.endsWith('.tgz'))!), file: `invoice-pay-${version}.tgz` },
    }),
  );
  return dir;
}

describe.skipIf(skip)(`widget releases outlive a deploy (${testDialect})`, () => {
  let t: TestApp;
  const root = mkdtempSync(join(tmpdir(), 'widget-releases-'));
  const old = join(root, 'old');
  const current = join(root, 'current');
  const OLD = {
    'invoice-pay.0.1.0-aaaaaaaaaa.js': 'tag 0.1.0',
    'invoice-pay-loader-1111111111.js': 'loader 0.1.0',
    'invoice-pay-flow-OldFlow1.js': 'flow 0.1.0',
    'invoice-pay-jsx-runtime-Shared01.js': 'react, unchanged between the builds',
    'invoice-pay.0.1.0-bbbbbbbbbb.esm.js': 'module 0.1.0',
    'invoice-pay-0.1.0-cccccccccc.tgz': 'package 0.1.0',
  };
  const NEW = {
    'invoice-pay.0.1.1-dddddddddd.js': 'tag 0.1.1',
    'invoice-pay-loader-2222222222.js': 'loader 0.1.1',
    'invoice-pay-flow-NewFlow1.js': 'flow 0.1.1 (one string changed)',
    'invoice-pay-jsx-runtime-Shared01.js': 'react, unchanged between the builds',
    'invoice-pay.0.1.1-eeeeeeeeee.esm.js': 'module 0.1.1',
    'invoice-pay-0.1.1-ffffffffff.tgz': 'package 0.1.1',
  };

  beforeAll(async () => {
    build(old, '0.1.0', OLD);
    build(current, '0.1.1', NEW);
    t = await createTestApp({ env: { STATIC_DIR: current, WIDGET_RELEASES_KEEP_DAYS: '30' } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (name: string, headers: Record<string, string> = {}) =>
    t.app.request(`/widget/${name}`, { headers });

  it('serves every file of an earlier build, byte for byte, after a later build replaced it', async () => {
    // The earlier deploy published its build at start; this one publishes its own.
    expect(await publishRelease(t.deps.database.db, join(old, 'widget'), t.clock.now())).toEqual({
      published: 'new',
      version: '0.1.0',
    });
    t.clock.advance(60_000);
    await publishAtStart(t.deps);
    for (const [name, text] of Object.entries(OLD)) {
      const res = await get(name);
      expect(res.status, name).toBe(200);
      expect(await res.text(), name).toBe(text);
      expect(res.headers.get('cache-control'), name).toBe('public, max-age=31536000, immutable');
    }
    // Precompressed as stored; the content type by extension.
    const gz = await get('invoice-pay-flow-OldFlow1.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('content-type')).toContain('javascript');
    expect((await get('invoice-pay-0.1.0-cccccccccc.tgz')).headers.get('content-type')).toBe(
      'application/gzip',
    );
    // The current build's files as before; unknown and malformed names are 404s.
    expect(await (await get('invoice-pay-flow-NewFlow1.js')).text()).toBe('flow 0.1.1 (one string changed)');
    expect((await get('invoice-pay-flow-Never123.js')).status).toBe(404);
    expect((await get('..%2Fapp.db')).status).toBe(404);
  });

  it('lists the releases, newest first, the current one marked', async () => {
    const res = await t.app.request('/api/public/widget-releases');
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { version: string; current: boolean }[] };
    expect(data.map((r) => [r.version, r.current])).toEqual([
      ['0.1.1', true],
      ['0.1.0', false],
    ]);
    expect(data[1]).toMatchObject({
      script: {
        path: '/widget/invoice-pay.0.1.0-aaaaaaaaaa.js',
        integrity: 'sha384-invoice-pay.0.1.0-aaaaaaaaaa.js',
      },
      package: { path: '/widget/invoice-pay-0.1.0-cccccccccc.tgz' },
    });
  });

  it('never gives a published file or version other bytes', async () => {
    // A rebuild that changed a published file's bytes under the same name is refused.
    const tampered = join(root, 'tampered');
    build(tampered, '0.1.2', { ...NEW, 'invoice-pay-jsx-runtime-Shared01.js': 'other bytes' }, 'other');
    const refused = await publishRelease(t.deps.database.db, join(tampered, 'widget'), t.clock.now());
    expect(refused).toMatchObject({ published: 'refused', version: '0.1.2' });
    expect(await (await get('invoice-pay-jsx-runtime-Shared01.js')).text()).toBe(
      'react, unchanged between the builds',
    );
    // A changed widget under a published version is refused too.
    const reused = join(root, 'reused');
    build(reused, '0.1.0', { ...OLD, 'invoice-pay-flow-Other111.js': 'x' }, 'another hash');
    expect(await publishRelease(t.deps.database.db, join(reused, 'widget'), t.clock.now())).toMatchObject({
      published: 'refused',
      version: '0.1.0',
    });
    // Publishing the same build again (every start) changes nothing.
    expect(await publishRelease(t.deps.database.db, join(current, 'widget'), t.clock.now())).toEqual({
      published: 'already',
      version: '0.1.1',
    });
    const stored = await t.deps.database.db
      .selectFrom('widget_release_files')
      .select(['name', 'sha256'])
      .where('name', '=', 'invoice-pay-loader-1111111111.js')
      .executeTakeFirstOrThrow();
    expect(stored.sha256).toBe(createHash('sha256').update('loader 0.1.0').digest('hex'));
  });

  it('keeps a release no longer current for the days set, then removes it and the files only it named', async () => {
    t.clock.advance(29 * 86_400_000);
    await publishAtStart(t.deps);
    expect((await get('invoice-pay-loader-1111111111.js')).status).toBe(200); // 29 days: kept
    t.clock.advance(2 * 86_400_000);
    const pruned = await pruneReleases(t.deps.database.db, 30, '0.1.1', t.clock.now());
    expect(pruned.releases).toEqual(['0.1.0']);
    // Only the old release's own files go (pruning runs at start, before anything is served from
    // the process's cache); the shared chunk and the current release stay.
    const names = await t.deps.database.db.selectFrom('widget_release_files').select('name').execute();
    expect(names.map((r) => r.name).sort()).toEqual(Object.keys(NEW).sort());
    const left = await t.deps.database.db.selectFrom('widget_releases').select('version').execute();
    expect(left.map((r) => r.version)).toEqual(['0.1.1']);
    // The current release is never removed, however old.
    t.clock.advance(365 * 86_400_000);
    expect((await pruneReleases(t.deps.database.db, 30, '0.1.1', t.clock.now())).releases).toEqual([]);
  });
});
