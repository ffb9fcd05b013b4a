/**
 * The spec's payment routes (`/api/payments/*`, any origin): create a payment (and its fallback
 * path), and the success page's details.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { clientIp } from '../audit/client-ip.ts';
import type { AppEnv } from '../context.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { resolveMerchant } from '../merchants/resolve.ts';
import { verifyPaySession } from '../pay/session-token.ts';
import { validIdempotencyKey, withIdempotency } from './idempotency.ts';
import { enforcePaymentLimits } from './rate-limits.ts';
import {
  CreatePaymentBody,
  CreatePaymentResponse,
  PaymentDetailsSchema,
  type CreatePaymentInput,
} from './schema.ts';
import { createPayment } from './service.ts';
import { paymentDetails } from './sync.ts';

const createPaymentRoute = (path: string, summary: string) =>
  createRoute({
    method: 'post',
    path,
    tags: ['payments'],
    summary,
    description:
      'Surcharge, total and platform fee are computed on the server. Send `Idempotency-Key` to make retries safe: ' +
      'the same key returns the same result; the same key with another body is refused with 409, as is a repeat ' +
      'while the first request is still running. A retry after a failed or interrupted request resumes the same ' +
      'payment (never a second one).',
    request: {
      headers: z.object({ 'idempotency-key': z.string().max(255).optional() }),
      body: { content: { 'application/json': { schema: CreatePaymentBody } }, required: true },
    },
    responses: {
      200: {
        description: 'The intent to confirm in the browser',
        content: { 'application/json': { schema: CreatePaymentResponse } },
      },
      ...errorResponses(400, 404, 409, 422, 429, 502),
    },
  });

async function handleCreate(c: Context<AppEnv>, input: CreatePaymentInput) {
  const deps = c.get('deps');
  const ip = clientIp(c);
  const key = validIdempotencyKey(c.req.header('idempotency-key'));
  if (deps.config.rateLimits) {
    const session = input.paySessionId
      ? verifyPaySession(deps.config.jwtSecret, input.paySessionId, deps.clock.now().getTime())
      : null;
    const merchantRef = session?.merchantId ?? input.merchantId;
    if (merchantRef) {
      const merchant = await resolveMerchant(deps.database.db, { merchant: merchantRef });
      await enforcePaymentLimits(c, {
        ip,
        merchantId: merchant.id,
        invoiceNumber: session?.invoiceNumber ?? input.invoiceNumber ?? null,
      });
    }
  }
  const result = await withIdempotency(deps, 'payments.create', key, input, async (claim) => ({
    status: 200,
    body: await createPayment(deps, input, { claim, ip }),
  }));
  if (result.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(result.body, 200);
}

const DetailsQuery = z.object({
  session_id: z.string().max(255).optional().openapi({ description: 'The provider intent id (pi_…)' }),
  reference: z.string().max(100).optional().openapi({ description: 'Our payment id' }),
});

const detailsRoute = (method: 'get' | 'post') =>
  createRoute({
    method,
    path: '/api/payments/details',
    tags: ['payments'],
    summary: "A payment's details for the success page",
    request: { query: DetailsQuery },
    responses: {
      200: { description: 'Details', content: { 'application/json': { schema: PaymentDetailsSchema } } },
      ...errorResponses(400, 404, 502),
    },
  });

export const paymentRoutes = createRouter()
  .openapi(createPaymentRoute('/api/payments/create-payment-intent', 'Create a payment'), (c) =>
    handleCreate(c, c.req.valid('json')),
  )
  .openapi(
    createPaymentRoute('/api/payments/create-intent', 'Create a payment (fallback path of the spec)'),
    (c) => handleCreate(c, c.req.valid('json')),
  )
  .openapi(detailsRoute('post'), async (c) => {
    const q = c.req.valid('query');
    return c.json(
      await paymentDetails(c.get('deps'), { sessionId: q.session_id, reference: q.reference }),
      200,
    );
  })
  .openapi(detailsRoute('get'), async (c) => {
    const q = c.req.valid('query');
    return c.json(
      await paymentDetails(c.get('deps'), { sessionId: q.session_id, reference: q.reference }),
      200,
    );
  });
