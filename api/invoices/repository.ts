/**
 * Invoice ledger rows: one per merchant + invoice number + currency, with denormalised counters
 * (paid, reserved, written back, credible limit) updated in the same transactions as the payments
 * they summarise, so a balance is one indexed read.
 */
import { sql } from 'kysely';
import { compiledOnce, type DbOrTrx, type Dialect, type Trx } from '../db/database.ts';
import type { Invoice } from '../db/types.ts';
import type { LedgerCounters } from './ledger.ts';

export function countersOf(invoice: Invoice | undefined): LedgerCounters {
  if (!invoice) return { paid: 0, reserved: 0, writtenBack: 0, credibleLimit: null };
  return {
    paid: invoice.paid_amount,
    reserved: invoice.reserved_amount,
    writtenBack: invoice.written_back_amount,
    credibleLimit: invoice.credible_limit,
  };
}

// The pay page's read on every link opened: compiled once (api/db/database.ts compiledOnce).
const invoiceByKey = compiledOnce((db, p: { merchantId: string; invoiceNumber: string; currency: string }) =>
  db
    .selectFrom('invoices')
    .selectAll()
    .where('merchant_id', '=', p.merchantId)
    .where('invoice_number', '=', p.invoiceNumber)
    .where('currency', '=', p.currency),
);

export async function findInvoice(
  db: DbOrTrx,
  merchantId: string,
  invoiceNumber: string,
  currency: string,
): Promise<Invoice | undefined> {
  return (await invoiceByKey(db, { merchantId, invoiceNumber, currency }))[0];
}

export async function findInvoiceById(db: DbOrTrx, id: string): Promise<Invoice | undefined> {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The invoice row, created if new, locked for the rest of the transaction. On PostgreSQL the row
 * lock (`FOR UPDATE`) serialises every balance check on this invoice across server processes; on
 * SQLite the transaction itself (BEGIN IMMEDIATE) already holds the database's write lock.
 */
export async function lockInvoice(
  trx: Trx,
  dialect: Dialect,
  key: { merchantId: string; invoiceNumber: string; currency: string },
  now: string,
): Promise<Invoice> {
  // A new invoice comes back from the insert itself (one statement; on PostgreSQL the fresh row is
  // ours until commit); an existing one is read (and locked) as before.
  const created = await trx
    .insertInto('invoices')
    .values({
      id: crypto.randomUUID(),
      merchant_id: key.merchantId,
      invoice_number: key.invoiceNumber,
      currency: key.currency,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['merchant_id', 'invoice_number', 'currency']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (created) return created;
  return trx
    .selectFrom('invoices')
    .selectAll()
    .where('merchant_id', '=', key.merchantId)
    .where('invoice_number', '=', key.invoiceNumber)
    .where('currency', '=', key.currency)
    .$if(dialect === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirstOrThrow();
}

export async function lockInvoiceById(trx: Trx, dialect: Dialect, id: string): Promise<Invoice> {
  return trx
    .selectFrom('invoices')
    .selectAll()
    .where('id', '=', id)
    .$if(dialect === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirstOrThrow();
}

/** Atomic counter changes (deltas in minor units); with no delta it only bumps the version. */
export async function adjustInvoice(
  trx: DbOrTrx,
  id: string,
  delta: { paid?: number; reserved?: number; writtenBack?: number },
  now: string,
): Promise<void> {
  const set: Record<string, unknown> = { updated_at: now, version: sql`version + 1` };
  if (delta.paid) set.paid_amount = sql`paid_amount + ${delta.paid}`;
  if (delta.reserved) set.reserved_amount = sql`reserved_amount + ${delta.reserved}`;
  if (delta.writtenBack) set.written_back_amount = sql`written_back_amount + ${delta.writtenBack}`;
  await trx.updateTable('invoices').set(set).where('id', '=', id).execute();
}

/** Record (or find) observation (A, S) of an invoice; returns its id. */
export async function upsertObservation(
  trx: DbOrTrx,
  invoiceId: string,
  amount: number,
  writtenBack: number,
  now: string,
): Promise<string> {
  const inserted = await trx
    .insertInto('invoice_observations')
    .values({
      id: crypto.randomUUID(),
      invoice_id: invoiceId,
      amount,
      written_back_at_observation: writtenBack,
      observed_at: now,
    })
    .onConflict((oc) => oc.columns(['invoice_id', 'amount', 'written_back_at_observation']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const row = await trx
    .selectFrom('invoice_observations')
    .select('id')
    .where('invoice_id', '=', invoiceId)
    .where('amount', '=', amount)
    .where('written_back_at_observation', '=', writtenBack)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A payment succeeded against this observation: it is credible from now on, and the invoice's
 * credible limit takes it into account. Then flag the invoice overpaid if the money now paid
 * exceeds what any credible observation said was owed (a late success, DESIGN §3.4).
 */
export async function makeObservationCredible(
  trx: DbOrTrx,
  observationId: string,
  invoiceId: string,
  now: string,
): Promise<void> {
  const obs = await trx
    .updateTable('invoice_observations')
    .set({ credible: 1 })
    .where('id', '=', observationId)
    .returning(['amount', 'written_back_at_observation'])
    .executeTakeFirst();
  if (!obs) return;
  const value = obs.amount + obs.written_back_at_observation;
  await trx
    .updateTable('invoices')
    .set({
      credible_limit: sql`case when credible_limit is null or credible_limit > ${value} then ${value} else credible_limit end`,
      version: sql`version + 1`,
      updated_at: now,
    })
    .where('id', '=', invoiceId)
    .execute();
}

export async function flagOverpaid(trx: DbOrTrx, invoiceId: string): Promise<boolean> {
  const res = await trx
    .updateTable('invoices')
    .set({ overpaid: 1 })
    .where('id', '=', invoiceId)
    .where('overpaid', '=', 0)
    .where('credible_limit', 'is not', null)
    .where(sql<boolean>`paid_amount > credible_limit`)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
