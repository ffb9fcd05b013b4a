/**
 * Widget sizes, gzip level 9, in KB (1 KB = 1024 bytes) — DESIGN §9, issue 19. The script tag's file
 * and the loader it adds are what every page with the tag downloads; the flow (its entry chunk and the chunks that entry
 * imports, as listed in dist/widget/manifest.json) only when an element nears the viewport.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Benchmark } from '../harness.ts';

export function gzipKb(path: string): number {
  return gzipSync(readFileSync(path), { level: 9 }).length / 1024;
}

interface Manifest {
  loader: { path: string };
  flow: { entry: { path: string }; imports: { path: string }[] };
}

const manifest = () => JSON.parse(readFileSync('dist/widget/manifest.json', 'utf8')) as Manifest;

/** `/widget/x.js` → `dist/widget/x.js`. */
const distPath = (urlPath: string) => `dist${urlPath}`;

export const widgetLoaderSize: Benchmark = {
  name: 'widget-loader-gzip',
  unit: 'KB',
  budget: 8,
  direction: 'max',
  description:
    'what the merchant page downloads before the element is defined: invoice-pay.js and the loader it adds (the flow comes later), gzip',
  run: async (ctx) => {
    const tag = gzipKb('dist/widget/invoice-pay.js');
    const loader = gzipKb(distPath(manifest().loader.path));
    ctx.log(`invoice-pay.js ${tag.toFixed(2)} KB, the loader ${loader.toFixed(2)} KB (gzip)`);
    return tag + loader;
  },
};

export const widgetFlowSize: Benchmark = {
  name: 'widget-flow-gzip',
  unit: 'KB',
  budget: 90,
  direction: 'max',
  description:
    'the pay flow the loader imports near the viewport: entry + its static imports, gzip (was 84 KB as one bundle)',
  run: async (ctx) => {
    const { flow } = manifest();
    const files = [flow.entry, ...flow.imports].map((f) => distPath(f.path));
    const sizes = files.map((f) => [f, gzipKb(f)] as const);
    ctx.log(
      `flow chunks (KB gzip): ${sizes.map(([f, kb]) => `${f.split('/').pop()} ${kb.toFixed(1)}`).join(', ')}`,
    );
    return sizes.reduce((sum, [, kb]) => sum + kb, 0);
  },
};

export const widgetEsmSize: Benchmark = {
  name: 'widget-esm-gzip',
  unit: 'KB',
  budget: 20,
  direction: 'max',
  description: 'invoice-pay.esm.js for React hosts (React external), gzip',
  run: async () => gzipKb('dist/widget/invoice-pay.esm.js'),
};
