/**
 * `/api/admin/webhook-deliveries`: every automation webhook delivery attempt with its request and
 * response (api/merchant-webhooks/webhook-deliveries.ts), for the console's delivery log. Simple-rest:
 * filter by `merchant_id`, `outbox_id` or `event`; newest first.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { AppError } from '../errors.ts';
import { bearerSecurity as security, IdParam, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { ListQueryParams, inMerchants, listPage, listResponse } from '../http/simple-rest.ts';
import { authorizeMerchant, merchantScope } from '../auth/access.ts';
import { deliveryList, toApiDelivery } from './webhook-deliveries.ts';
import { automationWebhookDeliveries, findWebhookDelivery } from './repository.ts';

const DELIVERY_NOT_FOUND = 'Delivery not found';

const Headers = z.record(z.string(), z.string()).openapi({ example: { 'content-type': 'application/json' } });

const DeliverySchema = z
  .object({
    id: z.string(),
    merchant_id: z.string(),
    outbox_id: z
      .string()
      .nullable()
      .openapi({ description: 'The outbox job delivered; null for a test send' }),
    event: z.string().openapi({ example: 'payment.succeeded' }),
    url: z.string(),
    success: z.boolean().openapi({ description: 'The receiver answered 2xx' }),
    request: z.object({
      headers: Headers,
      body: z.string().openapi({ description: 'The raw body, as signed' }),
    }),
    response: z
      .object({
        status: z.number().int(),
        headers: Headers,
        body: z.string().openapi({ description: 'The first 4 KB' }),
      })
      .nullable()
      .openapi({ description: 'null when no answer came (see `error`)' }),
    error: z.string().nullable(),
    duration_ms: z.number().int(),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('WebhookDelivery');

export const webhookDeliveryRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/webhook-deliveries',
      tags: ['admin'],
      security,
      'x-access': 'webhooks.manage',
      operationId: 'adminListWebhookDeliveries',
      summary: 'Automation webhook delivery attempts with request and response (simple-rest; newest first)',
      request: { query: ListQueryParams },
      responses: {
        200: listResponse(DeliverySchema, 'A page of attempts'),
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const base = automationWebhookDeliveries(c.get('deps').database.db);
      const scope = merchantScope(c, 'webhooks.manage');
      const rows = await listPage(c, deliveryList, inMerchants(base, 'merchant_id', scope));
      return c.json(rows.map(toApiDelivery), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/webhook-deliveries/{id}',
      tags: ['admin'],
      security,
      'x-access': 'webhooks.manage',
      operationId: 'adminGetWebhookDelivery',
      summary: 'One delivery attempt',
      request: { params: IdParam },
      responses: { 200: json(DeliverySchema, 'The attempt'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const row = await findWebhookDelivery(c.get('deps').database.db, c.req.valid('param').id);
      if (!row) throw new AppError('not_found', DELIVERY_NOT_FOUND);
      authorizeMerchant(c, 'webhooks.manage', row.merchant_id, DELIVERY_NOT_FOUND);
      return c.json(toApiDelivery(row), 200);
    },
  );
