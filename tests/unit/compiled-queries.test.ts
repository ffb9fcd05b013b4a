/**
 * Statements compiled once (api/db/compiled.ts): `compiledOnce` runs one SQL text with each call's
 * own values; `compiledPerShape` keeps one compiled statement per set of keys given, leaves out
 * undefined keys as Kysely does, and builds a statement with an expression in it afresh each time.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite, type AppDatabase } from '../../api/db/database.ts';
import { compiledOnce, compiledPerShape } from '../../api/db/compiled.ts';

interface Row {
  id: string;
  amount: number;
  note: string | null;
  version: number;
}
type Db = Kysely<{ t: Row }>;

describe('statements compiled once', () => {
  let database: AppDatabase;
  let db: Db;
  let built = 0;

  beforeAll(async () => {
    database = openSqlite(':memory:');
    db = database.db as unknown as Db;
    await sql`create table t (id text primary key, amount integer, note text, version integer)`.execute(db);
    await sql`insert into t values ('a', 100, null, 1), ('b', 200, 'x', 1)`.execute(db);
  });
  afterAll(() => database.close());

  const byId = compiledOnce((q: Db, p: { id: string }) => {
    built++;
    return q.selectFrom('t').selectAll().where('id', '=', p.id);
  });

  const update = compiledPerShape((q: Db, p: Partial<Row> & { id: string }) => {
    built++;
    const { id, ...set } = p;
    return q
      .updateTable('t')
      .set({ ...set, version: sql<number>`version + 1` })
      .where('id', '=', id)
      .returningAll();
  });

  it('builds a statement once and runs it with each call’s values', async () => {
    built = 0;
    expect(await byId(db, { id: 'a' })).toMatchObject([{ id: 'a', amount: 100 }]);
    expect(await byId(db, { id: 'b' })).toMatchObject([{ id: 'b', amount: 200 }]);
    expect(await byId(db, { id: 'none' })).toEqual([]);
    expect(built).toBe(1);
  });

  it('builds one statement per set of keys, and runs each with its own values', async () => {
    built = 0;
    expect(await update(db, { id: 'a', amount: 150 })).toMatchObject([
      { amount: 150, note: null, version: 2 },
    ]);
    expect(await update(db, { id: 'b', amount: 250 })).toMatchObject([
      { amount: 250, note: 'x', version: 2 },
    ]);
    expect(built).toBe(1);
    // Another set of keys (in any order): another statement; a null is a value like any other.
    expect(await update(db, { note: 'paid', id: 'a', amount: 160 })).toMatchObject([
      { amount: 160, note: 'paid', version: 3 },
    ]);
    expect(await update(db, { id: 'b', amount: 260, note: null })).toMatchObject([
      { amount: 260, note: null },
    ]);
    expect(built).toBe(2);
    // An undefined key is left out (the note stays), and that shape is the one without it.
    expect(await update(db, { id: 'a', amount: 170, note: undefined })).toMatchObject([
      { amount: 170, note: 'paid', version: 4 },
    ]);
    expect(built).toBe(2);
  });

  it('builds afresh, each time, a statement given an expression instead of a value', async () => {
    built = 0;
    const doubled = { id: 'a', amount: sql<number>`amount * 2` as unknown as number };
    expect(await update(db, doubled)).toMatchObject([{ amount: 340 }]);
    expect(await update(db, doubled)).toMatchObject([{ amount: 680 }]);
    expect(built).toBe(2);
    // The plain shape with the same keys is still compiled once, and unharmed.
    expect(await update(db, { id: 'a', amount: 1 })).toMatchObject([{ amount: 1 }]);
    expect(built).toBe(2);
  });
});
