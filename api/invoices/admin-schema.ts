/**
 * The console's invoice page (`GET /api/admin/invoices/{id}`), every field named (decision record
 * 0005): what `invoiceLedgerView` (api/invoices/ledger-view.ts) answers — the invoice, each term of
 * the balance formula (DESIGN §3.3), and the observations, payments, refunds, write-backs and
 * write-offs behind them.
 */
import { z } from '@hono/zod-openapi';

const minor = z.number().int();
const when = z.string();
const writebackSource = z.enum(['xero', 'quickbooks', 'webhook', 'manual']);

export const InvoiceLedger = z
  .object({
    invoice: z.object({
      id: z.string(),
      merchant_id: z.string(),
      merchant_name: z.string().nullable(),
      merchant_contact: z.object({ email: z.string().nullable(), phone: z.string().nullable() }),
      invoice_number: z.string(),
      currency: z.string(),
      created_at: when,
      updated_at: when,
    }),
    terms: z.object({
      paid: minor,
      reserved: minor,
      /** P: paid through us now (net of refunds) plus what is in flight. */
      p: minor,
      written_off: minor,
      /** S(now): net written back to the accounting tool. */
      s_now: minor,
      credible_limit: minor.nullable(),
      committed: minor,
      /** Null only when no link ever carried an amount. */
      balance: minor.nullable(),
      latest_link_balance: minor.nullable(),
      /** Which term caps the balance now. */
      capping: z
        .object({ kind: z.enum(['credible_observation', 'latest_link']), observationId: z.string() })
        .nullable(),
      overpaid_amount: minor,
      attention: z.enum(['overpaid', 'capped', 'below_minimum']).nullable(),
      below_minimum: z.boolean(),
      minimum: minor,
    }),
    observations: z.array(
      z.object({
        id: z.string(),
        amount: minor,
        written_back_at_observation: minor,
        /** remaining_i = A_i − (P + W − S_i). */
        remaining: minor,
        source: z.enum(['link', 'typed', 'live']),
        observed_at: when,
        credible: z.boolean(),
        credible_at: when.nullable(),
        dismissed: z.boolean(),
        dismissed_at: when.nullable(),
        dismissed_by: z.string().nullable(),
        dismissed_reason: z.string().nullable(),
        caps_balance: z.boolean(),
      }),
    ),
    payments: z.array(
      z.object({
        id: z.string(),
        invoice_number: z.string(),
        amount: minor,
        surcharge: minor,
        total_amount: minor,
        refunded_amount: minor,
        status: z.string(),
        link_amount: minor.nullable(),
        observation_id: z.string().nullable(),
        created_at: when,
        succeeded_at: when.nullable(),
      }),
    ),
    refunds: z.array(
      z.object({
        id: z.string(),
        payment_id: z.string(),
        amount: minor,
        surcharge: minor,
        total_amount: minor,
        kind: z.enum(['credit', 'reopen']),
        status: z.enum(['pending', 'succeeded', 'failed', 'canceled']),
        reason: z.string().nullable(),
        created_at: when,
      }),
    ),
    writebacks: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(['payment', 'refund', 'write_off']),
        subject_id: z.string(),
        payment_id: z.string().nullable(),
        amount: minor,
        source: writebackSource,
        created_at: when,
        /** A refund's write-back counts in S only once its payment's does (DESIGN §3.3). */
        counted: z.boolean(),
      }),
    ),
    write_offs: z.array(
      z.object({
        id: z.string(),
        amount: minor,
        reason: z.string(),
        observation_id: z.string().nullable(),
        created_at: when,
        recorded_at: when.nullable(),
        recorded_source: writebackSource.nullable(),
        sync: z.array(
          z.object({
            target: z.enum(['automation_webhook', 'xero', 'quickbooks']),
            status: z.enum(['pending', 'processing', 'delivered', 'failed', 'canceled']),
            error: z.string().nullable(),
            delivered_at: when.nullable(),
          }),
        ),
      }),
    ),
  })
  .openapi('AdminInvoiceLedger');
