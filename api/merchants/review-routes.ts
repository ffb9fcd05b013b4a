/**
 * `/api/admin/merchants/{id}/approve` and `…/suspend`: the operator's review (api/merchants/review.ts).
 * Admins only (no `x-access`): an owner cannot approve or suspend their own merchant.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { actorOf } from '../audit/actor.ts';
import { bearerSecurity as security, IdParam, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { approveMerchant, suspendMerchant } from './review.ts';
import { MerchantSchema } from './schema.ts';
import { toApiMerchant } from './service.ts';

const SuspendBody = z
  .object({
    reason: z
      .string()
      .trim()
      .min(1, 'Say why the merchant is suspended: the owners are told.')
      .max(500, 'The reason is at most 500 characters'),
  })
  .openapi('SuspendMerchantInput');

export const merchantReviewRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/merchants/{id}/approve',
      tags: ['admin'],
      security,
      summary: 'Approve a merchant awaiting review, or reinstate a suspended one (audited; owners mailed)',
      request: { params: IdParam },
      responses: { 200: json(MerchantSchema, 'The merchant, active'), ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const merchant = await approveMerchant(deps, c.req.valid('param').id, actorOf(c));
      return c.json(toApiMerchant(merchant, deps.config.publicBaseUrl), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/merchants/{id}/suspend',
      tags: ['admin'],
      security,
      summary: 'Suspend a merchant with a reason: its links refuse payment (audited; owners mailed)',
      request: {
        params: IdParam,
        body: { content: { 'application/json': { schema: SuspendBody } }, required: true },
      },
      responses: {
        200: json(MerchantSchema, 'The merchant, suspended'),
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { reason } = c.req.valid('json');
      const merchant = await suspendMerchant(deps, c.req.valid('param').id, reason, actorOf(c));
      return c.json(toApiMerchant(merchant, deps.config.publicBaseUrl), 200);
    },
  );
