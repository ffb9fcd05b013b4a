/**
 * References in the code resolve inside the repository (issue 37): every "DESIGN §N" a comment or
 * document cites is a section of docs/design.md, nothing cites CONVENTIONS (not in the
 * repository), and every repository path a source file names (`api/payments/lifecycle/state.ts`, …) exists.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = [
  'api',
  'core',
  'client',
  'site',
  'admin',
  'widget',
  'tests',
  'bench',
  'scripts',
  'docs',
  'examples',
];
const FILES = /\.(ts|tsx|js|mjs|md|sql|html|php)$/;

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (FILES.test(name)) out.push(path);
  }
  return out;
}

const files = [...ROOTS.filter(existsSync).flatMap((r) => walk(r)), 'README.md', 'schema.sql'];
const design = readFileSync('docs/design.md', 'utf8');
const sections = new Set([...design.matchAll(/^#{2,3} (\d+[a-z]?(?:\.\d+)?)[. ]/gm)].map((m) => m[1]));

/** A path an example's own files name, relative to that example (`scripts/fetch-widget.mjs`). */
const inAnExample = (path: string) =>
  existsSync('examples') && readdirSync('examples').some((e) => existsSync(join('examples', e, path)));

describe('references resolve in the repository', () => {
  it('every DESIGN § a file cites is a section of docs/design.md', () => {
    const dangling: string[] = [];
    for (const file of files)
      for (const m of readFileSync(file, 'utf8').matchAll(/DESIGN(?:\.md)? §(\d+[a-z]?(?:\.\d+)?)/g))
        if (!sections.has(m[1])) dangling.push(`${file}: §${m[1]}`);
    expect(sections.size).toBeGreaterThan(15);
    expect(dangling).toEqual([]);
  });

  it('nothing cites CONVENTIONS, which is not in the repository', () => {
    const citing = files.filter(
      (f) => f !== 'tests/unit/design-references.test.ts' && readFileSync(f, 'utf8').includes('CONVENTIONS'),
    );
    expect(citing).toEqual([]);
  });

  it('every repository path a source file names exists', () => {
    const missing: string[] = [];
    const path =
      /(?<![\w./-])((?:api|core|client|widget\/src|admin\/src|site\/src|bench|scripts|docs)\/[\w./-]+\.(?:ts|tsx|md|sql|mjs))\b/g;
    for (const file of files) {
      if (file.startsWith('docs/decisions/')) continue; // records keep the names of their day
      for (const m of readFileSync(file, 'utf8').matchAll(path))
        if (!existsSync(m[1]) && !inAnExample(m[1]) && !m[1].includes('*')) missing.push(`${file}: ${m[1]}`);
    }
    expect([...new Set(missing)]).toEqual([]);
  });
});
