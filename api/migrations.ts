/**
 * The database's migrations as the app runs them: the runner (api/db/migrate.ts) with the code
 * steps some migrations need beyond SQL. The steps are domain code (migration 012 merges invoice
 * numbers with the ledger's own rules), so they are named here, above every domain, and the
 * infrastructure's runner takes them as a parameter. The server, the scripts and the tests call this.
 */
import { sql } from 'kysely';
import type { AppDatabase } from './db/database.ts';
import { runMigrations, type MigrationResult, type MigrationStep } from './db/migrate.ts';
import { mergeInvoiceNumbers } from './invoices/merge-invoice-numbers.ts';
import { wireDomains } from './wiring.ts';

export const MIGRATION_STEPS: Readonly<Record<string, MigrationStep>> = {
  '012-invoice-number-key': mergeInvoiceNumbers,
  // The key now folds whitespace too: merge again, then the unique key is back.
  '063-invoice-number-spaces': async (trx, now) => {
    const report = await mergeInvoiceNumbers(trx, now);
    await sql`CREATE UNIQUE INDEX invoices_number_key ON invoices (merchant_id, number_key, currency)`.execute(
      trx,
    );
    return report;
  },
};

/** Apply what is pending (api/db/migrate.ts): schema.sql on a fresh database, else the new files. */
export function migrate(
  database: AppDatabase,
  now?: () => Date,
  options?: { migrationsDir?: string },
): Promise<MigrationResult> {
  wireDomains(); // a step may settle an invoice paid: its invoice.paid event is queued as ever
  return runMigrations(database, MIGRATION_STEPS, now, options);
}
