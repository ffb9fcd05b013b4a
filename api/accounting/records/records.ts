/**
 * What the accounting tool holds for a payment and its refunds (the console's payment page), and
 * the "Needs attention" list: refunds and write-offs the tool refused for a reason a person must
 * fix first (a reconciled payment), each with the step to take and the sync job to retry.
 */
import type { z } from '@hono/zod-openapi';
import { localDate } from '../../../core/local-date.ts';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { connectorFor } from '../connections/connections.ts';
import type { AccountingEntry } from './entries.ts';
import { LEGACY, PAYMENT_CHANGED, SURCHARGE_REFUND } from '../sync/payment-sync-steps.ts';
import type { AccountingRecords } from './schema.ts';
import {
  attentionRows,
  entriesOfPayment,
  failedConnectorJobs,
  findPaymentForRecords,
  recordsInputs,
} from './repository.ts';

const STEP_LABELS: Record<string, string> = {
  credit_note: 'Credit note',
  credit_refund: 'Cash refund of the credit note',
  refund_receipt: 'Refund receipt',
  credit_allocation: 'Credit note allocated to the invoice',
  credit_memo: 'Credit memo',
  credit_applied: 'Credit memo applied to the invoice',
  [SURCHARGE_REFUND]: 'Surcharge refunded (money spent)',
  [LEGACY]: 'Recorded by the previous version (payment replaced at the net amount)',
};

function entryJson(e: AccountingEntry, paymentGone: boolean) {
  return {
    step: e.step,
    label:
      e.step === PAYMENT_CHANGED
        ? paymentGone
          ? 'Payment on the invoice deleted (re-open)'
          : 'Payment on the invoice lowered (re-open)'
        : (STEP_LABELS[e.step] ?? e.step),
    external_id: e.external_id || null,
    external_number: e.external_number,
    amount: e.amount,
    currency: e.currency,
    date: e.entry_date,
  };
}

export async function accountingRecordsOf(
  deps: AppDeps,
  paymentId: string,
): Promise<z.infer<typeof AccountingRecords>> {
  const db = deps.database.db;
  const payment = await findPaymentForRecords(db, paymentId);
  if (!payment) throw new AppError('not_found', 'Payment not found.');
  const { merchant, connection, record, refunds, attention, jobs } = await recordsInputs(
    db,
    paymentId,
    payment.merchant_id,
  );
  const provider = connection?.provider ?? record?.provider ?? null;
  const entries = provider ? await entriesOfPayment(db, paymentId, provider) : [];
  const steps = provider ? connectorFor(deps, provider).creditRefundSteps : [];
  const paymentGone = !record?.external_payment_id;
  return {
    provider,
    payment: record
      ? {
          external_invoice_id: record.external_invoice_id,
          external_payment_id: record.external_payment_id,
          payment_amount: record.payment_amount,
          external_surcharge_id: record.external_surcharge_id,
          surcharge_amount: record.surcharge_amount,
        }
      : null,
    refunds: refunds.map((r) => {
      const mine = entries.filter((e) => e.subject_id === r.id);
      const has = (step: string) => mine.some((e) => e.step === step);
      const recorded =
        has(LEGACY) ||
        ((r.kind === 'credit' ? steps.length > 0 && steps.every(has) : has(PAYMENT_CHANGED)) &&
          (r.surcharge === 0 || has(SURCHARGE_REFUND)));
      const flagged = attention.find((a) => a.subject_id === r.id);
      const job = jobs.find((j) => j.refund_id === r.id && j.kind === provider);
      return {
        refund_id: r.id,
        kind: r.kind,
        amount: r.amount,
        surcharge: r.surcharge,
        currency: payment.currency,
        date: localDate(r.created_at, merchant.time_zone),
        refund_status: r.status,
        status: recorded
          ? 'recorded'
          : flagged
            ? 'needs_attention'
            : job && (job.status === 'pending' || job.status === 'processing')
              ? 'pending'
              : job?.status === 'failed'
                ? 'failed'
                : 'not_recorded',
        attention: flagged?.message ?? null,
        job_id: job?.id ?? null,
        entries: mine.map((e) => entryJson(e, paymentGone)),
      };
    }),
  };
}

export async function attentionList(deps: AppDeps, merchantIds: readonly string[] | null = null) {
  const db = deps.database.db;
  const rows = await attentionRows(db, merchantIds);
  const jobs = rows.length ? await failedConnectorJobs(db) : [];
  return rows.map((row) => ({
    subject_id: row.subject_id,
    subject_type: row.subject_type,
    provider: row.provider,
    merchant_id: row.merchant_id,
    merchant_name: row.merchant_name,
    payment_id: row.payment_id,
    invoice_number: row.invoice_number,
    currency: row.currency,
    amount: row.amount,
    kind: row.kind,
    message: row.message,
    created_at: row.created_at,
    updated_at: row.updated_at,
    job_id:
      jobs.find(
        (j) =>
          j.kind === row.provider &&
          (j.refund_id === row.subject_id || j.idempotency_key.includes(`:${row.subject_id}:`)),
      )?.id ?? null,
  }));
}
