/**
 * The spec's manual "Sync to Xero" for one payment (`POST /api/admin/payments/{id}/sync-to-xero`):
 * runs the configured sync now and answers with each delivery. Mounted by accounting/connections/routes.ts.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { bearerSecurity as security, IdParam, jsonContent as json } from '../../http/openapi.ts';
import { authorizeMerchant } from '../../auth/access.ts';
import { merchantOfPayment } from '../../payments/console/admin-service.ts';
import { createRouter, errorResponses } from '../../http/router.ts';
import { actorOf } from '../../audit/actor.ts';
import { ApiJob, toApiJob } from '../../outbox/schema.ts';
import { AdminPayment } from '../../payments/console/admin-schema.ts';
import { toApiPayment } from '../../payments/console/admin.ts';
import { syncPaymentNow } from './manual-sync.ts';
import { findPayment } from '../../payments/rows.ts';
import { PAYMENT_NOT_FOUND } from '../../payments/lifecycle/read-back.ts';
import { AppError } from '../../errors.ts';

export const SyncResult = z
  .object({
    /** `nothing`: the merchant has no target to sync to (the payment is left unchanged). */
    mode: z.enum(['targets', 'nothing']),
    /** True only when every target has the payment. */
    synced: z.boolean(),
    message: z.string(),
    targets: z.array(
      z.object({
        target: z.enum(['automation_webhook', 'xero', 'quickbooks']),
        label: z.string(),
        status: z.enum(['delivered', 'pending', 'failed', 'needs_attention']),
        message: z.string(),
      }),
    ),
    jobs: z.array(ApiJob),
    // The payment as GET /api/admin/payments/{id} shows it (without its refunds and disputes).
    payment: AdminPayment,
  })
  .openapi('SyncResult');

export const syncRoutes = createRouter().openapi(
  createRoute({
    method: 'post',
    path: '/payments/{id}/sync-to-xero',
    tags: ['admin'],
    security,
    'x-access': 'accounting.manage',
    summary:
      "Sync a payment to the merchant's accounting tool now (Xero, QuickBooks and/or the automation webhook)",
    description:
      "Runs the merchant's sync for the payment and its settled refunds at once and answers with what happened at each target (`targets`: Xero, QuickBooks, automation webhook, each delivered / pending / failed / needs_attention; `synced` true only when every target has it). A merchant with nothing to sync to gets `mode: nothing` and a message saying so; the payment is left unchanged (use mark-recorded to record it by hand).",
    request: { params: IdParam },
    responses: {
      200: json(SyncResult, 'The outcome'),
      ...errorResponses(401, 403, 404, 409),
    },
  }),
  async (c) => {
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    authorizeMerchant(c, 'accounting.manage', await merchantOfPayment(deps, id), PAYMENT_NOT_FOUND);
    const result = await syncPaymentNow(deps, id, actorOf(c));
    const payment = await findPayment(deps.database.db, id);
    if (!payment) throw new AppError('not_found', PAYMENT_NOT_FOUND);
    return c.json(
      {
        mode: result.mode,
        synced: result.synced,
        message: result.message,
        targets: result.targets,
        jobs: result.jobs.map((j) => toApiJob(j, deps.config.outbox.maxAttempts)),
        payment: toApiPayment(payment),
      },
      200,
    );
  },
);
