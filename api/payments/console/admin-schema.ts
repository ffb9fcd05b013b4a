/**
 * The console's payment, every field named (decision record 0005): what `toApiPayment`
 * (api/payments/console/admin.ts) answers for the list, and with its refunds, disputes and the invoice's
 * overpaid flag for one payment.
 */
import { z } from '@hono/zod-openapi';
import { PAYMENT_STATUSES } from '../../db/types.ts';

const id = z.string();
const when = z.string();
const minor = z.number().int();

const QuotedMethod = z.object({
  type: z.string(),
  brand: z.string().nullable(),
  funding: z.string().nullable(),
  country: z.string().nullable(),
  wallet: z.string().nullable(),
  last4: z.string().nullable(),
});

const MethodMismatch = z.object({
  quoted: QuotedMethod,
  /** The card charged, or null while only its payment method id is known. */
  charged: z
    .object({
      paymentMethodId: z.string().nullable(),
      brand: z.string(),
      last4: z.string(),
      funding: z.enum(['credit', 'debit', 'prepaid', 'unknown']),
      country: z.string().nullable(),
      wallet: z.string().nullable(),
    })
    .nullable(),
  /** What the charged card calls for under the merchant's rules (null while the card is unknown). */
  expected: z
    .object({
      surchargeBps: z.number().int(),
      surchargePercentage: z.number(),
      surcharge: minor,
      rule: z.string(),
    })
    .nullable(),
  chargedSurcharge: minor,
  chargedSurchargeBps: z.number().int(),
  detectedAt: when,
});

const Refund = z.object({
  id,
  amount: minor,
  surcharge: minor,
  total_amount: minor,
  platform_fee_refunded: minor,
  status: z.enum(['pending', 'succeeded', 'failed', 'canceled']),
  kind: z.enum(['credit', 'reopen']),
  reason: z.string().nullable(),
  provider_refund_id: z.string().nullable(),
  created_at: when,
});

const Dispute = z.object({
  id,
  provider_dispute_id: z.string(),
  amount: minor,
  currency: z.string(),
  reason: z.string().nullable(),
  /** Stripe's dispute status: warning_needs_response, needs_response, under_review, won, lost, … */
  status: z.string(),
  evidence_due_by: when.nullable(),
  created_at: when,
  updated_at: when,
});

export const AdminPayment = z
  .object({
    id,
    merchant_id: id,
    merchant_name: z.string().nullable(),
    merchant_time_zone: z.string().nullable().openapi({
      description: "The merchant's IANA time zone: the console shows the payment's dates in it",
    }),
    invoice_id: id.nullable(),
    invoice_number: z.string(),
    currency: z.string(),
    amount: minor,
    surcharge: minor,
    surcharge_percentage: z.number(),
    surcharge_capped: z.boolean().openapi({
      description: 'The surcharge charged is less than the rate on the amount: a cap applied',
    }),
    surcharge_rule: z.string().nullable(),
    platform_fee: minor,
    total_amount: minor,
    refunded_amount: minor,
    refunded_surcharge: minor,
    net_amount: minor,
    link_amount: minor.nullable(),
    status: z.enum(PAYMENT_STATUSES),
    provider: z.string(),
    payment_intent_id: z.string().nullable(),
    session_id: z.string().nullable(),
    stripe_connect_account_id: z.string().nullable(),
    customer_email: z.string().nullable(),
    reference: z.string().nullable(),
    metadata: z
      .record(z.string(), z.string())
      .openapi({ description: "The integrator's key-value data (the API's `metadata`)" }),
    card: z
      .object({
        brand: z.string().nullable(),
        last4: z.string(),
        funding: z.string().nullable(),
        country: z.string().nullable(),
        wallet: z.string().nullable(),
      })
      .nullable(),
    quoted_method: QuotedMethod.nullable(),
    method_mismatch: MethodMismatch.nullable(),
    method_type: z.enum(['card', 'au_becs_debit', 'payto']),
    bank_account: z
      .object({
        bsb: z.string().nullable(),
        last3: z.string().nullable(),
        pay_id: z.string().nullable().openapi({ description: 'PayTo: the PayID paid from, masked' }),
      })
      .nullable(),
    mandate_reference: z.string().nullable(),
    processing_at: when.nullable(),
    clears_by: z.string().nullable(),
    dispute_status: z.string().nullable(),
    failure_code: z.string().nullable(),
    failure_message: z.string().nullable(),
    reserved_until: when.nullable(),
    xero_sync_status: z.string().nullable(),
    xero_sync_time: when.nullable(),
    xero_sync_error: z.string().nullable(),
    succeeded_at: when.nullable(),
    created_at: when,
    updated_at: when,
    /** One payment only: whether its invoice is overpaid. */
    invoice_overpaid: z.boolean().optional(),
    /** One payment only. */
    disputes: z.array(Dispute).optional(),
    /** One payment only. */
    refunds: z.array(Refund).optional(),
    refund_limit_left: minor.optional().openapi({
      description:
        'One payment only, read by a staff member: how much of its invoice part they may still refund under the ' +
        'merchant’s staff refund limit (the limit less what staff refunded of it already). Absent for owners and admins.',
    }),
    staff_refund_limit: minor.optional().openapi({
      description: 'With `refund_limit_left`: the limit itself, per payment in total.',
    }),
    sync_targets: z
      .array(z.enum(['xero', 'quickbooks', 'automation_webhook']))
      .optional()
      .openapi({
        description:
          'One payment only: where Sync sends it (the merchant’s accounting tool, its automation webhook); empty: nowhere, so the console offers no Sync.',
      }),
  })
  .openapi('AdminPayment');
