/**
 * `GET /api/admin/payments/{id}/accounting-records` and `GET /api/admin/accounting/attention`
 * (api/accounting/records/records.ts builds both answers), and marking a payment, a refund or a write-off
 * recorded in the accounting tool by hand (mark-recorded.ts).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { bearerSecurity as security, IdParam, jsonContent as json } from '../../http/openapi.ts';
import { authorizeMerchant, merchantScope } from '../../auth/access.ts';
import { loadAdminPayment, merchantOfPayment } from '../../payments/console/admin-service.ts';
import { AdminPayment } from '../../payments/console/admin-schema.ts';
import { INVOICE_NOT_FOUND, invoiceMerchant } from '../../invoices/admin.ts';
import { InvoiceLedger } from '../../invoices/admin-schema.ts';
import { invoiceLedgerView } from '../../invoices/ledger-view.ts';
import { actorOf } from '../../audit/actor.ts';
import { markPaymentRecorded, markWriteOffRecorded } from './mark-recorded.ts';
import { PAYMENT_NOT_FOUND } from '../../payments/lifecycle/read-back.ts';
import { createRouter, errorResponses } from '../../http/router.ts';
import { accountingRecordsOf, attentionList } from './records.ts';
import { AccountingRecords, AttentionEntry } from './schema.ts';

const path = (name: string) =>
  z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name, in: 'path' } });

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
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/payments/{id}/mark-recorded',
      tags: ['admin'],
      security,
      'x-access': 'payments.adjust',
      summary: 'Mark a payment (or one of its refunds) as recorded in the accounting tool by hand',
      request: {
        params: IdParam,
        body: {
          content: { 'application/json': { schema: z.object({ refundId: z.string().max(100).nullish() }) } },
        },
      },
      responses: { 200: json(AdminPayment, 'The payment'), ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const id = c.req.valid('param').id;
      const refundId = c.req.valid('json')?.refundId ?? null;
      authorizeMerchant(c, 'payments.adjust', await merchantOfPayment(deps, id), PAYMENT_NOT_FOUND);
      const actor = actorOf(c);
      await markPaymentRecorded(deps, id, refundId, actor);
      return c.json(await loadAdminPayment(deps, id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/invoices/{id}/write-offs/{writeOffId}/mark-recorded',
      tags: ['admin'],
      security,
      'x-access': 'payments.adjust',
      summary: 'Mark a write-off as recorded in the accounting tool by hand (a write-back)',
      request: { params: z.object({ id: path('id'), writeOffId: path('writeOffId') }) },
      responses: { 200: json(InvoiceLedger, 'The invoice page'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { id, writeOffId } = c.req.valid('param');
      authorizeMerchant(c, 'payments.adjust', await invoiceMerchant(deps, id), INVOICE_NOT_FOUND);
      await markWriteOffRecorded(deps, id, writeOffId, actorOf(c));
      return c.json(await invoiceLedgerView(deps.database.db, id), 200);
    },
  );
