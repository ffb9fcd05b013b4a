/**
 * A deploy never breaks a pinned widget (issue 51 item 1): a server runs a build and publishes its
 * release; a later build, which no longer has any of the old release's files on disk, is deployed
 * on the same database and port. Every URL of the old manifest (script, loader, flow, module,
 * package) still answers the same bytes; a page pinned to the old script with SRI still pays in
 * Chromium; `npm ci` of a project whose lockfile names the old tarball succeeds from a clean cache;
 * the new build's version differs and both releases are listed.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededAdmin, signIn } from './support/admin.ts';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { payInWidget, serveExample, type ExampleHost } from './support/examples.ts';
import { createConnectedMerchant, widget } from './support/pay-fixtures.ts';
import { startServer, type RunningServer } from './support/server.ts';

interface Entry {
  path: string;
  integrity: string;
}
interface Manifest {
  version: string;
  script: Entry;
  loader: Entry;
  flow: { entry: Entry; imports: Entry[]; lazy: Entry[] };
  module: Entry & { chunks: Entry[] };
  package: Entry & { file: string };
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('widget releases outlive a deploy', () => {
  const root = mkdtempSync(join(tmpdir(), 'invoicepay-releases-'));
  const dataDir = join(root, 'data');
  let server: RunningServer;
  let browser: Browser;
  let host: ExampleHost | undefined;
  let old: Manifest;
  const oldBytes = new Map<string, string>();

  beforeAll(async () => {
    // The first deploy: this build.
    cpSync('dist', join(root, 'first'), { recursive: true });
    [server, browser] = await Promise.all([
      startServer({ dataDir, env: { STATIC_DIR: join(root, 'first') } }),
      launchBrowser(),
    ]);
    old = (await (await fetch(`${server.baseUrl}/widget/manifest.json`)).json()) as Manifest;
    const urls = [
      old.script,
      old.loader,
      old.flow.entry,
      ...old.flow.imports,
      ...old.flow.lazy,
      old.module,
      ...old.module.chunks,
      old.package,
    ].map((e) => e.path);
    for (const path of urls) {
      const res = await fetch(`${server.baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      oldBytes.set(path, sha256(Buffer.from(await res.arrayBuffer())));
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await host?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the old release byte for byte after a build without its files, and it still pays and installs', async () => {
    // An agency's project pinned to the old tarball: installed once, the lockfile records its URL
    // and integrity.
    const project = join(root, 'project');
    const pkgUrl = `${server.baseUrl}${old.package.path}`;
    rmSync(project, { recursive: true, force: true });
    mkdirSync(project, { recursive: true });
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'agency-site', private: true, dependencies: { 'invoice-pay': pkgUrl } }),
    );
    const npm = (args: string[], cache: string) =>
      spawnSync('npm', [...args, '--cache', cache, '--no-audit', '--no-fund', '--ignore-scripts'], {
        cwd: project,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: root, npm_config_update_notifier: 'false' },
        timeout: 120_000,
      });
    const install = npm(['install'], join(root, 'cache-1'));
    expect(install.status, install.stderr).toBe(0);
    const lock = readFileSync(join(project, 'package-lock.json'), 'utf8');
    expect(lock).toContain(pkgUrl);

    // The next deploy: a build that changed the widget — none of the old release's files on disk,
    // another version — on the same database and port.
    const port = server.port;
    const admin = seededAdmin(server); // the demo seed names the admin on the first start only
    await server.stop();
    const second = join(root, 'second');
    cpSync('dist', second, { recursive: true });
    const oldNames = new Set([...oldBytes.keys()].map((p) => p.replace('/widget/', '')));
    for (const name of readdirSync(join(second, 'widget')))
      if (oldNames.has(name.replace(/\.(gz|br)$/, ''))) rmSync(join(second, 'widget', name));
    const next = JSON.parse(readFileSync(join(second, 'widget', 'manifest.json'), 'utf8'));
    next.version = `${old.version.split('-')[0]}-gnextbuild1`;
    next.contentHash = 'the next build';
    writeFileSync(join(second, 'widget', 'manifest.json'), JSON.stringify(next));
    server = await startServer({ dataDir, port, env: { STATIC_DIR: second } });

    // Every old URL: the same bytes, cached for good.
    for (const [path, digest] of oldBytes) {
      const res = await fetch(`${server.baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(sha256(Buffer.from(await res.arrayBuffer())), path).toBe(digest);
      expect(res.headers.get('cache-control'), path).toContain('immutable');
    }
    // Both releases listed, the new one current, its version another.
    const { data } = (await (await fetch(`${server.baseUrl}/api/public/widget-releases`)).json()) as {
      data: { version: string; current: boolean }[];
    };
    expect(data.map((r) => [r.version, r.current])).toEqual([
      [next.version, true],
      [old.version, false],
    ]);
    expect(next.version).not.toBe(old.version);

    // `npm ci` from a clean cache: the old tarball, checked against the lockfile's integrity.
    rmSync(join(project, 'node_modules'), { recursive: true, force: true });
    const ci = npm(['ci'], join(root, 'cache-2'));
    expect(ci.status, ci.stderr).toBe(0);
    const installed = JSON.parse(
      readFileSync(join(project, 'node_modules', 'invoice-pay', 'package.json'), 'utf8'),
    ) as { version: string };
    expect(installed.version).toBe(old.version);

    // A merchant's page pinned to the old script with SRI still pays.
    const merchant = createConnectedMerchant(server);
    host = await serveExample(root, (t) => t, {
      '/pinned.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pinned</title>
<script src="${server.baseUrl}${old.script.path}" integrity="${old.script.integrity}" crossorigin="anonymous" defer></script>
</head><body><main><invoice-pay merchant="${merchant.id}" invoice="INV-PINNED" amount="120.00" currency="AUD"></invoice-pay></main></body></html>`,
    });
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    const errors = watchErrors(page);
    const loaded: string[] = [];
    page.on('response', (r) => void (r.url().includes('/widget/') && loaded.push(new URL(r.url()).pathname)));
    await page.goto(`${host.url}/pinned.html`);
    await payInWidget(widget(page));
    // It ran the old release's files, none of the new build's.
    expect(loaded.filter((p) => !oldBytes.has(p))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();

    // The console's Developers tab lists both releases, the current one marked.
    const consolePage = await browser.newPage();
    await signIn(consolePage, server.baseUrl, admin);
    await consolePage.waitForURL(`${server.baseUrl}/admin/dashboard`);
    await consolePage.goto(`${server.baseUrl}/admin/merchants/${merchant.id}?tab=developers`);
    const card = consolePage.getByRole('region', { name: 'Widget releases' });
    await card.getByRole('row').filter({ hasText: next.version }).getByText('current').waitFor();
    const oldRow = card.getByRole('row').filter({
      has: consolePage.getByRole('cell', { name: old.version, exact: true }),
    });
    await oldRow.getByText(old.script.path).waitFor();
    await expect(oldRow.getByText('current').count()).resolves.toBe(0);
    await consolePage.close();
  });
});
