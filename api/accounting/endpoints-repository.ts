/**
 * Rows of webhook endpoints and webhook events (migration 071). Endpoints are soft-deleted
 * (`deleted_at`), so a delivery already queued for one finds it and stops; events are pruned with
 * the delivery log (api/accounting/repository.ts, 30 days).
 */
import type { Insertable, Updateable } from 'kysely';
import type { DbOrTrx } from '../db/database.ts';
import { nextSeq } from '../db/sequence.ts';
import type { WebhookEndpointsTable, WebhookEventsTable } from '../db/types.ts';

export const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';
export const EVENT_NOT_FOUND = 'Event not found';

export async function insertEndpoint(db: DbOrTrx, row: Insertable<WebhookEndpointsTable>): Promise<void> {
  await db
    .insertInto('webhook_endpoints')
    .values({ ...row, seq: nextSeq() })
    .execute();
}

/** One endpoint, deleted ones too (a queued delivery must find it to stop). */
export function findEndpoint(db: DbOrTrx, id: string) {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export function updateEndpoint(db: DbOrTrx, id: string, changes: Updateable<WebhookEndpointsTable>) {
  return db.updateTable('webhook_endpoints').set(changes).where('id', '=', id).execute();
}

/** The merchant's enabled endpoints, oldest first: the receivers of its events besides the automation webhook. */
export function enabledEndpoints(db: DbOrTrx, merchantId: string) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'enabled')
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'asc')
    .orderBy('seq', 'asc')
    .execute();
}

/** Store an event unless one with its key exists; returns the stored one either way. */
export async function insertEventOnce(db: DbOrTrx, row: Insertable<WebhookEventsTable>) {
  await db
    .insertInto('webhook_events')
    .values({ ...row, seq: nextSeq() })
    .onConflict((oc) => oc.column('event_key').doNothing())
    .execute();
  return db
    .selectFrom('webhook_events')
    .selectAll()
    .where('event_key', '=', row.event_key)
    .executeTakeFirstOrThrow();
}

export function findEvent(db: DbOrTrx, id: string) {
  return db.selectFrom('webhook_events').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every delivery job of one event (to show where it went and how it fared). */
export function jobsOfEvent(db: DbOrTrx, eventId: string) {
  return db
    .selectFrom('outbox')
    .select([
      'id',
      'endpoint_id',
      'status',
      'attempts',
      'last_response_status',
      'last_error',
      'delivered_at',
      'created_at',
    ])
    .where('event_id', '=', eventId)
    .orderBy('created_at', 'asc')
    .orderBy('seq', 'asc')
    .execute();
}

/** The merchant's endpoints (not deleted), oldest first: the console's list. */
export function endpointsOf(db: DbOrTrx, merchantId: string) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'asc')
    .orderBy('seq', 'asc')
    .execute();
}

/** The merchant's newest events since `since`: the console's list. */
export function recentEvents(db: DbOrTrx, merchantId: string, since: string, limit: number) {
  return db
    .selectFrom('webhook_events')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
}
