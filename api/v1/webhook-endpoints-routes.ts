/**
 * `/api/v1/webhook_endpoints` and `/api/v1/events` (api/merchant-webhooks/webhook-endpoints.ts): a
 * merchant's webhook endpoints (write keys change them; the signing secret is in the answer that
 * creates or rotates one, and nowhere else), its events of the last 30 days with their deliveries,
 * and sending one event again to one receiver.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { ROTATION_OVERLAP_HOURS } from '../merchant-webhooks/webhook-secret.ts';
import {
  CreatedEndpoint,
  Deleted,
  EnabledEvents,
  Endpoint,
  Event,
  EventType,
  ResendBody,
  Resent,
  RotateBody,
  Secret,
  UpdateBody,
  Url,
  Version,
} from '../merchant-webhooks/webhook-endpoint-schemas.ts';
import {
  changeEndpoint,
  createEndpoint,
  currentEndpointSecret,
  deleteEndpoint,
  endpointOr404,
  eventOr404,
  eventsSince,
  resendEvent,
  rotateEndpoint,
  toApiEndpoint,
  toApiEvents,
} from '../merchant-webhooks/webhook-endpoints.ts';
import { IdParam, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import {
  IdempotencyHeader,
  listBody,
  merchantForWrite,
  merchantScope,
  once,
  principal,
  v1Actor,
  v1Security as security,
} from './http.ts';
import { endpointPage, eventPage } from './repository.ts';
import { ListParams, listOf } from '../public-objects/schemas.ts';

const CreateBody = z
  .object({
    merchant_id: z
      .string()
      .max(100)
      .nullish()
      .openapi({ description: "Required for a key with every merchant; a merchant's key may omit it" }),
    url: Url,
    description: z.string().trim().max(200).nullish(),
    enabled_events: EnabledEvents.optional(),
    api_version: Version.optional(),
  })
  .openapi('WebhookEndpointInput');
const EndpointList = listOf(Endpoint, 'WebhookEndpointList', '/api/v1/webhook_endpoints');

const EventList = listOf(Event, 'EventList', '/api/v1/events');
const MerchantQuery = ListParams.extend({
  merchant_id: z.string().max(100).optional().openapi({ description: 'For a key with every merchant' }),
});
const EventQuery = MerchantQuery.extend({ type: EventType.optional() });

const tags = ['Webhook endpoints'];
const eventTags = ['Events'];

export const v1WebhookEndpointRoutes = createRouter({ closedQuery: true })
  .openapi(
    createRoute({
      method: 'get',
      path: '/webhook_endpoints',
      operationId: 'listWebhookEndpoints',
      tags,
      security,
      summary: "List the merchant's webhook endpoints, newest first",
      description:
        "Endpoints besides the merchant's automation webhook (the spec's, set in the console). Secrets are never listed.",
      request: { query: MerchantQuery },
      responses: {
        200: json(EndpointList, 'A page of endpoints'),
        ...errorResponses(400, 401, 403, 404, 429),
      },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const deps = c.get('deps');
      const { rows, hasMore } = await endpointPage(deps.database.db, merchantScope(c, q.merchant_id), q);
      const now = deps.clock.now();
      const data = rows.map((e) => toApiEndpoint(e, now));
      return c.json(listBody('/api/v1/webhook_endpoints', data, hasMore), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/webhook_endpoints',
      operationId: 'createWebhookEndpoint',
      tags,
      security,
      summary: 'Add a webhook endpoint (its signing secret is in this answer only)',
      description:
        'The URL must be http(s) and must not point at a private, loopback or link-local address unless OUTBOUND_ALLOWLIST allows it. At most 16 endpoints per merchant.',
      request: {
        headers: IdempotencyHeader,
        body: { content: { 'application/json': { schema: CreateBody } }, required: true },
      },
      responses: {
        201: json(CreatedEndpoint, 'The endpoint, with its secret'),
        ...errorResponses(400, 401, 403, 404, 409, 429),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const merchant = await merchantForWrite(c, body.merchant_id);
      const deps = c.get('deps');
      // The secret is not kept in the replay record: a replay reads the endpoint's own.
      let secret: string | null = null;
      const { body: created } = await once(c, 'webhook_endpoints.create', body, async () => {
        const { secret: made, ...endpoint } = await createEndpoint(
          deps,
          merchant.id,
          {
            url: body.url,
            description: body.description,
            enabled_events: body.enabled_events,
            api_version: body.api_version,
          },
          v1Actor(c),
          principal(c).userId,
        );
        secret = made;
        return { status: 201, body: endpoint };
      });
      secret ??= await currentEndpointSecret(deps, merchant.id, created.id);
      return c.json({ ...created, secret }, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/webhook_endpoints/{id}',
      operationId: 'getWebhookEndpoint',
      tags,
      security,
      summary: 'One webhook endpoint',
      request: { params: IdParam },
      responses: { 200: json(Endpoint, 'The endpoint'), ...errorResponses(401, 403, 404, 429) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const e = await endpointOr404(deps.database.db, principal(c).merchantId, c.req.valid('param').id);
      return c.json(toApiEndpoint(e, deps.clock.now()), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/webhook_endpoints/{id}',
      operationId: 'updateWebhookEndpoint',
      tags,
      security,
      summary: "Change an endpoint's URL, event types, payload version or description; disable or enable it",
      request: {
        headers: IdempotencyHeader,
        params: IdParam,
        body: { content: { 'application/json': { schema: UpdateBody } }, required: true },
      },
      responses: { 200: json(Endpoint, 'The endpoint'), ...errorResponses(400, 401, 403, 404, 429) },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const id = c.req.valid('param').id;
      const { body: changed } = await once(c, 'webhook_endpoints.update', { id, body }, async () => ({
        status: 200,
        body: await changeEndpoint(c.get('deps'), principal(c).merchantId, id, body, v1Actor(c)),
      }));
      return c.json(changed, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/webhook_endpoints/{id}',
      operationId: 'deleteWebhookEndpoint',
      tags,
      security,
      summary: 'Delete an endpoint: nothing more is sent to it, queued deliveries stop',
      request: { params: IdParam },
      responses: { 200: json(Deleted, 'Deleted'), ...errorResponses(401, 403, 404, 429) },
    }),
    async (c) => {
      const deps = c.get('deps');
      return c.json(
        await deleteEndpoint(deps, principal(c).merchantId, c.req.valid('param').id, v1Actor(c)),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/webhook_endpoints/{id}/rotate_secret',
      operationId: 'rotateWebhookEndpointSecret',
      tags,
      security,
      summary:
        "Replace an endpoint's signing secret; the old one keeps signing for 24 h (both signatures are sent)",
      request: {
        headers: IdempotencyHeader,
        params: IdParam,
        body: { content: { 'application/json': { schema: RotateBody } }, required: false },
      },
      responses: { 200: json(Secret, 'The new secret'), ...errorResponses(400, 401, 403, 404, 429) },
    }),
    async (c) => {
      const hours = c.req.valid('json')?.keep_previous_hours ?? ROTATION_OVERLAP_HOURS;
      const id = c.req.valid('param').id;
      const deps = c.get('deps');
      const merchantId = principal(c).merchantId;
      // As for a new endpoint, the replay record keeps no secret: a replay reads the current one.
      let secret: string | null = null;
      const { body: rotated } = await once(c, 'webhook_endpoints.rotate', { id, hours }, async () => {
        const { secret: made, ...rest } = await rotateEndpoint(deps, merchantId, id, hours, v1Actor(c));
        secret = made;
        return { status: 200, body: rest };
      });
      secret ??= await currentEndpointSecret(deps, merchantId, id);
      return c.json({ ...rotated, secret }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/events',
      operationId: 'listEvents',
      tags: eventTags,
      security,
      summary: 'List the events of the last 30 days, newest first',
      description:
        "Every event sent to at least one of the merchant's receivers (its automation webhook or an endpoint), with its `2026-11` body. Filter by `type`.",
      request: { query: EventQuery },
      responses: { 200: json(EventList, 'A page of events'), ...errorResponses(400, 401, 403, 404, 429) },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const deps = c.get('deps');
      const db = deps.database.db;
      const since = eventsSince(deps.clock.now());
      const { rows, hasMore } = await eventPage(db, merchantScope(c, q.merchant_id), since, q);
      const data = await toApiEvents(db, rows, false);
      return c.json(listBody('/api/v1/events', data, hasMore), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/events/{id}',
      operationId: 'getEvent',
      tags: eventTags,
      security,
      summary: 'One event, with where it was sent and how each delivery fared',
      request: { params: IdParam },
      responses: { 200: json(Event, 'The event'), ...errorResponses(401, 403, 404, 429) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const e = await eventOr404(deps, principal(c).merchantId, c.req.valid('param').id);
      return c.json((await toApiEvents(deps.database.db, [e], true))[0]!, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/events/{id}/resend',
      operationId: 'resendEvent',
      tags: eventTags,
      security,
      summary: 'Send an event again to one receiver (same event id, Idempotency-Key and body)',
      description:
        'Queued at once and delivered like any event (signed, retried). The receiver sees the id it has seen before, so one that already handled it can ignore it.',
      request: {
        headers: IdempotencyHeader,
        params: IdParam,
        body: { content: { 'application/json': { schema: ResendBody } }, required: false },
      },
      responses: { 202: json(Resent, 'Queued'), ...errorResponses(400, 401, 403, 404, 409, 429) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const body = c.req.valid('json');
      const id = c.req.valid('param').id;
      const endpoint = body?.endpoint_id ?? null;
      const { body: r } = await once(c, 'events.resend', { id, endpoint }, async () => ({
        status: 202,
        body: await resendEvent(deps, principal(c).merchantId, id, endpoint, v1Actor(c)),
      }));
      return c.json(r, 202);
    },
  );
