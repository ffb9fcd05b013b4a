/**
 * Request and response schemas of the sandbox's browser routes (Stripe object shapes, abridged).
 */
import { z } from '@hono/zod-openapi';

export const IntentIdParam = z.object({
  id: z
    .string()
    .regex(/^pi_[A-Za-z0-9]+$/, 'Invalid payment intent id')
    .openapi({ example: 'pi_3QxYz…' }),
});

export const ClientSecretQuery = z.object({ client_secret: z.string().min(1).max(200) });

export const CreatePaymentMethodBody = z
  .object({
    type: z.literal('card').default('card'),
    card: z.object({
      number: z.string().trim().min(1, 'Your card number is incomplete.').max(32),
      exp_month: z.coerce.number().int(),
      exp_year: z.coerce.number().int(),
      cvc: z.string().trim().max(8),
    }),
    billing_details: z.object({ name: z.string().max(200).optional() }).optional(),
    /** The connected account the payment method is for (Stripe.js's `stripeAccount`). */
    stripe_account: z.string().max(80).optional(),
  })
  .openapi('SandboxCreatePaymentMethod');

const CardPaymentMethodData = z.object({
  type: z.literal('card').default('card'),
  card: CreatePaymentMethodBody.shape.card,
  billing_details: z.object({ name: z.string().max(200).optional() }).optional(),
});

/** A bank account for AU BECS Direct Debit: BSB, account number, the holder's name and email. */
const BankPaymentMethodData = z.object({
  type: z.literal('au_becs_debit'),
  au_becs_debit: z.object({
    bsb_number: z.string().trim().max(20),
    account_number: z.string().trim().max(20),
  }),
  billing_details: z.object({
    name: z.string().max(200).optional(),
    email: z.string().max(254).optional(),
  }),
});

/** PayTo: a PayID (email, mobile or ABN) or a BSB and account number, and the payer's name. */
const PayToPaymentMethodData = z.object({
  type: z.literal('payto'),
  payto: z.object({
    pay_id: z.string().trim().max(254).optional(),
    bsb_number: z.string().trim().max(20).optional(),
    account_number: z.string().trim().max(20).optional(),
  }),
  billing_details: z.object({
    name: z.string().max(200).optional(),
    email: z.string().max(254).optional(),
  }),
});

export const CreateConfirmationTokenBody = z
  .object({
    payment_method_data: z.union([CardPaymentMethodData, BankPaymentMethodData, PayToPaymentMethodData]),
    /**
     * The customer accepted the Direct Debit Request shown with the bank fields (required to debit a
     * bank account). As Stripe.js sends it: the address and browser are taken from the request.
     */
    mandate_data: z
      .object({
        customer_acceptance: z.object({
          type: z.literal('online'),
          online: z.object({ infer_from_client: z.literal(true) }).optional(),
        }),
      })
      .optional(),
    /** The connected account the token is for (Stripe.js's `stripeAccount`; direct charges). */
    stripe_account: z.string().max(80),
  })
  .openapi('SandboxCreateConfirmationToken');

export const ConfirmationTokenSchema = z
  .object({
    id: z.string().openapi({ example: 'ctoken_1Qx…' }),
    object: z.literal('confirmation_token'),
    expires_at: z.number().int().nullable(),
    payment_intent: z.string().nullable(),
    payment_method_preview: z.object({
      type: z.enum(['card', 'au_becs_debit', 'payto']),
      card: z
        .object({
          brand: z.string(),
          funding: z.string(),
          country: z.string(),
          last4: z.string(),
          wallet: z.null(),
        })
        .optional(),
      au_becs_debit: z
        .object({ bsb_number: z.string(), fingerprint: z.string(), last4: z.string() })
        .optional(),
      payto: z
        .object({
          bsb_number: z.string().nullable(),
          last4: z.string().nullable(),
          pay_id: z.string().nullable(),
        })
        .optional(),
    }),
    mandate_data: z.unknown().nullable(),
    livemode: z.literal(false),
  })
  .loose()
  .openapi('SandboxConfirmationToken');

export const ConfirmBody = z
  .object({
    client_secret: z.string().min(1).max(200),
    payment_method: z
      .string()
      .regex(/^pm_[A-Za-z0-9]+$/, 'Invalid payment method id')
      .optional(),
  })
  .openapi('SandboxConfirm');

export const AuthenticateBody = z
  .object({
    client_secret: z.string().min(1).max(200),
    result: z.enum(['complete', 'fail']),
  })
  .openapi('SandboxAuthenticate');

export const PaymentMethodSchema = z
  .object({
    id: z.string(),
    object: z.literal('payment_method'),
    type: z.literal('card'),
    card: z.object({ brand: z.string(), last4: z.string(), funding: z.string(), country: z.string() }),
    livemode: z.literal(false),
  })
  .loose()
  .openapi('SandboxPaymentMethod');

export const PublicIntentSchema = z
  .object({
    id: z.string(),
    object: z.literal('payment_intent'),
    amount: z.number().int(),
    currency: z.string(),
    status: z.string(),
    client_secret: z.string(),
    next_action: z.unknown().nullable(),
    last_payment_error: z.unknown().nullable(),
    payment_method: z.string().nullable(),
    livemode: z.literal(false),
  })
  .loose()
  .openapi('SandboxPaymentIntent');

export const IntentResult = z.object({ paymentIntent: PublicIntentSchema }).openapi('SandboxIntentResult');

/** Stripe's error object, as Stripe.js resolves `{ error }`. */
export const StripeErrorSchema = z
  .object({
    error: z.object({
      type: z.string(),
      code: z.string().nullable(),
      decline_code: z.string().optional(),
      message: z.string(),
      param: z.string().optional(),
      payment_intent: PublicIntentSchema.optional(),
    }),
  })
  .openapi('SandboxError');

export const TestCardSchema = z
  .object({
    number: z.string(),
    brand: z.string(),
    funding: z.string(),
    country: z.string(),
    description: z.string(),
  })
  .openapi('SandboxTestCard');

export const TestBankAccountSchema = z
  .object({ bsb: z.string(), account_number: z.string(), description: z.string() })
  .openapi('SandboxTestBankAccount');

export const TestPayToSchema = z
  .object({
    pay_id: z.string().nullable(),
    bsb: z.string().nullable(),
    account_number: z.string().nullable(),
    description: z.string(),
  })
  .openapi('SandboxTestPayTo');

export const PayToDecisionForm = z.object({ decision: z.enum(['approve', 'decline']) });

export const ConsentQuery = z.object({
  link: z.string().max(100).optional(),
  response_type: z.string().max(20).optional(),
  client_id: z.string().max(100).optional(),
  scope: z.string().max(50).optional(),
  state: z.string().max(2000).optional(),
  redirect_uri: z.string().max(2000).optional(),
});

export const ConsentForm = z.object({
  decision: z.enum(['approve', 'cancel']),
  link: z.string().max(100).optional(),
  state: z.string().max(2000).optional(),
  redirect_uri: z.string().max(2000).optional(),
});
