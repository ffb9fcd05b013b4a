/**
 * Code that a numbered migration needs beyond portable SQL (e.g. Unicode normalisation), run by
 * the migration runner right after that migration's SQL, in the same transaction. Keyed by the
 * migration's version (its file name without `.sql`). A fresh database (schema.sql whole) has no
 * rows to change, so it runs none of them.
 */
import type { DbOrTrx } from './database.ts';
import { mergeInvoiceNumbers } from '../invoices/merge-invoice-numbers.ts';

export type MigrationStep = (trx: DbOrTrx, now: string) => Promise<unknown>;

export const MIGRATION_STEPS: Readonly<Record<string, MigrationStep>> = {
  '012-invoice-number-key': mergeInvoiceNumbers,
};
