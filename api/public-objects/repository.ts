/** What building the integrator API's objects reads (api/public-objects/objects.ts). */
import type { DbOrTrx } from '../db/database.ts';

/** The pay links made on these observations, newest first. */
export function payLinksOfObservations(db: DbOrTrx, observationIds: string[]) {
  return db
    .selectFrom('pay_links')
    .select(['id', 'observation_id', 'reference'])
    .where('observation_id', 'in', observationIds)
    .orderBy('created_at', 'desc')
    .execute();
}
