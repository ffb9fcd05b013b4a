/** Widget bundle sizes, gzip level 9, in KB (1 KB = 1024 bytes) — DESIGN §9. */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Benchmark } from '../harness.ts';

export function gzipKb(path: string): number {
  return gzipSync(readFileSync(path), { level: 9 }).length / 1024;
}

export const widgetStandaloneSize: Benchmark = {
  name: 'widget-standalone-gzip',
  unit: 'KB',
  budget: 90,
  direction: 'max',
  description: 'invoice-pay.js with React bundled, gzip',
  run: async () => gzipKb('dist/widget/invoice-pay.js'),
};

export const widgetEsmSize: Benchmark = {
  name: 'widget-esm-gzip',
  unit: 'KB',
  budget: 20,
  direction: 'max',
  description: 'invoice-pay.esm.js for React hosts (React external), gzip',
  run: async () => gzipKb('dist/widget/invoice-pay.esm.js'),
};
