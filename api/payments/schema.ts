/**
 * Request/response schemas of the spec's payment routes and the widget's pay routes. Amounts are
 * integer minor units. The spec's client also sends surcharge, total_amount, applicationFeeAmount
 * and metadata: they are accepted and ignored, because the server computes every number.
 */
import { ProofOfWork } from '../rate-limit/proof-of-work-schema.ts';
import { AMOUNT_MESSAGES, CARD_MESSAGES, FIELD_MESSAGES } from '../../core/messages.ts';
import { z } from '@hono/zod-openapi';
import { EMAIL_PATTERN } from '../../core/email.ts';

export const INVALID_AMOUNT_MESSAGE = AMOUNT_MESSAGES.invalid;

const minor = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(Number.MAX_SAFE_INTEGER, message);

const amountField = z
  .number({ error: INVALID_AMOUNT_MESSAGE })
  .int(INVALID_AMOUNT_MESSAGE)
  .positive(INVALID_AMOUNT_MESSAGE)
  .max(99_999_999_99, INVALID_AMOUNT_MESSAGE)
  .openapi({ description: 'The invoice part to pay, minor units', example: 25000 });

export const TOKEN_REQUIRED_MESSAGE =
  'Payment details are required: send the confirmationToken made from them (Stripe.js createConfirmationToken, or the sandbox form).';
export const QUOTE_REQUIRED_MESSAGE =
  'A quote is required: send the quoteId of POST /api/payments/quote for these payment details.';

const confirmationToken = z
  .string({ error: TOKEN_REQUIRED_MESSAGE })
  .trim()
  .regex(/^ctoken_[A-Za-z0-9_]{1,200}$/, TOKEN_REQUIRED_MESSAGE)
  .openapi({
    description:
      'The confirmation token (ctoken_…) the customer’s payment details became: Stripe.js `createConfirmationToken` on the merchant’s connected account, or POST /api/sandbox/confirmation_tokens in sandbox mode',
  });

/** Where a payment is for: the pay session (widget), or merchant + invoice + link amount (API). */
const linkFields = {
  merchantId: z.string().trim().max(100).optional().openapi({ description: 'Merchant id (or shortcode)' }),
  currency: z.string().trim().min(3).max(3).default('aud'),
  invoiceNumber: z.string().trim().max(100).optional(),
  amountDue: minor('amountDue must be a whole number of minor units')
    .nullish()
    .openapi({ description: "The link's amount due, minor units (ignored when paySessionId is given)" }),
  paySessionId: z.string().max(2000).nullish().openapi({ description: 'From GET /api/pay/session' }),
};

export const QuoteBody = z
  .object({
    ...linkFields,
    amount: amountField,
    confirmationToken,
    proofOfWork: ProofOfWork.optional().openapi({
      description: 'Needed only after a 428 `challenge_required` (past a card-testing ceiling)',
    }),
  })
  .openapi('QuoteRequest');

export const CreatePaymentBody = z
  .object({
    ...linkFields,
    amount: amountField,
    description: z.string().max(500).optional(),
    customerEmail: z
      .string()
      .trim()
      .max(254)
      .regex(EMAIL_PATTERN, FIELD_MESSAGES.emailInvalid)
      .nullish()
      .or(z.literal('')),
    reference: z
      .string()
      .trim()
      .max(200, 'The reference is at most 200 characters')
      .regex(/^[^\p{Cc}]*$/u, 'The reference cannot contain control characters')
      .nullish()
      .openapi({
        description:
          "The embedding page's own reference for this payment (the widget's `reference` attribute: an order or account number). Stored on the payment, shown in the console, sent in the automation webhook (`payment_details.reference`) and in the provider's metadata.",
        example: 'PO-7731',
      }),
    // Sent by the spec's client; ignored (recomputed on the server).
    surcharge: z.unknown().optional(),
    total_amount: z.unknown().optional(),
    applicationFeeAmount: z.unknown().optional(),
    stripeConnectAccountId: z.unknown().optional(),
    metadata: z.unknown().optional(),
    confirmationToken,
    quoteId: z
      .string({ error: QUOTE_REQUIRED_MESSAGE })
      .min(1, QUOTE_REQUIRED_MESSAGE)
      .max(4000)
      .openapi({ description: 'The quoteId of POST /api/payments/quote for this token and amount' }),
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
    surchargeCap: z.number().int().nullable().optional().openapi({
      description: "The rule's cap on the surcharge (minor units), e.g. a bank debit's; null: none",
    }),
    rule: z.string(),
  })
  .openapi('Breakdown');

