/**
 * `npm run bench [-- --only NAME] [-- --quick]`: runs the benchmarks, prints the table, writes
 * bench/results.json. Builds the front ends first when they are missing.
 */
import { writeFileSync } from 'node:fs';
import { buildSurfaces, missingSurfaces } from '../scripts/build-lib.ts';
import { formatTable, runBenchmarks } from './harness.ts';
import { benchmarks } from './registry.ts';

const argv = process.argv.slice(2);
const onlyIndex = argv.indexOf('--only');
const only = onlyIndex >= 0 ? argv[onlyIndex + 1]?.split(',') : null;
const quick = argv.includes('--quick');

const selected = only ? benchmarks.filter((b) => only.includes(b.name)) : benchmarks;
if (only && selected.length !== only.length) {
  console.error(`Unknown benchmark. Known: ${benchmarks.map((b) => b.name).join(', ')}`);
  process.exit(2);
}
const missing = missingSurfaces();
if (missing.length) await buildSurfaces(missing);

const results = await runBenchmarks(selected, { quick, log: (m) => console.error(m) });
console.log(formatTable(results, selected));
writeFileSync('bench/results.json', JSON.stringify(results, null, 2) + '\n');
console.log('\nwritten to bench/results.json');
process.exit(results.every((r) => r.pass) ? 0 : 1);
