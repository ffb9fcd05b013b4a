/**
 * The widget's TypeScript declarations (widget/types/index.d.ts, shipped as
 * dist/widget/invoice-pay.d.ts) make `<invoice-pay>` type-check in a React/TSX host: the fixture
 * compiles, and its @ts-expect-error lines prove wrong attributes are refused.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('invoice-pay.d.ts', () => {
  it('types <invoice-pay> in TSX hosts (attributes, ref, events)', () => {
    const run = () =>
      execFileSync(
        process.execPath,
        [
          'node_modules/typescript/bin/tsc',
          '--noEmit',
          '--strict',
          '--jsx',
          'react-jsx',
          '--module',
          'esnext',
          '--moduleResolution',
          'bundler',
          '--target',
          'es2022',
          '--lib',
          'es2023,dom,dom.iterable',
          '--types',
          'react',
          '--allowImportingTsExtensions',
          '--skipLibCheck',
          'tests/unit/fixtures/invoice-pay-host.tsx',
        ],
        { encoding: 'utf8', stdio: 'pipe' },
      );
    let output = '';
    try {
      output = run();
    } catch (err) {
      output = String((err as { stdout?: string }).stdout ?? err);
    }
    expect(output).toBe('');
  }, 60_000);
});
