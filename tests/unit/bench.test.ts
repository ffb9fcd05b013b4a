/**
 * The benchmark harness judges and reports (budgets both ways, skipped benchmarks as skipped). That
 * every registered benchmark runs in quick mode is tests/slow/bench-quick.test.ts (`npm test`).
 */
import { describe, expect, it } from 'vitest';
import { BenchSkipped, formatTable, judge, runBenchmarks, type Benchmark } from '../../bench/harness.ts';

describe('benchmark harness', () => {
  it('judges budgets in both directions and reports failures', async () => {
    const max: Benchmark = {
      name: 'a',
      unit: 'KB',
      budget: 10,
      direction: 'max',
      description: '',
      run: async () => 11,
    };
    const min: Benchmark = {
      name: 'b',
      unit: 'x',
      budget: 5,
      direction: 'min',
      description: '',
      run: async () => 6,
    };
    const boom: Benchmark = {
      name: 'c',
      unit: 'x',
      budget: null,
      direction: 'min',
      description: '',
      run: async () => {
        throw new Error('no server');
      },
    };
    expect(judge(max, 10)).toBe(true);
    const results = await runBenchmarks([max, min, boom]);
    expect(results.map((r) => r.pass)).toEqual([false, true, false]);
    expect(results[2].error).toBe('no server');
    expect(formatTable(results, [max, min, boom])).toMatch(/a\s+11 KB\s+≤ 10 KB\s+FAIL/);
  });

  it('prints a benchmark that cannot run here as skipped, with its reason, not as a pass or failure', async () => {
    const noPostgres: Benchmark = {
      name: 'needs-postgres',
      unit: 'x',
      budget: 0,
      direction: 'max',
      description: '',
      run: async () => {
        throw new BenchSkipped('PostgreSQL not reachable at 127.0.0.1:5432');
      },
    };
    const lines: string[] = [];
    const [result] = await runBenchmarks([noPostgres], { log: (m) => lines.push(m) });
    expect(result).toMatchObject({ skipped: 'PostgreSQL not reachable at 127.0.0.1:5432', pass: true });
    expect(result.error).toBeUndefined();
    expect(lines).toContain('skipped needs-postgres: PostgreSQL not reachable at 127.0.0.1:5432');
    expect(formatTable([result], [noPostgres])).toMatch(
      /needs-postgres\s+skipped: PostgreSQL not reachable at 127.0.0.1:5432\s+≤ 0 x\s+skip/,
    );
  });
});
