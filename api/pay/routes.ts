/**
 * The widget's routes (`/api/pay/*`, any origin): open a pay session for a link, and refresh a
 * payment after a 3-D Secure step (the server retrieves the intent from the provider; the browser's
 * word is never taken). Quoting and paying are `/api/payments/quote` and `create-payment-intent`.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { PaymentStateSchema } from '../payments/schema.ts';
import { refreshPayment } from '../payments/lifecycle/read-back.ts';
import { enforceProviderReadLimit } from '../payments/create/rate-limits.ts';
import { clientIp } from '../audit/client-ip.ts';
import { AppError } from '../errors.ts';
import { fastJson } from '../http/edge.ts';
import { PaySession, SessionQuery } from './schema.ts';
import { openPaySession, reusePaySession } from './service.ts';
import { abandonAttempt, watchPayment } from '../payments/lifecycle/holds.ts';

const sessionRoute = createRoute({
  method: 'get',
  path: '/session',
  tags: ['pay'],
  summary: 'Open a pay session for a payment link',
  request: { query: SessionQuery },
  responses: {
    200: { description: 'The session', content: { 'application/json': { schema: PaySession } } },
    ...errorResponses(400, 404, 429),
  },
});

/**
 * The hottest route (DESIGN §9 budget): declared for the OpenAPI document as every route is, and
 * validated with the same schema, but synchronously, and answered with a pre-rendered body whose
 * headers are all in place (api/http/edge.ts fastJson).
 */
async function openPaySessionHandler(c: Context<AppEnv>): Promise<Response> {
  const deps = c.get('deps');
  const url = c.req.url;
  const at = url.indexOf('?');
  const rawQuery = at < 0 ? '' : url.slice(at + 1);
  // Only with rate limits on is the address needed (distinct invoices per address, api/pay/lookup-limit.ts).
  const ip = deps.config.rateLimits ? clientIp(c) : null;
  const reused = reusePaySession(deps, rawQuery, ip);
  const known = typeof reused === 'object' ? await reused : reused;
  if (known !== undefined) return fastJson(c, known, 200, NO_STORE);
  const parsed = SessionQuery.safeParse(c.req.query());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('validation_failed', issue?.message ?? 'Invalid request', {
      field: issue?.path.map(String).join('.') || undefined,
    });
  }
  const body = openPaySession(deps, parsed.data, rawQuery, ip);
  return fastJson(c, typeof body === 'string' ? body : await body, 200, NO_STORE);
}

const NO_STORE = { 'Cache-Control': 'no-store' };

/** Our payment's id in the path (refresh, abandon). */
const PaymentIdParams = z.object({
  id: z
    .string()
    .uuid()
    .openapi({ param: { name: 'id', in: 'path' } }),
});

/** A payment of the pay session asking (watch, abandon): only the session that made it may. */
const ownAttempt = {
  params: PaymentIdParams,
  query: z.object({
    paySessionId: z.string().max(2000).openapi({ description: 'The pay session that made the attempt' }),
  }),
};
const paymentNow = {
  description: 'The payment as it now stands',
  content: { 'application/json': { schema: PaymentStateSchema } },
};

export const payRoutes = createRouter();
payRoutes.openAPIRegistry.registerPath(sessionRoute);
payRoutes.get(sessionRoute.path, openPaySessionHandler);

payRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/payments/{id}/refresh',
    tags: ['pay'],
    summary: "Apply the provider's current state of a payment (after a 3-D Secure step)",
    request: {
      params: PaymentIdParams,
    },
    responses: {
      200: paymentNow,
      ...errorResponses(400, 404, 502),
    },
  }),
  async (c) => {
    await enforceProviderReadLimit(c, 'refreshPerIp', clientIp(c));
    return c.json(await refreshPayment(c.get('deps'), c.req.valid('param').id), 200);
  },
);

payRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/payments/{id}',
    tags: ['pay'],
    summary: 'The payment as it stands now (a PayTo payment waiting for the customer’s approval)',
    description:
      'What the widget watches while the customer approves a PayTo agreement in their banking app: the provider’s ' +
      'webhook moves the payment, this reads it (no provider call). Only the pay session that made the attempt can read it.',
    request: ownAttempt,
    responses: {
      200: paymentNow,
      ...errorResponses(400, 404),
    },
  }),
  async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await watchPayment(c.get('deps'), id, c.req.valid('query').paySessionId), 200);
  },
);

payRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/payments/{id}/abandon',
    tags: ['pay'],
    summary: 'The customer left a card check (3-D Secure) unfinished: end the attempt and release its hold',
    description:
      "Sent by the widget when its page is closed during a 3-D Secure step (a beacon) or the step's window is closed " +
      'unfinished. Only the pay session that made the attempt can end it, and only while it waits for the customer: ' +
      'the intent is cancelled at the provider first, then the amount it held is released (DESIGN §3.4). ' +
      'If the provider says it succeeded meanwhile, that success is recorded and returned.',
    request: ownAttempt,
    responses: {
      200: paymentNow,
      ...errorResponses(400, 404, 429),
    },
  }),
  async (c) => {
    await enforceProviderReadLimit(c, 'refreshPerIp', clientIp(c));
    const { id } = c.req.valid('param');
    return c.json(await abandonAttempt(c.get('deps'), id, c.req.valid('query').paySessionId), 200);
  },
);
