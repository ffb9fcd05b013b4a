/** Prospect queries. */
import type { DbOrTrx } from '../db/database.ts';
import type { Prospect } from '../db/types.ts';
import type { ProspectApi } from './schema.ts';

export const PROSPECT_SOURCE = 'website_contact_form';
export const PROSPECT_STATUS_NEW = 'new';

export async function insertProspect(
  db: DbOrTrx,
  row: {
    id: string;
    name: string;
    email: string;
    phone: string | null;
    company_name: string;
    created_at: string;
  },
): Promise<void> {
  await db
    .insertInto('prospects')
    .values({ ...row, source: PROSPECT_SOURCE, status: PROSPECT_STATUS_NEW })
    .execute();
}

export async function findProspectById(db: DbOrTrx, id: string): Promise<Prospect | undefined> {
  return db.selectFrom('prospects').selectAll().where('id', '=', id).executeTakeFirst();
}

export function toProspectApi(row: Prospect): ProspectApi {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company_name: row.company_name,
    source: row.source,
    status: row.status,
    created_at: row.created_at,
  };
}

/** Every prospect, for the console's list (filters, sort and page come on top). */
export function allProspects(db: DbOrTrx) {
  return db.selectFrom('prospects').selectAll();
}

export async function setProspectStatusRow(
  db: DbOrTrx,
  id: string,
  status: Prospect['status'],
): Promise<void> {
  await db.updateTable('prospects').set({ status }).where('id', '=', id).execute();
}
