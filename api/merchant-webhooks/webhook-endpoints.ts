/**
 * Webhook endpoints and events as resources (issue 33, docs/webhooks.md), shared by the integrator
 * API (`/api/v1/webhook_endpoints`, `/api/v1/events`) and the console: create (the signing secret
 * is shown once), list, change (URL, event types, version, enabled), delete, rotate the secret; list
 * a merchant's events of the last 30 days with where each went, and send one again to one receiver
 * (same event id, same Idempotency-Key, same bytes). Every change is audit-logged.
 */
import type { Actor } from '../audit/actor.ts';
import { audit } from '../audit/service.ts';
import type { AppDeps } from '../context.ts';
import type { DbOrTrx } from '../db/database.ts';
import { transact } from '../db/transact.ts';
import type { WebhookEndpoint, WebhookEventRow, WebhookVersion } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { receiverUrl } from './receiver-url.ts';
import { insertJob } from '../outbox/repository.ts';
import { findMerchantEvenDeleted } from '../merchants/rows.ts';
import {
  ENDPOINT_NOT_FOUND,
  EVENT_NOT_FOUND,
  findEndpoint,
  findEvent,
  insertEndpoint,
  jobsOfEvents,
  updateEndpoint,
} from './repository.ts';
import { endpointSigningSecrets, newEndpointSecret, rotateEndpointSecret } from './endpoint-secrets.ts';
import {
  ALL_EVENTS,
  normaliseEnabledEvents,
  sendKeyOf,
  subjectOf,
  type SentEventType,
} from './webhook-fanout.ts';
import type { WebhookEventBody } from './webhook-events.ts';

/** How long events are listed and may be sent again. */
export const EVENT_RETENTION_DAYS = 30;
/** Endpoints per merchant (besides the automation webhook). */
export const MAX_ENDPOINTS = 16;

