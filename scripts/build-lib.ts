/**
 * Builds the three front ends with Vite and precompresses their text assets (.br and .gz beside
 * each file, served by api/http/static.ts when the browser accepts them). The server's bundle is
 * scripts/build-server.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { buildWidget } from './build-widget.ts';

/** The widget first: the site's pay page preloads the flow files its manifest names. */
export const SURFACES = ['widget', 'site', 'admin'] as const;
export type Surface = (typeof SURFACES)[number];

const OUTPUTS: Record<Surface, string[]> = {
  site: ['dist/site/index.html'],
  admin: ['dist/admin/index.html'],
  widget: [
    'dist/widget/invoice-pay.js',
    'dist/widget/invoice-pay.esm.js',
    'dist/widget/manifest.json',
    'examples/html/pinned.html',
  ],
};

export function missingSurfaces(): Surface[] {
  return SURFACES.filter((s) => OUTPUTS[s].some((f) => !existsSync(f)));
}

async function buildSurface(surface: Surface): Promise<void> {
  const configFile = `${surface}/vite.config.ts`;
  if (surface === 'widget') {
    await buildWidget(); // loader, flow, module, manifest.json with SRI hashes, the npm package
    if (existsSync('dist/site/pay.html')) precompress('dist/site'); // its preloads were rewritten
  } else {
    await build({ configFile, logLevel: 'warn' });
  }
  precompress(`dist/${surface}`);
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml)$/;

export function precompress(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      precompress(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const body = readFileSync(path);
    if (body.length < 512) continue;
    if (existsSync(`${path}.gz`) && statSync(`${path}.gz`).mtimeMs >= statSync(path).mtimeMs) continue;
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
  }
}

export async function buildSurfaces(surfaces: readonly Surface[] = SURFACES): Promise<void> {
  for (const surface of surfaces) {
    const started = Date.now();
    await buildSurface(surface);
    console.log(`built ${surface} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
