/**
 * Builds the `<invoice-pay>` widget into dist/widget (called by build-lib.ts), in five Vite builds:
 *
 * 1. the flow — React and the pay form (widget/src/flow/mount.tsx) — as ES modules with
 *    content-hashed names (`invoice-pay-flow-<hash>.js`, and the Stripe card box in its own chunk);
 * 2. the loader `invoice-pay-loader-<hash>.js` (widget/src/loader.ts), a classic script with the
 *    flow's file names and SRI hashes built in: it defines the element and imports the flow when an
 *    element needs it;
 * 3. the script tag's file `invoice-pay.js` (widget/src/tag.ts), a few hundred bytes with the
 *    loader's name and SRI hash built in, which adds the loader as a script of its own (why: tag.ts);
 * 4. the ES module `invoice-pay.esm.js` for React hosts (React external; the flow a lazy chunk);
 * 5. the ES module `invoice-pay.element.js` for any bundled app (`invoice-pay/element`: no
 *    dependency; the flow, React inside, a lazy chunk).
 *
 * Then the release step (widget-release.ts: versioned copies, manifest.json, the pay page's
 * preloads, pinned.html) and the npm package (widget-package.ts). DESIGN §9 budgets what a page
 * downloads before the element is defined — the tag and the loader — at 8 KB gzip;
 * `npm run bench -- --only widget-loader-gzip` measures it.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type InlineConfig, type Rollup } from 'vite';
import { contentHash, releaseVersion, sriOf, writeWidgetRelease } from './widget-release.ts';
import { readdirSync, readFileSync, renameSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { writeWidgetPackage } from './widget-package.ts';

const root = fileURLToPath(new URL('../widget', import.meta.url));
export const WIDGET_DIR = 'dist/widget';
const REACT = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime'];

const base = (define: Record<string, string> = {}): InlineConfig => ({
  configFile: false,
  root,
  logLevel: 'warn',
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production'), ...define },
  build: {
    outDir: fileURLToPath(new URL(`../${WIDGET_DIR}`, import.meta.url)),
    target: 'es2020',
    sourcemap: false,
  },
});

function outputOf(result: Awaited<ReturnType<typeof build>>): Rollup.OutputChunk[] {
  const outputs = Array.isArray(result) ? result : [result];
  return outputs
    .flatMap((o) => ('output' in o ? o.output : []))
    .filter((f): f is Rollup.OutputChunk => f.type === 'chunk');
}

/** The flow's files, entry first, then what it imports statically at any depth (preloaded with it), then the rest. */
export interface FlowFile {
  file: string;
  integrity: string;
}

/** The card form each payment provider's pay page shows first, by the module its lazy chunk is made from. */
const PROVIDER_CARDS = { sandbox: 'src/card/SandboxCard.tsx', stripe: 'src/card/StripeCard.tsx' } as const;
export type ProviderFiles = Record<keyof typeof PROVIDER_CARDS, string[]>;

async function buildFlow(): Promise<{ preload: FlowFile[]; all: FlowFile[]; provider: ProviderFiles }> {
  const config = base();
  const result = await build({
    ...config,
    build: {
      ...config.build,
      emptyOutDir: true,
      modulePreload: false,
      rollupOptions: {
        input: join(root, 'src/flow/mount.tsx'),
        preserveEntrySignatures: 'exports-only',
        output: {
          format: 'es',
          entryFileNames: 'invoice-pay-flow-[hash].js',
          chunkFileNames: 'invoice-pay-[name]-[hash].js',
        },
      },
    },
  });
  const chunks = outputOf(result);
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('the flow build produced no entry');
  const file = (name: string): FlowFile => ({
    file: name,
    integrity: sriOf(readFileSync(join(WIDGET_DIR, name))),
  });
  // Everything the entry imports statically, at any depth (a chunk its imports import is as needed,
  // and preloaded it does not wait for its importer to arrive first).
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: string) => {
    const needed = new Set<string>([start]);
    for (const name of needed) for (const imported of byName.get(name)?.imports ?? []) needed.add(imported);
    return needed;
  };
  const needed = closure(entry.fileName);
  const preload = [...needed].map(file);
  const rest = chunks.map((c) => c.fileName).filter((n) => !needed.has(n));
  // Each provider's card form and what it imports beyond the flow: the hosted pay page preloads its
  // provider's (api/http/pay-page.ts), so the form needs no second round trip there either.
  const cardOf = (source: string) => {
    const chunk = chunks.find((c) => c.facadeModuleId === join(root, source));
    if (!chunk) throw new Error(`the flow build made no chunk for ${source}`);
    return [...closure(chunk.fileName)].filter((n) => !needed.has(n));
  };
  const provider: ProviderFiles = {
    sandbox: cardOf(PROVIDER_CARDS.sandbox),
    stripe: cardOf(PROVIDER_CARDS.stripe),
  };
  return { preload, all: [...preload, ...rest.map(file)], provider };
}

