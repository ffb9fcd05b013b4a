/**
 * The sandbox database's forward-only upgrades: columns its schema gained after a database was made
 * (schema.sql only creates missing tables). Each is added if absent — PostgreSQL with `ADD COLUMN IF
 * NOT EXISTS`, SQLite after reading `pragma_table_info` — then the indexes on them are created. Runs
 * in the transaction (and, on PostgreSQL, under the lock) that creates the schema.
 */
import { sql } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { SandboxTrx } from './tables.ts';

/** table → [column, portable definition] added since the first release (AU BECS Direct Debit). */
const ADDED_COLUMNS: ReadonlyArray<readonly [string, string, string]> = [
  ['sandbox_payment_methods', 'type', "TEXT NOT NULL DEFAULT 'card'"],
  ['sandbox_payment_methods', 'bsb_number', 'TEXT'],
  ['sandbox_payment_methods', 'billing_name', 'TEXT'],
  ['sandbox_payment_methods', 'billing_email', 'TEXT'],
  ['sandbox_payment_intents', 'payment_method_types', 'TEXT'],
  ['sandbox_payment_intents', 'settles_at', 'BIGINT'],
  ['sandbox_payment_intents', 'mandate_id', 'TEXT'],
  ['sandbox_confirmation_tokens', 'mandate_data', 'TEXT'],
  ['sandbox_payment_methods', 'pay_id', 'TEXT'],
];

const INDEXES = [
  'CREATE INDEX IF NOT EXISTS sandbox_payment_intents_settles ON sandbox_payment_intents (status, settles_at)',
];

async function sqliteColumns(trx: SandboxTrx, table: string): Promise<Set<string>> {
  const r = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(trx);
  return new Set(r.rows.map((c) => c.name));
}

export async function upgradeSandboxSchema(trx: SandboxTrx, dialect: Dialect): Promise<void> {
  const known = new Map<string, Set<string>>();
  for (const [table, column, definition] of ADDED_COLUMNS) {
    if (dialect === 'postgres') {
      await sql.raw(`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS ${column} ${definition}`).execute(trx);
      continue;
    }
    let columns = known.get(table);
    if (!columns) known.set(table, (columns = await sqliteColumns(trx, table)));
    if (columns.has(column)) continue;
    await sql.raw(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`).execute(trx);
    columns.add(column);
  }
  for (const statement of INDEXES) await sql.raw(statement).execute(trx);
}
