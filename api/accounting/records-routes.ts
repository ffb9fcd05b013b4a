/**
 * `GET /api/admin/payments/{id}/accounting-records` and `GET /api/admin/accounting/attention`
 * (api/accounting/records.ts builds both answers).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { bearerSecurity as security, IdParam, jsonContent as json } from '../http/openapi.ts';
import { authorizeMerchant, merchantScope } from '../auth/access.ts';
import { merchantOfPayment } from '../payments/admin-service.ts';
import { PAYMENT_NOT_FOUND } from '../payments/sync.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { accountingRecordsOf, attentionList } from './records.ts';
import { AccountingRecords, AttentionEntry } from './records-schema.ts';

export const recordsRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/payments/{id}/accounting-records',
      tags: ['admin'],
      security,
      'x-access': 'payments.read',
      summary: 'What Xero / QuickBooks holds for the payment and each of its refunds',
      description:
        'The payment and surcharge records, and per refund its kind, its local date, whether it is recorded, needs attention (with the step to take) or waits, and each record created (credit note, cash refund, refund receipt, surcharge refund, lowered or deleted payment) with its id, number, amount and date.',
      request: { params: IdParam },
      responses: { 200: json(AccountingRecords, 'The records'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { id } = c.req.valid('param');
      authorizeMerchant(c, 'payments.read', await merchantOfPayment(deps, id), PAYMENT_NOT_FOUND);
      return c.json(await accountingRecordsOf(deps, id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/accounting/attention',
      tags: ['admin'],
      security,
      'x-access': 'payments.read',
      summary: 'Needs attention: refunds and write-offs the accounting tool refused until someone acts',
      description:
        'Each entry says what to do (e.g. unreconcile the payment in Xero) and names the failed sync job; retry it with POST /api/admin/outbox/{id}/retry once done.',
      responses: {
        200: json(z.array(AttentionEntry).openapi('AccountingAttention'), 'The list'),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => c.json(await attentionList(c.get('deps'), merchantScope(c, 'payments.read')), 200),
  );
