/**
 * Build the real app for API tests: fresh migrated database, test config, silent logger, a clock
 * tests can move. Call `app.request()` on the result.
 */
import { createApp } from '../../api/app.ts';
import { loadConfig, type Config } from '../../api/config.ts';
import type { AppDeps, Clock } from '../../api/context.ts';
import { createLogger } from '../../api/logger.ts';
import { createTestDatabase } from './db.ts';

export class TestClock implements Clock {
  #now: number;
  constructor(start = Date.parse('2026-11-22T00:00:00.000Z')) {
    this.#now = start;
  }
  now() {
    return new Date(this.#now);
  }
  advance(ms: number) {
    this.#now += ms;
  }
}

export function testConfig(overrides: Record<string, string> = {}): Readonly<Config> {
  return loadConfig({
    NODE_ENV: 'test',
    PUBLIC_BASE_URL: 'http://127.0.0.1:8787',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    ENCRYPTION_KEY: 'test-encryption-key-test-encryption-key',
    RATE_LIMITS: '0',
    LOG_LEVEL: 'silent',
    STATIC_DIR: 'dist',
    ...overrides,
  });
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  clock: TestClock;
  close(): Promise<void>;
}

export async function createTestApp(options: { env?: Record<string, string> } = {}): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = await createTestDatabase();
  const clock = new TestClock();
  const deps: AppDeps = { config, database, logger: createLogger('silent'), clock };
  return { app: createApp(deps), deps, clock, close: () => database.close() };
}

/** JSON request helper: `await json(app, 'POST', '/api/x', body, { authorization })`. */
export async function json(
  app: TestApp['app'],
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await app.request(path, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}
