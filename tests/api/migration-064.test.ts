/**
 * Migration 064 (decline ceilings) on a database of the previous schema: the decline counters'
 * table is rebuilt to take the scopes 'merchant' and 'platform' with every row kept (a running block
 * still blocks), and the used-challenge table is added — as a fresh database has them.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../api/migrations.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { databaseBefore } from './support/migration.ts';

const skip = await skipPostgres();
const MIGRATION = '064-decline-ceilings';

/** schema.sql as it was before migration 064. */
function previousSchema(now: string): string {
  const before = now
    .replace(
      "CHECK (scope IN ('session', 'invoice', 'address', 'merchant', 'platform'))",
      "CHECK (scope IN ('session', 'invoice', 'address'))",
    )
    .replace(/CREATE TABLE challenge_uses \([^;]*\);\n/, '')
    .replace(/CREATE INDEX challenge_uses_expires [^;]*;\n/, '');
  expect(before).not.toMatch(/CREATE TABLE challenge_uses|'address', 'merchant'/);
  return before;
}

describe.skipIf(skip)(`migration 064 (${testDialect})`, () => {
  let close = async () => {};
  afterAll(() => close());

  it('rebuilds the decline counters for the new scopes, keeping every row, and adds the used challenges', async () => {
    const before = await databaseBefore(MIGRATION, previousSchema);
    close = before.close;
    const { database } = before;
    const db = database.db;
    const rows = [
      {
        scope: 'address' as const,
        scope_key: '203.0.113.9',
        window_start: '2026-11-28T08:00:00.000Z',
        declines: 10,
        last_decline_at: '2026-11-28T08:30:00.000Z',
        blocked_until: '2026-11-28T08:45:00.000Z',
      },
      {
        scope: 'session' as const,
        scope_key: 'sid-1',
        window_start: '2026-11-28T08:00:00.000Z',
        declines: 1,
        last_decline_at: '2026-11-28T08:01:00.000Z',
        blocked_until: null,
      },
    ];
    await db.insertInto('decline_counters').values(rows).execute();
    // The old table refuses the new scopes.
    await expect(
      db
        .insertInto('decline_counters')
        .values({ ...rows[1], scope: 'merchant', scope_key: 'm-1' })
        .execute(),
    ).rejects.toThrow();

    expect(await migrate(database)).toEqual({ fresh: false, applied: [MIGRATION] });
    expect(await db.selectFrom('decline_counters').selectAll().orderBy('scope').execute()).toEqual(rows);
    await db
      .insertInto('decline_counters')
      .values([
        { ...rows[1], scope: 'merchant', scope_key: 'm-1' },
        { ...rows[1], scope: 'platform', scope_key: 'all' },
      ])
      .execute();
    await db
      .insertInto('challenge_uses')
      .values({ challenge: 'c', expires_at: '2026-11-28T09:00:00.000Z' })
      .execute();
    expect(await db.selectFrom('challenge_uses').selectAll().execute()).toHaveLength(1);
  });
});
