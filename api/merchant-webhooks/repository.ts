/**
 * Merchant webhooks' rows: the automation webhook's signing secrets (on the merchant), its test
 * sends, every delivery attempt, and the webhook endpoints and events (migration 071). Endpoints
 * are soft-deleted (`deleted_at`), so a delivery already queued for one finds it and stops; events
 * are pruned with the delivery log (30 days).
 */
import type { Insertable, Updateable } from 'kysely';
import type { DbOrTrx } from '../db/database.ts';
import { nextSeq } from '../db/sequence.ts';
import type {
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
  WebhookEventsTable,
  WebhookTestsTable,
} from '../db/types.ts';

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
  const [inserted] = await db
    .insertInto('webhook_events')
    .values({ ...row, seq: nextSeq() })
    .onConflict((oc) => oc.column('event_key').doNothing())
    .returningAll()
    .execute();
  // Only when it existed already (a sync asked for again) is it read back.
  return (
    inserted ??
    db
      .selectFrom('webhook_events')
      .selectAll()
      .where('event_key', '=', row.event_key)
      .executeTakeFirstOrThrow()
  );
}

/** The event's `2026-11` body once what it reports settled (a refund the provider completed). */
export async function setEventBody(db: DbOrTrx, id: string, body: string): Promise<void> {
  await db.updateTable('webhook_events').set({ body }).where('id', '=', id).execute();
}

export function findEvent(db: DbOrTrx, id: string) {
  return db.selectFrom('webhook_events').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every delivery job of these events (to show where each went and how it fared), oldest first. */
export function jobsOfEvents(db: DbOrTrx, eventIds: string[]) {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('outbox')
    .select([
      'id',
      'event_id',
      'endpoint_id',
      'status',
      'attempts',
      'last_response_status',
      'last_error',
      'delivered_at',
      'created_at',
    ])
    .where('event_id', 'in', eventIds)
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

/** Every recorded webhook delivery, for the console's list (filters, sort and page come on top). */
/**
 * The automation webhook's delivery attempts (and its tests): not those to webhook endpoints, which
 * their endpoint's events list (issue 50 item 7: the Automation Webhook card listed an endpoint's
 * deliveries under "Not configured").
 */
export function automationWebhookDeliveries(db: DbOrTrx) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('outbox')
            .select('outbox.id')
            .whereRef('outbox.id', '=', 'webhook_deliveries.outbox_id')
            .where('outbox.endpoint_id', 'is not', null),
        ),
      ),
    );
}

export async function findWebhookDelivery(db: DbOrTrx, id: string) {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A merchant's 20 latest test deliveries, newest first. */
export async function recentWebhookTests(db: DbOrTrx, merchantId: string) {
  return db
    .selectFrom('webhook_tests')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
}

/** Store one delivery attempt, dropping those older than `cutoff`. */
export async function logWebhookDelivery(
  db: DbOrTrx,
  row: Insertable<WebhookDeliveriesTable>,
  cutoff: string,
): Promise<void> {
  await db.deleteFrom('webhook_deliveries').where('created_at', '<', cutoff).execute();
  // The events sent have the same retention (api/merchant-webhooks/webhook-endpoints.ts lists 30 days).
  await db.deleteFrom('webhook_events').where('created_at', '<', cutoff).execute();
  await db
    .insertInto('webhook_deliveries')
    .values({ ...row, seq: nextSeq() })
    .execute();
}

/** A merchant's automation-webhook signing secrets, sealed (secret-box.ts). */
export function sealedWebhookSecrets(db: DbOrTrx, merchantId: string) {
  return db
    .selectFrom('merchants')
    .select(['webhook_secret', 'webhook_secret_previous', 'webhook_secret_previous_until'])
    .where('id', '=', merchantId)
    .executeTakeFirst();
}

/** Store a first secret, unless another delivery stored one first. */
export async function storeFirstWebhookSecret(
  db: DbOrTrx,
  merchantId: string,
  sealed: string,
): Promise<void> {
  await db
    .updateTable('merchants')
    .set({ webhook_secret: sealed })
    .where('id', '=', merchantId)
    .where('webhook_secret', 'is', null)
    .execute();
}

export async function storeWebhookSecrets(
  db: DbOrTrx,
  merchantId: string,
  s: {
    webhook_secret: string;
    webhook_secret_previous: string | null;
    webhook_secret_previous_until: string | null;
    last_updated: string;
  },
): Promise<void> {
  await db.updateTable('merchants').set(s).where('id', '=', merchantId).execute();
}

export async function insertWebhookTest(db: DbOrTrx, row: Insertable<WebhookTestsTable>): Promise<void> {
  await db.insertInto('webhook_tests').values(row).execute();
}
