/**
 * Migration 040 (bank debits) brings a database made by the previous schema up to date: the
 * merchants' BECS Direct Debit settings, the payments' bank account, mandate, clearing and dispute
 * columns, the disputes and notices tables — the same as a fresh database, rows kept (existing
 * merchants get bank debit off, existing payments are cards).
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
const MIGRATION = '040-bank-debits';
const NEW_COLUMNS =
  /^\s*(becs_enabled|becs_minimum_amount|becs_surcharge_bps|becs_surcharge_cap|method_type|bank_bsb|bank_last4|mandate_reference|processing_at|clears_by|dispute_status) /;
const NEW_TABLES = ['payment_disputes', 'payment_notices'];

/** schema.sql as it was before migration 040: without its columns, tables and indexes. */
function previousSchema(): string {
  const lines = readFileSync(new URL('../../schema.sql', import.meta.url), 'utf8').split('\n');
  const out: string[] = [];
  let skipping = false;
  for (const line of lines) {
    if (NEW_TABLES.some((t) => line.startsWith(`CREATE TABLE ${t} `))) skipping = true;
    const dropped =
      skipping ||
      line.trim().startsWith('--') ||
      NEW_COLUMNS.test(line) ||
      /^CREATE INDEX (payments_dispute_status|payment_disputes_|payment_notices_)/.test(line);
    if (!dropped) out.push(line);
    if (skipping && line.startsWith(');')) skipping = false;
  }
  // A table whose last columns were dropped ends with a comma before its `);`.
  return out.join('\n').replace(/,\s*\n\);/g, '\n);');
}

describe.skipIf(skip)(`migration 040 (${testDialect})`, () => {
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

  it('adds the bank debit columns and tables, keeping existing merchants (bank debit off) and payments (cards)', async () => {
    if (testDialect === 'postgres') {
      const s = await createPostgresSchema();
      database = openPostgres(s.url, 2);
      cleanup = s.drop;
    } else database = openSqlite(':memory:');
    const previous = previousSchema();
    expect(previous).not.toMatch(/becs_|payment_disputes|payment_notices|mandate_reference/);
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
    await sql`INSERT INTO payments (id, merchant_id, invoice_number, amount, total_amount, created_at, updated_at)
      VALUES ('p-1', 'm-1', 'INV-1', 100, 103, '2026-01-01', '2026-01-01')`.execute(database.db);

    expect(await migrate(database)).toEqual({ fresh: false, applied: [MIGRATION] });
    const fresh = await createTestApp();
    try {
      // (Migration 067, recorded as applied here, adds `seq` to payment_disputes after 040 made it.)
      // (And 079, also recorded as applied, adds `ref` to payment_notices.)
      const without067 = (cols: string[], table: string) =>
        table === 'payment_disputes'
          ? cols.filter((c) => c !== 'seq')
          : table === 'payment_notices'
            ? cols.filter((c) => c !== 'ref')
            : cols;
      for (const table of ['merchants', 'payments', ...NEW_TABLES])
        expect(await columns(database, table)).toEqual(
          without067(await columns(fresh.deps.database, table), table),
        );
    } finally {
      await fresh.close();
    }
    expect(
      await database.db
        .selectFrom('merchants')
        .select(['id', 'becs_enabled', 'becs_surcharge_bps'])
        .execute(),
    ).toEqual([{ id: 'm-1', becs_enabled: 0, becs_surcharge_bps: 0 }]);
    expect(await database.db.selectFrom('payments').select(['id', 'method_type']).execute()).toEqual([
      { id: 'p-1', method_type: 'card' },
    ]);
  });
});
