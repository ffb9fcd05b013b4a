/**
 * Migration 069 (the staff refund limit) on a database of the previous schema: merchants get
 * `staff_refund_limit`, empty (any amount) for every existing merchant, never negative.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../api/migrations.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { databaseBefore } from './support/migration.ts';

const skip = await skipPostgres();
const MIGRATION = '069-staff-refund-limit';

describe.skipIf(skip)(`migration 069 (${testDialect})`, () => {
  let close = async () => {};
  afterAll(() => close());

  it('adds staff_refund_limit, empty for the merchants there', async () => {
    const before = await databaseBefore(MIGRATION, (schema) =>
      schema.replace(
        // (not the last column since migration 071: its line carries its own comma)
        /\n {2}-- The most a staff member may refund[^\n]*\n {2}staff_refund_limit [^\n]*,\n/,
        '\n',
      ),
    );
    close = before.close;
    const { database } = before;
    const db = database.db;
    const at = '2026-11-28T08:00:00.000Z';
    const merchant = { shortcode: 'm1', business_name: 'Acme', name: 'Pat', email: 'pat@acme.test' };
    await db
      .insertInto('merchants')
      .values({ id: 'm-1', ...merchant, created_at: at, last_updated: at })
      .execute();

    expect(await migrate(database)).toEqual({ fresh: false, applied: [MIGRATION] });

    const row = await db
      .selectFrom('merchants')
      .select('staff_refund_limit')
      .where('id', '=', 'm-1')
      .executeTakeFirstOrThrow();
    expect(row.staff_refund_limit).toBeNull();
    await db.updateTable('merchants').set({ staff_refund_limit: 500 }).where('id', '=', 'm-1').execute();
    await expect(
      db.updateTable('merchants').set({ staff_refund_limit: -1 }).where('id', '=', 'm-1').execute(),
    ).rejects.toThrow();
  });
});
