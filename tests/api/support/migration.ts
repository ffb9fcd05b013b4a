/**
 * A database one migration behind today's (for the migration-NNN tests): today's schema.sql with
 * that migration's change taken out (`edit`, which must change something), every other migration
 * recorded as applied, on SQLite in memory or a fresh PostgreSQL schema. `migrate()` then applies
 * exactly the one left out.
 *
 * @example const { database, close } = await databaseBefore('065-card-receipts', (s) => s.replace(NEW, OLD));
 */
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { openPostgres, openSqlite, type AppDatabase } from '../../../api/db/database.ts';
import { listMigrations, splitStatements } from '../../../api/db/migrate.ts';
import { createPostgresSchema, testDialect } from '../../support/db.ts';

export async function databaseBefore(
  migration: string,
  edit: (schema: string) => string,
): Promise<{ database: AppDatabase; close: () => Promise<void> }> {
  const today = readFileSync(new URL('../../../schema.sql', import.meta.url), 'utf8');
  const before = edit(today);
  if (before === today) throw new Error(`${migration}: the edit left schema.sql as it is`);
  let database: AppDatabase;
  let drop = async () => {};
  if (testDialect === 'postgres') {
    const s = await createPostgresSchema();
    database = openPostgres(s.url, 2);
    drop = s.drop;
  } else database = openSqlite(':memory:');
  const db = database.db;
  await sql`CREATE TABLE schema_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`.execute(db);
  for (const statement of splitStatements(before)) await sql.raw(statement).execute(db);
  const others = ['000-schema', ...listMigrations().map((m) => m.version)].filter((v) => v !== migration);
  await db
    .insertInto('schema_migrations')
    .values(others.map((version) => ({ version, applied_at: '2026-01-01T00:00:00.000Z' })))
    .execute();
  return {
    database,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

/** schema.sql's payment notices without migration 079's `ref` (and its place in the UNIQUE). */
export function noticesWithoutRef(schema: string): string {
  return schema
    .replace(
      /\n\s*-- What the notice is about beyond its payment[^\n]*\n\s*ref TEXT NOT NULL DEFAULT '',/,
      '',
    )
    .replace('UNIQUE (payment_id, kind, ref)', 'UNIQUE (payment_id, kind)');
}

/** One merchant `m-1` with one succeeded payment `p-1` (A$10.00), for the rows a migration must keep. */
export async function seedPayment(database: AppDatabase, at: string): Promise<void> {
  await database.db
    .insertInto('merchants')
    .values({
      id: 'm-1',
      shortcode: 'm1',
      business_name: 'Acme',
      name: 'Pat',
      email: 'pat@acme.test',
      created_at: at,
      last_updated: at,
    })
    .execute();
  await database.db
    .insertInto('payments')
    .values({
      id: 'p-1',
      merchant_id: 'm-1',
      invoice_number: 'INV-1',
      currency: 'AUD',
      amount: 1000,
      total_amount: 1000,
      status: 'succeeded',
      created_at: at,
      updated_at: at,
    })
    .execute();
}
