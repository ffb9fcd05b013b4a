/**
 * The console's invoice page (`GET /api/admin/invoices/{id}/ledger`): every term of the balance
 * (DESIGN §3.3) — each observation with its amount, time, source, credible/dismissed and what it
 * leaves due; each payment and refund (with its kind); each write-back with its kind, source and
 * time (and whether it counts yet); each write-off; P, W, S(now), the balance and the term that caps
 * it — all from the rules in ledger.ts.
 */
import { minimumChargeMinor } from '../../core/charge-limits.ts';
import type { DbOrTrx } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { INVOICE_NOT_FOUND } from './admin.ts';
import { committedOf, invoiceTerms } from './ledger.ts';
import { countersOf } from './repository.ts';
import { observationTerms } from './observations-repository.ts';

export async function invoiceLedgerView(db: DbOrTrx, invoiceId: string) {
  const invoice = await invoiceWithMerchant(db, invoiceId);
  if (!invoice) throw new AppError('not_found', INVOICE_NOT_FOUND);
  const counters = countersOf(invoice);
  const terms = invoiceTerms(counters, await observationTerms(db, invoiceId), invoice.currency);
  const committed = committedOf(counters);
  const { observations, payments, refunds, writebacks, writeOffs, jobs } = await ledgerRows(db, invoiceId);
  return {
    invoice: {
      id: invoice.id,
      merchant_id: invoice.merchant_id,
      merchant_name: invoice.merchant_name,
      merchant_contact: { email: invoice.merchant_email, phone: invoice.merchant_phone },
      invoice_number: invoice.invoice_number,
      currency: invoice.currency,
      created_at: invoice.created_at,
      updated_at: invoice.updated_at,
    },
    terms: termsView(counters, terms, committed, invoice.currency),
    observations: observations.map((o) => observationView(o, committed, terms)),
    payments: payments.map(paymentView),
    refunds: refunds.map(refundView),
    writebacks: writebackViews(writebacks, writeOffs),
    write_offs: writeOffs.map((w) => writeOffView(w, jobs)),
  };
}

type Rows = Awaited<ReturnType<typeof ledgerRows>>;
type Counters = ReturnType<typeof countersOf>;
type Terms = ReturnType<typeof invoiceTerms>;

function invoiceWithMerchant(db: DbOrTrx, invoiceId: string) {
  return db
    .selectFrom('invoices')
    .leftJoin('merchants', 'merchants.id', 'invoices.merchant_id')
    .selectAll('invoices')
    .select([
      'merchants.business_name as merchant_name',
      'merchants.email as merchant_email',
      'merchants.phone as merchant_phone',
    ])
    .where('invoices.id', '=', invoiceId)
    .executeTakeFirst();
}

/** Every row the page shows, oldest first (rows of one millisecond by `seq`). */
async function ledgerRows(db: DbOrTrx, invoiceId: string) {
  const [observations, payments, writebacks, writeOffs, jobs] = await Promise.all([
    db
      .selectFrom('invoice_observations')
      .leftJoin('users', 'users.id', 'invoice_observations.dismissed_by')
      .selectAll('invoice_observations')
      .select('users.email as dismissed_by_email')
      .where('invoice_id', '=', invoiceId)
      .orderBy('observed_at', 'asc')
      .orderBy('invoice_observations.id', 'asc')
      .execute(),
    db
      .selectFrom('payments')
      .selectAll()
      .where('invoice_id', '=', invoiceId)
      .where('status', '<>', 'expired')
      .orderBy('created_at', 'asc')
      .orderBy('seq', 'asc')
      .execute(),
    db
      .selectFrom('accounting_writebacks')
      .selectAll()
      .where('invoice_id', '=', invoiceId)
      .orderBy('created_at', 'asc')
      .execute(),
    db
      .selectFrom('invoice_write_offs')
      .selectAll()
      .where('invoice_id', '=', invoiceId)
      .orderBy('created_at', 'asc')
      .execute(),
    db
      .selectFrom('outbox')
      .innerJoin('invoice_write_offs', 'invoice_write_offs.id', 'outbox.write_off_id')
      .select([
        'outbox.write_off_id',
        'outbox.kind',
        'outbox.status',
        'outbox.last_error',
        'outbox.delivered_at',
      ])
      .where('invoice_write_offs.invoice_id', '=', invoiceId)
      .execute(),
  ]);
  const refunds = payments.length
    ? await db
        .selectFrom('refunds')
        .selectAll()
        .where(
          'payment_id',
          'in',
          payments.map((p) => p.id),
        )
        .orderBy('created_at', 'asc')
        .orderBy('seq', 'asc')
        .execute()
    : [];
  return { observations, payments, refunds, writebacks, writeOffs, jobs };
}

