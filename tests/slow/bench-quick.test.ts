/**
 * Every registered benchmark runs in quick mode and yields a finite figure (about a minute on 2
 * cores: the `slow` project, run by `npm test`, not by `npm run test:quick`). No timing is asserted
 * here: figures are for `npm run bench`. A benchmark that cannot run here (no PostgreSQL) is skipped.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runBenchmarks } from '../../bench/harness.ts';
import { benchmarks } from '../../bench/registry.ts';

describe('benchmark harness, every benchmark', () => {
  it.skipIf(!existsSync('dist/widget/invoice-pay.js'))(
    'runs every registered benchmark in quick mode',
    async () => {
      const results = await runBenchmarks(benchmarks, { quick: true });
      expect(results.map((r) => r.name)).toEqual(benchmarks.map((b) => b.name));
      for (const r of results) {
        expect(r.error, r.name).toBeUndefined();
        if (r.skipped && process.env.REQUIRE_POSTGRES !== '1') continue; // no PostgreSQL here (CI has one)
        expect(Number.isFinite(r.value), r.name).toBe(true);
      }
      // A ceiling figure may rightly be 0 (overpaid invoices, error rate, blocking time); a floor
      // figure (a rate) of 0 means the benchmark measured nothing. Both kinds are registered.
      const directionOf = (name: string) => benchmarks.find((b) => b.name === name)!.direction;
      const ceilings = results.filter((r) => directionOf(r.name) === 'max');
      const floors = results.filter((r) => directionOf(r.name) === 'min');
      expect(ceilings.length).toBeGreaterThan(0);
      expect(floors.length).toBeGreaterThan(0);
      for (const r of ceilings) expect(r.value, r.name).toBeGreaterThanOrEqual(0);
      for (const r of floors) expect(r.value, r.name).toBeGreaterThan(0);
    },
    240_000,
  );
});
