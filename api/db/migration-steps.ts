/**
 * Code that a numbered migration needs beyond portable SQL (e.g. Unicode normalisation), run by
 * the migration runner right after that migration's SQL, in the same transaction. Keyed by the
 * migration's version (its file name without `.sql`). A fresh database (schema.sql whole) has no
 * rows to change, so it runs none of them.
 */
import { sql } from 'kysely';
import type { DbOrTrx } from './database.ts';
import { mergeInvoiceNumbers } from '../invoices/merge-invoice-numbers.ts';

export type MigrationStep = (trx: DbOrTrx, now: string) => Promise<unknown>;

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
