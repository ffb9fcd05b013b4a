/**
 * What happens after a crash run, shared by the crash tests: the server is gone, and in-process on
 * the same databases with the clock 31 minutes on the provider retries its undelivered events, the
 * expiry sweep releases what abandoned or interrupted attempts still hold (recording any success it
 * finds at the provider), and the accounting worker delivers what is due. Asserts that each step
 * finishes (no event pending, no sweep error, an empty outbox) and answers how many reservations
 * the sweep settled.
 */
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { createApp } from '../../../api/app.ts';
import type { AppDeps } from '../../../api/context.ts';
import type { AppDatabase } from '../../../api/db/database.ts';
import { createLogger } from '../../../api/logger.ts';
import { createMailer } from '../../../api/mail/create-mailer.ts';
import { staticResolveHost } from '../../../api/net/resolve.ts';
import { runOutboxOnce } from '../../../api/accounting/sync/worker.ts';
import { expireReservations } from '../../../api/payments/lifecycle/expiry.ts';
import { createPaymentProvider } from '../../../api/payment-providers.ts';
import { BENCH_ENCRYPTION_KEY, BENCH_JWT_SECRET } from '../../../bench/servers/app-server.ts';
import { TestClock, testConfig } from '../../support/app.ts';
import { createAppCaches } from '../../../api/app-caches.ts';

export async function settleAfterCrashes(options: {
  /** The app's database URL and the sandbox provider's (`sqlite:…`). */
  databaseUrl: string;
  sandboxDatabaseUrl: string;
  env: Record<string, string>;
  open: () => AppDatabase;
}): Promise<{ swept: number }> {
  const config = testConfig({
    DATABASE_URL: options.databaseUrl,
    SANDBOX_DATABASE_URL: options.sandboxDatabaseUrl,
    JWT_SECRET: BENCH_JWT_SECRET,
    ENCRYPTION_KEY: BENCH_ENCRYPTION_KEY,
    ...options.env,
  });
  const clock = new TestClock(Date.now() + 31 * 60_000);
  // Warnings (and the events the app did not acknowledge) are kept so a failed step says why.
  const warnings: string[] = [];
  const logger = createLogger('debug', {
    write: (line: string) => {
      if (/"level":[4-6]\d|not acknowledged/.test(line)) warnings.push(line.trim());
    },
  });
  const database = options.open();
  let app: ReturnType<typeof createApp> | null = null;
  const payments = await createPaymentProvider(config, {
    logger,
    clock,
    autoDeliver: false,
    deliver: async (raw, signature) =>
      (
        await app!.request('/api/webhooks/stripe', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: raw,
        })
      ).status,
  });
  const deps: AppDeps = {
    config,
    database,
    logger,
    clock,
    payments,
    mailer: createMailer({ config, database, logger, clock }),
    resolveHost: staticResolveHost({ localhost: ['127.0.0.1'] }),
    caches: createAppCaches({ database, clock, logger }),
  };
  app = createApp(deps);
  const pendingEvents = () => {
    if (!options.sandboxDatabaseUrl.startsWith('sqlite:')) return '';
    const db = new Database(options.sandboxDatabaseUrl.slice('sqlite:'.length), { readonly: true });
    try {
      return JSON.stringify(db.prepare(`SELECT * FROM sandbox_events WHERE status = 'pending'`).all());
    } finally {
      db.close();
    }
  };
  try {
    const first = await payments.flushEvents();
    expect(first.pending, `${JSON.stringify(first)} ${warnings.join('\n')} ${pendingEvents()}`).toBe(0);
    const swept = await expireReservations(deps, 10_000);
    expect(swept.errors, warnings.join('\n')).toBe(0);
    expect((await payments.flushEvents()).pending, warnings.join('\n')).toBe(0);
    for (let i = 0; i < 100; i++) {
      const run = await runOutboxOnce(deps, { limit: 100 });
      if (run.claimed === 0) break;
    }
    const left = await database.db
      .selectFrom('outbox')
      .select(['kind', 'status', 'attempts', 'last_error'])
      .where('status', '<>', 'delivered')
      .execute();
    expect(left).toEqual([]);
    return { swept: swept.expired + swept.succeeded + swept.other };
  } finally {
    await payments.close();
    await database.close();
  }
}
