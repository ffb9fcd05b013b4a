/**
 * The console's invoice page and its actions (admin-only through the app-wide `/api/admin/*` guard):
 * `GET /api/admin/invoices/{id}/ledger` (every term of the balance), dismiss an observation, write
 * off a remainder below the card minimum (marking a write-off recorded is accounting's:
 * api/accounting/records/routes.ts). Each action answers with the page as it now stands.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { bearerSecurity as security, jsonContent as jsonOf } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { actorOf } from '../audit/actor.ts';
import { dismissObservation, INVOICE_NOT_FOUND, writeOffRemainder } from './admin.ts';
import { authorizeMerchant } from '../auth/access.ts';
import { merchantOfInvoice } from './repository.ts';
import { InvoiceLedger } from './admin-schema.ts';
import { invoiceLedgerView } from './ledger-view.ts';

const tags = ['admin'];
const path = (name: string) =>
  z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name, in: 'path' } });
const Reason = z.object({
  reason: z
    .string({ message: 'Please give a reason.' })
    .trim()
    .min(3, 'Please give a reason (at least 3 characters).')
    .max(500, 'The reason is too long (500 characters at most).'),
});

export const adminInvoiceRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/invoices/{id}/ledger',
      tags,
      security,
      'x-access': 'payments.read',
      summary: 'Every term of an invoice balance: observations, payments, refunds, write-backs, write-offs',
      description:
        'DESIGN §3.3: `terms` has P (paid + in flight), W (written off), S(now), the credible limit, the balance, the ' +
        'term that caps it and why the invoice needs attention; each observation carries what it leaves due.',
      request: { params: z.object({ id: path('id') }) },
      responses: { 200: jsonOf(InvoiceLedger, 'The invoice page'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const { db } = c.get('deps').database;
      const { id } = c.req.valid('param');
      authorizeMerchant(c, 'payments.read', await merchantOfInvoice(db, id), INVOICE_NOT_FOUND);
      return c.json(await invoiceLedgerView(db, id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/invoices/{id}/observations/{observationId}/dismiss',
      tags,
      security,
      'x-access': 'payments.adjust',
      summary: 'Dismiss an observation (audited, with a reason): it no longer caps the balance',
      description:
        'A link amount someone typed and paid (e.g. 0.50 on a 1,000.00 invoice) caps the invoice for everyone; ' +
        'dismissing it takes it out of the minimum. Dismissing a link that was never paid against clears it from ' +
        '"Needs attention".',
      request: {
        params: z.object({ id: path('id'), observationId: path('observationId') }),
        body: { content: { 'application/json': { schema: Reason } } },
      },
      responses: {
        200: jsonOf(InvoiceLedger, 'The invoice page'),
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { id, observationId } = c.req.valid('param');
      authorizeMerchant(
        c,
        'payments.adjust',
        await merchantOfInvoice(deps.database.db, id),
        INVOICE_NOT_FOUND,
      );
      await dismissObservation(deps, id, observationId, c.req.valid('json').reason, actorOf(c));
      return c.json(await invoiceLedgerView(deps.database.db, id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/invoices/{id}/write-off',
      tags,
      security,
      'x-access': 'payments.adjust',
      summary: 'Write off a remainder below the card minimum (audited, with a reason)',
      description:
        'Only a balance above 0 and below the card minimum of the currency can be written off here. The write-off ' +
        'lowers what is due as a payment would, and a `payment.write_off` event goes to the accounting sync ' +
        '(automation webhook; Xero / QuickBooks).',
      request: {
        params: z.object({ id: path('id') }),
        body: { content: { 'application/json': { schema: Reason } } },
      },
      responses: {
        200: jsonOf(InvoiceLedger, 'The invoice page'),
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { id } = c.req.valid('param');
      authorizeMerchant(
        c,
        'payments.adjust',
        await merchantOfInvoice(deps.database.db, id),
        INVOICE_NOT_FOUND,
      );
      await writeOffRemainder(deps, id, c.req.valid('json').reason, actorOf(c));
      return c.json(await invoiceLedgerView(deps.database.db, id), 200);
    },
  );
