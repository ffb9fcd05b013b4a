/**
 * The time zone a set of merchants' days are counted in (the dashboard's series, the payments list's
 * From / To days: issue 50 item 6): theirs when they share one, else `fallback` (DEFAULT_TIME_ZONE).
 */
import type { DbOrTrx } from '../db/database.ts';

export async function merchantsZone(
  db: DbOrTrx,
  merchantIds: readonly string[] | null,
  fallback: string,
): Promise<string> {
  if (!merchantIds?.length) return fallback;
  const zones = await db
    .selectFrom('merchants')
    .select('time_zone')
    .distinct()
    .where('id', 'in', merchantIds)
    .execute();
  return zones.length === 1 ? zones[0].time_zone : fallback;
}
