import { defineConfig } from 'vitest/config';

/**
 * Projects: `unit` (pure code), `api-sqlite` and `api-postgres` (the same API suite on both
 * databases), `e2e` (the real server driven through Chromium; run by `npm test`, not `test:quick`),
 * `reliability` (crash safety, fuzzing, XSS, headers against the real server; `npm test` only; DEEP=1 scales it up).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'core/**/*.test.ts',
            'client/**/*.test.ts',
            'api/**/*.test.ts',
            'tests/unit/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api-sqlite',
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DB: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 30_000,
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
