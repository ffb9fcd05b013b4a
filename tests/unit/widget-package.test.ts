/**
 * What the npm package tells tools and compilers about the element (scripts/widget-package.ts):
 * custom-elements.json lists every attribute the element observes (lang included), its methods and
 * `defineInvoicePay`, in both ES modules; the package is MIT-licensed with React an optional peer
 * from 18 on; and the React-free declarations compile on their own — no React types, no
 * skipLibCheck — as a plain TypeScript project would use them.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OBSERVED_ATTRIBUTES } from '../../widget/src/element/attributes.ts';
import {
  ATTRIBUTE_DOCS,
  CSS_PROPERTY_DOCS,
  EVENT_DOCS,
  PART_DOCS,
} from '../../widget/src/element/api-docs.ts';
import {
  PACKAGE_README,
  customElementsManifest,
  packageJson,
  selfContainedDeclarations,
} from '../../scripts/widget-package.ts';

describe('the widget package', () => {
  const manifest = customElementsManifest('1.2.3');

  it('custom-elements.json: every observed attribute, load(), defineInvoicePay, in both modules', () => {
    expect(manifest.modules.map((m) => m.path)).toEqual([
      'dist/invoice-pay.esm.js',
      'dist/invoice-pay.element.js',
    ]);
    for (const module of manifest.modules) {
      const element = module.declarations[0] as {
        attributes: { name: string }[];
        members: { kind: string; name: string }[];
      };
      expect(element.attributes.map((a) => a.name).sort()).toEqual([...OBSERVED_ATTRIBUTES].sort());
      expect(element.members.filter((m) => m.kind === 'method').map((m) => m.name)).toEqual(['load']);
      expect(module.declarations.map((d) => d.name)).toContain('defineInvoicePay');
      expect(module.exports.map((e) => e.name)).toEqual(
        expect.arrayContaining(['invoice-pay', 'defineInvoicePay']),
      );
    }
    expect(manifest.modules[0].exports.map((e) => e.name)).toContain('InvoicePay');
    expect(manifest.modules[1].exports.map((e) => e.name)).not.toContain('InvoicePay');
  });

  it('package.json: MIT, React an optional peer from 18, an entry without React', () => {
    const pkg = packageJson('1.2.3', 'invoice-pay-loader-0123456789.js');
    expect(pkg.license).toBe('MIT');
    expect(pkg.peerDependencies).toEqual({ react: '>=18', 'react-dom': '>=18' });
    expect(pkg.peerDependenciesMeta).toEqual({ react: { optional: true }, 'react-dom': { optional: true } });
    expect(pkg.exports['./element']).toEqual({
      types: './types/element.d.ts',
      default: './dist/invoice-pay.element.js',
    });
    expect(pkg.exports['./standalone']).toBe('./dist/invoice-pay-loader-0123456789.js');
    expect(pkg.files).toContain('LICENSE');
  });

  it('the React-free declarations compile alone, strict and without skipLibCheck', () => {
    const dir = mkdtempSync(join(tmpdir(), 'invoicepay-plain-ts-'));
    try {
      writeFileSync(
        join(dir, 'main.ts'),
        [
          `import type { InvoicePayElement, InvoicePayEventDetail } from '${resolve('widget/types/element.js')}';`,
          "const el = document.querySelector('invoice-pay');",
          'const same: InvoicePayElement | null = el;',
          "el?.addEventListener('invoice-pay:payment', (e) => { const d: InvoicePayEventDetail = e.detail; void d.total; });",
          'el?.load();',
          'void same;',
          // A misspelt detail field: the one error tsc must report.
          "el?.addEventListener('invoice-pay:paid', (e) => { void e.detail.totl; });",
          '',
        ].join('\n'),
      );
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            skipLibCheck: false,
            target: 'es2022',
            module: 'esnext',
            moduleResolution: 'bundler',
            lib: ['es2023', 'dom'],
            types: [],
          },
          files: ['main.ts'],
        }),
      );
      let output = '';
      try {
        execFileSync(process.execPath, [resolve('node_modules/typescript/bin/tsc'), '-p', dir], {
          encoding: 'utf8',
          stdio: 'pipe',
        });
      } catch (err) {
        output = String((err as { stdout?: string }).stdout ?? err);
      }
      // The one error is the planted one: nothing in the declarations themselves.
      expect(output.trim().split('\n')).toEqual([
        expect.stringMatching(/main\.ts\(7,.*'totl' does not exist/),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('/widget/invoice-pay.d.ts is one self-contained file', () => {
    const text = selfContainedDeclarations();
    expect(text).not.toContain("from './element.js'");
    expect(text).toContain('export interface InvoicePayEventDetail');
    expect(text).toContain('export declare const InvoicePay');
  });

  it('the README stands alone: install, entries, every attribute, event, custom property and part', () => {
    for (const heading of ['## Install', '## Entries', '## Attributes', '## Events', '## Styling'])
      expect(PACKAGE_README).toContain(heading);
    for (const name of [
      ...ATTRIBUTE_DOCS.map((a) => a.name),
      ...EVENT_DOCS.map((e) => e.name),
      ...CSS_PROPERTY_DOCS.map((p) => p.name),
      ...PART_DOCS.map((p) => p.name),
    ])
      expect(PACKAGE_README, name).toContain(`\`${name}\``);
    expect(PACKAGE_README).toContain("'use client'".replace(/'/g, '"'));
  });
});
