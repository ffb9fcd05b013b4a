/**
 * Fresh, migrated databases for tests. `TEST_DB=postgres` gives each call its own PostgreSQL schema
 * on TEST_POSTGRES_URL (dropped on close); otherwise an in-memory SQLite database.
 * When PostgreSQL is unreachable the Postgres project skips visibly, unless REQUIRE_POSTGRES=1.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres, openSqlite, type AppDatabase } from '../../api/db/database.ts';
import { migrate } from '../../api/migrations.ts';

export const TEST_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://invoicepay:invoicepay@127.0.0.1:5432/invoicepay_test';
export const testDialect: 'sqlite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

let reachable: Promise<boolean> | null = null;
export function postgresReachable(): Promise<boolean> {
  reachable ??= (async () => {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return reachable;
}

/** True when this run should skip (Postgres project, server unreachable, not required). */
export async function skipPostgres(): Promise<boolean> {
  if (testDialect !== 'postgres') return false;
  if (await postgresReachable()) return false;
  if (process.env.REQUIRE_POSTGRES === '1')
    throw new Error(`PostgreSQL is required (REQUIRE_POSTGRES=1) but unreachable at ${TEST_POSTGRES_URL}`);
  return true;
}

/** A fresh schema in the test PostgreSQL database, and a URL whose connections use it. */
export async function createPostgresSchema(): Promise<{
  url: string;
  schema: string;
  drop(): Promise<void>;
}> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    schema,
    async drop() {
      const c = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

/** A freshly migrated database of the dialect under test. */
export async function createTestDatabase(): Promise<AppDatabase> {
  if (testDialect === 'postgres') {
    const s = await createPostgresSchema();
    const database = openPostgres(s.url, 5);
    await migrate(database);
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        await s.drop();
      },
    };
  }
  const database = openSqlite(':memory:');
  await migrate(database);
  return database;
}
