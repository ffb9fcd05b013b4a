/**
 * The console's routes for a merchant's webhook endpoints and events (the same resources as
 * `/api/v1/webhook_endpoints` and `/api/v1/events`, api/merchant-webhooks/webhook-endpoints.ts), for admins
 * and the merchant's members who may manage webhooks. Every change is audit-logged.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { actorOf } from '../audit/actor.ts';
import { authorizeMerchant } from '../auth/access.ts';
import { AppError } from '../errors.ts';
import { bearerSecurity as security, IdParam, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { getMerchantOr404 } from '../merchants/service.ts';
import {
  ENDPOINT_NOT_FOUND,
  endpointsOf,
  EVENT_NOT_FOUND,
  findEndpoint,
  findEvent,
  recentEvents,
} from './repository.ts';
import {
  CreatedEndpoint,
  Deleted,
  EnabledEvents,
  Endpoint,
  Event,
  ResendBody,
  Resent,
  RotateBody,
  Secret,
  UpdateBody,
  Url,
  Version,
} from './webhook-endpoint-schemas.ts';
import {
  changeEndpoint,
  createEndpoint,
  deleteEndpoint,
  eventsSince,
  resendEvent,
  rotateEndpoint,
  toApiEndpoint,
  toApiEvents,
} from './webhook-endpoints.ts';
import { ROTATION_OVERLAP_HOURS } from './webhook-secret.ts';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';

const tags = ['admin'];
/** Events the console lists (newest first, within the 30 days kept). */
const CONSOLE_EVENTS = 50;

const CreateBody = z
  .object({
    url: Url,
    description: z.string().trim().max(200).nullish(),
    enabled_events: EnabledEvents.optional(),
    api_version: Version.optional(),
  })
  .openapi('AdminWebhookEndpointInput');

/** The endpoint's merchant, once the caller may manage its webhooks (404 otherwise). */
async function endpointMerchant(c: Context<AppEnv>, id: string): Promise<string> {
  const endpoint = await findEndpoint(c.get('deps').database.db, id);
  const merchantId = endpoint && !endpoint.deleted_at ? endpoint.merchant_id : null;
  // An admin passes every merchant check: an endpoint that does not exist is still a 404.
  if (!merchantId) throw new AppError('not_found', ENDPOINT_NOT_FOUND);
  authorizeMerchant(c, 'webhooks.manage', merchantId, ENDPOINT_NOT_FOUND);
  return merchantId;
}

export const webhookEndpointAdminRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/merchants/{id}/webhook-endpoints',
      tags,
      security,
      'x-access': 'webhooks.manage',
      summary: "The merchant's webhook endpoints (besides its automation webhook), oldest first",
      request: { params: IdParam },
      responses: { 200: json(z.array(Endpoint), 'The endpoints'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const id = c.req.valid('param').id;
      authorizeMerchant(c, 'webhooks.manage', id);
      await getMerchantOr404(deps, id);
      const now = deps.clock.now();
      return c.json(
        (await endpointsOf(deps.database.db, id)).map((e) => toApiEndpoint(e, now)),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/merchants/{id}/webhook-endpoints',
      tags,
      security,
      'x-access': 'webhooks.manage',
      summary: 'Add a webhook endpoint (its signing secret is in this answer only)',
      request: {
        params: IdParam,
        body: { content: { 'application/json': { schema: CreateBody } }, required: true },
      },
      responses: {
        201: json(CreatedEndpoint, 'The endpoint, with its secret'),
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const id = c.req.valid('param').id;
      authorizeMerchant(c, 'webhooks.manage', id);
      await getMerchantOr404(deps, id);
      const actor = actorOf(c);
      return c.json(await createEndpoint(deps, id, c.req.valid('json'), actor, actor.user?.id ?? null), 201);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/webhook-endpoints/{id}',
      tags,
      security,
      'x-access': 'webhooks.manage',
      summary: "Change an endpoint's URL, event types, payload version or description; disable or enable it",
      request: {
        params: IdParam,
        body: { content: { 'application/json': { schema: UpdateBody } }, required: true },
      },
      responses: { 200: json(Endpoint, 'The endpoint'), ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      const merchantId = await endpointMerchant(c, id);
      return c.json(
        await changeEndpoint(c.get('deps'), merchantId, id, c.req.valid('json'), actorOf(c)),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/webhook-endpoints/{id}',
      tags,
      security,
      'x-access': 'webhooks.manage',
      summary: 'Delete an endpoint: nothing more is sent to it, queued deliveries stop',
      request: { params: IdParam },
      responses: { 200: json(Deleted, 'Deleted'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      const merchantId = await endpointMerchant(c, id);
      return c.json(await deleteEndpoint(c.get('deps'), merchantId, id, actorOf(c)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/webhook-endpoints/{id}/rotate-secret',
      tags,
      security,
      'x-access': 'webhooks.manage',
      summary: "Replace an endpoint's signing secret; the old one keeps signing for 24 h",
      request: {
        params: IdParam,
        body: { content: { 'application/json': { schema: RotateBody } }, required: false },
      },
      responses: { 200: json(Secret, 'The new secret'), ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      const merchantId = await endpointMerchant(c, id);
      const hours = c.req.valid('json')?.keep_previous_hours ?? ROTATION_OVERLAP_HOURS;
      return c.json(await rotateEndpoint(c.get('deps'), merchantId, id, hours, actorOf(c)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/merchants/{id}/webhook-events',
      tags,
      security,
      'x-access': 'webhooks.manage',
      summary: `The merchant's ${CONSOLE_EVENTS} newest events of the last 30 days, with their deliveries`,
      request: { params: IdParam },
      responses: { 200: json(z.array(Event), 'Newest first'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const id = c.req.valid('param').id;
      authorizeMerchant(c, 'webhooks.manage', id);
      await getMerchantOr404(deps, id);
      const db = deps.database.db;
      const rows = await recentEvents(db, id, eventsSince(deps.clock.now()), CONSOLE_EVENTS);
      return c.json(await toApiEvents(db, rows, true), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/webhook-events/{id}/resend',
      tags,
      security,
      'x-access': 'webhooks.manage',
      summary: 'Send an event again to one receiver (same event id, Idempotency-Key and body)',
      request: {
        params: IdParam,
        body: { content: { 'application/json': { schema: ResendBody } }, required: false },
      },
      responses: { 202: json(Resent, 'Queued'), ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const id = c.req.valid('param').id;
      const event = await findEvent(deps.database.db, id);
      if (!event) throw new AppError('not_found', EVENT_NOT_FOUND); // an admin passes every merchant check
      authorizeMerchant(c, 'webhooks.manage', event.merchant_id, EVENT_NOT_FOUND);
      const r = await resendEvent(
        deps,
        event.merchant_id,
        id,
        c.req.valid('json')?.endpoint_id ?? null,
        actorOf(c),
      );
      return c.json(r, 202);
    },
  );
