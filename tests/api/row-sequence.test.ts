/**
 * Rows made in the same millisecond keep their order (DESIGN §5, issue 37): with the clock standing
 * still, the console's payments list and a payment's refunds come in the order they were made —
 * by the row sequence (api/db/sequence.ts), not by their random ids — and migration 067 adds the
 * column to a database of the previous schema, its rows at 0 (they keep their old order).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../api/migrations.ts';
import { nextSeq } from '../../api/db/sequence.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { refund } from './support/accounting.ts';
import { databaseBefore } from './support/migration.ts';
import { createConnectedMerchant, payThroughLink } from './support/payments.ts';

const skip = await skipPostgres();
const TABLES = [
  'payments',
  'refunds',
  'payment_disputes',
  'accounting_entries',
  'outbox',
  'payment_events',
  'audit_log',
  'webhook_deliveries',
];

describe('nextSeq', () => {
  it('only goes up, however fast it is asked', () => {
    const seen = Array.from({ length: 10_000 }, () => nextSeq());
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]);
    expect(Number.isSafeInteger(seen.at(-1))).toBe(true);
  });
});

describe.skipIf(skip)(`rows of the same millisecond (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ autoDeliverEvents: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists payments and a payment's refunds in the order they were made while the clock stands still", async () => {
    const admin = await adminHeaders(t);
    const m = await createConnectedMerchant(t);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { created } = await payThroughLink(t, {
        merchant: m.id,
        invoice: `INV-SEQ-${i}`,
        linkAmount: '500.00',
        amount: 10000,
      });
      ids.push(created.paymentId);
    }
    const at = await t.deps.database.db
      .selectFrom('payments')
      .select('created_at')
      .where('id', 'in', ids)
      .distinct()
      .execute();
    expect(at).toHaveLength(1); // one millisecond for all six
    const list = await json(
      t.app,
      'GET',
      `/api/admin/payments?${new URLSearchParams({
        filter: JSON.stringify({ merchant_id: m.id }),
        sort: JSON.stringify(['created_at', 'DESC']),
        range: JSON.stringify([0, 9]),
      })}`,
      undefined,
      admin,
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.map((p: { id: string }) => p.id)).toEqual([...ids].reverse());

    const refunds = [];
    for (const amount of [1000, 2000, 3000, 500])
      refunds.push(await refund(t, admin, ids[0], 'reopen', amount));
    const page = await json(t.app, 'GET', `/api/admin/payments/${ids[0]}`, undefined, admin);
    expect(page.body.refunds.map((r: { id: string }) => r.id)).toEqual(refunds.map((r) => r.id));
  });
});

describe.skipIf(skip)(`migration 067 (${testDialect})`, () => {
  let close = async () => {};
  afterAll(() => close());

  it('adds seq to the tables read latest first, 0 for the rows there', async () => {
    const before = await databaseBefore('067-row-sequence', (schema) =>
      schema
        .replace(/\n {2}-- Tie-breaker after created_at[^\n]*\n {2}seq BIGINT NOT NULL DEFAULT 0,?/g, '')
        .replace(/,(\n\);)/g, '$1'),
    );
    close = before.close;
    const { database } = before;
    const db = database.db;
    await sql`INSERT INTO audit_log (id, action, created_at) VALUES ('a-1', 'old.entry', '2026-01-01')`.execute(
      db,
    );

    expect(await migrate(database)).toEqual({ fresh: false, applied: ['067-row-sequence'] });
    for (const table of TABLES)
      await expect(sql.raw(`SELECT seq FROM ${table}`).execute(db), table).resolves.toBeDefined();
    expect(await db.selectFrom('audit_log').select(['id', 'seq']).execute()).toEqual([{ id: 'a-1', seq: 0 }]);
  });
});