export function toApiEndpoint(e: WebhookEndpoint, now: Date) {
  const until = e.secret_previous_until;
  return {
    object: 'webhook_endpoint' as const,
    id: e.id,
    merchant_id: e.merchant_id,
    url: e.url,
    description: e.description,
    enabled_events: JSON.parse(e.enabled_events) as string[],
    api_version: e.api_version,
    status: e.status,
    previous_secret_valid_until: until && until > now.toISOString() ? until : null,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}

export async function endpointOr404(db: DbOrTrx, scope: string | null, id: string) {
  const e = await findEndpoint(db, id);
  if (!e || e.deleted_at || (scope && e.merchant_id !== scope))
    throw new AppError('not_found', ENDPOINT_NOT_FOUND);
  return e;
}

/**
 * The endpoint's current signing secret: an idempotent replay of its creation or rotation
 * (api/v1/http.ts `once`) answers with it again, so the secret is never stored in the replay record.
 */
export async function currentEndpointSecret(deps: AppDeps, merchantId: string | null, id: string) {
  const e = await endpointOr404(deps.database.db, merchantId, id);
  return endpointSigningSecrets(deps, e)[0]!;
}

function checkedEvents(events: readonly string[] | undefined): string[] {
  try {
    return normaliseEnabledEvents(events?.length ? events : [ALL_EVENTS]);
  } catch (err) {
    throw new AppError('validation_failed', (err as Error).message, { field: 'enabled_events' });
  }
}

export interface EndpointInput {
  url: string;
  description?: string | null;
  enabled_events?: string[];
  api_version?: WebhookVersion;
}

/**
 * A new endpoint; its secret is in the answer and nowhere else. `createdBy`: the member who makes it
 * (signed in, or behind the API key), shown to the owner if that member is removed.
 */
export async function createEndpoint(
  deps: AppDeps,
  merchantId: string,
  input: EndpointInput,
  actor: Actor,
  createdBy: string | null,
) {
  const url = await receiverUrl(deps, input.url, 'url');
  const events = checkedEvents(input.enabled_events);
  const id = crypto.randomUUID();
  const { secret, sealed } = newEndpointSecret(deps, id);
  const stamp = deps.clock.now().toISOString();
  const row = await transact(deps.database, async (trx) => {
    const count = await trx
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchant_id', '=', merchantId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_ENDPOINTS)
      throw new AppError('conflict', `A merchant can have ${MAX_ENDPOINTS} webhook endpoints at most`);
    await insertEndpoint(trx, {
      id,
      merchant_id: merchantId,
      url,
      description: input.description?.trim() || null,
      enabled_events: JSON.stringify(events),
      api_version: input.api_version ?? '2026-11',
      secret: sealed,
      created_at: stamp,
      updated_at: stamp,
      created_by: createdBy,
    });
    await auditEndpoint(deps, trx, actor, 'webhook_endpoint.create', merchantId, id, {
      url,
      enabled_events: events,
      api_version: input.api_version ?? '2026-11',
    });
    return (await findEndpoint(trx, id))!;
  });
  return { ...toApiEndpoint(row, deps.clock.now()), secret };
}

export interface EndpointChanges {
  url?: string;
  description?: string | null;
  enabled_events?: string[];
  api_version?: WebhookVersion;
  disabled?: boolean;
}

export async function changeEndpoint(
  deps: AppDeps,
  scope: string | null,
  id: string,
  changes: EndpointChanges,
  actor: Actor,
) {
  const before = await endpointOr404(deps.database.db, scope, id);
  const set = {
    ...(changes.url !== undefined ? { url: await receiverUrl(deps, changes.url, 'url') } : {}),
    ...(changes.description !== undefined ? { description: changes.description?.trim() || null } : {}),
    ...(changes.enabled_events !== undefined
      ? { enabled_events: JSON.stringify(checkedEvents(changes.enabled_events)) }
      : {}),
    ...(changes.api_version !== undefined ? { api_version: changes.api_version } : {}),
    ...(changes.disabled !== undefined
      ? { status: changes.disabled ? ('disabled' as const) : ('enabled' as const) }
      : {}),
  };
  await transact(deps.database, async (trx) => {
    await updateEndpoint(trx, id, { ...set, updated_at: deps.clock.now().toISOString() });
    await auditEndpoint(deps, trx, actor, 'webhook_endpoint.update', before.merchant_id, id, set);
  });
  return toApiEndpoint(await endpointOr404(deps.database.db, scope, id), deps.clock.now());
}

/** Deleted: nothing more is sent to it (queued deliveries stop); its past deliveries stay in the log. */
export async function deleteEndpoint(deps: AppDeps, scope: string | null, id: string, actor: Actor) {
  const before = await endpointOr404(deps.database.db, scope, id);
  const stamp = deps.clock.now().toISOString();
  await transact(deps.database, async (trx) => {
    await updateEndpoint(trx, id, { deleted_at: stamp, updated_at: stamp });
    await auditEndpoint(deps, trx, actor, 'webhook_endpoint.delete', before.merchant_id, id, {
      url: before.url,
    });
  });
  return { object: 'webhook_endpoint' as const, id, deleted: true as const };
}

export async function rotateEndpoint(
  deps: AppDeps,
  scope: string | null,
  id: string,
  hours: number,
  actor: Actor,
) {
  const endpoint = await endpointOr404(deps.database.db, scope, id);
  const rotated = await transact(deps.database, async (trx) => {
    const r = await rotateEndpointSecret(deps, trx, endpoint, hours);
    await auditEndpoint(deps, trx, actor, 'webhook_endpoint.secret_rotate', endpoint.merchant_id, id, {
      previous_valid_until: r.previousValidUntil,
    });
    return r;
  });
  return { secret: rotated.secret, previous_secret_valid_until: rotated.previousValidUntil };
}

function auditEndpoint(
  deps: AppDeps,
  db: DbOrTrx,
  actor: Actor,
  action: string,
  merchantId: string,
  id: string,
  details: Record<string, unknown>,
) {
  return audit(
    db,
    {
      actor: actor.user,
      action,
      targetType: 'webhook_endpoint',
      targetId: id,
      merchantId,
      details,
      ip: actor.ip,
    },
    deps.clock,
  );
}

/** The oldest event still listed. */
export const eventsSince = (now: Date) =>
  new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000).toISOString();

