#!/usr/bin/env node
/**
 * Downloads the widget's ES module build (and the chunks it imports) from your InvoicePay server
 * into src/vendor/invoice-pay/, checking each file against the sha384 integrity values of
 * /widget/manifest.json, plus its TypeScript declarations. Run it again to upgrade.
 *
 *   node scripts/fetch-widget.mjs https://pay.example.com [out dir]
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const origin = (process.argv[2] ?? process.env.VITE_INVOICE_PAY_API ?? '').replace(/\/+$/, '');
const outDir = process.argv[3] ?? 'src/vendor/invoice-pay';
if (!origin) {
  console.error('usage: node scripts/fetch-widget.mjs https://pay.example.com [out dir]');
  process.exit(2);
}

async function get(path) {
  const res = await fetch(origin + path);
  if (!res.ok) throw new Error(`GET ${origin}${path}: HTTP ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

async function verified(entry) {
  const body = await get(entry.path);
  const actual = `sha384-${createHash('sha384').update(body).digest('base64')}`;
  if (actual !== entry.integrity)
    throw new Error(`${entry.path}: integrity mismatch (expected ${entry.integrity}, got ${actual})`);
  return body;
}

const manifest = JSON.parse((await get('/widget/manifest.json')).toString('utf8'));
mkdirSync(outDir, { recursive: true });
// The entry keeps a fixed name so imports in this app never change; its chunks keep theirs (it imports them by name).
writeFileSync(join(outDir, 'invoice-pay.esm.js'), await verified(manifest.module));
for (const chunk of manifest.module.chunks ?? [])
  writeFileSync(join(outDir, basename(chunk.path)), await verified(chunk));
writeFileSync(join(outDir, 'invoice-pay.esm.d.ts'), await get('/widget/invoice-pay.d.ts'));
writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
console.log(`invoice-pay ${manifest.version} (${manifest.module.path}) → ${outDir}`);
