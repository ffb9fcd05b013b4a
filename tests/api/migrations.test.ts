/**
 * The migration runner: schema.sql on a fresh database, numbered migrations recorded and applied
 * once, concurrent starts safe; on SQLite and PostgreSQL.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres, openSqlite, type AppDatabase } from '../../api/db/database.ts';
import { migrate } from '../../api/migrations.ts';
import { listMigrations, splitStatements } from '../../api/db/migrate.ts';
import { createPostgresSchema, skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();

interface EmptyDatabase {
  url: string;
  file?: string;
  open: () => AppDatabase;
  cleanup: () => Promise<void>;
}

async function emptyDatabase(): Promise<EmptyDatabase> {
  if (testDialect === 'postgres') {
    const s = await createPostgresSchema();
    return { url: s.url, open: () => openPostgres(s.url, 3), cleanup: s.drop };
  }
  const file = join(mkdtempSync(join(tmpdir(), 'migrate-')), 'app.db');
  return { url: `sqlite:${file}`, file, open: () => openSqlite(file), cleanup: async () => {} };
}

/** `npm run db:migrate` as its own process, as several servers starting together would. */
function runMigrateProcess(databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], {
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe.skipIf(skip)(`migrations (${testDialect})`, () => {
  const toClose: AppDatabase[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const d of toClose.splice(0)) await d.close();
    for (const c of cleanups.splice(0)) await c();
  });

  it('creates every table of schema.sql on an empty database and records the baseline', async () => {
    const empty = await emptyDatabase();
    cleanups.push(empty.cleanup);
    const database = empty.open();
    toClose.push(database);
    const result = await migrate(database);
    expect(result.fresh).toBe(true);
    expect(result.applied[0]).toBe('000-schema');
    const tables = [
      'users',
      'merchants',
      'invoices',
      'payments',
      'refunds',
      'outbox',
      'audit_log',
      'blogs',
      'prospects',
      'webhook_tests',
      'emails',
    ];
    for (const table of tables) {
      await expect(
        sql`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(database.db),
      ).resolves.toBeTruthy();
    }
    const again = await migrate(database);
    expect(again).toEqual({ fresh: false, applied: [] });
  });

  it('applies a new numbered migration once, in order, and records it', async () => {
    const empty = await emptyDatabase();
    cleanups.push(empty.cleanup);
    const database = empty.open();
    toClose.push(database);
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    await migrate(database, undefined, { migrationsDir: dir });
    writeFileSync(join(dir, '002-second.sql'), 'ALTER TABLE merchants ADD COLUMN example_note TEXT;\n');
    writeFileSync(
      join(dir, '001-first.sql'),
      '-- a comment line\nCREATE TABLE extra_one (id TEXT PRIMARY KEY);\nCREATE INDEX extra_one_id ON extra_one (id);\n',
    );
    writeFileSync(join(dir, 'notes.txt'), 'ignored');
    expect(listMigrations(dir).map((m) => m.version)).toEqual(['001-first', '002-second']);
    const result = await migrate(database, undefined, { migrationsDir: dir });
    expect(result).toEqual({ fresh: false, applied: ['001-first', '002-second'] });
    await sql`INSERT INTO extra_one (id) VALUES ('a')`.execute(database.db);
    await sql`SELECT example_note FROM merchants`.execute(database.db);
    expect(await migrate(database, undefined, { migrationsDir: dir })).toEqual({ fresh: false, applied: [] });
    const versions = await database.db
      .selectFrom('schema_migrations')
      .select('version')
      .orderBy('version')
      .execute();
    expect(versions.map((v) => v.version)).toEqual(['000-schema', '001-first', '002-second']);
  });

  it('lets several processes start at once: the schema is created exactly once', async () => {
    const empty = await emptyDatabase();
    cleanups.push(empty.cleanup);
    const runs = await Promise.all([0, 1, 2].map(() => runMigrateProcess(empty.url)));
    for (const r of runs) expect(r.code, r.output).toBe(0);
    expect(runs.filter((r) => /Created the schema/.test(r.output))).toHaveLength(1);
    expect(runs.filter((r) => /is up to date/.test(r.output))).toHaveLength(2);
  });

  it('splits portable DDL into statements', () => {
    expect(splitStatements('-- c\nCREATE TABLE a (x TEXT);\n\nCREATE INDEX i ON a (x);\n')).toEqual([
      'CREATE TABLE a (x TEXT)',
      'CREATE INDEX i ON a (x)',
    ]);
  });
});
