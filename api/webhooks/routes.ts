/**
 * `POST /api/webhooks/stripe`: the provider's events. The raw body is verified against the signing
 * secrets (platform and Connect endpoint) by the provider; a bad or stale signature is 400. The
 * event is recorded and applied in one transaction, then answered 2xx; a failure answers 500 so
 * the provider delivers it again. The sandbox, in our process, hands its events to the same
 * `receiveProviderEvent` without HTTP (in-process.ts).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { AppError } from '../errors.ts';
import { completeJson } from '../http/edge.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { receiveProviderEvent } from './service.ts';

const MAX_BODY_BYTES = 1024 * 1024;

const Received = z.object({ received: z.literal(true), duplicate: z.boolean() }).openapi('WebhookReceived');

export const webhookRoutes = createRouter().openapi(
  createRoute({
    method: 'post',
    path: '/stripe',
    tags: ['webhooks'],
    summary: 'Payment provider events (Stripe-signed)',
    description:
      'Body: the raw Stripe event JSON, signed in the `Stripe-Signature` header with STRIPE_WEBHOOK_SECRET or ' +
      'STRIPE_CONNECT_WEBHOOK_SECRET (the sandbox signs the same way). Deduplicated by event id.',
    request: { headers: z.object({ 'stripe-signature': z.string().optional() }) },
    responses: {
      200: { description: 'Recorded', content: { 'application/json': { schema: Received } } },
      ...errorResponses(400, 413, 500),
    },
  }),
  async (c) => {
    const raw = await c.req.text();
    if (raw.length > MAX_BODY_BYTES) throw new AppError('payload_too_large', 'Webhook body too large');
    const result = await receiveProviderEvent(c.get('deps'), raw, c.req.header('stripe-signature') ?? null);
    return completeJson(c, { received: true as const, duplicate: result.duplicate }, 200);
  },
);
