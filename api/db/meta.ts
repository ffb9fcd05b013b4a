/**
 * Tiny key/value facts about this database (e.g. which demo-seed steps already ran).
 */
import type { DbOrTrx } from './database.ts';

export async function getMeta(db: DbOrTrx, key: string): Promise<string | null> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

export async function setMeta(db: DbOrTrx, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
