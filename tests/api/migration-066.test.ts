/**
 * Migration 066 (invoice details on links) on a database of the previous schema: merchants get
 * `invoice_details_on_links`, off for every existing merchant (a signed pay link shows the invoice;
 * an ordinary link only once the merchant turns this on).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../api/migrations.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { databaseBefore } from './support/migration.ts';

const skip = await skipPostgres();
const MIGRATION = '066-invoice-details';

describe.skipIf(skip)(`migration 066 (${testDialect})`, () => {
  let close = async () => {};
  afterAll(() => close());

  it('adds invoice_details_on_links, off for the merchants there', async () => {
    const before = await databaseBefore(MIGRATION, (schema) =>
      schema.replace(/\n {2}-- Ordinary pay links show[^\n]*\n {2}invoice_details_on_links [^\n]*,/, ''),
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
