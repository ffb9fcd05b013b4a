/**
 * Reads through the SQLite statement cache (api/db/database.ts) come back as plain objects with
 * every column of the row, also after the schema changes under a cached statement: a column added
 * by a migration on this connection, or by another process (a row of another width).
 */
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../api/db/database.ts';

describe('SQLite reads through the statement cache', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sqlite-rows-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers rows as objects, column by column, for selects, joins and RETURNING', async () => {
    const database = openSqlite(join(dir, 'rows.db'));
    const db = database.db;
    await sql`create table t (id text primary key, amount integer, note text)`.execute(db);
    await sql`create table u (id text primary key, t_id text, label text)`.execute(db);
    const inserted = await sql<{
      id: string;
      amount: number;
    }>`insert into t (id, amount, note) values ('a', 100, null) returning id, amount`.execute(db);
    expect(inserted.rows).toEqual([{ id: 'a', amount: 100 }]);
    await sql`insert into u (id, t_id, label) values ('x', 'a', 'first')`.execute(db);
    const all = await sql`select * from t`.execute(db);
    expect(all.rows).toEqual([{ id: 'a', amount: 100, note: null }]);
    const joined =
      await sql`select t.id, u.label, t.amount * 2 as double from t join u on u.t_id = t.id`.execute(db);
    expect(joined.rows).toEqual([{ id: 'a', label: 'first', double: 200 }]);
    // The same statement again (cached) answers the same shape.
    expect((await sql`select * from t`.execute(db)).rows).toEqual(all.rows);
    const empty = await sql`select * from t where id = 'none'`.execute(db);
    expect(empty.rows).toEqual([]);
    await database.close();
  });

  it('sees a column added on this connection by a migration', async () => {
    const database = openSqlite(join(dir, 'migrated.db'));
    const db = database.db;
    await sql`create table t (id text primary key, amount integer)`.execute(db);
    await sql`insert into t (id, amount) values ('a', 1)`.execute(db);
    expect((await sql`select * from t`.execute(db)).rows).toEqual([{ id: 'a', amount: 1 }]);
    await sql`alter table t add column currency text not null default 'AUD'`.execute(db);
    expect((await sql`select * from t`.execute(db)).rows).toEqual([{ id: 'a', amount: 1, currency: 'AUD' }]);
    await database.close();
  });

  it('sees a column another process added', async () => {
    const file = join(dir, 'shared.db');
    const database = openSqlite(file);
    const db = database.db;
    await sql`create table t (id text primary key, amount integer)`.execute(db);
    await sql`insert into t (id, amount) values ('a', 1)`.execute(db);
    expect((await sql`select * from t`.execute(db)).rows).toEqual([{ id: 'a', amount: 1 }]);
    const other = new Database(file);
    other.exec(`alter table t add column currency text not null default 'NZD'`);
    other.close();
    expect((await sql`select * from t`.execute(db)).rows).toEqual([{ id: 'a', amount: 1, currency: 'NZD' }]);
    await database.close();
  });
});
