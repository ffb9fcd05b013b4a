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
      contact: z
        .object({ email: z.string(), phone: z.string().nullable() })
        .openapi({ description: 'Who the customer contacts when the page cannot take the payment' }),
      logoUrl: z
        .string()
        .nullable()
        .openapi({ description: "The merchant's logo (https URL) for the hosted pay page" }),
      brandColor: z
        .string()
        .nullable()
        .openapi({ description: "The merchant's brand colour (#rrggbb): the hosted pay page's accent" }),
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
      state: z.enum(['open', 'paid', 'below_minimum']).openapi({
        description:
          '`paid`: nothing is due here (also a link whose amount is 0); `below_minimum`: the balance is above 0 but ' +
          "below the card minimum, so it can't be paid by card (contact the merchant); `open`: payable",
      }),
      cappedFrom: z.number().int().nullable().openapi({
        description:
          "What this link alone would leave due, when another observation of the invoice caps the balance lower (the page says so and names the merchant's contact); else null",
      }),
      history: z.array(HistoryEntry),
    }),
    limits: z.object({
      minimum: z
        .number()
        .int()
        .openapi({ description: 'The smallest card payment in this currency, minor units' }),
      maximum: z.number().int().nullable().openapi({
        description:
          'The largest amount (before surcharge) one payment may take: the balance, less when its total at the highest surcharge would pass the card limit, and never leaving less than the minimum',
      }),
      maximumCharge: z
        .number()
        .int()
        .openapi({ description: 'The card limit per payment, surcharge included' }),
      minimumWaivedForFullBalance: z.boolean().openapi({
        description: 'Always false: a balance below the minimum cannot be paid by card (DESIGN §3.3)',
      }),
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