/** One library build into dist/widget (beside what the flow build wrote): a classic script or an ES module. */
async function buildLib(o: {
  entry: string;
  fileName: string;
  format: 'iife' | 'es';
  /** The global name of a classic script. */
  name?: string;
  define?: Record<string, string>;
  /** Leave out the React plugin (a build without JSX). */
  noJsx?: boolean;
  external?: string[];
  chunkFileNames?: string;
  /** A directive written first in the entry file (bundlers drop the source's own). */
  directive?: string;
}): Promise<void> {
  const config = base(o.define);
  await build({
    ...config,
    ...(o.noJsx ? { plugins: [] } : {}),
    build: {
      ...config.build,
      emptyOutDir: false,
      lib: { entry: join(root, o.entry), name: o.name, formats: [o.format], fileName: () => o.fileName },
      rollupOptions: {
        external: o.external,
        output: {
          ...(o.chunkFileNames ? { chunkFileNames: o.chunkFileNames } : {}),
          ...(o.directive
            ? { banner: (chunk: { isEntry: boolean }) => (chunk.isEntry ? o.directive! : '') }
            : {}),
        },
      },
    },
  });
}

/** The loader, renamed after its content (served immutable); its name and SRI for the tag. */
async function buildLoader(flow: FlowFile[]): Promise<FlowFile> {
  await buildLib({
    entry: 'src/loader.ts',
    fileName: 'invoice-pay-loader.js',
    format: 'iife',
    name: 'InvoicePayLoader',
    define: { __FLOW_FILES__: JSON.stringify(flow) },
  });
  const body = readFileSync(join(WIDGET_DIR, 'invoice-pay-loader.js'));
  const file = `invoice-pay-loader-${contentHash(body)}.js`;
  renameSync(join(WIDGET_DIR, 'invoice-pay-loader.js'), join(WIDGET_DIR, file));
  return { file, integrity: sriOf(body) };
}

const buildTag = (loader: FlowFile) =>
  buildLib({
    entry: 'src/tag.ts',
    fileName: 'invoice-pay.js',
    format: 'iife',
    name: 'InvoicePayTag',
    define: { __LOADER_SCRIPT__: JSON.stringify(loader) },
    noJsx: true,
  });

const buildModule = () =>
  buildLib({
    entry: 'src/esm.ts',
    fileName: 'invoice-pay.esm.js',
    format: 'es',
    external: REACT,
    chunkFileNames: 'invoice-pay-[name]-[hash].js',
    // React Server Components: the component uses hooks, so a server page that imports it needs the
    // module marked as the client boundary (Next.js App Router: issue 51 item 2).
    directive: "'use client';",
  });

/** `invoice-pay/element`: the element as an ES module for any bundler, its flow (React inside) a lazy chunk. */
const buildElementModule = () =>
  buildLib({
    entry: 'src/element-module.ts',
    fileName: 'invoice-pay.element.js',
    format: 'es',
    chunkFileNames: 'invoice-pay-element-[name]-[hash].js',
  });

/**
 * What the widget's bytes hash to before a version is stamped on them: the three entry files (the
 * tag names the loader and its SRI, which name the flow's chunks and theirs; the modules name their
 * chunks, all content-hashed) and what the package adds (types, licence, package texts).
 */
function widgetContentHash(): string {
  const hash = createHash('sha256');
  for (const name of ['invoice-pay.js', 'invoice-pay.esm.js', 'invoice-pay.element.js'])
    hash.update(name).update(readFileSync(join(WIDGET_DIR, name)));
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]))
      .sort();
  for (const file of [...walk('widget/types'), 'widget/LICENSE', 'scripts/widget-package.ts'])
    hash.update(file).update(readFileSync(file));
  return hash.digest('hex');
}

export async function buildWidget(): Promise<void> {
  const flow = await buildFlow();
  const loader = await buildLoader(flow.preload);
  await buildTag(loader);
  await buildModule();
  await buildElementModule();
  // The version: the recorded release's if the widget's bytes are its, else a new one (releaseVersion).
  const hash = widgetContentHash();
  const manifest = writeWidgetRelease(WIDGET_DIR, flow, loader, releaseVersion(hash), hash);
  await writeWidgetPackage(manifest);
  // What a page downloads before the element is defined, the figure DESIGN §9 budgets (8 KB gzip).
  const gzip = (name: string) => gzipSync(readFileSync(join(WIDGET_DIR, name)), { level: 9 }).length;
  const kb = (gzip('invoice-pay.js') + gzip(loader.file)) / 1024;
  console.log(`widget tag and loader: ${kb.toFixed(2)} KB gzip (budget 8 KB)`);
}