/** The balance's terms: P, W, S(now), the credible limit, the balance and what caps it. */
function termsView(counters: Counters, terms: Terms, committed: number, currency: string) {
  return {
    paid: counters.paid,
    reserved: counters.reserved,
    /** P: paid through us now (net of refunds) plus what is in flight. */
    p: counters.paid + counters.reserved,
    written_off: counters.writtenOff,
    /** S(now): net written back to the accounting tool. */
    s_now: counters.writtenBack,
    credible_limit: counters.credibleLimit,
    committed,
    balance: terms.balance,
    latest_link_balance: terms.latestLinkBalance,
    capping: terms.capping,
    overpaid_amount: terms.overpaidAmount,
    attention: terms.attention,
    below_minimum: terms.belowMinimum,
    minimum: minimumChargeMinor(currency),
  };
}

function observationView(o: Rows['observations'][number], committed: number, terms: Terms) {
  return {
    id: o.id,
    amount: o.amount,
    written_back_at_observation: o.written_back_at_observation,
    /** remaining_i = A_i − (P + W − S_i). */
    remaining: o.amount - (committed - o.written_back_at_observation),
    source: o.source,
    observed_at: o.observed_at,
    credible: o.credible === 1,
    credible_at: o.credible_at,
    dismissed: o.dismissed_at !== null,
    dismissed_at: o.dismissed_at,
    dismissed_by: o.dismissed_by_email ?? o.dismissed_by,
    dismissed_reason: o.dismissed_reason,
    caps_balance: terms.capping?.observationId === o.id,
  };
}

function paymentView(p: Rows['payments'][number]) {
  return {
    id: p.id,
    invoice_number: p.invoice_number,
    amount: p.amount,
    surcharge: p.surcharge,
    total_amount: p.total_amount,
    refunded_amount: p.refunded_amount,
    status: p.status,
    link_amount: p.link_amount,
    observation_id: p.observation_id,
    created_at: p.created_at,
    succeeded_at: p.succeeded_at,
  };
}

function refundView(r: Rows['refunds'][number]) {
  return {
    id: r.id,
    payment_id: r.payment_id,
    amount: r.amount,
    surcharge: r.surcharge,
    total_amount: r.total_amount,
    kind: r.kind,
    status: r.status,
    reason: r.reason,
    created_at: r.created_at,
  };
}

/** Payments', refunds' and recorded write-offs' write-backs, in time order, each with whether it counts in S yet. */
function writebackViews(writebacks: Rows['writebacks'], writeOffs: Rows['writeOffs']) {
  const paymentWrittenBack = new Set(writebacks.filter((w) => w.refund_id === null).map((w) => w.payment_id));
  return [
    ...writebacks.map((w) => ({
      id: w.id,
      kind: w.refund_id ? ('refund' as const) : ('payment' as const),
      subject_id: w.subject_id,
      payment_id: w.payment_id,
      amount: w.amount,
      source: w.source,
      created_at: w.created_at,
      /** A refund's write-back counts in S only once its payment's does (DESIGN §3.3). */
      counted: w.refund_id === null || paymentWrittenBack.has(w.payment_id),
    })),
    ...writeOffs
      .filter((w) => w.recorded_at !== null)
      .map((w) => ({
        id: `write-off:${w.id}`,
        kind: 'write_off' as const,
        subject_id: w.id,
        payment_id: null,
        amount: w.amount,
        source: w.recorded_source!,
        created_at: w.recorded_at!,
        counted: true,
      })),
  ].sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** A write-off with its sync jobs (one per accounting target). */
function writeOffView(w: Rows['writeOffs'][number], jobs: Rows['jobs']) {
  return {
    id: w.id,
    amount: w.amount,
    reason: w.reason,
    observation_id: w.observation_id,
    created_at: w.created_at,
    recorded_at: w.recorded_at,
    recorded_source: w.recorded_source,
    sync: jobs
      .filter((j) => j.write_off_id === w.id)
      .map((j) => ({
        target: j.kind,
        status: j.status,
        error: j.last_error,
        delivered_at: j.delivered_at,
      })),
  };
}
