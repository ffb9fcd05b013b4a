/**
 * The server as one JavaScript bundle of api/ (dist/server/main.mjs; packages stay in
 * node_modules), which is what `npm start` and the benchmarks run: the TypeScript loader (tsx) would
 * cost the running server some 50 MB of memory (its own worker thread and transform caches).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

export const SERVER_BUNDLE = 'dist/server/main.mjs';

/**
 * Bundle the server (about 0.2 s, so `npm start` and the benchmarks always run the current code).
 * Written to a temporary file and renamed, so a process starting meanwhile never reads half a file.
 */
export async function buildServer(): Promise<string> {
  const result = await build({
    entryPoints: ['api/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'warning',
    outfile: SERVER_BUNDLE,
  });
  mkdirSync('dist/server', { recursive: true });
  const temporary = `${SERVER_BUNDLE}.${randomUUID()}.tmp`;
  writeFileSync(temporary, result.outputFiles[0].contents);
  renameSync(temporary, SERVER_BUNDLE);
  return SERVER_BUNDLE;
}
