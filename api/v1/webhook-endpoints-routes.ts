/**
 * `/api/v1/webhook_endpoints` and `/api/v1/events` (api/accounting/webhook-endpoints.ts): a
 * merchant's webhook endpoints (write keys change them; the signing secret is in the answer that
 * creates or rotates one, and nowhere else), its events of the last 30 days with their deliveries,
 * and sending one event again to one receiver.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { EVENT_TYPES } from '../accounting/webhook-events.ts';
import { ALL_EVENTS } from '../accounting/webhook-fanout.ts';
import { ROTATION_OVERLAP_HOURS } from '../accounting/webhook-secret.ts';
import {
  changeEndpoint,
  createEndpoint,
  deleteEndpoint,
  endpointOr404,
  eventOr404,
  eventsSince,
  resendEvent,
  rotateEndpoint,
  toApiEndpoint,
  toApiEvent,
} from '../accounting/webhook-endpoints.ts';
import { IdParam, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import {
  listBody,
  merchantForWrite,
  merchantScope,
  principal,
  v1Actor,
  v1Security as security,
} from './http.ts';
import { endpointPage, eventPage } from './repository.ts';
import { ListParams, listOf } from './schemas.ts';

const time = z.string().openapi({ format: 'date-time' });
const Version = z.enum(['v1', '2026-11']).openapi({
  description:
    "The body's shape: `2026-11` (the default) events with integer minor units; `v1` the spec's body (decimal `Amount`, …). Every event type reaches both.",
});
const EventType = z.enum(EVENT_TYPES);
const EnabledEvents = z
  .array(z.enum([...EVENT_TYPES, ALL_EVENTS]))
  .min(1, 'enabled_events needs at least one type (or "*")')
  .max(20)
  .openapi({
    description: 'The event types sent to it; `["*"]` (the default): every type, those added later too',
    example: ['payment.succeeded', 'invoice.paid'],
  });
const Url = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => URL.canParse(v) && /^https?:/i.test(v), 'url must be an http(s) URL')
  .openapi({ example: 'https://hooks.example.com/invoicepay' });

const Endpoint = z
  .object({
    object: z.literal('webhook_endpoint'),
    id: z.string(),
    merchant_id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    enabled_events: z.array(z.string()),
    api_version: Version,
    status: z.enum(['enabled', 'disabled']),
    previous_secret_valid_until: time.nullable().openapi({
      description: 'After a rotation: until when deliveries also carry the old secret’s signature',
    }),
    created_at: time,
    updated_at: time,
  })
  .openapi('WebhookEndpoint');
const CreatedEndpoint = Endpoint.extend({
  secret: z.string().openapi({
    description: 'The signing secret (`whsec_…`): shown here only; keep it where the receiver verifies',
    example: 'whsec_…',
  }),
}).openapi('WebhookEndpointCreated');
const EndpointList = listOf(Endpoint, 'WebhookEndpointList', '/api/v1/webhook_endpoints');

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
const UpdateBody = z
  .object({
    url: Url.optional(),
    description: z.string().trim().max(200).nullish(),
    enabled_events: EnabledEvents.optional(),
    api_version: Version.optional(),
    disabled: z
      .boolean()
      .optional()
      .openapi({ description: 'true: nothing is sent to it (queued deliveries stop) until set false' }),
  })
  .openapi('WebhookEndpointUpdate');
const Deleted = z
  .object({ object: z.literal('webhook_endpoint'), id: z.string(), deleted: z.literal(true) })
  .openapi('WebhookEndpointDeleted');
const RotateBody = z
  .object({
    keep_previous_hours: z
      .number()
      .int()
      .min(0)
      .max(ROTATION_OVERLAP_HOURS)
      .optional()
      .openapi({
        description: `How long the old secret keeps signing too (default ${ROTATION_OVERLAP_HOURS}; 0 for a leaked secret)`,
      }),
  })
  .openapi('WebhookEndpointRotation');
const Secret = z
  .object({
    secret: z.string(),
    previous_secret_valid_until: time.nullable(),
  })
  .openapi('WebhookEndpointSecret');

const Delivery = z
  .object({
    id: z.string(),
    endpoint_id: z
      .string()
      .nullable()
      .openapi({ description: "null: the merchant's automation webhook (set in the console)" }),
    status: z.enum(['pending', 'processing', 'delivered', 'failed', 'canceled']),
    attempts: z.number().int(),
    response_status: z.number().int().nullable(),
    error: z.string().nullable(),
    delivered_at: time.nullable(),
    created_at: time,
  })
  .openapi('EventDelivery');
const Event = z
  .object({
    id: z.string().openapi({ example: 'evt_3f0c…' }),
    object: z.literal('event'),
    type: EventType,
    api_version: z.literal('2026-11'),
    created: time,
    data: z.object({
      object: z
        .record(z.string(), z.unknown())
        .openapi({ description: 'The payment, refund, invoice, write-off or dispute, as when it happened' }),
    }),
    merchant_id: z.string(),
    deliveries: z.array(Delivery).optional().openapi({
      description: 'Where it was sent (one per receiver and resend); on GET /api/v1/events/{id} only',
    }),
  })
  .openapi('Event');
const EventList = listOf(Event, 'EventList', '/api/v1/events');
const ResendBody = z
  .object({
    endpoint_id: z.string().max(100).nullish().openapi({
      description: "The endpoint to send it to; omitted or null: the merchant's automation webhook",
    }),
  })
  .openapi('EventResend');
const Resent = z
  .object({
    object: z.literal('event_delivery'),
    id: z.string(),
    event_id: z.string(),
    endpoint_id: z.string().nullable(),
    status: z.literal('pending'),
  })
  .openapi('EventResent');

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
      request: { body: { content: { 'application/json': { schema: CreateBody } }, required: true } },
      responses: {
        201: json(CreatedEndpoint, 'The endpoint, with its secret'),
        ...errorResponses(400, 401, 403, 404, 409, 429),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const merchant = await merchantForWrite(c, body.merchant_id);
      const created = await createEndpoint(
        c.get('deps'),
        merchant.id,
        {
          url: body.url,
          description: body.description,
          enabled_events: body.enabled_events,
          api_version: body.api_version,
        },
        v1Actor(c),
      );
      return c.json(created, 201);
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
        params: IdParam,
        body: { content: { 'application/json': { schema: UpdateBody } }, required: true },
      },
      responses: { 200: json(Endpoint, 'The endpoint'), ...errorResponses(400, 401, 403, 404, 429) },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const changed = await changeEndpoint(
        c.get('deps'),
        principal(c).merchantId,
        c.req.valid('param').id,
        body,
        v1Actor(c),
      );
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
        params: IdParam,
        body: { content: { 'application/json': { schema: RotateBody } }, required: false },
      },
      responses: { 200: json(Secret, 'The new secret'), ...errorResponses(400, 401, 403, 404, 429) },
    }),
    async (c) => {
      const hours = c.req.valid('json')?.keep_previous_hours ?? ROTATION_OVERLAP_HOURS;
      const rotated = await rotateEndpoint(
        c.get('deps'),
        principal(c).merchantId,
        c.req.valid('param').id,
        hours,
        v1Actor(c),
      );
      return c.json(rotated, 200);
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
      const data = await Promise.all(rows.map((e) => toApiEvent(db, e, false)));
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
      return c.json(await toApiEvent(deps.database.db, e), 200);
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
        params: IdParam,
        body: { content: { 'application/json': { schema: ResendBody } }, required: false },
      },
      responses: { 202: json(Resent, 'Queued'), ...errorResponses(400, 401, 403, 404, 409, 429) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const body = c.req.valid('json');
      const r = await resendEvent(
        deps,
        principal(c).merchantId,
        c.req.valid('param').id,
        body?.endpoint_id ?? null,
        v1Actor(c),
      );
      return c.json(
        {
          object: 'event_delivery' as const,
          id: r.delivery_id,
          event_id: r.event_id,
          endpoint_id: r.endpoint_id,
          status: r.status,
        },
        202,
      );
    },
  );
