/**
 * Post-build step of the widget (called by build-lib.ts): writes content-addressed copies of the two
 * entry scripts — `invoice-pay.<version>-<hash>.js` and `invoice-pay.<version>-<hash>.esm.js` — and
 * `manifest.json` with their Subresource Integrity (sha384) values, so host pages can pin an exact
 * build: `<script src=…/widget/invoice-pay.0.1.0-1a2b3c4d5e.js integrity="sha384-…" crossorigin>`.
 *
 * Why the hash in the name (docs/decisions/0007): a versioned URL is served `immutable` and pinned by
 * SRI on merchants' sites; if the bytes behind a URL ever changed (a rebuild without a version bump),
 * browsers would refuse the script and customers could not pay. A content hash makes "one URL, one
 * set of bytes" true by construction; the package version in front keeps the name readable.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
  /** The classic script with React bundled (`<script src>`). */
  script: WidgetManifestEntry;
  /** The ES module with React external (for bundlers in React hosts), and the chunks it imports. */
  module: WidgetManifestEntry & { chunks: WidgetManifestEntry[] };
  /** The unversioned, always-latest URLs (short cache, no SRI possible across releases). */
  latest: { script: string; module: string };
}

/** A versioned file name this step writes (and the static server caches as immutable). */
export const VERSIONED_WIDGET_FILE =
  /^invoice-pay\.\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+)?-[0-9a-f]{10}(?:\.esm)?\.js$/;

export function sriOf(body: Buffer): string {
  return `sha384-${createHash('sha384').update(body).digest('base64')}`;
}

export function writeWidgetRelease(dir = 'dist/widget', version = packageVersion()): WidgetManifest {
  // Copies from an earlier build in the same folder are stale (the build empties it, but be safe).
  for (const name of readdirSync(dir)) {
    if (VERSIONED_WIDGET_FILE.test(name.replace(/\.(br|gz)$/, ''))) rmSync(join(dir, name));
  }
  const release = (source: string, suffix: '' | '.esm'): WidgetManifestEntry => {
    const body = readFileSync(join(dir, source));
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
    const name = `invoice-pay.${version}-${hash}${suffix}.js`;
    writeFileSync(join(dir, name), body);
    return { path: `/widget/${name}`, integrity: sriOf(body), bytes: body.length };
  };
  const manifest: WidgetManifest = {
    name: 'invoice-pay',
    version,
    script: release('invoice-pay.js', ''),
    module: { ...release('invoice-pay.esm.js', '.esm'), chunks: chunksOf(dir, 'invoice-pay.esm.js') },
    latest: { script: '/widget/invoice-pay.js', module: '/widget/invoice-pay.esm.js' },
  };
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** The module's own chunks (`import('./invoice-pay-StripeCard-<hash>.js')`): content-hashed by Vite already. */
function chunksOf(dir: string, entry: string): WidgetManifestEntry[] {
  const code = readFileSync(join(dir, entry), 'utf8');
  const names = new Set([...code.matchAll(/["']\.\/(invoice-pay-[\w-]+\.js)["']/g)].map((m) => m[1]));
  return [...names].sort().map((name) => {
    const body = readFileSync(join(dir, name));
    return { path: `/widget/${name}`, integrity: sriOf(body), bytes: body.length };
  });
}

function packageVersion(): string {
  return (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
}
