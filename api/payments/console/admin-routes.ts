/**
 * `/api/admin/payments`: list and get (simple-rest), refund, and cancel a hold. (Marking a payment
 * recorded in the accounting tool by hand is accounting's: api/accounting/records/routes.ts.)
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../context.ts';
import { bearerSecurity as security, IdParam, jsonContent as jsonOf } from '../../http/openapi.ts';
import { createRouter, errorResponses } from '../../http/router.ts';
import {
  ListQueryParams,
  listResponseHeaders,
  parseListQuery,
  setListHeaders,
} from '../../http/simple-rest.ts';
import { actorOf } from '../../audit/actor.ts';
import { paymentList } from './admin.ts';
import { listAdminPayments, loadAdminPayment, merchantOfPayment } from './admin-service.ts';
import { authorizeMerchant, memberRoleIn, merchantScope } from '../../auth/access.ts';
import { findMerchantById } from '../../merchants/rows.ts';
import { PAYMENT_NOT_FOUND } from '../lifecycle/read-back.ts';
import { AdminPayment } from './admin-schema.ts';
import { refundPayment } from '../refunds/refunds.ts';
import { cancelHold } from '../lifecycle/holds.ts';

/**
 * The refund limit the caller works under on `merchantId`'s payments: a staff member's is the limit
 * the merchant's owner set; owners and admins have none (null).
 */
async function staffLimitOf(c: Context<AppEnv>, merchantId: string | undefined): Promise<number | null> {
  if (!merchantId || memberRoleIn(c, merchantId) !== 'staff') return null;
  const limit = (await findMerchantById(c.get('deps').database.db, merchantId))?.staff_refund_limit ?? null;
  return limit === null ? null : Number(limit);
}

export const adminPaymentRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/payments',
      tags: ['admin'],
      security,
      'x-access': 'payments.read',
      summary: 'List payments (simple-rest; expired reservations hidden unless filtered by status)',
      request: { query: ListQueryParams },
      responses: {
        200: { ...jsonOf(z.array(AdminPayment), 'A page of payments'), headers: listResponseHeaders },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const list = parseListQuery(c.req.query(), paymentList);
      const { rows, total } = await listAdminPayments(c.get('deps'), list, merchantScope(c, 'payments.read'));
      setListHeaders(c, list, rows.length, total);
      return c.json(rows, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/payments/{id}',
      tags: ['admin'],
      security,
      'x-access': 'payments.read',
      summary: 'One payment, with its merchant name, refunds and disputes',
      request: { params: IdParam },
      responses: { 200: jsonOf(AdminPayment, 'The payment'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { id } = c.req.valid('param');
      const merchantId = await merchantOfPayment(deps, id);
      authorizeMerchant(c, 'payments.read', merchantId, PAYMENT_NOT_FOUND);
      return c.json(await loadAdminPayment(deps, id, await staffLimitOf(c, merchantId)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/payments/{id}/refund',
      tags: ['admin'],
      security,
      'x-access': 'payments.refund',
      summary: 'Refund a payment, fully or partly',
      description:
        '`amount` is the invoice (base) part to give back, minor units; omitted = the rest. The surcharge on that part ' +
        'is refunded (its share of the surcharge charged) and the platform fee on it is returned. `kind` says what the ' +
        'refund means for the invoice (DESIGN §3.8): `credit` (the default: goods returned or a price reduced; the ' +
        'refunded part is no longer owed, so the balance does not change) or `reopen` (the customer still owes it: the ' +
        'base part returns to the invoice balance). Staff refund at most the merchant’s `staff_refund_limit` ' +
        'of one payment in total (403 above it; 0, a new merchant’s default: staff cannot refund).',
      request: {
        params: IdParam,
        body: {
          content: {
            'application/json': {
              schema: z.object({
                amount: z
                  .number()
                  .int('The refund amount must be a whole number of minor units')
                  .positive('The refund amount must be positive')
                  .nullish(),
                reason: z.string().trim().max(500).nullish(),
                kind: z
                  .enum(['credit', 'reopen'], { message: "kind must be 'credit' or 'reopen'" })
                  .nullish()
                  .openapi({ description: "'credit' (default) or 'reopen'" }),
              }),
            },
          },
        },
      },
      responses: {
        200: jsonOf(AdminPayment, 'The payment after the refund'),
        ...errorResponses(400, 401, 403, 404, 409, 502),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const id = c.req.valid('param').id;
      const body = c.req.valid('json') ?? {};
      const merchantId = await merchantOfPayment(deps, id);
      authorizeMerchant(c, 'payments.refund', merchantId, PAYMENT_NOT_FOUND);
      // Staff refund up to the limit the merchant's owner set (owners and admins: any amount).
      const limit = await staffLimitOf(c, merchantId);
      await refundPayment(
        deps,
        id,
        { amount: body.amount, reason: body.reason, kind: body.kind, limit },
        actorOf(c),
      );
      return c.json(await loadAdminPayment(deps, id, limit), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/payments/{id}/cancel-hold',
      tags: ['admin'],
      security,
      'x-access': 'payments.adjust',
      summary: 'Cancel a card payment still waiting for its customer (a hold), releasing the amount it holds',
      description:
        'The intent is cancelled at the provider first, then the hold is released; if the provider says it already ' +
        'succeeded, that success is recorded. A bank debit that is clearing cannot be cancelled (409). Audited.',
      request: { params: IdParam },
      responses: { 200: jsonOf(AdminPayment, 'The payment'), ...errorResponses(401, 403, 404, 409, 502) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const id = c.req.valid('param').id;
      authorizeMerchant(c, 'payments.adjust', await merchantOfPayment(deps, id), PAYMENT_NOT_FOUND);
      await cancelHold(deps, id, actorOf(c));
      return c.json(await loadAdminPayment(deps, id), 200);
    },
  );