export async function eventOr404(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  scope: string | null,
  id: string,
) {
  const e = await findEvent(deps.database.db, id);
  if (!e || (scope && e.merchant_id !== scope) || e.created_at < eventsSince(deps.clock.now()))
    throw new AppError('not_found', EVENT_NOT_FOUND);
  return e;
}

/**
 * Events as the API shows them: each one's `2026-11` body and merchant, and with `withDeliveries`
 * where it was sent (one query for all of them).
 */
export async function toApiEvents(db: DbOrTrx, events: WebhookEventRow[], withDeliveries: boolean) {
  const jobs = withDeliveries
    ? await jobsOfEvents(
        db,
        events.map((e) => e.id),
      )
    : [];
  return events.map((e) => {
    const body = JSON.parse(e.body) as Omit<WebhookEventBody<Record<string, unknown>>, 'type'> & {
      type: SentEventType;
    };
    const deliveries = jobs
      .filter((j) => j.event_id === e.id)
      .map((j) => ({
        id: j.id,
        endpoint_id: j.endpoint_id,
        status: j.status,
        attempts: j.attempts,
        response_status: j.last_response_status,
        error: j.last_error,
        delivered_at: j.delivered_at,
        created_at: j.created_at,
      }));
    return { ...body, merchant_id: e.merchant_id, ...(withDeliveries ? { deliveries } : {}) };
  });
}

/**
 * Send one event again to one receiver: an endpoint of the event's merchant (`endpointId`), or the
 * automation webhook (null). Same event id, same Idempotency-Key, same body; queued at once.
 */
export async function resendEvent(
  deps: AppDeps,
  scope: string | null,
  eventId: string,
  endpointId: string | null,
  actor: Actor,
) {
  const event = await eventOr404(deps, scope, eventId);
  let version: WebhookVersion;
  if (endpointId) {
    const endpoint = await endpointOr404(deps.database.db, event.merchant_id, endpointId);
    if (endpoint.status !== 'enabled')
      throw new AppError('conflict', 'The webhook endpoint is disabled: enable it to send to it', {
        field: 'endpoint_id',
      });
    version = endpoint.api_version;
  } else {
    const merchant = await findMerchantEvenDeleted(deps.database.db, event.merchant_id);
    if (!merchant?.make_webhook_url)
      throw new AppError('validation_failed', 'Please configure the webhook URL first', {
        field: 'endpoint_id',
      });
    version = merchant.webhook_version;
  }
  const stamp = deps.clock.now().toISOString();
  const jobId = crypto.randomUUID();
  await transact(deps.database, async (trx) => {
    await insertJob(trx, {
      id: jobId,
      kind: 'automation_webhook',
      merchant_id: event.merchant_id,
      // In line behind the payment's events still waiting for this receiver.
      payment_id: event.payment_id,
      // A refund event waits, as its first delivery did, until the provider settled the refund.
      refund_id: event.type === 'payment.refunded' ? subjectOf(event) : null,
      write_off_id: null,
      endpoint_id: endpointId,
      event_id: event.id,
      idempotency_key: `resend:${jobId}`,
      send_key: sendKeyOf(event, endpointId, version),
      payload: version === '2026-11' ? event.body : event.v1_body,
      next_attempt_at: stamp,
      created_at: stamp,
      updated_at: stamp,
    });
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'webhook_event.resend',
        targetType: 'webhook_event',
        targetId: event.id,
        merchantId: event.merchant_id,
        details: { endpoint_id: endpointId },
        ip: actor.ip,
      },
      deps.clock,
    );
  });
  return {
    object: 'event_delivery' as const,
    id: jobId,
    event_id: event.id,
    endpoint_id: endpointId,
    status: 'pending' as const,
  };
}

export { ENDPOINT_NOT_FOUND, EVENT_NOT_FOUND };
