/** The pay session's request and answer (GET /api/pay/session), shared by the route and the service. */
import { z } from '@hono/zod-openapi';

const HistoryEntry = z.object({
  amount: z.number().int(),
  surcharge: z.number().int(),
  total: z.number().int(),
  date: z.string(),
  status: z.string(),
});

export const PaySession = z
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

export const SessionQuery = z.object({
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

export type PaySessionBody = z.infer<typeof PaySession>;
export type SessionQuery = z.infer<typeof SessionQuery>;