export const QuotedMethodSchema = z
  .object({
    type: z.string().openapi({ example: 'card' }),
    brand: z.string().nullable().openapi({ example: 'visa' }),
    funding: z.string().nullable().openapi({ example: 'credit' }),
    country: z.string().nullable().openapi({ example: 'AU' }),
    wallet: z.string().nullable().openapi({ example: 'apple_pay' }),
    last4: z.string().nullable(),
    label: z.string().openapi({ example: 'Visa credit' }),
  })
  .openapi('QuotedPaymentMethod');

export const QuoteResponse = z
  .object({
    quoteId: z.string().openapi({ description: 'Send with create-payment-intent; holds until expiresAt' }),
    expiresAt: z.string(),
    currency: z.string(),
    confirmationToken: z.string(),
    paymentMethod: QuotedMethodSchema,
    breakdown: BreakdownSchema,
    remainingAfter: z.number().int().nullable(),
  })
  .openapi('Quote');

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
    method: z
      .string()
      .openapi({ description: '`card`, `au_becs_debit` (AU BECS Direct Debit) or `payto` (PayTo)' }),
    approvalExpiresAt: z.string().nullable().openapi({
      description:
        'A PayTo payment waiting for the customer to approve it in their banking app: when the approval window ends (ISO 8601); the amount is held until then. Null otherwise',
    }),
    clearsBy: z.string().nullable().openapi({
      description:
        "A processing bank debit: the date (YYYY-MM-DD, the merchant's) it should have cleared by; bank debits take up to 3 business days",
    }),
    receiptUrl: z.string().nullable().openapi({
      description:
        "The payment's receipt page (printable), once it went through or while a bank debit clears; else null",
    }),
  })
  .openapi('PaymentState');

const paymentStateShape = PaymentStateSchema.shape;

export const CreatePaymentResponse = z
  .object({
    ...paymentStateShape,
    status: z.enum(['succeeded', 'processing', 'requires_action', 'pending']).openapi({
      description:
        'succeeded, processing (a bank debit), or requires_action (3-D Secure; PayTo: waiting for the customer to approve it in their banking app)',
    }),
    id: z.string().openapi({ description: 'The provider intent id (pi_…)' }),
    paymentIntentId: z.string(),
    clientSecret: z.string().nullable().openapi({
      description:
        'Only while status is requires_action for a card (3-D Secure): pass it to stripe.handleNextAction, then POST /api/pay/payments/{paymentId}/refresh. Null for PayTo: the customer approves in their banking app',
    }),
    stripeConnectAccountId: z.string(),
    remainingAfter: z.number().int().nullable(),
    mandateReference: z
      .string()
      .nullable()
      .openapi({ description: 'A bank debit: the mandate (Direct Debit Request) it runs under' }),
    paymentMethod: z
      .object({
        label: z.string(),
        brand: z.string().nullable(),
        funding: z.string().nullable(),
        last4: z.string().nullable(),
        wallet: z.string().nullable(),
      })
      .nullable(),
    breakdown: BreakdownSchema,
  })
  .openapi('CreatePaymentResponse');

export const DeclinedPaymentSchema = z
  .object({
    error: z.object({
      code: z.literal('card_declined'),
      message: z.string().openapi({ example: CARD_MESSAGES.insufficient_funds }),
      decline_code: z.string().optional(),
    }),
    payment: PaymentStateSchema,
  })
  .openapi('DeclinedPayment');

export const QuoteChangedSchema = z
  .object({
    error: z.object({ code: z.literal('conflict'), message: z.string(), field: z.string().optional() }),
    quote: QuoteResponse,
  })
  .openapi('QuoteChanged');

export const ChallengeRequiredSchema = z
  .object({
    error: z.object({ code: z.literal('challenge_required'), message: z.string() }),
    challenge: z.object({
      algorithm: z.literal('SHA-256'),
      challenge: z
        .string()
        .openapi({ description: 'Hex SHA-256 of salt + number, for a number ≤ maxnumber' }),
      salt: z.string(),
      maxnumber: z.number().int(),
      signature: z.string(),
    }),
  })
  .openapi('ChallengeRequired');

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
    merchantCountry: z.string().nullable().openapi({ description: "ISO country: the date's format" }),
    merchantTimeZone: z.string().nullable().openapi({ description: 'IANA zone the date is written in' }),
    remaining_due: z.number().int().nullable(),
    merchant_id: z.string(),
    link_amount: z.number().int().nullable(),
    method: z.string().openapi({ description: '`card` or `au_becs_debit`' }),
    clearsBy: z
      .string()
      .nullable()
      .openapi({ description: 'A processing bank debit: the date it should have cleared by (YYYY-MM-DD)' }),
    receiptUrl: z.string().nullable().openapi({ description: "The payment's receipt page, or null" }),
  })
  .openapi('PaymentDetails');
