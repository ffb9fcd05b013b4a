/** The answers of the accounting records routes, every field named (decision record 0005). */
import { z } from '@hono/zod-openapi';

/** What the accounting tool holds for a payment and each of its refunds, every field named. */
export const AccountingRecords = z
  .object({
    provider: z.enum(['xero', 'quickbooks']).nullable(),
    payment: z
      .object({
        external_invoice_id: z.string().nullable(),
        external_payment_id: z.string().nullable(),
        payment_amount: z.number().int(),
        external_surcharge_id: z.string().nullable(),
        surcharge_amount: z.number().int(),
      })
      .nullable(),
    refunds: z.array(
      z.object({
        refund_id: z.string(),
        kind: z.enum(['credit', 'reopen']),
        amount: z.number().int(),
        surcharge: z.number().int(),
        currency: z.string(),
        /** The refund's date in the merchant's time zone (the date the records carry). */
        date: z.string(),
        refund_status: z.enum(['pending', 'succeeded', 'failed', 'canceled']),
        status: z.enum(['recorded', 'needs_attention', 'pending', 'failed', 'not_recorded']),
        /** What to do in the accounting tool first, when it needs attention. */
        attention: z.string().nullable(),
        job_id: z.string().nullable(),
        entries: z.array(
          z.object({
            step: z.string(),
            label: z.string(),
            external_id: z.string().nullable(),
            external_number: z.string().nullable(),
            amount: z.number().int(),
            currency: z.string(),
            date: z.string(),
          }),
        ),
      }),
    ),
  })
  .openapi('AccountingRecords');

export const AttentionEntry = z
  .object({
    subject_id: z.string(),
    subject_type: z.enum(['refund', 'write_off']),
    provider: z.enum(['xero', 'quickbooks']),
    merchant_id: z.string(),
    merchant_name: z.string(),
    payment_id: z.string().nullable(),
    invoice_number: z.string().nullable(),
    currency: z.string().nullable(),
    /** The refund's amount (minor units); null for a write-off. */
    amount: z.number().int().nullable(),
    kind: z.string().nullable(),
    /** What to do in the accounting tool before retrying. */
    message: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    /** The failed sync job to retry once done (POST /api/admin/outbox/{id}/retry). */
    job_id: z.string().nullable(),
  })
  .openapi('AccountingAttentionEntry');
