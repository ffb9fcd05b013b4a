import { defineConfig } from 'vitest/config';

/**
 * Projects: `unit` (pure code), `api-sqlite` and `api-postgres` (the same API suite on both
 * databases), `slow` (the benchmark harness running every benchmark; `npm test` only), `e2e` (the
 * real server driven through Chromium; `npm test` only), `reliability` (crash safety, fuzzing, XSS,
 * headers against the real server; `npm test` only; DEEP=1 scales it up).
 *
 * The API suites share their modules between files in a worker (`isolate: false`): each file builds
 * its own app, database and clock (tests/support/app.ts), so nothing a file sets up reaches another,
 * and the app's ~4 s of imports are paid once per worker instead of once per file (SQLite suite:
 * 173 s → 40 s on 2 cores). The unit project keeps isolation: its files replace `fetch` and globals.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // Every test lives under tests/ (CONTRIBUTING.md).
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api-sqlite',
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DB: 'sqlite' },
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'slow',
          include: ['tests/slow/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'e2e',
          // One retry for browser tests only: a real Chromium on a loaded 2-core machine occasionally
          // misses a timing window; a genuine failure still fails twice and is reported.
          retry: 1,
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
