/**
 * One catalogue: a message the server and the browsers share is written only in core/messages.ts.
 * A copy typed out again as a string literal elsewhere (a new route, a widget text) would drift
 * from it unnoticed; this finds such copies in the app's source (tests may quote the words).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as catalogue from '../../../core/messages.ts';

const ROOTS = ['api', 'client', 'core', 'widget/src', 'site/src', 'admin/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && path !== join('core', 'messages.ts')
      ? [path]
      : [];
  });
}

const fixedMessages = Object.values(catalogue)
  .flatMap((group) => Object.values(group as Record<string, unknown>))
  .filter((message): message is string => typeof message === 'string');

describe('core/messages.ts', () => {
  it('is the only place a shared message is written', () => {
    const copies: string[] = [];
    for (const file of ROOTS.flatMap(sourceFiles)) {
      // Comments may quote a message (documentation); code may not.
      const source = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      for (const message of fixedMessages)
        for (const quote of ["'", '"', '`'])
          if (source.includes(`${quote}${message}${quote}`)) copies.push(`${file}: ${message}`);
    }
    expect(copies).toEqual([]);
  });
});
