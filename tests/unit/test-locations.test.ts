/**
 * Where tests live (CONTRIBUTING.md): every test file is under tests/, in the folder of its vitest
 * project (unit, api, slow, e2e, reliability) — none beside the code it tests.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CODE = ['api', 'core', 'client', 'site', 'admin', 'widget', 'scripts', 'bench', 'examples'];
const TEST_FILE = /\.(test|spec)\.(ts|tsx|js|mjs)$/;

function testsIn(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) testsIn(path, out);
    else if (TEST_FILE.test(name)) out.push(path);
  }
  return out;
}

describe('test locations', () => {
  it('keeps every test under tests/<project>/', () => {
    expect(CODE.flatMap((dir) => testsIn(dir))).toEqual([]);
    const projects = readdirSync('tests').filter((d) => statSync(join('tests', d)).isDirectory());
    const stray = testsIn('tests').filter(
      (f) => !['unit', 'api', 'slow', 'e2e', 'reliability'].includes(f.split('/')[1]!),
    );
    expect(projects).toEqual(expect.arrayContaining(['unit', 'api', 'slow', 'e2e', 'reliability']));
    // Fixtures (a React 18 workspace) hold no tests of ours.
    expect(stray.filter((f) => !f.includes('/node_modules/'))).toEqual([]);
  });
});
