/**
 * The SQLite group commit (api/db/group-commit.ts): concurrent payment writes share one
 * commit, and none is acknowledged — nor readable by anyone else — before the write-ahead log is on
 * disk (DESIGN §5: an acknowledged payment survives a power cut).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, type AppDatabase } from '../../api/db/database.ts';
import { inWriteTransaction } from '../../api/db/group-commit.ts';

const dirs: string[] = [];
const opened: AppDatabase[] = [];

async function fileDatabase(): Promise<AppDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
  dirs.push(dir);
  const database = openSqlite(join(dir, 'app.db'));
  opened.push(database);
  await sql`create table ledger (id text primary key, amount integer not null)`.execute(database.db);
  return database;
}

/** A `syncWal` that waits for the test's go-ahead, counting its calls. */
function gatedSync(database: AppDatabase, outcome: 'ok' | Error = 'ok') {
  const real = database.syncWal!;
  let reached = () => {};
  const gate = { calls: 0, release: () => {}, reached: new Promise<void>((resolve) => (reached = resolve)) };
  const released = new Promise<void>((resolve) => (gate.release = resolve));
  const gated: AppDatabase = {
    ...database,
    syncWal: async () => {
      gate.calls++;
      reached();
      await released;
      if (outcome !== 'ok') throw outcome;
      await real();
    },
  };
  return { gated, gate };
}

const insert = (id: string, amount: number) => (trx: AppDatabase['db']) =>
  sql`insert into ledger (id, amount) values (${id}, ${amount})`.execute(trx);

const rows = async (database: AppDatabase) =>
  (await sql<{ id: string }>`select id from ledger order by id`.execute(database.db)).rows.map((r) => r.id);

const synchronous = async (database: AppDatabase) =>
  (await sql<{ synchronous: number }>`pragma synchronous`.execute(database.db)).rows[0].synchronous;

afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('SQLite group commit', () => {
  it('acknowledges a batch only once its log is synced, and nothing reads it before', async () => {
    const database = await fileDatabase();
    const { gated, gate } = gatedSync(database);
    const settled: string[] = [];
    const jobs = ['a', 'b', 'c'].map((id, i) =>
      inWriteTransaction(gated, insert(id, i)).then(() => settled.push(id)),
    );
    await gate.reached;
    // Committed to the log, not yet synced: no caller has heard of it, and a reader waits.
    let read: string[] | null = null;
    const reader = rows(database).then((r) => (read = r));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toEqual([]);
    expect(read).toBeNull();
    gate.release();
    await Promise.all(jobs);
    await reader;
    expect(gate.calls).toBe(1); // one sync for the three payments
    expect(settled.sort()).toEqual(['a', 'b', 'c']);
    expect(read).toEqual(['a', 'b', 'c']);
    expect(await synchronous(database)).toBe(2); // FULL again for every other transaction
  });

  it('rolls back only the job that failed, and keeps the others of its batch', async () => {
    const database = await fileDatabase();
    const results = await Promise.allSettled([
      inWriteTransaction(database, insert('a', 1)),
      inWriteTransaction(database, async (trx) => {
        await insert('b', 2)(trx);
        throw new Error('amount refused');
      }),
      inWriteTransaction(database, insert('c', 3)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await rows(database)).toEqual(['a', 'c']);
  });

  it('fails every job of a batch whose log could not be synced, never acknowledging it', async () => {
    const database = await fileDatabase();
    const { gated, gate } = gatedSync(database, new Error('EIO: i/o error, fdatasync'));
    gate.release();
    const results = await Promise.allSettled([
      inWriteTransaction(gated, insert('a', 1)),
      inWriteTransaction(gated, insert('b', 2)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason.message).toMatch(/EIO/);
    expect(await synchronous(database)).toBe(2);
  });

  it('syncs the real write-ahead log of a database file', async () => {
    const database = await fileDatabase();
    expect(database.syncWal).toBeTypeOf('function');
    await inWriteTransaction(database, insert('a', 1));
    await expect(database.syncWal!()).resolves.toBeUndefined();
    const memory = openSqlite(':memory:');
    opened.push(memory);
    expect(memory.syncWal).toBeUndefined(); // no log to sync: FULL inline, as before
  });
});
