/**
 * `/api/v1/payments` and `/api/v1/refunds`: read payments and refunds in the caller's scope, and
 * refund a payment (write keys; `Idempotency-Key` makes a retry return the same refund).
 */
import { updatePaymentMetadata } from '../payments/metadata.ts';
import { createRoute, z } from '@hono/zod-openapi';
import type { PaymentStatus } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { IdParam, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { validIdempotencyKey, withIdempotency } from '../payments/create/idempotency.ts';
import { refundPayment } from '../payments/refunds/refunds.ts';
import {
  IdempotencyHeader,
  listBody,
  merchantScope,
  once,
  principal,
  v1Actor,
  v1Security as security,
} from './http.ts';
import { listPayments, listRefunds, paymentOr404, refundOr404, v1Payments, v1Refund } from './payments.ts';
import {
  ListParams,
  listOf,
  MetadataInput,
  PaymentStatusSchema,
  V1PaymentSchema,
  V1RefundSchema,
} from '../public-objects/schemas.ts';

const PaymentList = listOf(V1PaymentSchema, 'PaymentList', '/api/v1/payments');
const RefundList = listOf(V1RefundSchema, 'RefundList', '/api/v1/refunds');

const PaymentQuery = ListParams.extend({
  status: z.string().max(200).optional().openapi({
    description: 'Comma-separated statuses; expired reservations are listed only when asked for',
    example: 'succeeded,refunded',
  }),
  invoice_number: z.string().max(100).optional(),
  invoice_id: z.string().max(100).optional(),
  created_gte: z
    .string()
    .datetime({ offset: true })
    .optional()
    .openapi({ description: 'Created at or after (ISO 8601)' }),
  created_lte: z
    .string()
    .datetime({ offset: true })
    .optional()
    .openapi({ description: 'Created at or before (ISO 8601)' }),
});

const RefundQuery = ListParams.extend({
  payment_id: z.string().max(100).optional(),
  status: z.enum(['pending', 'succeeded', 'failed', 'canceled']).optional(),
});

const PaymentUpdateBody = z.object({ metadata: MetadataInput }).openapi('PaymentUpdate');

const RefundBody = z
  .object({
    amount: z
      .number()
      .int('The refund amount must be a whole number of minor units')
      .positive('The refund amount must be positive')
      .nullish()
      .openapi({
        description: 'The invoice part to give back (minor units); omitted = all that is left',
        example: 5000,
      }),
    kind: z.enum(['credit', 'reopen'], { message: "kind must be 'credit' or 'reopen'" }).nullish().openapi({
      description:
        "`credit` (default): no longer owed, the invoice's amount due does not change; `reopen`: the customer still owes it",
    }),
    reason: z.string().trim().max(500).nullish(),
    metadata: MetadataInput.nullish(),
  })
  .openapi('RefundInput');

const STATUSES = new Set(PaymentStatusSchema.options);

const tags = ['Payments'];
const refundTags = ['Refunds'];

export const v1PaymentRoutes = createRouter({ closedQuery: true })
  .openapi(
    createRoute({
      method: 'get',
      path: '/payments',
      operationId: 'listPayments',
      tags,
      security,
      summary: 'List payments, newest first',
      request: { query: PaymentQuery },
      responses: { 200: json(PaymentList, 'A page of payments'), ...errorResponses(400, 401, 403, 404, 429) },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const db = c.get('deps').database.db;
      const merchantId = merchantScope(c, q.merchant_id);
      const statuses =
        q.status
          ?.split(',')
          .map((s) => s.trim())
          .filter(Boolean) ?? [];
      const unknown = statuses.find((s) => !STATUSES.has(s as PaymentStatus));
      if (unknown) throw new AppError('validation_failed', `Unknown status: ${unknown}`, { field: 'status' });
      const { rows, hasMore } = await listPayments(db, merchantId, { ...q, statuses });
      return c.json(listBody('/api/v1/payments', rows, hasMore), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/payments/{id}',
      operationId: 'getPayment',
      tags,
      security,
      summary: 'One payment',
      request: { params: IdParam },
      responses: { 200: json(V1PaymentSchema, 'The payment'), ...errorResponses(401, 403, 404, 429) },
    }),
    async (c) => {
      const db = c.get('deps').database.db;
      const p = await paymentOr404(db, principal(c).merchantId, c.req.valid('param').id);
      return c.json((await v1Payments(db, [p]))[0], 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/payments/{id}',
      operationId: 'updatePayment',
      tags,
      security,
      summary: "Change a payment's metadata",
      description:
        'Merges `metadata` into what the payment has (a payment made through a pay link starts with the link\'s); a key set to "" is removed.',
      request: {
        headers: IdempotencyHeader,
        params: IdParam,
        body: { content: { 'application/json': { schema: PaymentUpdateBody } }, required: true },
      },
      responses: { 200: json(V1PaymentSchema, 'The payment'), ...errorResponses(400, 401, 403, 404, 429) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const p = await paymentOr404(deps.database.db, principal(c).merchantId, c.req.valid('param').id);
      const metadata = c.req.valid('json').metadata;
      const { body } = await once(c, 'payments.update', { id: p.id, metadata }, async () => {
        await updatePaymentMetadata(deps, p, metadata, v1Actor(c));
        const updated = await paymentOr404(deps.database.db, principal(c).merchantId, p.id);
        return { status: 200, body: (await v1Payments(deps.database.db, [updated]))[0] };
      });
      return c.json(body, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/payments/{id}/refunds',
      operationId: 'createRefund',
      tags: refundTags,
      security,
      summary: 'Refund a payment, fully or partly',
      description:
        'The customer also gets back the surcharge on the refunded part, and the platform fee on it is returned. ' +
        "The refund is pending until the provider settles it (`refund.status`); the merchant's webhook then gets " +
        '`payment.refunded` (or `refund.failed`).',
      request: {
        params: IdParam,
        headers: IdempotencyHeader,
        body: { content: { 'application/json': { schema: RefundBody } }, required: true },
      },
      responses: {
        201: json(V1RefundSchema, 'The refund'),
        ...errorResponses(400, 401, 403, 404, 409, 429, 502),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const paymentId = c.req.valid('param').id;
      const body = c.req.valid('json');
      await paymentOr404(deps.database.db, principal(c).merchantId, paymentId);
      const key = validIdempotencyKey(c.req.header('idempotency-key'));
      const who = principal(c);
      const result = await withIdempotency(
        deps,
        `v1.refunds:${who.kind}:${who.id}`,
        key,
        { paymentId, ...body },
        async (claim) => {
          const { refund } = await refundPayment(
            deps,
            paymentId,
            {
              amount: body.amount,
              kind: body.kind,
              reason: body.reason,
              id: claim?.paymentId,
              metadata: body.metadata,
            },
            v1Actor(c),
          );
          return { status: 201, body: await v1Refund(deps.database.db, refund.id) };
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
      path: '/refunds',
      operationId: 'listRefunds',
      tags: refundTags,
      security,
      summary: 'List refunds, newest first',
      request: { query: RefundQuery },
      responses: { 200: json(RefundList, 'A page of refunds'), ...errorResponses(400, 401, 403, 404, 429) },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const db = c.get('deps').database.db;
      const merchantId = merchantScope(c, q.merchant_id);
      const { rows, hasMore } = await listRefunds(db, merchantId, q);
      return c.json(listBody('/api/v1/refunds', rows, hasMore), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/refunds/{id}',
      operationId: 'getRefund',
      tags: refundTags,
      security,
      summary: 'One refund',
      request: { params: IdParam },
      responses: { 200: json(V1RefundSchema, 'The refund'), ...errorResponses(401, 403, 404, 429) },
    }),
    async (c) => {
      const db = c.get('deps').database.db;
      return c.json(await refundOr404(db, principal(c).merchantId, c.req.valid('param').id), 200);
    },
  );
