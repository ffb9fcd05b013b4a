/**
 * What the accounting tool holds for a payment and its refunds (the console's payment page), and
 * the "Needs attention" list: refunds and write-offs the tool refused for a reason a person must
 * fix first (a reconciled payment), each with the step to take and the sync job to retry.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { localDate } from '../../core/local-date.ts';
import type { AppDeps } from '../context.ts';
import { AppError } from '../errors.ts';
import { bearerSecurity as security, IdParam, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { connectorFor, findConnection } from './connections.ts';
import type { AccountingEntry } from './entries.ts';
import { LEGACY, PAYMENT_CHANGED, SURCHARGE_REFUND } from './payment-sync.ts';

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
  const payment = await db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
  if (!payment) throw new AppError('not_found', 'Payment not found.');
  const [merchant, connection, record, refunds, attention, jobs] = await Promise.all([
    db
      .selectFrom('merchants')
      .select('time_zone')
      .where('id', '=', payment.merchant_id)
      .executeTakeFirstOrThrow(),
    findConnection(db, payment.merchant_id),
    db.selectFrom('accounting_records').selectAll().where('payment_id', '=', paymentId).executeTakeFirst(),
    db
      .selectFrom('refunds')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .orderBy('created_at', 'asc')
      .execute(),
    db.selectFrom('accounting_attention').selectAll().where('payment_id', '=', paymentId).execute(),
    db
      .selectFrom('outbox')
      .select(['id', 'refund_id', 'kind', 'status'])
      .where('payment_id', '=', paymentId)
      .where('kind', 'in', ['xero', 'quickbooks'])
      .execute(),
  ]);
  const provider = connection?.provider ?? record?.provider ?? null;
  const entries = provider
    ? await db
        .selectFrom('accounting_entries')
        .selectAll()
        .where('payment_id', '=', paymentId)
        .where('provider', '=', provider)
        .orderBy('created_at', 'asc')
        .execute()
    : [];
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

export async function attentionList(deps: AppDeps) {
  const db = deps.database.db;
  const rows = await db
    .selectFrom('accounting_attention as a')
    .innerJoin('merchants as m', 'm.id', 'a.merchant_id')
    .leftJoin('payments as p', 'p.id', 'a.payment_id')
    .leftJoin('refunds as r', 'r.id', 'a.subject_id')
    .select([
      'a.subject_id',
      'a.subject_type',
      'a.provider',
      'a.merchant_id',
      'm.business_name as merchant_name',
      'a.payment_id',
      'p.invoice_number',
      'p.currency',
      'r.amount',
      'r.kind',
      'a.message',
      'a.created_at',
      'a.updated_at',
    ])
    .orderBy('a.created_at', 'asc')
    .limit(500)
    .execute();
  const jobs = rows.length
    ? await db
        .selectFrom('outbox')
        .select(['id', 'refund_id', 'idempotency_key', 'kind'])
        .where('status', '=', 'failed')
        .where('kind', 'in', ['xero', 'quickbooks'])
        .execute()
    : [];
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

const AttentionEntry = z
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

export const recordsRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/payments/{id}/accounting-records',
      tags: ['admin'],
      security,
      summary: 'What Xero / QuickBooks holds for the payment and each of its refunds',
      description:
        'The payment and surcharge records, and per refund its kind, its local date, whether it is recorded, needs attention (with the step to take) or waits, and each record created (credit note, cash refund, refund receipt, surcharge refund, lowered or deleted payment) with its id, number, amount and date.',
      request: { params: IdParam },
      responses: { 200: json(AccountingRecords, 'The records'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await accountingRecordsOf(c.get('deps'), c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/accounting/attention',
      tags: ['admin'],
      security,
      summary: 'Needs attention: refunds and write-offs the accounting tool refused until someone acts',
      description:
        'Each entry says what to do (e.g. unreconcile the payment in Xero) and names the failed sync job; retry it with POST /api/admin/outbox/{id}/retry once done.',
      responses: {
        200: json(z.array(AttentionEntry).openapi('AccountingAttention'), 'The list'),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => c.json(await attentionList(c.get('deps')), 200),
  );
