/**
 * Migration 079 (refund notices) on a database of the previous schema: the payment notices' table is
 * rebuilt with a `ref` (a refund's id) and the kind 'refund_issued', keeping every notice; a payment
 * may then have a notice per refund, still one of each other kind.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../api/migrations.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { databaseBefore, noticesWithoutRef, seedPayment } from './support/migration.ts';

const skip = await skipPostgres();
const MIGRATION = '079-refund-notices';

describe.skipIf(skip)(`migration 079 (${testDialect})`, () => {
  let close = async () => {};
  afterAll(() => close());

  it('rebuilds the payment notices with a reference, keeping every notice', async () => {
    const before = await databaseBefore(MIGRATION, (schema) =>
      noticesWithoutRef(schema).replace(", 'card_receipt', 'refund_issued')", ", 'card_receipt')"),
    );
    close = before.close;
    const db = before.database.db;
    const at = '2026-12-07T08:00:00.000Z';
    await seedPayment(before.database, at);
    const notice = {
      id: 'n-1',
      payment_id: 'p-1',
      kind: 'card_receipt' as const,
      to_address: 'payer@example.test',
      status: 'pending' as const,
      attempts: 0,
      next_attempt_at: at,
      created_at: at,
      sent_at: null,
    };
    // The old table has no `ref` (Kysely's types are the new table's: the row is written without it).
    await db.insertInto('payment_notices').values(notice).execute();

    expect(await migrate(before.database)).toEqual({ fresh: false, applied: [MIGRATION] });

    expect(await db.selectFrom('payment_notices').selectAll().execute()).toEqual([{ ...notice, ref: '' }]);
    const refundNotice = { ...notice, kind: 'refund_issued' as const, to_address: 'payer@example.test' };
    await db
      .insertInto('payment_notices')
      .values({ ...refundNotice, id: 'n-2', ref: 'r-1' })
      .execute();
    await db
      .insertInto('payment_notices')
      .values({ ...refundNotice, id: 'n-3', ref: 'r-2' })
      .execute();
    // One notice per refund, and still one receipt per payment.
    await expect(
      db
        .insertInto('payment_notices')
        .values({ ...refundNotice, id: 'n-4', ref: 'r-1' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('payment_notices')
        .values({ ...notice, id: 'n-5' })
        .execute(),
    ).rejects.toThrow();
  });
});
