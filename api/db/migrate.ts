/**
 * Migration runner. A fresh database gets schema.sql whole and every numbered migration is recorded
 * as applied (schema.sql always equals "all migrations applied"); an existing database gets the
 * pending files of api/db/migrations/ (NNN-name.sql), forward-only, in order, each recorded in
 * schema_migrations (a migration that needs code beyond SQL has a step, run right after its SQL:
 * the steps are domain code, so the caller passes them in — api/migrations.ts, which is what the
 * server, the scripts and the tests call). Runs inside one transaction holding a lock, so several
 * processes starting together apply each migration once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { projectPath } from '../project-path.ts';
import type { AppDatabase, DbOrTrx } from './database.ts';

const schemaPath = projectPath('schema.sql');
const migrationsDir = projectPath('api', 'db', 'migrations');
const BASELINE = '000-schema';

/** Split portable DDL into statements: full-line `--` comments dropped, `;` at end of line ends one. */
export function splitStatements(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function listMigrations(dir = migrationsDir): { version: string; file: string }[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}-[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), file: join(dir, f) }));
}

/**
 * Code a numbered migration needs beyond portable SQL, run right after that migration's SQL in the
 * same transaction, keyed by the migration's version (its file name without `.sql`). A fresh
 * database (schema.sql whole) has no rows to change, so it runs none of them.
 */
export type MigrationStep = (trx: DbOrTrx, now: string) => Promise<unknown>;

export interface MigrationResult {
  fresh: boolean;
  applied: string[];
}

export async function runMigrations(
  database: AppDatabase,
  steps: Readonly<Record<string, MigrationStep>>,
  now: () => Date = () => new Date(),
  options: { migrationsDir?: string } = {},
): Promise<MigrationResult> {
  const { db, dialect } = database;
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') {
      // A migration (or the wait for another process's) may take longer than a request's statements.
      await sql`SET LOCAL statement_timeout = 0`.execute(trx);
      await sql`SELECT pg_advisory_xact_lock(7231001)`.execute(trx);
    }
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`.execute(
      trx,
    );
    const done = new Set(
      (await trx.selectFrom('schema_migrations').select('version').execute()).map((r) => r.version),
    );
    const migrations = listMigrations(options.migrationsDir);
    const stamp = now().toISOString();
    const applied: string[] = [];
    const run = async (text: string) => {
      for (const statement of splitStatements(text)) await sql.raw(statement).execute(trx);
    };
    if (!done.has(BASELINE)) {
      await run(readFileSync(schemaPath, 'utf8'));
      const versions = [BASELINE, ...migrations.map((m) => m.version)];
      await trx
        .insertInto('schema_migrations')
        .values(versions.map((version) => ({ version, applied_at: stamp })))
        .execute();
      return { fresh: true, applied: versions };
    }
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await run(readFileSync(m.file, 'utf8'));
      await steps[m.version]?.(trx, stamp);
      await trx.insertInto('schema_migrations').values({ version: m.version, applied_at: stamp }).execute();
      applied.push(m.version);
    }
    return { fresh: false, applied };
  });
}
