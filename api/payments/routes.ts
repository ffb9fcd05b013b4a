/**
 * The spec's payment routes (`/api/payments/*`, any origin): quote a payment method, create and
 * confirm a payment (and its fallback path), and the success page's details. The server confirms
 * every charge (DESIGN §4b): there is no browser-side confirmation and no `confirm-payment` route.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { clientIp } from '../audit/client-ip.ts';
import type { AppEnv } from '../context.ts';
import { AppError } from '../errors.ts';
import { completeJson } from '../http/edge.ts';
import { jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { validIdempotencyKey, withIdempotency } from './create/idempotency.ts';
import { currentAnswer } from './create/current-answer.ts';
import { contextWithinLimits } from './create/payment-context.ts';
import { priceQuote } from './create/quote.ts';
import { requireChallenge } from './create/challenge.ts';
import { enforcePaymentLimits, enforceProviderReadLimit } from './create/rate-limits.ts';
import {
  ChallengeRequiredSchema,
  CreatePaymentBody,
  CreatePaymentResponse,
  DeclinedPaymentSchema,
  PaymentDetailsSchema,
  QuoteBody,
  QuoteChangedSchema,
  QuoteResponse,
  type CreatePaymentInput,
} from './schema.ts';
import { createPayment } from './create/service.ts';
import { paymentDetails } from './lifecycle/read-back.ts';

export const IDEMPOTENCY_KEY_REQUIRED =
  'An Idempotency-Key header is required: one key per payment attempt, the same key for its retries.';

const quoteRoute = createRoute({
  method: 'post',
  path: '/quote',
  tags: ['payments'],
  summary: 'Price a payment for the payment method a confirmation token previews',
  description:
    "The server reads the token from the provider (on the merchant's connected account), applies the merchant's " +
    'surcharge rules to that method (card funding, brand, domestic or international; a wallet is its card) and answers ' +
    'the breakdown and a quote id. Nothing is reserved and nothing is charged.',
  request: { body: { content: { 'application/json': { schema: QuoteBody } }, required: true } },
  responses: {
    200: json(QuoteResponse, 'The quote'),
    428: json(
      ChallengeRequiredSchema,
      'Past a card-testing ceiling: solve `challenge` and send the quote again with `proofOfWork`',
    ),
    ...errorResponses(400, 404, 422, 429, 502),
  },
});

const createPaymentRoute = (path: string, summary: string) =>
  createRoute({
    method: 'post',
    path,
    tags: ['payments'],
    summary,
    description:
      'Finalised on the server: with the confirmation token and the quote the customer saw, the balance is checked and ' +
      'the amount reserved in one transaction, then the intent is created and confirmed in one call. A changed quote ' +
      '(another card or amount, a changed rule, an expired quote) answers 409 with the new breakdown and charges nothing. ' +
      'A decline answers 422 with the message for the customer; its intent is cancelled. `Idempotency-Key` is required: ' +
      'the same key returns the same result; the same key with another body is refused with 409, as is a repeat while ' +
      'the first request is still running. A retry after a failed or interrupted request resumes the same payment ' +
      '(never a second charge).',
    request: {
      headers: z.object({ 'idempotency-key': z.string().max(255).optional() }),
      body: { content: { 'application/json': { schema: CreatePaymentBody } }, required: true },
    },
    responses: {
      200: json(
        CreatePaymentResponse,
        'succeeded, processing, or requires_action (3-D Secure: clientSecret)',
      ),
      409: json(
        QuoteChangedSchema,
        'The quote no longer holds: the new one (or an Idempotency-Key conflict)',
      ),
      422: json(DeclinedPaymentSchema, 'Declined (or an amount the invoice cannot take)'),
      ...errorResponses(400, 404, 429, 502),
    },
  });

const REPLAYED = { 'Idempotent-Replayed': 'true' };

async function handleCreate(c: Context<AppEnv>, input: CreatePaymentInput) {
  const deps = c.get('deps');
  const ip = clientIp(c);
  const key = validIdempotencyKey(c.req.header('idempotency-key'));
  if (!key) throw new AppError('validation_failed', IDEMPOTENCY_KEY_REQUIRED, { field: 'Idempotency-Key' });
  if (deps.config.rateLimits) await enforcePaymentLimits(c, { ip });
  // The fields the server ignores are no part of the request's identity (nor hashed at any depth).
  const { surcharge, total_amount, applicationFeeAmount, stripeConnectAccountId, metadata, ...identity } =
    input;
  const result = await withIdempotency(deps, 'payments.create', key, identity, async (claim) =>
    createPayment(deps, input, { claim, ip }),
  );
  const replayed = result.replayed ? REPLAYED : undefined;
  // A stored 3-D Secure answer is replayed only while the intent still waits for it.
  if (replayed && result.status === 200 && result.body.status === 'requires_action')
    return completeJson(c, await currentAnswer(deps, result.body), 200, replayed);
  return result.status === 200
    ? completeJson(c, result.body, 200, replayed)
    : completeJson(c, result.body, 422, replayed);
}

const DetailsQuery = z.object({
  session_id: z.string().max(255).optional().openapi({ description: 'The provider intent id (pi_…)' }),
  reference: z.string().max(100).optional().openapi({ description: 'Our payment id' }),
  paySessionId: z
    .string()
    .max(2000)
    .optional()
    .openapi({ description: 'The pay session that made the payment (this or `t` is required)' }),
  t: z
    .string()
    .max(100)
    .optional()
    .openapi({ description: "The payment's receipt token (from its receipt link)" }),
});

const detailsRoute = (method: 'get' | 'post') =>
  createRoute({
    method,
    path: '/details',
    tags: ['payments'],
    summary: "A payment's details for the success page",
    request: { query: DetailsQuery },
    responses: {
      200: json(PaymentDetailsSchema, 'Details'),
      ...errorResponses(400, 404, 502),
    },
  });

export const paymentRoutes = createRouter()
  .openapi(quoteRoute, async (c) => {
    const deps = c.get('deps');
    const input = c.req.valid('json');
    const ip = clientIp(c);
    await enforceProviderReadLimit(c, 'quotePerIp', ip);
    const ctx = await contextWithinLimits(deps, input, ip);
    await requireChallenge(
      deps,
      { merchantId: ctx.merchant.id, sid: ctx.session?.sid ?? null, ip },
      input.proofOfWork,
    );
    return completeJson(c, await priceQuote(deps, ctx, input.amount, input.confirmationToken), 200);
  })
  .openapi(createPaymentRoute('/create-payment-intent', 'Create and confirm a payment'), (c) =>
    handleCreate(c, c.req.valid('json')),
  )
  .openapi(
    createPaymentRoute('/create-intent', 'Create and confirm a payment (fallback path of the spec)'),
    (c) => handleCreate(c, c.req.valid('json')),
  )
  .openapi(detailsRoute('post'), async (c) => {
    const q = c.req.valid('query');
    return c.json(
      await paymentDetails(c.get('deps'), {
        sessionId: q.session_id,
        reference: q.reference,
        paySessionId: q.paySessionId,
        receiptToken: q.t,
      }),
      200,
    );
  })
  .openapi(detailsRoute('get'), async (c) => {
    const q = c.req.valid('query');
    return c.json(
      await paymentDetails(c.get('deps'), {
        sessionId: q.session_id,
        reference: q.reference,
        paySessionId: q.paySessionId,
        receiptToken: q.t,
      }),
      200,
    );
  });
