/**
 * The sandbox provider's own database (SANDBOX_DATABASE_URL: `sqlite:PATH`, `sqlite::memory:` or a
 * postgres URL), opened with the same drivers and pragmas as ours but typed with its own tables and
 * created from its own schema file. Its transactions are independent of our ledger's, as a real
 * provider's are.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { openPostgres, openSqlite, type AppDatabase, type Dialect } from '../../db/database.ts';
import { splitStatements } from '../../db/migrate.ts';
import { projectPath } from '../../project-path.ts';
import type { SandboxDb } from './tables.ts';
import { upgradeSandboxSchema } from './upgrade.ts';

export interface SandboxDatabase {
  db: SandboxDb;
  dialect: Dialect;
  describe: string;
  close(): Promise<void>;
}

const schemaPath = projectPath('api', 'sandbox', 'provider', 'schema.sql');

function open(url: string): AppDatabase {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url, 5);
  throw new Error(`Unsupported SANDBOX_DATABASE_URL: ${url.split(':')[0]}:…`);
}

/** Open the sandbox database, create its tables if missing, and read (or create) its webhook secret. */
export async function openSandboxDatabase(
  url: string,
): Promise<{ database: SandboxDatabase; webhookSecret: string }> {
  const base = open(url);
  // Same drivers and connection setup as ours (WAL, BEGIN IMMEDIATE); only the table typing differs.
  const db = base.db as unknown as SandboxDb;
  const database: SandboxDatabase = { db, dialect: base.dialect, describe: base.describe, close: base.close };
  try {
    // WAL with synchronous=NORMAL survives a crash of the process (what the recovery story needs)
    // without a second fsync per payment beside our ledger's; power-loss durability is the ledger's job.
    if (base.dialect === 'sqlite') await sql`PRAGMA synchronous = NORMAL`.execute(db);
    const webhookSecret = await db.transaction().execute(async (trx) => {
      // Several processes may open one sandbox database at once: create the schema under a lock.
      if (base.dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(7231002)`.execute(trx);
      for (const statement of splitStatements(readFileSync(schemaPath, 'utf8')))
        await sql.raw(statement).execute(trx);
      await upgradeSandboxSchema(trx, base.dialect);
      await trx
        .insertInto('sandbox_settings')
        .values({ key: 'webhook_secret', value: `whsec_sandbox_${randomBytes(24).toString('base64url')}` })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await trx
        .selectFrom('sandbox_settings')
        .select('value')
        .where('key', '=', 'webhook_secret')
        .executeTakeFirstOrThrow();
      return row.value;
    });
    return { database, webhookSecret };
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}
