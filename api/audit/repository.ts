/** The audit log's reads (its writes are api/audit/service.ts's `audit`). */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { DbOrTrx } from '../db/database.ts';

/** Sign-ins and sign-outs: what the console's "Hide sign-ins" leaves out (issue 50 item 7). */
export const SIGN_IN_ACTIONS = ['auth.login', 'auth.logout', 'auth.login_failed'] as const;

/** The `hide_sign_ins` filter: true leaves sign-ins and sign-outs out; anything else filters nothing. */
export const withoutSignIns = (value: unknown): Expression<SqlBool> | null =>
  value === true || value === 'true' ? sql<SqlBool>`action not in (${sql.join([...SIGN_IN_ACTIONS])})` : null;

/** Every entry, for the console's list (filters, sort and page come on top). */
export function allAuditEntries(db: DbOrTrx) {
  return db.selectFrom('audit_log').selectAll();
}

export async function findAuditEntry(db: DbOrTrx, id: string) {
  return db.selectFrom('audit_log').selectAll().where('id', '=', id).executeTakeFirst();
}
