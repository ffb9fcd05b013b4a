/**
 * `/api/v1/pay-links`: signed pay links (api/pay-links). Create (write keys; `Idempotency-Key`
 * returns the same link on a retry), list, get and cancel within the caller's scope.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { EMAIL_PATTERN } from '../../core/email.ts';
import { IdParam, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { validIdempotencyKey, withIdempotency } from '../payments/create/idempotency.ts';
import { cancelPayLink, createPayLink, payLinkInput, toV1PayLink } from '../pay-links/service.ts';
import { listPayLinks, payLinkOr404 } from './pay-links.ts';
import {
  IdempotencyHeader,
  once,
  listBody,
  merchantForWrite,
  merchantScope,
  principal,
  v1Actor,
  v1Security as security,
} from './http.ts';
import {
  ListParams,
  listOf,
  MetadataInput,
  PayLinkStatusSchema,
  V1PayLinkSchema,
} from '../public-objects/schemas.ts';

const PayLinkList = listOf(V1PayLinkSchema, 'PayLinkList', '/api/v1/pay-links');

const CreatePayLinkBody = z
  .object({
    merchant_id: z
      .string()
      .max(100)
      .nullish()
      .openapi({ description: "Required for a key with every merchant; a merchant's key may omit it" }),
    invoice_number: z
      .string()
      .trim()
      .min(1, 'The invoice number is required.')
      .max(100)
      .openapi({ example: 'INV-1042' }),
    amount: z
      .number()
      .int('The amount must be a whole number of minor units')
      .positive('The amount must be positive')
      .max(100_000_000_000, 'The amount is too large')
      .openapi({
        description: 'The amount due (minor units): authoritative for the invoice',
        example: 25000,
      }),
    currency: z.string().trim().length(3, 'currency must be a 3-letter ISO code').openapi({ example: 'AUD' }),
    reference: z.string().trim().max(200).nullish().openapi({
      description: 'Your own reference: sent back on its payments and their webhook events',
      example: 'ORDER-7731',
    }),
    customer_email: z
      .string()
      .trim()
      .max(254)
      .regex(EMAIL_PATTERN, 'customer_email must be an email address')
      .nullish()
      .openapi({ example: 'accounts@builder.example' }),
    expires_at: z
      .string()
      .datetime({ offset: true, message: 'expires_at must be an ISO 8601 date-time' })
      .nullish()
      .openapi({ description: 'After this the link is refused ("expired"); omitted = it does not expire' }),
    metadata: MetadataInput.nullish(),
  })
  .openapi('PayLinkInput');

const PayLinkQuery = ListParams.extend({
  invoice_number: z.string().max(100).optional(),
  status: PayLinkStatusSchema.optional(),
});

const tags = ['Pay links'];

export const v1PayLinkRoutes = createRouter({ closedQuery: true })
  .openapi(
    createRoute({
      method: 'post',
      path: '/pay-links',
      operationId: 'createPayLink',
      tags,
      security,
      summary: 'Create a signed pay link for an invoice',
      description:
        'Returns the hosted `/pay` URL and a short link. The URL is signed (an HMAC in its path): a changed amount, ' +
        'invoice or currency is refused, and so is an expired or canceled link. Its amount is authoritative for the ' +
        "invoice: the ledger takes it as a credible observation from the start, so the invoice's amount due through " +
        'us is at most this amount (less what is paid) for every link.',
      request: {
        headers: IdempotencyHeader,
        body: { content: { 'application/json': { schema: CreatePayLinkBody } }, required: true },
      },
      responses: {
        201: json(V1PayLinkSchema, 'The pay link'),
        ...errorResponses(400, 401, 403, 404, 409, 429),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const body = c.req.valid('json');
      const merchant = await merchantForWrite(c, body.merchant_id);
      const key = validIdempotencyKey(c.req.header('idempotency-key'));
      const who = principal(c);
      const result = await withIdempotency(
        deps,
        `v1.pay_links:${who.kind}:${who.id}`,
        key,
        body,
        async (claim) => {
          const link = await createPayLink(
            deps,
            payLinkInput(merchant.id, body, claim?.paymentId),
            v1Actor(c),
          );
          return { status: 201, body: toV1PayLink(deps, link) };
        },
        { claimFirst: true },
      );
      if (result.replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(result.body, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/pay-links',
      operationId: 'listPayLinks',
      tags,
      security,
      summary: 'List pay links, newest first',
      request: { query: PayLinkQuery },
      responses: {
        200: json(PayLinkList, 'A page of pay links'),
        ...errorResponses(400, 401, 403, 404, 429),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const q = c.req.valid('query');
      const merchantId = merchantScope(c, q.merchant_id);
      const now = deps.clock.now().toISOString();
      const { rows, hasMore } = await listPayLinks(deps.database.db, merchantId, now, q);
      return c.json(
        listBody(
          '/api/v1/pay-links',
          rows.map((l) => toV1PayLink(deps, l)),
          hasMore,
        ),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/pay-links/{id}',
      operationId: 'getPayLink',
      tags,
      security,
      summary: 'One pay link',
      request: { params: IdParam },
      responses: { 200: json(V1PayLinkSchema, 'The pay link'), ...errorResponses(401, 403, 404, 429) },
    }),
    async (c) =>
      c.json(
        toV1PayLink(
          c.get('deps'),
          await payLinkOr404(c.get('deps').database.db, principal(c).merchantId, c.req.valid('param').id),
        ),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/pay-links/{id}/cancel',
      operationId: 'cancelPayLink',
      tags,
      security,
      summary:
        'Cancel a pay link (refused from now on; if nobody paid through it, its amount stops counting)',
      request: { headers: IdempotencyHeader, params: IdParam },
      responses: { 200: json(V1PayLinkSchema, 'The canceled link'), ...errorResponses(401, 403, 404, 429) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const id = c.req.valid('param').id;
      const link = await payLinkOr404(deps.database.db, principal(c).merchantId, id);
      const { body } = await once(c, 'pay_links.cancel', { id }, async () => ({
        status: 200,
        body: toV1PayLink(deps, await cancelPayLink(deps, link, v1Actor(c))),
      }));
      return c.json(body, 200);
    },
  );
