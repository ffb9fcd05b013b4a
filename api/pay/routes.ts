/**
 * The widget's routes (`/api/pay/*`, any origin): open a pay session for a link, and refresh a
 * payment after the browser confirmed it (the server retrieves the intent from the provider; the
 * browser's word is never taken).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponses } from '../http/router.ts';
import { PaymentStateSchema } from '../payments/schema.ts';
import { refreshPayment } from '../payments/sync.ts';
import { openPaySession } from './service.ts';

const HistoryEntry = z.object({
  amount: z.number().int(),
  surcharge: z.number().int(),
  total: z.number().int(),
  date: z.string(),
  status: z.string(),
});

const PaySession = z
  .object({
    paySessionId: z.string().openapi({ description: 'Send back as paySessionId when creating a payment' }),
    merchant: z.object({
      id: z.string(),
      name: z.string(),
      status: z.string(),
      shortcode: z.string(),
      ready: z.boolean(),
      notReadyReason: z.string().nullable(),
    }),
    provider: z.object({
      mode: z.enum(['sandbox', 'stripe']),
      publishableKey: z.string().nullable(),
      connectedAccountId: z.string().nullable(),
    }),
    surcharge: z.object({
      enabled: z.boolean(),
      percentage: z.number(),
      bps: z.number().int(),
      rules: z.array(
        z.object({
          funding: z.string().optional(),
          brand: z.string().optional(),
          region: z.string().optional(),
          percentage: z.number(),
        }),
      ),
    }),
    platformFeeBps: z.number().int(),
    invoice: z.object({
      number: z.string(),
      currency: z.string(),
      linkAmount: z.number().int().nullable(),
      balance: z
        .number()
        .int()
        .nullable()
        .openapi({ description: 'Minor units; null when the link has no amount and nothing bounds it' }),
      fullyPaid: z.boolean(),
      history: z.array(HistoryEntry),
    }),
    limits: z.object({
      minimum: z.number().int(),
      maximum: z.number().int().nullable(),
      minimumWaivedForFullBalance: z.boolean(),
    }),
  })
  .openapi('PaySession');

const SessionQuery = z.object({
  merchant: z.string().max(200).optional().openapi({ description: 'Merchant id (or shortcode)' }),
  shortcode: z.string().max(200).optional(),
  invoice: z.string().max(500).optional(),
  amount: z
    .string()
    .max(100)
    .optional()
    .openapi({ description: "The link's amount due as written, e.g. 1,250.00" }),
  currency: z.string().max(10).optional(),
  paySessionId: z
    .string()
    .max(2000)
    .optional()
    .openapi({ description: 'A previous session of this page, to resume it' }),
});

export const payRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/pay/session',
      tags: ['pay'],
      summary: 'Open a pay session for a payment link',
      request: { query: SessionQuery },
      responses: {
        200: { description: 'The session', content: { 'application/json': { schema: PaySession } } },
        ...errorResponses(400, 404),
      },
    }),
    async (c) => {
      const session = await openPaySession(c.get('deps'), c.req.valid('query'));
      c.header('Cache-Control', 'no-store');
      return c.json(session, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/api/pay/payments/{id}/refresh',
      tags: ['pay'],
      summary: "Apply the provider's current state of a payment (after the browser confirmed it)",
      request: {
        params: z.object({
          id: z
            .string()
            .uuid()
            .openapi({ param: { name: 'id', in: 'path' } }),
        }),
      },
      responses: {
        200: {
          description: 'The payment as it now stands',
          content: { 'application/json': { schema: PaymentStateSchema } },
        },
        ...errorResponses(400, 404, 502),
      },
    }),
    async (c) => c.json(await refreshPayment(c.get('deps'), c.req.valid('param').id), 200),
  );
