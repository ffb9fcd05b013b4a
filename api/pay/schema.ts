/** The pay session's request and answer (GET /api/pay/session), shared by the route and the service. */
import { z } from '@hono/zod-openapi';

const HistoryEntry = z.object({
  amount: z.number().int(),
  surcharge: z.number().int(),
  total: z.number().int(),
  date: z.string(),
  status: z.string(),
});

/** A bank method the merchant offers (BECS Direct Debit, PayTo): whether here, its minimum and surcharge rule. */
const AccountMethodSession = z.object({
  offered: z.boolean().nullable().openapi({
    description:
      'Whether the method may be used for this invoice; null when the link has no amount and the merchant has a minimum (the amount paid decides)',
  }),
  minimumAmount: z.number().int().nullable().openapi({ description: 'Minimum invoice amount, minor units' }),
  surchargeBps: z.number().int(),
  surchargePercentage: z.number(),
  surchargeCap: z.number().int().nullable().openapi({ description: 'Minor units; null: no cap' }),
  rule: z.string().openapi({ example: 'bank debit: 1% capped at A$3.50' }),
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
      country: z.string().openapi({
        description: "The merchant's country (ISO 3166-1 alpha-2): the page writes dates as it does",
      }),
      timeZone: z
        .string()
        .openapi({ description: "The merchant's time zone (IANA): the page's dates are on its clock" }),
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
    bankDebit: AccountMethodSession.nullable().openapi({
      description:
        'AU BECS Direct Debit, when the merchant offers it in this currency (AUD only); null otherwise',
    }),
    payTo: AccountMethodSession.extend({
      approvalMinutes: z.number().int().openapi({
        description:
          'How long the customer has to approve the agreement in their banking app (the amount is held meanwhile)',
      }),
    })
      .nullable()
      .openapi({
        description:
          'PayTo (real-time, approved in the customer’s banking app), when the merchant offers it in this currency (AUD only); null otherwise',
      }),
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
      state: z.enum(['open', 'paid', 'being_paid', 'below_minimum']).openapi({
        description:
          '`paid`: nothing is due here (also a link whose amount is 0); `being_paid`: nothing is left to pay now, but ' +
          'some of it is held for payments not yet received (`beingPaid`): it may be due again if they fail; ' +
          '`below_minimum`: the balance is above 0 but ' +
          "below the card minimum, so it can't be paid by card (contact the merchant); `open`: payable",
      }),
      beingPaid: z
        .array(
          z.object({
            amount: z.number().int().openapi({ description: 'Minor units, before surcharge' }),
            method: z.enum(['card', 'bank_debit', 'payto']),
            status: z.enum(['pending', 'requires_action', 'processing']).openapi({
              description:
                '`requires_action`: waiting for the card holder (3-D Secure), or for a PayTo payer to approve it in their banking app; `processing`: a bank debit clearing',
            }),
            since: z.string().openapi({ description: 'When the payment was started (ISO 8601)' }),
            until: z.string().nullable().openapi({
              description:
                'A card attempt ends (paid or released) by this time at the latest; null for a bank debit',
            }),
            clearsBy: z
              .string()
              .nullable()
              .openapi({ description: 'A bank debit is expected to clear by this date (YYYY-MM-DD)' }),
          }),
        )
        .openapi({
          description:
            "Money held for other customers' payments not yet received: not paid, and not payable here while held",
        }),
      cappedFrom: z.number().int().nullable().openapi({
        description:
          "What this link alone would leave due, when another observation of the invoice caps the balance lower (the page says so and names the merchant's contact); else null",
      }),
      history: z.array(HistoryEntry),
      details: z.boolean().openapi({
        description:
          "The invoice's lines, dates and PDF may be shown for this link (GET /api/pay/invoice with the same link parameters)",
      }),
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
