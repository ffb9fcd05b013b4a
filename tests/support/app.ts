/**
 * Build the real app for API tests: fresh migrated database, test config, silent logger, a clock
 * tests can move. Call `app.request()` on the result.
 */
import { createApp } from '../../api/app.ts';
import { loadConfig, type Config } from '../../api/config.ts';
import type { AppDeps, Clock } from '../../api/context.ts';
import { PasswordHasher } from '../../api/auth/password.ts';
import { createLogger, type Logger } from '../../api/logger.ts';
import { createMailer } from '../../api/mail/create-mailer.ts';
import { createPaymentProvider } from '../../api/payment-providers.ts';
import { deliverInProcess } from '../../api/webhooks/in-process.ts';
import type { AppDatabase } from '../../api/db/database.ts';
import { createTestDatabase } from './db.ts';
import { staticResolveHost, type ResolveHost } from '../../api/net/resolve.ts';
import { createAppCaches } from '../../api/app-caches.ts';
import { backgroundSettled } from '../../api/background.ts';

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
    SANDBOX_DATABASE_URL: 'sqlite::memory:',
    ...overrides,
  });
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  clock: TestClock;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    /** Sandbox events are delivered in the background (default); false: only `deps.payments.flushEvents()` delivers. */
    autoDeliverEvents?: boolean;
    /** DNS for outbound URLs (SSRF guard); default: a table with only localhost. */
    resolveHost?: ResolveHost;
    /** A database to use (closed with the app) instead of a fresh one: e.g. a second connection to another app's. */
    database?: AppDatabase;
    /** Where the app logs (default: nowhere); a test that checks what is logged passes its own. */
    logger?: Logger;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = options.database ?? (await createTestDatabase());
  const clock = new TestClock();
  const logger = options.logger ?? createLogger('silent');
  const mailer = createMailer({ config, database, logger, clock });
  // scrypt at OWASP cost takes ~0.7 s per hash here; tests use a cheap N (production default is OWASP).
  const passwordHasher = new PasswordHasher({ N: 2 ** 10, r: 8, p: 1 });
  // The sandbox provider (own in-memory database) delivers its signed events to this same app,
  // in-process; the app needs the provider, so the delivery target is bound once the app exists.
  // The server's own wiring (deliverInProcess), so every test that pays exercises it.
  let depsMade!: (deps: AppDeps) => void;
  const depsReady = new Promise<AppDeps>((resolve) => (depsMade = resolve));
  const payments = await createPaymentProvider(config, {
    logger,
    clock,
    autoDeliver: options.autoDeliverEvents ?? true,
    deliver: deliverInProcess(depsReady, logger),
  });
  // Outbound URLs resolve from a table (never real DNS): localhost only, unless a test passes its own.
  const resolveHost = options.resolveHost ?? staticResolveHost({ localhost: ['127.0.0.1'] });
  const deps: AppDeps = {
    config,
    database,
    logger,
    clock,
    mailer,
    passwordHasher,
    payments,
    resolveHost,
    caches: createAppCaches({ database, clock, logger }),
  };
  const app = createApp(deps);
  depsMade(deps); // once the app has wired its domains (api/wiring.ts), as the server does
  return {
    app,
    deps,
    clock,
    close: async () => {
      await payments.close();
      await backgroundSettled(deps);
      await database.close();
    },
  };
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
