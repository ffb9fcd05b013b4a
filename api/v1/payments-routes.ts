/**
 * `/api/v1/payments` and `/api/v1/refunds`: read payments and refunds in the caller's scope, and
 * refund a payment (write keys; `Idempotency-Key` makes a retry return the same refund).
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import type { DbOrTrx } from '../db/database.ts';
import type { Payment, PaymentStatus } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { IdParam, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { validIdempotencyKey, withIdempotency } from '../payments/idempotency.ts';
import { refundPayment } from '../payments/refunds.ts';
import { listBody, merchantScope, pageOf, principal, v1Actor, v1Security as security } from './http.ts';
import { payLinkRefs, toV1Payment, toV1Refund } from './objects.ts';
import { ListParams, listOf, PaymentStatusSchema, V1PaymentSchema, V1RefundSchema } from './schemas.ts';

export const PAYMENT_NOT_FOUND = 'Payment not found';
export const REFUND_NOT_FOUND = 'Refund not found';

const PaymentList = listOf(V1PaymentSchema, 'PaymentList', '/api/v1/payments');
const RefundList = listOf(V1RefundSchema, 'RefundList', '/api/v1/refunds');
const IdempotencyHeader = z.object({
  'idempotency-key': z.string().max(255).optional().openapi({
    description: 'A retry with the same key and body returns the first answer instead of refunding twice',
  }),
});

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
  })
  .openapi('RefundInput');

const STATUSES = new Set(PaymentStatusSchema.options);

async function timeZones(db: DbOrTrx, merchantIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(merchantIds)];
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('merchants').select(['id', 'time_zone']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.time_zone]));
}

/** Payments as v1 objects (their merchants' time zones and pay-link references in two reads). */
export async function v1Payments(db: DbOrTrx, payments: Payment[]) {
  const [zones, refs] = await Promise.all([
    timeZones(
      db,
      payments.map((p) => p.merchant_id),
    ),
    payLinkRefs(
      db,
      payments.map((p) => p.observation_id),
    ),
  ]);
  return payments.map((p) =>
    toV1Payment(
      p,
      zones.get(p.merchant_id) ?? 'UTC',
      p.observation_id ? refs.get(p.observation_id) : undefined,
    ),
  );
}

function paymentsInScope(c: Context<AppEnv>, merchantId: string | null) {
  const db = c.get('deps').database.db;
  return db
    .selectFrom('payments')
    .selectAll()
    .$if(merchantId !== null, (q) => q.where('merchant_id', '=', merchantId!));
}

async function paymentOr404(c: Context<AppEnv>, id: string): Promise<Payment> {
  const p = await paymentsInScope(c, principal(c).merchantId).where('id', '=', id).executeTakeFirst();
  if (!p) throw new AppError('not_found', PAYMENT_NOT_FOUND);
  return p;
}

function refundsInScope(c: Context<AppEnv>, merchantId: string | null) {
  return c
    .get('deps')
    .database.db.selectFrom('refunds')
    .innerJoin('payments', 'payments.id', 'refunds.payment_id')
    .selectAll('refunds')
    .$if(merchantId !== null, (q) => q.where('payments.merchant_id', '=', merchantId!));
}

async function v1Refunds(
  db: DbOrTrx,
  refunds: Array<{ payment_id: string } & Parameters<typeof toV1Refund>[0]>,
) {
  if (!refunds.length) return [];
  const payments = await db
    .selectFrom('payments')
    .selectAll()
    .where('id', 'in', [...new Set(refunds.map((r) => r.payment_id))])
    .execute();
  const byId = new Map(payments.map((p) => [p.id, p]));
  const [zones, refs] = await Promise.all([
    timeZones(
      db,
      payments.map((p) => p.merchant_id),
    ),
    payLinkRefs(
      db,
      payments.map((p) => p.observation_id),
    ),
  ]);
  return refunds.map((r) => {
    const p = byId.get(r.payment_id)!;
    return toV1Refund(
      r,
      p,
      zones.get(p.merchant_id) ?? 'UTC',
      p.observation_id ? refs.get(p.observation_id) : undefined,
    );
  });
}

const tags = ['Payments'];
const refundTags = ['Refunds'];

export const v1PaymentRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/payments',
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
      let base = paymentsInScope(c, merchantId);
      base = statuses.length
        ? base.where('status', 'in', statuses as PaymentStatus[])
        : base.where('status', '<>', 'expired');
      if (q.invoice_number) base = base.where('invoice_number', '=', q.invoice_number);
      if (q.invoice_id) base = base.where('invoice_id', '=', q.invoice_id);
      if (q.created_gte) base = base.where('created_at', '>=', new Date(q.created_gte).toISOString());
      if (q.created_lte) base = base.where('created_at', '<=', new Date(q.created_lte).toISOString());
      const { rows, hasMore } = await pageOf(
        base,
        { createdAt: 'created_at', id: 'id' },
        q,
        (id) => paymentsInScope(c, merchantId).where('id', '=', id).executeTakeFirst(),
        PAYMENT_NOT_FOUND,
      );
      return c.json(listBody('/api/v1/payments', await v1Payments(db, rows), hasMore), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/payments/{id}',
      operationId: 'getPayment',
      tags,
      security,
      summary: 'One payment',
      request: { params: IdParam },
      responses: { 200: json(V1PaymentSchema, 'The payment'), ...errorResponses(401, 403, 404, 429) },
    }),
    async (c) => {
      const p = await paymentOr404(c, c.req.valid('param').id);
      return c.json((await v1Payments(c.get('deps').database.db, [p]))[0], 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/payments/{id}/refunds',
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
      await paymentOr404(c, paymentId);
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
            { amount: body.amount, kind: body.kind, reason: body.reason, id: claim?.paymentId },
            v1Actor(c),
          );
          const row = await deps.database.db
            .selectFrom('refunds')
            .selectAll()
            .where('id', '=', refund.id)
            .executeTakeFirstOrThrow();
          return { status: 201, body: (await v1Refunds(deps.database.db, [row]))[0] };
        },
      );
      if (result.replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(result.body, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/refunds',
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
      let base = refundsInScope(c, merchantId);
      if (q.payment_id) base = base.where('refunds.payment_id', '=', q.payment_id);
      if (q.status) base = base.where('refunds.status', '=', q.status);
      const { rows, hasMore } = await pageOf(
        base,
        { createdAt: 'refunds.created_at', id: 'refunds.id' },
        q,
        (id) => refundsInScope(c, merchantId).where('refunds.id', '=', id).executeTakeFirst(),
        REFUND_NOT_FOUND,
      );
      return c.json(listBody('/api/v1/refunds', await v1Refunds(db, rows), hasMore), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/refunds/{id}',
      operationId: 'getRefund',
      tags: refundTags,
      security,
      summary: 'One refund',
      request: { params: IdParam },
      responses: { 200: json(V1RefundSchema, 'The refund'), ...errorResponses(401, 403, 404, 429) },
    }),
    async (c) => {
      const row = await refundsInScope(c, principal(c).merchantId)
        .where('refunds.id', '=', c.req.valid('param').id)
        .executeTakeFirst();
      if (!row) throw new AppError('not_found', REFUND_NOT_FOUND);
      return c.json((await v1Refunds(c.get('deps').database.db, [row]))[0], 200);
    },
  );
