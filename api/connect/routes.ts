/**
 * The spec's Stripe Connect admin actions: get a connect URL, complete the callback, disconnect.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { bearerSecurity as security, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { actorOf } from '../audit/actor.ts';
import { authorizeMerchant } from '../auth/access.ts';
import { CONNECT_MERCHANT_NOT_FOUND, completeConnect, disconnectStripe, startConnect } from './service.ts';

const httpUrl = z
  .string({ error: 'redirectUri is required' })
  .trim()
  .max(2000)
  .regex(/^https?:\/\/[^\s]+$/, 'redirectUri must be an http(s) URL');

const ConnectUrlBody = z
  .object({
    redirectUri: httpUrl,
    merchantId: z.string().trim().min(1).max(100).optional(),
    /** The spec's client sends the merchant id as `state`. */
    state: z.string().trim().min(1).max(100).optional(),
    mode: z.enum(['onboarding', 'oauth']).default('onboarding'),
  })
  .refine((b) => b.merchantId || b.state, { message: 'merchantId is required', path: ['merchantId'] });

export const connectRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/stripe-connect-url',
      tags: ['admin'],
      security,
      'x-access': 'connect.manage',
      summary: "Start connecting a merchant's Stripe account (Account Links onboarding, or OAuth)",
      request: { body: { content: { 'application/json': { schema: ConnectUrlBody } }, required: true } },
      responses: {
        200: json(
          z.object({
            url: z.string(),
            state: z.string(),
            mode: z.string(),
            accountId: z.string().nullable(),
          }),
          'Where to send the admin',
        ),
        ...errorResponses(400, 401, 403, 404, 502),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const merchantId = (body.merchantId ?? body.state)!;
      authorizeMerchant(c, 'connect.manage', merchantId, CONNECT_MERCHANT_NOT_FOUND);
      const result = await startConnect(
        c.get('deps'),
        { merchantId, redirectUri: body.redirectUri, mode: body.mode },
        actorOf(c),
      );
      return c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/stripe-connect-callback',
      tags: ['admin'],
      security,
      'x-access': 'connect.manage',
      summary: 'Complete a connection (code and state from /connect/callback)',
      request: {
        body: {
          content: {
            'application/json': {
              schema: z.object({ code: z.string().max(500).nullish(), state: z.string().max(500).nullish() }),
            },
          },
          required: true,
        },
      },
      responses: {
        200: json(
          z
            .object({
              status: z.literal('connected'),
              success: z.boolean(),
              merchant_id: z.string(),
              account_id: z.string(),
            })
            .loose(),
          'Connected',
        ),
        202: json(
          z
            .object({
              status: z.literal('pending'),
              success: z.boolean(),
              merchant_id: z.string(),
              message: z.string(),
            })
            .loose(),
          'Pending manual processing',
        ),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const result = await completeConnect(c.get('deps'), c.req.valid('json'), actorOf(c), (merchantId) =>
        authorizeMerchant(c, 'connect.manage', merchantId, CONNECT_MERCHANT_NOT_FOUND),
      );
      return result.status === 'pending' ? c.json(result, 202) : c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/merchants/{id}/disconnect-stripe',
      tags: ['admin'],
      security,
      summary: "Disconnect a merchant's Stripe account",
      request: {
        params: z.object({
          id: z
            .string()
            .min(1)
            .max(100)
            .openapi({ param: { name: 'id', in: 'path' } }),
        }),
      },
      responses: {
        200: json(
          z.object({
            success: z.boolean(),
            merchant_id: z.string(),
            disconnected_account_id: z.string().nullable(),
          }),
          'Disconnected',
        ),
        ...errorResponses(401, 403, 404, 502),
      },
    }),
    async (c) => c.json(await disconnectStripe(c.get('deps'), c.req.valid('param').id, actorOf(c)), 200),
  );
