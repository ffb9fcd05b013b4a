/**
 * SQLite files hold password hashes, tokens and payments: the database file and its -wal/-shm are
 * created readable by their owner only (0600), whatever the umask, and an existing world-readable
 * database is tightened when it is opened. Both the app's and the sandbox provider's
 * databases are opened through openSqlite.
 */
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../api/db/database.ts';
import { migrate } from '../../api/migrations.ts';
import { testDialect } from '../support/db.ts';

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe.skipIf(testDialect !== 'sqlite')('SQLite file permissions', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sqlite-files-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates app.db and its WAL and SHM files 0600 even under a permissive umask', async () => {
    const previous = process.umask(0o022);
    try {
      const file = join(dir, 'data', 'app.db');
      const database = openSqlite(file);
      await migrate(database); // writes: the WAL and SHM files exist now
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(f).toString(8), f).toBe('600');
      expect(modeOf(join(dir, 'data')) & 0o077).toBe(0);
      await database.close();
    } finally {
      process.umask(previous);
    }
  });

  it('tightens an existing world-readable database and its WAL when it opens it', async () => {
    const file = join(dir, 'sandbox.db');
    writeFileSync(file, '');
    writeFileSync(`${file}-wal`, '');
    chmodSync(file, 0o644);
    chmodSync(`${file}-wal`, 0o666);
    const database = openSqlite(file);
    expect(modeOf(file).toString(8)).toBe('600');
    expect(modeOf(`${file}-wal`).toString(8)).toBe('600');
    await database.close();
  });
});
