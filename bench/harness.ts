/**
 * Benchmark harness. A benchmark measures one figure against a DESIGN §9 budget. `npm run bench`
 * runs every registered benchmark, prints a table and writes bench/results.json
 * (`[{ name, value, unit, budget, pass }]`). Quick mode (tests) runs each briefly to prove it works.
 */
export interface BenchContext {
  quick: boolean;
  /** Figures measured earlier in the same run (ratios divide by the reference). */
  results: Map<string, BenchResult>;
  log(message: string): void;
}

export interface Benchmark {
  name: string;
  unit: string;
  /** Budget and direction: 'max' means value must be ≤ budget, 'min' means ≥ budget; null = reference figure. */
  budget: number | null;
  direction: 'max' | 'min';
  description: string;
  run(ctx: BenchContext): Promise<number>;
}

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  budget: number | null;
  pass: boolean;
  error?: string;
  /** Why it was not measured here (e.g. no PostgreSQL on this machine); not a failure. */
  skipped?: string;
}

/** Thrown by a benchmark that cannot run on this machine (a missing service): printed, not failed. */
export class BenchSkipped extends Error {}

export function judge(b: Benchmark, value: number): boolean {
  if (b.budget === null) return Number.isFinite(value);
  return b.direction === 'max' ? value <= b.budget : value >= b.budget;
}

export async function runBenchmarks(
  benchmarks: Benchmark[],
  options: { quick?: boolean; log?: (m: string) => void } = {},
): Promise<BenchResult[]> {
  const results = new Map<string, BenchResult>();
  const log = options.log ?? (() => {});
  for (const b of benchmarks) {
    log(`running ${b.name}…`);
    try {
      const value = await b.run({ quick: options.quick ?? false, results, log });
      results.set(b.name, {
        name: b.name,
        value: round(value),
        unit: b.unit,
        budget: b.budget,
        pass: judge(b, value),
      });
    } catch (err) {
      if (err instanceof BenchSkipped) {
        log(`skipped ${b.name}: ${err.message}`);
        results.set(b.name, {
          name: b.name,
          value: NaN,
          unit: b.unit,
          budget: b.budget,
          pass: true,
          skipped: err.message,
        });
        continue;
      }
      results.set(b.name, {
        name: b.name,
        value: NaN,
        unit: b.unit,
        budget: b.budget,
        pass: false,
        error: (err as Error).message,
      });
    }
  }
  return [...results.values()];
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

export function formatTable(results: BenchResult[], benchmarks: Benchmark[]): string {
  const rows = results.map((r) => {
    const b = benchmarks.find((x) => x.name === r.name)!;
    const budget =
      r.budget === null ? 'reference' : `${b.direction === 'max' ? '≤' : '≥'} ${r.budget} ${r.unit}`;
    const value = r.skipped
      ? `skipped: ${r.skipped}`
      : r.error
        ? `error: ${r.error}`
        : `${r.value} ${r.unit}`;
    return [r.name, value, budget, r.skipped ? 'skip' : r.error ? 'FAIL' : r.pass ? 'pass' : 'FAIL'];
  });
  const head = ['benchmark', 'figure', 'budget', 'result'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
