/**
 * Release step of the widget build (scripts/build-widget.ts): content-addressed copies of the two
 * entry scripts — `invoice-pay.<version>-<hash>.js` (the script tag's file) and `…-<hash>.esm.js` —
 * and `manifest.json` with the Subresource Integrity (sha384) of every file a pinned page loads: the
 * tag's file, the loader it adds and the flow the loader imports (whose names the build already
 * hashes, and whose hashes the file before carries), the ES module and its chunks, and the npm
 * package. Then what is generated from the manifest, so it is never stale: the hosted pay page's
 * loader and preloads (dist/site/pay.html) and examples/html/pinned.html.
 *
 * Why the hash in the name (docs/decisions/0007): a versioned URL is served `immutable` and pinned by
 * SRI on merchants' sites; if the bytes behind a URL ever changed (a rebuild without a version bump),
 * browsers would refuse the script and customers could not pay. A content hash makes "one URL, one
 * set of bytes" true by construction; the package version in front keeps the name readable.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface WidgetManifestEntry {
  /** Path under the server's origin, e.g. `/widget/invoice-pay.0.1.0-1a2b3c4d5e.js`. */
  path: string;
  /** `sha384-<base64>`: the value of the script tag's `integrity` attribute. */
  integrity: string;
  bytes: number;
}

export interface WidgetManifest {
  name: 'invoice-pay';
  version: string;
  /** The hash of the widget's bytes this version stands for (releaseVersion). */
  contentHash?: string;
  /** The script tag's file (`<script src>`): adds the loader, pinned by its SRI (widget/src/tag.ts). */
  script: WidgetManifestEntry;
  /** The loader (content-hashed name): defines the element, imports the flow when needed. */
  loader: WidgetManifestEntry;
  /**
   * The pay flow the loader imports (React bundled): its entry and what the entry imports (both
   * preloaded with their SRI by the loader), and the chunks it loads on demand (Stripe's card box).
   */
  flow: {
    entry: WidgetManifestEntry;
    imports: WidgetManifestEntry[];
    lazy: WidgetManifestEntry[];
    /** The lazy chunks each payment provider's card form needs (paths): the hosted pay page preloads its provider's. */
    provider?: { sandbox: string[]; stripe: string[] };
  };
  /** The ES module with React external (for bundlers in React hosts), and the chunks it imports. */
  module: WidgetManifestEntry & { chunks: WidgetManifestEntry[] };
  /** The npm package (`npm install <origin><path>`): TypeScript types, custom-elements.json, both builds. */
  package?: WidgetManifestEntry & { file: string };
  /** The WordPress plugin as the zip WordPress installs (always the latest). */
  wordpress?: { path: string; bytes: number };
  /** The unversioned, always-latest URLs (short cache, no SRI possible across releases). */
  latest: { script: string; module: string; package?: string };
}

/** A versioned file name this step writes (and the static server caches as immutable). */
export const VERSIONED_WIDGET_FILE =
  /^invoice-pay\.\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+)?-[0-9a-f]{10}(?:\.esm)?\.js$/;

export function sriOf(body: Buffer): string {
  return `sha384-${createHash('sha384').update(body).digest('base64')}`;
}

export const contentHash = (body: Buffer) => createHash('sha256').update(body).digest('hex').slice(0, 10);

function entryOf(dir: string, name: string): WidgetManifestEntry {
  const body = readFileSync(join(dir, name));
  return { path: `/widget/${name}`, integrity: sriOf(body), bytes: body.length };
}

export function writeWidgetRelease(
  dir: string,
  flow: {
    preload: { file: string }[];
    all: { file: string }[];
    provider?: { sandbox: string[]; stripe: string[] };
  },
  loader: { file: string },
  version: string,
  widgetHash?: string,
): WidgetManifest {
  // Copies from an earlier build in the same folder are stale (the build empties it, but be safe).
  for (const name of readdirSync(dir)) {
    if (VERSIONED_WIDGET_FILE.test(name.replace(/\.(br|gz)$/, ''))) rmSync(join(dir, name));
  }
  const release = (source: string, suffix: '' | '.esm'): WidgetManifestEntry => {
    const body = readFileSync(join(dir, source));
    const name = `invoice-pay.${version}-${contentHash(body)}${suffix}.js`;
    writeFileSync(join(dir, name), body);
    return { path: `/widget/${name}`, integrity: sriOf(body), bytes: body.length };
  };
  const [entry, ...imports] = flow.preload.map((f) => entryOf(dir, f.file));
  const lazy = flow.all.filter((f) => !flow.preload.includes(f)).map((f) => entryOf(dir, f.file));
  const manifest: WidgetManifest = {
    name: 'invoice-pay',
    version,
    ...(widgetHash ? { contentHash: widgetHash } : {}),
    script: release('invoice-pay.js', ''),
    loader: entryOf(dir, loader.file),
    flow: {
      entry,
      imports,
      lazy,
      ...(flow.provider && {
        provider: {
          sandbox: flow.provider.sandbox.map((f) => `/widget/${f}`),
          stripe: flow.provider.stripe.map((f) => `/widget/${f}`),
        },
      }),
    },
    module: { ...release('invoice-pay.esm.js', '.esm'), chunks: chunksOf(dir, 'invoice-pay.esm.js') },
    latest: { script: '/widget/invoice-pay.js', module: '/widget/invoice-pay.esm.js' },
  };
  writeManifest(dir, manifest);
  writePayPagePreloads(manifest);
  writePinnedExample(manifest);
  return manifest;
}

