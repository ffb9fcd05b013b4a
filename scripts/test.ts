/**
 * `npm test`: builds the front ends, runs `npm run lint` (ESLint import zones, knip), then every suite — unit, the API suite on SQLite, the same
 * API suite on PostgreSQL (skipped visibly when unreachable unless REQUIRE_POSTGRES=1), the slow
 * tests (every benchmark in quick mode), the browser end-to-end suite against the real server in
 * Chromium and the reliability suite. `--quick` (npm run test:quick, the edit loop: about 2 minutes
 * on 2 cores) runs the unit and SQLite API suites only — no build, lint, PostgreSQL, slow, browser or
 * reliability suite. Extra arguments are passed to vitest (e.g. a file filter).
 * Prints one summary line per suite and a closing `tests: N passed, N failed` line.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { buildSurfaces } from './build-lib.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const passThrough = args.filter((a) => a !== '--quick');

const suites = [
  { project: 'unit', label: 'unit' },
  { project: 'api-sqlite', label: 'API on SQLite' },
  ...(quick
    ? []
    : [
        { project: 'api-postgres', label: 'API on PostgreSQL' },
        { project: 'slow', label: 'slow (every benchmark in quick mode)' },
        { project: 'e2e', label: 'browser end-to-end (Chromium)' },
        { project: 'reliability', label: 'reliability and security (crash, fuzz, XSS, headers)' },
      ]),
];

if (!quick) await buildSurfaces();

// The layers and the dead-code check first (npm run lint: ESLint's import zones, then knip); a
// failure fails the run and is named in the closing summary, but the suites still run.
// The quick loop leaves it to `npm test` (and the editor).
const lintStarted = Date.now();
const lint = quick
  ? { status: 0 }
  : spawnSync('npm', ['run', '--silent', 'lint'], { stdio: 'inherit', env: process.env });
const lintLine = quick
  ? 'lint: not run by test:quick (npm run lint)'
  : `lint (ESLint zones, knip): ${lint.status === 0 ? 'passed' : `FAILED (exit ${lint.status})`} (${((Date.now() - lintStarted) / 1000).toFixed(0)} s)`;

interface VitestJson {
  testResults?: {
    name: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numTotalTests: number;
  success: boolean;
}

mkdirSync('test-results', { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines: string[] = [lintLine];
const failures: string[] = lint.status === 0 ? [] : ['lint: npm run lint failed (its output is above)'];
let ok = lint.status === 0;

/** The failed tests of one suite, each with the first lines of its message, for the closing summary. */
function failuresOf(label: string, result: VitestJson): string[] {
  const found: string[] = [];
  for (const file of result.testResults ?? []) {
    const where = file.name.replace(process.cwd() + '/', '');
    const failed = file.assertionResults.filter((t) => t.status === 'failed');
    if (failed.length === 0 && file.message) found.push(`${label} · ${where}: ${firstLines(file.message)}`);
    for (const test of failed) {
      found.push(`${label} · ${where} · ${test.fullName}: ${firstLines(test.failureMessages[0] ?? '')}`);
    }
  }
  return found;
}

function firstLines(message: string): string {
  return message.split('\n').slice(0, 6).join('\n    ');
}

for (const suite of suites) {
  const out = `test-results/${suite.project}.json`;
  rmSync(out, { force: true });
  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      suite.project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      '--passWithNoTests',
      ...passThrough,
    ],
    { stdio: 'inherit', env: process.env },
  );
  let result: VitestJson | null = null;
  try {
    result = JSON.parse(readFileSync(out, 'utf8'));
  } catch {
    result = null;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (!result) {
    ok = false;
    lines.push(`${suite.label}: runner failed (exit ${run.status})`);
    continue;
  }
  const skipped = result.numPendingTests + result.numTodoTests;
  totals.passed += result.numPassedTests;
  totals.failed += result.numFailedTests;
  totals.skipped += skipped;
  if (run.status !== 0 || result.numFailedTests > 0) ok = false;
  failures.push(...failuresOf(suite.label, result));
  lines.push(
    `${suite.label}: ${result.numPassedTests} passed, ${result.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''} (${seconds} s)`,
  );
}

// The failures again at the very end, where a CI log's tail shows them.
if (failures.length > 0) console.log('\nfailed:\n' + failures.map((f) => `  ${f}`).join('\n'));
console.log('\n' + lines.join('\n'));
console.log(
  `tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(ok && totals.passed > 0 ? 0 : 1);
