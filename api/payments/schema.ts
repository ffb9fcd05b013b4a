/**
 * Request/response schemas of the spec's payment routes and the widget's pay routes. Amounts are
 * integer minor units. The spec's client also sends surcharge, total_amount, applicationFeeAmount
 * and metadata: they are accepted and ignored, because the server computes every number.
 */
import { z } from '@hono/zod-openapi';
import { EMAIL_PATTERN } from '../../core/email.ts';

export const INVALID_AMOUNT_MESSAGE = 'Please enter a valid payment amount.';

const minor = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(Number.MAX_SAFE_INTEGER, message);

export const CreatePaymentBody = z
  .object({
    merchantId: z.string().trim().max(100).optional().openapi({ description: 'Merchant id (or shortcode)' }),
    amount: z
      .number({ error: INVALID_AMOUNT_MESSAGE })
      .int(INVALID_AMOUNT_MESSAGE)
      .positive(INVALID_AMOUNT_MESSAGE)
      .max(99_999_999_99, INVALID_AMOUNT_MESSAGE)
      .openapi({ description: 'The invoice part to pay, minor units', example: 25000 }),
    currency: z.string().trim().min(3).max(3).default('aud'),
    description: z.string().max(500).optional(),
    invoiceNumber: z.string().trim().max(100).optional(),
    amountDue: minor('amountDue must be a whole number of minor units')
      .nullish()
      .openapi({ description: "The link's amount due, minor units (ignored when paySessionId is given)" }),
    paySessionId: z.string().max(2000).nullish().openapi({ description: 'From GET /api/pay/session' }),
    paymentMethodId: z
      .string()
      .trim()
      .max(255)
      .nullish()
      .openapi({ description: 'Card to quote the surcharge for' }),
    customerEmail: z
      .string()
      .trim()
      .max(254)
      .regex(EMAIL_PATTERN, 'Email is invalid')
      .nullish()
      .or(z.literal('')),
    // Sent by the spec's client; ignored (recomputed on the server).
    surcharge: z.unknown().optional(),
    total_amount: z.unknown().optional(),
    applicationFeeAmount: z.unknown().optional(),
    stripeConnectAccountId: z.unknown().optional(),
    metadata: z.unknown().optional(),
  })
  .openapi('CreatePaymentRequest');

export type CreatePaymentInput = z.infer<typeof CreatePaymentBody>;

export const BreakdownSchema = z
  .object({
    amount: z.number().int(),
    surcharge: z.number().int(),
    total: z.number().int(),
    platformFee: z.number().int(),
    surchargeBps: z.number().int(),
    surchargePercentage: z.number(),
    rule: z.string(),
  })
  .openapi('Breakdown');

export const CreatePaymentResponse = z
  .object({
    clientSecret: z.string(),
    id: z.string().openapi({ description: 'The provider intent id (pi_…)' }),
    paymentIntentId: z.string(),
    paymentId: z.string(),
    stripeConnectAccountId: z.string(),
    status: z.string(),
    currency: z.string(),
    breakdown: BreakdownSchema,
    /** The balance for this link once this payment succeeds. */
    remainingAfter: z.number().int().nullable(),
  })
  .openapi('CreatePaymentResponse');

export const PaymentStateSchema = z
  .object({
    paymentId: z.string(),
    transactionId: z.string().nullable(),
    status: z.string(),
    invoice: z.string(),
    currency: z.string(),
    amount: z.number().int(),
    surcharge: z.number().int(),
    total: z.number().int(),
    remaining: z.number().int().nullable(),
    failure: z.object({ code: z.string().nullable(), message: z.string().nullable() }).nullable(),
  })
  .openapi('PaymentState');

export const PaymentDetailsSchema = z
  .object({
    id: z.string(),
    paymentId: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    status: z.string(),
    invoiceNo: z.string(),
    paymentMethod: z.string().nullable(),
    paymentDate: z.string(),
    surcharge: z.number().int(),
    total: z.number().int(),
    merchantName: z.string(),
    remaining_due: z.number().int().nullable(),
    merchant_id: z.string(),
    link_amount: z.number().int().nullable(),
  })
  .openapi('PaymentDetails');
