/**
 * `GET /api/public/config`: the browser's configuration allowlist (product name, payments mode,
 * publishable key, public base URL). Nothing secret is ever added here.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { publicConfig } from '../config.ts';
import { createRouter } from '../http/router.ts';

const PublicConfig = z
  .object({
    productName: z.string(),
    paymentsMode: z.enum(['sandbox', 'stripe']),
    publishableKey: z.string().nullable(),
    publicBaseUrl: z.string(),
    merchantSignup: z
      .boolean()
      .openapi({ description: 'Businesses may sign themselves up (MERCHANT_SIGNUP)' }),
  })
  .openapi('PublicConfig');

export const configRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/config',
    tags: ['public'],
    summary: 'Browser configuration',
    responses: {
      200: { description: 'Configuration', content: { 'application/json': { schema: PublicConfig } } },
    },
  }),
  (c) => c.json(publicConfig(c.get('deps').config), 200),
);
