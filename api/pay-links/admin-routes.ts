/**
 * `/api/admin/pay-links`: the console's signed pay links (simple-rest list and get, create, cancel).
 * Admins see every merchant's; owners and staff their merchants' (docs/auth.md). The links are the
 * integrator API's (`/api/v1/pay-links`, api/pay-links/service.ts): one service, two doors.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { EMAIL_PATTERN } from '../../core/email.ts';
import { mailPayLink } from './mail.ts';
import { actorOf } from '../audit/actor.ts';
import { authorizeMerchant, merchantScope } from '../auth/access.ts';
import type { AppDeps } from '../context.ts';
import type { PayLink } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { bearerSecurity as security, IdParam, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { defineList, inMerchants, ListQueryParams, listPage, listResponse } from '../http/simple-rest.ts';
import { getMerchantOr404 } from '../merchants/service.ts';
import { findPayLink, payLinksWithMerchant } from './repository.ts';
import { cancelPayLink, createPayLink, PAY_LINK_NOT_FOUND, payLinkInput, toV1PayLink } from './service.ts';
import { MetadataInput } from '../public-objects/schemas.ts';

const tags = ['admin: pay links'];

const payLinkList = defineList({
  resource: 'pay-links',
  sortable: {
    created_at: 'pay_links.created_at',
    invoice_number: 'pay_links.invoice_number',
    amount: 'pay_links.amount',
    expires_at: 'pay_links.expires_at',
  },
  defaultSort: ['created_at', 'DESC'],
  sequence: 'pay_links.seq',
  tiebreaker: 'pay_links.id',
  filters: {
    // The metadata's JSON text too: a search for an order number finds the link that carries it.
    q: {
      search: [
        'pay_links.invoice_number',
        'pay_links.reference',
        'pay_links.customer_email',
        'pay_links.metadata',
      ],
    },
    id: { column: 'pay_links.id' },
    merchant_id: { column: 'pay_links.merchant_id' },
    invoice_id: { column: 'pay_links.invoice_id' },
    invoice_number: { column: 'pay_links.invoice_number' },
  },
});

const AdminPayLink = z
  .object({
    id: z.string(),
    merchant_id: z.string(),
    merchant_name: z.string().nullable(),
    invoice_id: z.string(),
    invoice_number: z.string(),
    currency: z.string(),
    amount: z.number().int().openapi({ description: 'Minor units' }),
    reference: z.string().nullable(),
    customer_email: z.string().nullable(),
    url: z.string().openapi({ description: 'The hosted pay page, signed' }),
    short_url: z.string(),
    status: z.enum(['active', 'expired', 'canceled']),
    expires_at: z.string().nullable(),
    canceled_at: z.string().nullable(),
    created_at: z.string(),
    metadata: z.record(z.string(), z.string()).openapi({ description: "The integrator's key-value data" }),
  })
  .openapi('AdminPayLink');

const CreateBody = z
  .object({
    merchant_id: z.string().min(1, 'Choose the merchant').max(100),
    invoice_number: z.string().trim().min(1, 'The invoice number is required.').max(100),
    amount: z
      .number({ error: 'The amount must be a whole number of cents' })
      .int('The amount must be a whole number of cents')
      .positive('The amount must be positive')
      .max(100_000_000_000, 'The amount is too large')
      .openapi({ description: 'The amount due (minor units): authoritative for the invoice' }),
    currency: z.string().trim().length(3, 'currency must be a 3-letter ISO code'),
    reference: z.string().trim().max(200).nullish(),
    customer_email: z
      .string()
      .trim()
      .max(254)
      .regex(EMAIL_PATTERN, 'customer_email must be an email address')
      .nullish(),
    expires_at: z
      .string()
      .datetime({ offset: true, message: 'expires_at must be an ISO 8601 date-time' })
      .nullish(),
    metadata: MetadataInput.nullish(),
    send_email: z.boolean().optional().openapi({
      description: 'Mail the link to customer_email (default true when there is one)',
    }),
  })
  .openapi('AdminPayLinkInput');

const CreatedPayLink = AdminPayLink.extend({
  emailed_to: z.string().nullable().openapi({
    description: 'Where the link was mailed; null when it was not (no email, not asked, or the mail failed)',
  }),
}).openapi('AdminCreatedPayLink');

function toAdminPayLink(deps: AppDeps, l: PayLink & { merchant_name?: string | null }) {
  const { object: _object, ...link } = toV1PayLink(deps, l);
  return { ...link, merchant_name: l.merchant_name ?? null };
}

export const adminPayLinkRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/pay-links',
      tags,
      security,
      operationId: 'adminListPayLinks',
      'x-access': 'payments.read',
      summary: 'List signed pay links (simple-rest; filter by merchant_id, invoice_number, q)',
      request: { query: ListQueryParams },
      responses: { 200: listResponse(AdminPayLink, 'A page of links'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const base = payLinksWithMerchant(deps.database.db);
      const scope = merchantScope(c, 'payments.read');
      const rows = await listPage(c, payLinkList, inMerchants(base, 'pay_links.merchant_id', scope));
      return c.json(
        rows.map((l) => toAdminPayLink(deps, l)),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/pay-links/{id}',
      tags,
      security,
      operationId: 'adminGetPayLink',
      'x-access': 'payments.read',
      summary: 'One pay link',
      request: { params: IdParam },
      responses: { 200: json(AdminPayLink, 'The link'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const link = await findPayLink(deps.database.db, c.req.valid('param').id);
      authorizeMerchant(c, 'payments.read', link?.merchant_id, PAY_LINK_NOT_FOUND);
      if (!link) throw new AppError('not_found', PAY_LINK_NOT_FOUND);
      return c.json(toAdminPayLink(deps, link), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/pay-links',
      tags,
      security,
      operationId: 'adminCreatePayLink',
      'x-access': 'pay_links.manage',
      summary: 'Make a signed pay link for an invoice (its amount is authoritative for the invoice)',
      request: { body: { content: { 'application/json': { schema: CreateBody } }, required: true } },
      responses: { 201: json(CreatedPayLink, 'The link'), ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const body = c.req.valid('json');
      authorizeMerchant(c, 'pay_links.manage', body.merchant_id);
      const merchant = await getMerchantOr404(deps, body.merchant_id);
      const link = await createPayLink(deps, payLinkInput(merchant.id, body), actorOf(c));
      const emailed =
        body.send_email === false ? null : await mailPayLink(deps, link, merchant.business_name);
      return c.json(
        { ...toAdminPayLink(deps, { ...link, merchant_name: merchant.business_name }), emailed_to: emailed },
        201,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/pay-links/{id}/cancel',
      tags,
      security,
      operationId: 'adminCancelPayLink',
      'x-access': 'pay_links.manage',
      summary:
        'Cancel a pay link (refused from now on; if nobody paid through it, its amount stops counting)',
      request: { params: IdParam },
      responses: { 200: json(AdminPayLink, 'The canceled link'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const link = await findPayLink(deps.database.db, c.req.valid('param').id);
      authorizeMerchant(c, 'pay_links.manage', link?.merchant_id, PAY_LINK_NOT_FOUND);
      if (!link) throw new AppError('not_found', PAY_LINK_NOT_FOUND);
      return c.json(toAdminPayLink(deps, await cancelPayLink(deps, link, actorOf(c))), 200);
    },
  );
