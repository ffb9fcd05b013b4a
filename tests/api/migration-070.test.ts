/**
 * Migration 070 (metadata) on a database of the previous schema: pay links, payments and refunds get
 * `metadata`, empty for the rows there (the API answers `{}` for them).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../api/migrations.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { databaseBefore } from './support/migration.ts';

const skip = await skipPostgres();
const MIGRATION = '070-metadata';

describe.skipIf(skip)(`migration 070 (${testDialect})`, () => {
  let close = async () => {};
  afterAll(() => close());

  it('adds metadata to pay links, payments and refunds', async () => {
    const before = await databaseBefore(MIGRATION, (schema) => {
      const without = schema.replace(
        /,\n {2}-- The integrator's key-value data[^\n]*\n {2}metadata TEXT/g,
        '',
      );
      expect(schema.length - without.length).toBeGreaterThan(0);
      return without;
    });
    close = before.close;
    const { database } = before;
    expect(await migrate(database)).toEqual({ fresh: false, applied: [MIGRATION] });
    for (const table of ['pay_links', 'payments', 'refunds'] as const) {
      const rows = await database.db.selectFrom(table).select('metadata').limit(1).execute();
      expect(rows, table).toEqual([]);
    }
  });
});
