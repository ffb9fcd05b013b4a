/** Readiness's one query: whether the database answers a trivial statement. */
import { sql } from 'kysely';
import type { DbOrTrx } from '../db/database.ts';

export async function databaseAnswers(db: DbOrTrx): Promise<boolean> {
  try {
    await sql`SELECT 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