export function writeManifest(dir: string, manifest: WidgetManifest): void {
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** The module's own chunks, and theirs (`import('./invoice-pay-mount-<hash>.js')`): hashed by Vite. */
export function chunksOf(dir: string, entry: string, seen = new Set<string>()): WidgetManifestEntry[] {
  const code = readFileSync(join(dir, entry), 'utf8');
  const names = [...code.matchAll(/["']\.\/(invoice-pay-[\w-]+\.js)["']/g)].map((m) => m[1]);
  for (const name of names) {
    if (seen.has(name)) continue;
    seen.add(name);
    chunksOf(dir, name, seen);
  }
  return [...seen].sort().map((name) => entryOf(dir, name));
}

/** The widget's last recorded release (widget/release.json): its version and the hash of its bytes. */
export const RELEASE_RECORD = 'widget/release.json';

/**
 * The version of a build whose widget bytes hash to `contentHash`: the recorded release's when the
 * bytes are that release's, else the next patch marked with the hash (`0.1.1-g3f9a2c1d4e`), so a
 * build whose widget changed never reuses a published version (issue 51 item 1). `npm run
 * widget:record -- <version>` records a build as a release of its own (scripts/record-widget-release.ts).
 */
export function releaseVersion(contentHash: string, record = RELEASE_RECORD): string {
  const recorded = existsSync(record)
    ? (JSON.parse(readFileSync(record, 'utf8')) as { version: string; contentHash: string })
    : { version: '0.0.0', contentHash: '' };
  if (recorded.contentHash === contentHash) return recorded.version;
  const [major, minor, patch] = recorded.version.split('-')[0]!.split('.').map(Number);
  return `${major}.${minor}.${(patch ?? 0) + 1}-g${contentHash.slice(0, 10)}`;
}

const PRELOAD_MARKER = /<!-- invoice-pay:preload -->[\s\S]*?<!-- \/invoice-pay:preload -->/;
const SCRIPT_MARKER = /<!-- invoice-pay:script -->[\s\S]*?<!-- \/invoice-pay:script -->/;

/**
 * The hosted pay page's widget: in its `<head>` the loader's and the flow's preloads (with their
 * SRI), so they download while the page parses instead of one after the other; at the end of its
 * body the loader itself rather than the script tag's file, which would add the loader one round
 * trip later. Between the markers in site/pay.html (which name the tag's file until a build ran);
 * written by the site build (site/vite.config.ts) and again by each widget build.
 */
export function withPayPagePreloads(html: string, manifest: WidgetManifest): string {
  const sri = (e: WidgetManifestEntry) => `integrity="${e.integrity}" crossorigin="anonymous"`;
  const modulePreload = (e: WidgetManifestEntry) => `<link rel="modulepreload" href="${e.path}" ${sri(e)} />`;
  const links = [
    `<link rel="preload" as="script" href="${manifest.loader.path}" ${sri(manifest.loader)} />`,
    ...[manifest.flow.entry, ...manifest.flow.imports].map(modulePreload),
  ];
  // Each provider's card form in a block of its own; the server keeps its provider's (api/http/pay-page.ts).
  for (const [provider, paths] of Object.entries(manifest.flow.provider ?? {})) {
    const entries = paths.flatMap((p) => manifest.flow.lazy.filter((e) => e.path === p));
    links.push(
      `<!-- invoice-pay:provider ${provider} -->${entries.map(modulePreload).join('')}<!-- /invoice-pay:provider -->`,
    );
  }
  return html
    .replace(
      PRELOAD_MARKER,
      `<!-- invoice-pay:preload -->\n    ${links.join('\n    ')}\n    <!-- /invoice-pay:preload -->`,
    )
    .replace(
      SCRIPT_MARKER,
      `<!-- invoice-pay:script --><script src="${manifest.loader.path}" ${sri(manifest.loader)} defer></script><!-- /invoice-pay:script -->`,
    );
}

function writePayPagePreloads(manifest: WidgetManifest): void {
  const page = 'dist/site/pay.html';
  if (!existsSync(page)) return; // the site build writes them when it runs after this one
  writeFileSync(page, withPayPagePreloads(readFileSync(page, 'utf8'), manifest));
  for (const suffix of ['.gz', '.br']) rmSync(page + suffix, { force: true }); // re-compressed by the site step
}

/**
 * examples/html/pinned.html from its template and the manifest (never stale; the generated file is
 * not committed), and the same page under dist/widget/examples/ for the running server.
 */
export function writePinnedExample(manifest: WidgetManifest): void {
  const template = readFileSync('examples/html/pinned.template.html', 'utf8');
  const page = template
    .replaceAll('{{script.path}}', manifest.script.path)
    .replaceAll('{{script.integrity}}', manifest.script.integrity)
    .replaceAll('{{version}}', manifest.version);
  writeFileSync('examples/html/pinned.html', page);
  mkdirSync('dist/widget/examples', { recursive: true });
  writeFileSync('dist/widget/examples/pinned.html', page);
}
