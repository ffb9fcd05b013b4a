/**
 * Migration 065 (card receipts) on a database of the previous schema: the payment notices' table is
 * rebuilt to take the kind 'card_receipt', keeping every notice (a pending one is still mailed).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../api/migrations.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { databaseBefore, noticesWithoutRef, seedPayment } from './support/migration.ts';

const skip = await skipPostgres();
const MIGRATION = '065-card-receipts';
const KINDS = "('debit_cleared', 'debit_failed', 'merchant_debit_failed', 'card_receipt', 'refund_issued')";

/** The payment notices as they were before 065 (and so before 079's `ref` and refund notices). */
function noticesBefore065(schema: string): string {
  return noticesWithoutRef(schema).replace(
    KINDS,
    "('debit_cleared', 'debit_failed', 'merchant_debit_failed')",
  );
}

describe.skipIf(skip)(`migration 065 (${testDialect})`, () => {
  let close = async () => {};
  afterAll(() => close());

  it('rebuilds the payment notices for card receipts, keeping every notice', async () => {
    const before = await databaseBefore(MIGRATION, noticesBefore065);
    close = before.close;
    const { database } = before;
    const db = database.db;
    const at = '2026-11-28T08:00:00.000Z';
    await seedPayment(before.database, at);
    const notice = {
      id: 'n-1',
      payment_id: 'p-1',
      kind: 'debit_cleared' as const,
      to_address: 'payer@example.test',
      status: 'pending' as const,
      attempts: 1,
      next_attempt_at: at,
      created_at: at,
      sent_at: null,
    };
    await db.insertInto('payment_notices').values(notice).execute();
    // The old table refuses the new kind.
    await expect(
      db
        .insertInto('payment_notices')
        .values({ ...notice, id: 'n-2', kind: 'card_receipt' })
        .execute(),
    ).rejects.toThrow();

    expect(await migrate(database)).toEqual({ fresh: false, applied: [MIGRATION] });

    expect(await db.selectFrom('payment_notices').selectAll().execute()).toEqual([notice]);
    await db
      .insertInto('payment_notices')
      .values({ ...notice, id: 'n-2', kind: 'card_receipt' })
      .execute();
    // Still one notice of a kind per payment.
    await expect(
      db
        .insertInto('payment_notices')
        .values({ ...notice, id: 'n-3', kind: 'card_receipt' })
        .execute(),
    ).rejects.toThrow();
  });
});
