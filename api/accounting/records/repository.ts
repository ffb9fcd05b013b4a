/**
 * The reads behind the accounting records of a payment and the "Needs attention" list
 * (api/accounting/records/records.ts).
 */
import type { DbOrTrx } from '../../db/database.ts';
import { findConnection } from '../connections/connections.ts';
import { inMerchants } from '../../http/simple-rest.ts';

export async function findPaymentForRecords(db: DbOrTrx, paymentId: string) {
  return db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
}

/** Everything the records of one payment are built from, read at once. */
export async function recordsInputs(db: DbOrTrx, paymentId: string, merchantId: string) {
  const [merchant, connection, record, refunds, attention, jobs] = await Promise.all([
    db.selectFrom('merchants').select('time_zone').where('id', '=', merchantId).executeTakeFirstOrThrow(),
    findConnection(db, merchantId),
    db.selectFrom('accounting_records').selectAll().where('payment_id', '=', paymentId).executeTakeFirst(),
    db
      .selectFrom('refunds')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .orderBy('created_at', 'asc')
      .orderBy('seq', 'asc')
      .execute(),
    db.selectFrom('accounting_attention').selectAll().where('payment_id', '=', paymentId).execute(),
    db
      .selectFrom('outbox')
      .select(['id', 'refund_id', 'kind', 'status'])
      .where('payment_id', '=', paymentId)
      .where('kind', 'in', ['xero', 'quickbooks'])
      .execute(),
  ]);
  return { merchant, connection, record, refunds, attention, jobs };
}

export async function entriesOfPayment(db: DbOrTrx, paymentId: string, provider: 'xero' | 'quickbooks') {
  return db
    .selectFrom('accounting_entries')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('provider', '=', provider)
    .orderBy('created_at', 'asc')
    .orderBy('seq', 'asc')
    .execute();
}

/** The oldest 500 entries of the "Needs attention" list, with their merchant, payment and refund. */
/** Entries needing attention, of `merchantIds` only (null: every merchant's). */
export async function attentionRows(db: DbOrTrx, merchantIds: readonly string[] | null) {
  const base = db
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
    ]);
  return inMerchants(base, 'a.merchant_id', merchantIds).orderBy('a.created_at', 'asc').limit(500).execute();
}

export async function failedConnectorJobs(db: DbOrTrx) {
  return db
    .selectFrom('outbox')
    .select(['id', 'refund_id', 'idempotency_key', 'kind'])
    .where('status', '=', 'failed')
    .where('kind', 'in', ['xero', 'quickbooks'])
    .execute();
}
