/**
 * Migration 066 (invoice details on links) on a database of the previous schema: merchants get
 * `invoice_details_on_links`, off for every existing merchant (a signed pay link shows the invoice;
 * an ordinary link only once the merchant turns this on).
 */
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres, openSqlite, type AppDatabase } from '../../api/db/database.ts';
import { listMigrations, migrate, splitStatements } from '../../api/db/migrate.ts';
import { createPostgresSchema, skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();
const MIGRATION = '066-invoice-details';

function previousSchema(): string {
  const now = readFileSync(new URL('../../schema.sql', import.meta.url), 'utf8');
  const before = now.replace(
    /,\n {2}-- Ordinary pay links show[^\n]*\n {2}invoice_details_on_links [^\n]*\n/,
    '\n',
  );
  expect(before).not.toContain('invoice_details_on_links');
  return before;
}

describe.skipIf(skip)(`migration 066 (${testDialect})`, () => {
  let database: AppDatabase;
  let cleanup = async () => {};
  afterAll(async () => {
    await database?.close();
    await cleanup();
  });

  it('adds invoice_details_on_links, off for the merchants there', async () => {
    if (testDialect === 'postgres') {
      const s = await createPostgresSchema();
      database = openPostgres(s.url, 2);
      cleanup = s.drop;
    } else database = openSqlite(':memory:');
    const db = database.db;
    await sql`CREATE TABLE schema_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`.execute(
      db,
    );
    for (const statement of splitStatements(previousSchema())) await sql.raw(statement).execute(db);
    const others = ['000-schema', ...listMigrations().map((m) => m.version)].filter((v) => v !== MIGRATION);
    await db
      .insertInto('schema_migrations')
      .values(others.map((version) => ({ version, applied_at: '2026-01-01T00:00:00.000Z' })))
      .execute();
    const at = '2026-11-28T08:00:00.000Z';
    const merchant = { shortcode: 'm1', business_name: 'Acme', name: 'Pat', email: 'pat@acme.test' };
    await db
      .insertInto('merchants')
      .values({ id: 'm-1', ...merchant, created_at: at, last_updated: at })
      .execute();

    expect(await migrate(database)).toEqual({ fresh: false, applied: [MIGRATION] });

    const row = await db
      .selectFrom('merchants')
      .select('invoice_details_on_links')
      .where('id', '=', 'm-1')
      .executeTakeFirstOrThrow();
    expect(Number(row.invoice_details_on_links)).toBe(0);
    await expect(
      db
        .updateTable('merchants')
        .set({ invoice_details_on_links: 2 as 1 })
        .where('id', '=', 'm-1')
        .execute(),
    ).rejects.toThrow();
  });
});
