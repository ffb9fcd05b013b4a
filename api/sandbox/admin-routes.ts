/**
 * `/api/admin/sandbox/*`: test-mode controls for admins, mounted only in sandbox mode (never beside
 * live Stripe). `POST /api/admin/sandbox/payments/{id}/dispute` has the customer's bank dispute a
 * succeeded payment, as Stripe's disputed test accounts and cards do: the sandbox then sends
 * `charge.dispute.created` to our webhook like any other event, so the whole path (recorded, shown
 * in the console, `payment.disputed` to the automation webhook) runs as it would with Stripe.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { audit } from '../audit/service.ts';
import { AppError } from '../errors.ts';
import { bearerSecurity as security, jsonContent as json } from '../http/openapi.ts';
import { IdParam } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { actorOf } from '../audit/actor.ts';
import { ProviderRequestError } from '../ports/payment-provider.ts';
import type { SandboxProvider } from './provider/sandbox-provider.ts';
import { findPayment } from '../payments/rows.ts';
import { PAYMENT_NOT_FOUND } from '../payments/lifecycle/read-back.ts';

const DisputeBody = z.object({
  reason: z
    .enum(['debit_not_authorized', 'fraudulent', 'general', 'product_not_received', 'duplicate'])
    .optional()
    .openapi({
      description: "Stripe's dispute reason (default: debit_not_authorized for a bank debit, else general)",
    }),
});

const SandboxDispute = z
  .object({ id: z.string(), status: z.string(), reason: z.string(), amount: z.number().int() })
  .openapi('SandboxDispute');

export const sandboxAdminRoutes = createRouter().openapi(
  createRoute({
    method: 'post',
    path: '/sandbox/payments/{id}/dispute',
    tags: ['admin', 'sandbox'],
    security,
    summary: 'Test mode: the customer’s bank disputes a succeeded payment (charge.dispute.created)',
    request: {
      params: IdParam,
      body: { content: { 'application/json': { schema: DisputeBody } }, required: false },
    },
    responses: {
      200: json(SandboxDispute, 'The dispute the sandbox opened (its event is on its way to the webhook)'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) => {
    const deps = c.get('deps');
    const payment = await findPayment(deps.database.db, c.req.valid('param').id);
    if (!payment) throw new AppError('not_found', PAYMENT_NOT_FOUND);
    if (!payment.payment_intent_id || !payment.stripe_connect_account_id)
      throw new AppError('conflict', 'Only a succeeded payment can be disputed.');
    const reason =
      c.req.valid('json')?.reason ??
      (payment.method_type === 'au_becs_debit' ? 'debit_not_authorized' : 'general');
    let dispute;
    try {
      dispute = await (deps.payments as SandboxProvider).openDispute({
        intentId: payment.payment_intent_id,
        account: payment.stripe_connect_account_id,
        reason,
      });
    } catch (err) {
      if (err instanceof ProviderRequestError) throw new AppError('conflict', err.message);
      throw err;
    }
    const actor = actorOf(c);
    await audit(
      deps.database.db,
      {
        actor: actor.user,
        action: 'sandbox.dispute_open',
        targetType: 'payment',
        targetId: payment.id,
        merchantId: payment.merchant_id,
        details: { dispute: dispute.id, reason },
        ip: actor.ip,
      },
      deps.clock,
    );
    return c.json(
      { id: dispute.id, status: dispute.status, reason: dispute.reason, amount: dispute.amount },
      200,
    );
  },
);
