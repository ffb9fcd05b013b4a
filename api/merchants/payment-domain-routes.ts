/**
 * `/api/admin/merchants/{id}/payment-domains`: the domains registered for wallets (Apple Pay,
 * Google Pay) on a merchant's connected account, with their status; an admin adds the merchant's
 * own sites, checks one again, or stops tracking it (api/merchants/payment-domains.ts).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { bearerSecurity as security, IdParam, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { listDomains, refreshDomain, registerDomain, removeDomain } from './payment-domains.ts';
import { actorOf } from '../audit/actor.ts';
import { authorizeMerchant } from '../auth/access.ts';
import { getMerchantOr404 } from './service.ts';

const tags = ['admin'];

export const PaymentDomainSchema = z
  .object({
    id: z.string(),
    domain: z.string().openapi({ example: 'pay.supplier.com.au' }),
    source: z.enum(['platform', 'merchant']),
    status: z.enum(['pending', 'active', 'inactive', 'failed']),
    apple_pay: z.string(),
    google_pay: z.string(),
    detail: z.string().nullable().openapi({ description: "The provider's reason when not active" }),
    provider_domain_id: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('PaymentMethodDomain');

const DomainParams = IdParam.extend({
  domainId: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'domainId', in: 'path' } }),
});

const path = '/merchants/{id}/payment-domains';

export const paymentDomainRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path,
      tags,
      security,
      'x-access': 'domains.manage',
      summary: "Domains registered for wallets on the merchant's connected account",
      request: { params: IdParam },
      responses: { 200: json(z.array(PaymentDomainSchema), 'The domains'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      authorizeMerchant(c, 'domains.manage', c.req.valid('param').id);
      const merchant = await getMerchantOr404(deps, c.req.valid('param').id);
      return c.json(await listDomains(deps, merchant.id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path,
      tags,
      security,
      'x-access': 'domains.manage',
      summary: "Register one of the merchant's sites for Apple Pay and Google Pay (audited)",
      request: {
        params: IdParam,
        body: {
          content: { 'application/json': { schema: z.object({ domain: z.string().min(1).max(300) }) } },
          required: true,
        },
      },
      responses: {
        200: json(PaymentDomainSchema, 'The domain and its status at the provider'),
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      authorizeMerchant(c, 'domains.manage', c.req.valid('param').id);
      const merchant = await getMerchantOr404(deps, c.req.valid('param').id);
      return c.json(
        await registerDomain(deps, merchant, c.req.valid('json').domain, 'merchant', actorOf(c)),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: `${path}/{domainId}/refresh`,
      tags,
      security,
      'x-access': 'domains.manage',
      summary: 'Ask the provider to check a domain again',
      request: { params: DomainParams },
      responses: {
        200: json(PaymentDomainSchema, 'The domain and its status now'),
        ...errorResponses(401, 403, 404, 409),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const p = c.req.valid('param');
      authorizeMerchant(c, 'domains.manage', p.id);
      const merchant = await getMerchantOr404(deps, p.id);
      return c.json(await refreshDomain(deps, merchant, p.domainId), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: `${path}/{domainId}`,
      tags,
      security,
      'x-access': 'domains.manage',
      summary: "Stop tracking one of the merchant's site domains (audited)",
      request: { params: DomainParams },
      responses: {
        200: json(z.object({ removed: z.literal(true) }), 'Removed'),
        ...errorResponses(401, 403, 404, 409),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const p = c.req.valid('param');
      authorizeMerchant(c, 'domains.manage', p.id);
      const merchant = await getMerchantOr404(deps, p.id);
      await removeDomain(deps, merchant, p.domainId, actorOf(c));
      return c.json({ removed: true as const }, 200);
    },
  );
