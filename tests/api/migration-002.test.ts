/**
 * Migration 002 (server-confirmed payments) brings a database made by the previous schema up to
 * date: the payments' confirmation token, quoted method, wallet and charged ≠ quoted columns, the
 * decline counters and the payment method domains — the same as a fresh database, rows kept.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres, openSqlite, type AppDatabase } from '../../api/db/database.ts';
import { migrate } from '../../api/migrations.ts';
import { listMigrations, splitStatements } from '../../api/db/migrate.ts';
import { createTestApp } from '../support/app.ts';
import { createPostgresSchema, skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();
const MIGRATION = '002-server-confirmed-payments';
const NEW_COLUMNS = /^\s*(confirmation_token|quoted_method|method_mismatch|card_wallet) TEXT,$/;
const NEW_TABLES = ['decline_counters', 'payment_method_domains'];

/** schema.sql as it was before migration 002: without its columns, tables and index. */
function previousSchema(): string {
  const lines = readFileSync(new URL('../../schema.sql', import.meta.url), 'utf8').split('\n');
  const out: string[] = [];
  let skipping = false;
  for (const line of lines) {
    if (NEW_TABLES.some((t) => line.startsWith(`CREATE TABLE ${t} `))) skipping = true;
    if (!skipping && !NEW_COLUMNS.test(line) && !line.startsWith('CREATE INDEX decline_counters_blocked'))
      out.push(line);
    if (skipping && line.startsWith(');')) skipping = false;
  }
  return out.join('\n');
}

describe.skipIf(skip)(`migration 002 (${testDialect})`, () => {
  let database: AppDatabase;
  let cleanup = async () => {};
  afterAll(async () => {
    await database?.close();
    await cleanup();
  });

  async function columns(db: AppDatabase, table: string): Promise<string[]> {
    if (db.dialect === 'sqlite') {
      const r = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(db.db);
      return r.rows.map((c) => c.name).sort();
    }
    const r = await sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${table}`.execute(db.db);
    return r.rows.map((c) => c.name).sort();
  }

  it('adds the columns and tables of server-confirmed payments, keeping existing rows', async () => {
    if (testDialect === 'postgres') {
      const s = await createPostgresSchema();
      database = openPostgres(s.url, 2);
      cleanup = s.drop;
    } else database = openSqlite(':memory:');
    const previous = previousSchema();
    expect(previous).not.toMatch(/decline_counters|payment_method_domains|confirmation_token/);
    await sql`CREATE TABLE schema_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`.execute(
      database.db,
    );
    for (const statement of splitStatements(previous)) await sql.raw(statement).execute(database.db);
    const others = ['000-schema', ...listMigrations().map((m) => m.version)].filter((v) => v !== MIGRATION);
    await database.db
      .insertInto('schema_migrations')
      .values(others.map((version) => ({ version, applied_at: '2026-01-01T00:00:00.000Z' })))
      .execute();
    await sql`INSERT INTO merchants (id, shortcode, business_name, name, email, created_at, last_updated)
      VALUES ('m-1', 'm1', 'Timber', 'Pat', 'pat@timber.test', '2026-01-01', '2026-01-01')`.execute(
      database.db,
    );

    expect(await migrate(database)).toEqual({ fresh: false, applied: [MIGRATION] });
    const fresh = await createTestApp();
    try {
      for (const table of ['payments', ...NEW_TABLES])
        expect(await columns(database, table)).toEqual(await columns(fresh.deps.database, table));
    } finally {
      await fresh.close();
    }
    expect(await database.db.selectFrom('merchants').select('id').execute()).toEqual([{ id: 'm-1' }]);
  });
});
