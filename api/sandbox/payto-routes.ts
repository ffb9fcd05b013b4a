/**
 * `/api/sandbox/payto/{id}`: the sandbox's stand-in for the customer's banking app (payto-page.ts).
 * GET shows the PayTo agreement request a payment sent; POST approves or declines it, as the
 * customer would in their bank — then the payment settles (or fails) and its webhooks follow, as
 * Stripe's would. Mounted beside the other sandbox routes (routes.ts), only in sandbox mode.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { createRouter } from '../http/router.ts';
import { ProviderRequestError } from '../ports/payment-provider.ts';
import type { SandboxProvider } from './provider/sandbox-provider.ts';
import { payToMissingPage, payToRequestPage } from './payto-page.ts';
import { IntentIdParam, PayToDecisionForm } from './schema.ts';

const tags = ['sandbox'];
const sandboxOf = (c: Context<AppEnv>) => c.get('deps').payments as SandboxProvider;
const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });

export const sandboxPayToRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/payto/{id}',
      tags,
      summary: "Test-mode stand-in for the customer's banking app: a PayTo agreement request",
      request: { params: IntentIdParam },
      responses: { 200: html('The request'), 404: html('No such request') },
    }),
    async (c) => {
      const request = await sandboxOf(c).viewPayToRequest(c.req.valid('param').id);
      return request ? c.html(payToRequestPage(request), 200) : c.html(payToMissingPage(), 404);
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
      const sandbox = sandboxOf(c);
      const approve = c.req.valid('form').decision === 'approve';
      try {
        const after = await sandbox.decidePayTo(id, approve);
        return c.html(
          payToRequestPage(after, approve ? 'You approved the payment.' : 'You declined the payment.'),
          200,
        );
      } catch (err) {
        if (!(err instanceof ProviderRequestError)) throw err;
        const request = await sandbox.viewPayToRequest(id);
        if (!request) return c.html(payToMissingPage(), 404);
        return c.html(payToRequestPage(request, 'This request was already answered.'), 409);
      }
    },
  );
