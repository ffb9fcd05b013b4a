/** Readiness's one query: whether the database answers a trivial statement, and within how long. */
import { sql } from 'kysely';
import type { DbOrTrx } from '../db/database.ts';

export type DatabaseAnswer = { ok: true } | { ok: false; stalled: boolean; error?: string };

/** `SELECT 1`, given at most `timeoutMs`: a database that does not answer by then counts as stalled. */
export async function databaseAnswers(db: DbOrTrx, timeoutMs: number): Promise<DatabaseAnswer> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<DatabaseAnswer>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, stalled: true }), timeoutMs);
  });
  const answered = sql`SELECT 1`.execute(db).then(
    (): DatabaseAnswer => ({ ok: true }),
    (err: Error): DatabaseAnswer => ({ ok: false, stalled: false, error: err.message }),
  );
  try {
    return await Promise.race([answered, stalled]);
  } finally {
    clearTimeout(timer);
  }
}
