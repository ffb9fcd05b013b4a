/**
 * Transactions that survive PostgreSQL's own way out of a lock cycle, and a connection lost before
 * the commit. With several server processes on one database, PostgreSQL breaks a deadlock (40P01)
 * or a serialization failure (40001) by aborting one of the transactions; a connection dropped
 * under a transaction (a restart, a failover, `pg_terminate_backend`, an idle-session timeout)
 * aborts it too. Nothing of it was written, so it is safe to run again, and the customer whose
 * payment it recorded must not hear "Internal error" for it. Every path that touches an invoice
 * takes its locks in one order (payment → invoice → observation: api/invoices/terms.ts), so a
 * deadlock should not happen at all; this is the second line.
 *
 * A connection lost *during* the COMMIT is different: the transaction may or may not have been
 * written, so it is never run again; the caller gets the error (the request answers 503 and the
 * client retries with its Idempotency-Key, which finds what was written).
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

/**
 * A connection that went away: SQLSTATE class 08 (connection exception), 57P01–57P03 (the server
 * shut down, crashed or is starting), the socket's own errors, and what `pg` says when a client or
 * the pool loses its connection.
 */
const CONNECTION_STATES = new Set(['57P01', '57P02', '57P03']);
const SOCKET_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const PG_CONNECTION_MESSAGE =
  /connection terminated|connection error|not queryable|timeout exceeded when trying to connect|cannot use a pool after calling end|connection timeout/i;

/** How many times a transaction is tried in all before its failure is the caller's. */
export const TRANSACTION_TRIES = 5;

export function isRetryableTransactionError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

/** The database connection was lost or could not be made (not a statement's own failure). */
export function isConnectionError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (
    typeof code === 'string' &&
    (code.startsWith('08') || CONNECTION_STATES.has(code) || SOCKET_CODES.has(code))
  )
    return true;
  return typeof message === 'string' && PG_CONNECTION_MESSAGE.test(message);
}

/** The database cannot answer now: its connection is gone, or it cancelled a statement for running too long. */
export function databaseUnavailable(err: unknown): boolean {
  return isConnectionError(err) || (err as { code?: unknown } | null)?.code === '57014';
}

/**
 * Run `work` in one transaction; on PostgreSQL again (after a short random pause) when aborted to
 * break a deadlock, or when its connection was lost before the commit.
 */
export async function transact<DB, T>(
  database: { db: Kysely<DB>; dialect: Dialect },
  work: (trx: Transaction<DB>) => Promise<T>,
  tries = TRANSACTION_TRIES,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let committing = false;
    try {
      return await database.db.transaction().execute(async (trx) => {
        const result = await work(trx);
        committing = true; // from here the outcome of a lost connection is unknown
        return result;
      });
    } catch (err) {
      const again = isRetryableTransactionError(err) || (!committing && isConnectionError(err));
      if (database.dialect !== 'postgres' || attempt >= tries || !again) throw err;
      // Apart, so the two transactions do not meet again in the same step; a lost connection is
      // given a little longer to come back.
      const pause = isRetryableTransactionError(err) ? 5 + Math.random() * 20 * attempt : 100 * 2 ** attempt;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
