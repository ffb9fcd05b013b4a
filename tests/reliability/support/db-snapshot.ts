/**
 * A fingerprint of every table of the app's SQLite database: row count and a SHA-256 over every
 * row (rowid order), so "a rejected request changed nothing" is one comparison. Tables are listed
 * from sqlite_master at each call, so tables added later are covered.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { AppDatabase } from '../../../api/db/database.ts';

export type Snapshot = Map<string, { rows: number; checksum: string }>;

export async function snapshot(database: AppDatabase): Promise<Snapshot> {
  if (database.dialect !== 'sqlite') throw new Error('snapshots read SQLite');
  const tables = await sql<{
    name: string;
  }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`.execute(
    database.db,
  );
  const result: Snapshot = new Map();
  for (const { name } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)} ORDER BY rowid`
      .execute(database.db)
      .catch(() => sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(database.db));
    const hash = createHash('sha256');
    for (const row of rows.rows)
      hash.update(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)) + '\n');
    result.set(name, { rows: rows.rows.length, checksum: hash.digest('hex') });
  }
  return result;
}

/** Tables whose count or checksum differ. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => {
    const a = before.get(n);
    const b = after.get(n);
    return !a || !b || a.rows !== b.rows || a.checksum !== b.checksum;
  });
}
