/**
 * `/api/sandbox/payto/{id}`: the sandbox's stand-in for the customer's banking app (payto-page.ts).
 * GET shows the PayTo agreement request a payment sent; POST approves or declines it, as the
 * customer would in their bank — then the payment settles (or fails) and its webhooks follow, as
 * Stripe's would. Mounted beside the other sandbox routes (routes.ts), only in sandbox mode.
 * Only for the pay session that made the payment (`?paySessionId=`, as the widget links it): the
 * page shows the payer's name and PayID, which an intent id alone used to reveal (issue 49 item 10).
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { createRouter } from '../http/router.ts';
import { ProviderRequestError } from '../ports/payment-provider.ts';
import { sessionOf } from '../payments/create/payment-context.ts';
import { findPaymentByIntent } from '../payments/rows.ts';
import type { SandboxProvider } from './provider/sandbox-provider.ts';
import { lateAnswerNotice, payToMissingPage, payToRequestPage } from './payto-page.ts';
import { IntentIdParam, PayToDecisionForm } from './schema.ts';

const tags = ['sandbox'];
const SessionQuery = z.object({
  paySessionId: z
    .string()
    .max(2000)
    .default('')
    .openapi({ description: 'The pay session that made the payment' }),
});

/** The intent belongs to a payment the pay session `paySessionId` made. */
async function madeBySession(c: Context<AppEnv>, intentId: string, paySessionId: string): Promise<boolean> {
  const deps = c.get('deps');
  const session = sessionOf(deps, paySessionId);
  const payment = session ? await findPaymentByIntent(deps.database.db, intentId) : undefined;
  return !!payment && !!session && payment.pay_session_id === session.sid;
}
const sandboxOf = (c: Context<AppEnv>) => c.get('deps').payments as SandboxProvider;
const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });

export const sandboxPayToRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/payto/{id}',
      tags,
      summary: "Test-mode stand-in for the customer's banking app: a PayTo agreement request",
      request: { params: IntentIdParam, query: SessionQuery },
      responses: { 200: html('The request'), 404: html('No such request') },
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      const ps = c.req.valid('query').paySessionId;
      if (!(await madeBySession(c, id, ps))) return c.html(payToMissingPage(), 404);
      const request = await sandboxOf(c).viewPayToRequest(id);
      return request ? c.html(payToRequestPage(request, null, ps), 200) : c.html(payToMissingPage(), 404);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/payto/{id}',
      tags,
      summary: 'Approve or decline a PayTo agreement request, as the customer does in their banking app',
      request: {
        params: IntentIdParam,
        query: SessionQuery,
        body: {
          content: { 'application/x-www-form-urlencoded': { schema: PayToDecisionForm } },
          required: true,
        },
      },
      responses: {
        200: html('The request after the answer'),
        404: html('No such request'),
        409: html('The request no longer waits for an answer'),
      },
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      const ps = c.req.valid('query').paySessionId;
      if (!(await madeBySession(c, id, ps))) return c.html(payToMissingPage(), 404);
      const sandbox = sandboxOf(c);
      const approve = c.req.valid('form').decision === 'approve';
      try {
        const after = await sandbox.decidePayTo(id, approve);
        return c.html(
          payToRequestPage(after, approve ? 'You approved the payment.' : 'You declined the payment.', ps),
          200,
        );
      } catch (err) {
        if (!(err instanceof ProviderRequestError)) throw err;
        const request = await sandbox.viewPayToRequest(id);
        if (!request) return c.html(payToMissingPage(), 404);
        return c.html(payToRequestPage(request, lateAnswerNotice(request), ps), 409);
      }
    },
  );
