/** The audit log's reads (its writes are api/audit/service.ts's `audit`). */
import type { DbOrTrx } from '../db/database.ts';

/** Every entry, for the console's list (filters, sort and page come on top). */
export function allAuditEntries(db: DbOrTrx) {
  return db.selectFrom('audit_log').selectAll();
}

export async function findAuditEntry(db: DbOrTrx, id: string) {
  return db.selectFrom('audit_log').selectAll().where('id', '=', id).executeTakeFirst();
}
