/**
 * Transactions that survive PostgreSQL's own way out of a lock cycle. With several server processes
 * on one database, PostgreSQL breaks a deadlock (40P01) or a serialization failure (40001) by
 * aborting one of the transactions; nothing of it was written, so it is safe to run again, and the
 * customer whose payment it recorded must not hear "Internal error" for it. Every path that touches
 * an invoice takes its locks in one order (payment → invoice → observation: api/invoices/terms.ts),
 * so a deadlock should not happen at all; this is the second line.
 *
 * The work must be safe to run again: only database writes inside the transaction (no provider
 * calls, no mail). SQLite has no such failures (one writer, BEGIN IMMEDIATE): there it runs once.
 *
 * @example
 *   await transact(deps.database, (trx) => applyIntentInTrx(trx, deps, paymentId, intent));
 */
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from './database.ts';

/** PostgreSQL SQLSTATEs that abort a transaction which may simply be run again. */
const RETRYABLE = new Set(['40P01', '40001']);

/** How many times a transaction is tried in all before its failure is the caller's. */
export const TRANSACTION_TRIES = 5;

export function isRetryableTransactionError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

/** Run `work` in one transaction; on PostgreSQL again (after a short random pause) when aborted to break a deadlock. */
export async function transact<DB, T>(
  database: { db: Kysely<DB>; dialect: Dialect },
  work: (trx: Transaction<DB>) => Promise<T>,
  tries = TRANSACTION_TRIES,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await database.db.transaction().execute(work);
    } catch (err) {
      if (database.dialect !== 'postgres' || attempt >= tries || !isRetryableTransactionError(err)) throw err;
      // Apart, so the two transactions do not meet again in the same step.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
