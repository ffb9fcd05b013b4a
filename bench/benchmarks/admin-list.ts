/**
 * Admin payments list (DESIGN §9): 100,000 payments over 200 merchants, then the p95 latency of the
 * console's sorted, filtered page (`GET /api/admin/payments`, filtered by merchant and status,
 * newest first, with its Content-Range count) through the real app, in-process. Seeding is bulk
 * multi-row inserts in one transaction. Runs on SQLite (a temp file) and PostgreSQL (a fresh schema
 * on TEST_POSTGRES_URL, when reachable).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../api/app.ts';
import { signAccessToken } from '../../api/auth/access-token.ts';
import { loadConfig } from '../../api/config.ts';
import type { AppDeps, Clock } from '../../api/context.ts';
import { openPostgres, openSqlite, type AppDatabase } from '../../api/db/database.ts';
import { migrate } from '../../api/migrations.ts';
import type { NewPayment } from '../../api/db/types.ts';
import { createLogger } from '../../api/logger.ts';
import { createMailer } from '../../api/mail/create-mailer.ts';
import { createPaymentProvider } from '../../api/payment-providers.ts';
import { createPostgresSchema, postgresReachable, TEST_POSTGRES_URL } from '../../tests/support/db.ts';
import { BenchSkipped, type Benchmark, type BenchContext } from '../harness.ts';
import { createAppCaches } from '../../api/app-caches.ts';

const MERCHANTS = 200;
const STATUSES = [
  'succeeded',
  'succeeded',
  'succeeded',
  'succeeded',
  'partially_refunded',
  'refunded',
  'failed',
  'expired',
  'pending',
  'canceled',
] as const;
const clock: Clock = { now: () => new Date('2026-11-22T00:00:00.000Z') };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function seed(database: AppDatabase, payments: number): Promise<string[]> {
  const now = clock.now().getTime();
  const merchantIds = Array.from({ length: MERCHANTS }, () => crypto.randomUUID());
  await database.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('merchants')
      .values(
        merchantIds.map((id, i) => ({
          id,
          shortcode: id.slice(0, 8),
          business_name: `Bench Merchant ${i}`,
          name: 'Bench',
          email: `m${i}@bench.test`,
          created_at: clock.now().toISOString(),
          last_updated: clock.now().toISOString(),
        })),
      )
      .execute();
    const chunk = 500;
    for (let start = 0; start < payments; start += chunk) {
      const rows: NewPayment[] = [];
      for (let i = start; i < Math.min(payments, start + chunk); i++) {
        const at = new Date(now - i * 25_000).toISOString(); // ~29 days of history
        const amount = 1_000 + ((i * 7919) % 500_000);
        const status = STATUSES[Math.floor(i / MERCHANTS) % STATUSES.length];
        rows.push({
          id: crypto.randomUUID(),
          merchant_id: merchantIds[i % MERCHANTS],
          invoice_id: null,
          observation_id: null,
          invoice_number: `INV-${100000 + i}`,
          currency: 'AUD',
          amount,
          surcharge: Math.round(amount * 0.0295),
          surcharge_bps: 295,
          platform_fee: Math.round(amount * 1.0295 * 0.0125),
          total_amount: amount + Math.round(amount * 0.0295),
          link_amount: amount,
          payment_intent_id: `pi_bench_${i}`,
          session_id: null,
          pay_session_id: null,
          stripe_connect_account_id: 'acct_bench',
          status,
          reserved_until: null,
          customer_email: `c${i % 5000}@builder.test`,
          client_ip: null,
          card_brand: 'visa',
          card_last4: '4242',
          card_funding: 'credit',
          card_country: 'AU',
          surcharge_rule: null,
          failure_code: null,
          failure_message: null,
          xero_sync_status: null,
          xero_sync_time: null,
          xero_sync_error: null,
          succeeded_at: status === 'succeeded' ? at : null,
          created_at: at,
          updated_at: at,
        });
      }
      await trx.insertInto('payments').values(rows).execute();
    }
  });
  return merchantIds;
}

async function measure(ctx: BenchContext, database: AppDatabase, label: string): Promise<number> {
  const count = ctx.quick ? 5_000 : 100_000;
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_BASE_URL: 'http://127.0.0.1:8787',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    ENCRYPTION_KEY: 'bench-encryption-key-bench-encryption-key',
    RATE_LIMITS: '0',
    LOG_LEVEL: 'silent',
    SANDBOX_DATABASE_URL: 'sqlite::memory:',
  });
  const logger = createLogger('silent');
  const payments = await createPaymentProvider(config, {
    logger,
    clock,
    autoDeliver: false,
    deliver: async () => 200,
  });
  try {
    await migrate(database);
    const started = performance.now();
    const merchantIds = await seed(database, count);
    ctx.log(`${label}: seeded ${count} payments in ${Math.round(performance.now() - started)} ms`);
    const mailer = createMailer({ config, database, logger, clock });
    const deps: AppDeps = {
      config,
      database,
      logger,
      clock,
      mailer,
      payments,
      caches: createAppCaches({ database, clock, logger }),
    };
    const app = createApp(deps);
    const adminId = crypto.randomUUID();
    const at = clock.now().toISOString();
    await database.db
      .insertInto('users')
      .values({
        id: adminId,
        email: 'bench@admin.test',
        password_hash: 'x',
        role: 'admin',
        email_verified_at: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const headers = { authorization: `Bearer ${await signAccessToken(config.jwtSecret, adminId, clock)}` };

    const page = async (i: number) => {
      const filter = encodeURIComponent(
        JSON.stringify({ merchant_id: merchantIds[(i * 13) % MERCHANTS], status: 'succeeded' }),
      );
      const start = ctx.quick ? 0 : (i % 4) * 25;
      const res = await app.request(
        `/api/admin/payments?sort=${encodeURIComponent('["created_at","DESC"]')}&range=${encodeURIComponent(`[${start},${start + 24}]`)}&filter=${filter}`,
        { headers },
      );
      if (res.status !== 200) throw new Error(`${label}: list answered ${res.status}: ${await res.text()}`);
      const body = (await res.json()) as unknown[];
      if (!res.headers.get('content-range') || body.length === 0) throw new Error(`${label}: empty page`);
    };
    const warmup = ctx.quick ? 5 : 30;
    const runs = ctx.quick ? 20 : 300;
    for (let i = 0; i < warmup; i++) await page(i);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await page(i + warmup);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    ctx.log(
      `${label}: p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms over ${runs} pages`,
    );
    return p95;
  } finally {
    await payments.close();
    await database.close();
  }
}

export const adminListSqlite: Benchmark = {
  name: 'admin-payments-list-p95-sqlite',
  unit: 'ms',
  budget: 50,
  direction: 'max',
  description:
    'GET /api/admin/payments, 100k payments, filtered by merchant + status, newest first, p95 (SQLite)',
  async run(ctx) {
    const dir = mkdtempSync(join(tmpdir(), 'invoicepay-bench-'));
    try {
      return await measure(ctx, openSqlite(join(dir, 'app.db')), 'sqlite');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

export const adminListPostgres: Benchmark = {
  name: 'admin-payments-list-p95-postgres',
  unit: 'ms',
  budget: 50,
  direction: 'max',
  description:
    'GET /api/admin/payments, 100k payments, filtered by merchant + status, newest first, p95 (PostgreSQL)',
  async run(ctx) {
    if (!(await postgresReachable()))
      throw new BenchSkipped(`PostgreSQL not reachable at ${TEST_POSTGRES_URL.replace(/\/\/[^@]*@/, '//')}`);
    const schema = await createPostgresSchema();
    try {
      return await measure(ctx, openPostgres(schema.url, 5), 'postgres');
    } finally {
      await schema.drop();
    }
  },
};
