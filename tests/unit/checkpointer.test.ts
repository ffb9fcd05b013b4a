/**
 * WAL checkpoints on a worker thread (api/db/checkpointer.ts): a SQLite file opened by openSqlite
 * leaves its own checkpoints to the backstop, and its pages still reach the database file; a
 * worker that cannot checkpoint puts the connection back on SQLite's default.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACKSTOP_FRAMES, Checkpointer } from '../../api/db/checkpointer.ts';
import { openSqlite } from '../../api/db/database.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'invoicepay-checkpoint-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const sizeOf = (file: string) => statSync(file).size;

async function until(check: () => boolean, ms = 5_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

describe('checkpoints off the event loop', () => {
  it('copies committed pages into the database file while the connection itself never checkpoints', async () => {
    const file = join(dir, 'app.db');
    const database = openSqlite(file);
    try {
      const setting = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
        database.db,
      );
      expect(setting.rows[0].wal_autocheckpoint).toBe(BACKSTOP_FRAMES);
      await sql`create table t (id integer primary key, v text)`.execute(database.db);
      const before = sizeOf(file);
      // About 600 pages in 200 commits: far below the backstop, so only the worker can have copied them.
      for (let i = 0; i < 200; i++)
        await database.db.transaction().execute(async (trx) => {
          for (let j = 0; j < 3; j++) await sql`insert into t (v) values (${'x'.repeat(3000)})`.execute(trx);
        });
      expect(await until(() => sizeOf(file) >= before + 600 * 3000)).toBe(true);
      // Nothing was lost on the way: every row reads back through another connection.
      const other = new SQLite(file, { readonly: true });
      try {
        expect(other.prepare('select count(*) as n from t').get()).toEqual({ n: 600 });
      } finally {
        other.close();
      }
    } finally {
      await database.close();
    }
  });

  it('puts the connection back on its own checkpoints when the worker cannot open the file', async () => {
    const lost: string[] = [];
    const checkpointer = new Checkpointer({ onLost: (path) => lost.push(path) });
    let fellBack = false;
    const detach = checkpointer.attach(join(dir, 'missing.db'), () => (fellBack = true));
    expect(await until(() => fellBack)).toBe(true);
    expect(lost).toEqual([join(dir, 'missing.db')]);
    await detach();
  });

  it('puts every connection back when the worker itself fails', async () => {
    const checkpointer = new Checkpointer({ driver: join(dir, 'no-such-driver.js') });
    const fellBack: string[] = [];
    const detachA = checkpointer.attach(join(dir, 'a.db'), () => fellBack.push('a'));
    const detachB = checkpointer.attach(join(dir, 'b.db'), () => fellBack.push('b'));
    expect(await until(() => fellBack.length === 2)).toBe(true);
    expect(fellBack.sort()).toEqual(['a', 'b']);
    await Promise.all([detachA(), detachB()]);
  });

  it('lets go of a file when asked, and stops its thread after the last one', async () => {
    const file = join(dir, 'c.db');
    const maker = new SQLite(file);
    maker.pragma('journal_mode = WAL');
    maker.close();
    const checkpointer = new Checkpointer();
    let fellBack = false;
    const detach = checkpointer.attach(file, () => (fellBack = true));
    await detach();
    await detach(); // twice is once
    expect(fellBack).toBe(false);
    // A new attachment after the thread stopped starts another.
    const again = checkpointer.attach(file, () => (fellBack = true));
    await again();
    expect(fellBack).toBe(false);
  });
});
