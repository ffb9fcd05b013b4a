/**
 * Invoice ledger rows: one per merchant + normalised invoice number + currency, with denormalised
 * counters (paid, reserved, written back, written off, credible limit) updated in the same
 * transactions as the payments they summarise, so a balance is one indexed read. What is derived
 * from them (the credible limit, the overpaid flag, why an invoice needs attention) is computed by
 * the rules in ledger.ts and only stored here (`refreshInvoiceTerms`).
 */
import { sql, type Kysely } from 'kysely';
import { invoiceNumberKey } from '../../core/invoice-number.ts';
import { type DbOrTrx, type Dialect, type Trx } from '../db/database.ts';
import { compiledOnce, compiledPerShape } from '../db/compiled.ts';
import type { Database, Invoice, InvoiceUpdate, InvoiceWriteOff, NewInvoiceWriteOff } from '../db/types.ts';
import type { LedgerCounters } from './ledger.ts';
import { newRowId } from '../db/row-id.ts';
import { nextSeq } from '../db/sequence.ts';

export function countersOf(invoice: Invoice | undefined): LedgerCounters {
  if (!invoice) return { paid: 0, reserved: 0, writtenBack: 0, writtenOff: 0, credibleLimit: null };
  return {
    paid: invoice.paid_amount,
    reserved: invoice.reserved_amount,
    writtenBack: invoice.written_back_amount,
    writtenOff: invoice.written_off_amount,
    credibleLimit: invoice.credible_limit,
  };
}

// The pay page's read on every link opened: compiled once (api/db/compiled.ts).
const invoiceByKey = compiledOnce((db, p: { merchantId: string; numberKey: string; currency: string }) =>
  db
    .selectFrom('invoices')
    .selectAll()
    .where('merchant_id', '=', p.merchantId)
    .where('number_key', '=', p.numberKey)
    .where('currency', '=', p.currency),
);

/** The invoice a number names, however it is written (core/invoice-number.ts). */
export async function findInvoice(
  db: DbOrTrx,
  merchantId: string,
  invoiceNumber: string,
  currency: string,
): Promise<Invoice | undefined> {
  return (await invoiceByKey(db, { merchantId, numberKey: invoiceNumberKey(invoiceNumber), currency }))[0];
}

export async function findInvoiceById(db: DbOrTrx, id: string): Promise<Invoice | undefined> {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The invoice row, created if new (with the number as written this first time), locked for the rest
 * of the transaction. On PostgreSQL the row lock (`FOR UPDATE`) serialises every balance check on
 * this invoice across server processes; on SQLite the transaction itself (BEGIN IMMEDIATE) already
 * holds the database's write lock.
 */
export async function lockInvoice(
  trx: Trx,
  dialect: Dialect,
  key: { merchantId: string; invoiceNumber: string; currency: string },
  now: string,
): Promise<Invoice> {
  const numberKey = invoiceNumberKey(key.invoiceNumber);
  // A new invoice comes back from the insert itself (one statement; on PostgreSQL the fresh row is
  // ours until commit); an existing one is read (and locked) as before.
  const [created] = await insertInvoice(trx, {
    id: newRowId(),
    merchantId: key.merchantId,
    invoiceNumber: key.invoiceNumber,
    numberKey,
    currency: key.currency,
    now,
    seq: nextSeq(),
  });
  if (created) return created;
  return trx
    .selectFrom('invoices')
    .selectAll()
    .where('merchant_id', '=', key.merchantId)
    .where('number_key', '=', numberKey)
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

// Every payment's first write: compiled once (api/db/compiled.ts).
const insertInvoice = compiledOnce(
  (
    db,
    p: {
      id: string;
      merchantId: string;
      invoiceNumber: string;
      numberKey: string;
      currency: string;
      now: string;
      seq: number;
    },
  ) =>
    db
      .insertInto('invoices')
      .values({
        id: p.id,
        merchant_id: p.merchantId,
        invoice_number: p.invoiceNumber,
        number_key: p.numberKey,
        currency: p.currency,
        created_at: p.now,
        updated_at: p.now,
        seq: p.seq,
      })
      .onConflict((oc) => oc.doNothing())
      .returningAll(),
);

/** Atomic counter changes (deltas in minor units); with no delta it only bumps the version. */
export async function adjustInvoice(
  trx: DbOrTrx,
  id: string,
  delta: { paid?: number; reserved?: number; writtenBack?: number; writtenOff?: number },
  now: string,
): Promise<void> {
  // Only the counters that move (a zero delta is no change): each combination compiled once.
  await adjustCounters(trx, {
    id,
    now,
    paid: delta.paid || undefined,
    reserved: delta.reserved || undefined,
    writtenBack: delta.writtenBack || undefined,
    writtenOff: delta.writtenOff || undefined,
  });
}

type CounterDeltas = {
  id: string;
  now: string;
  paid?: number;
  reserved?: number;
  writtenBack?: number;
  writtenOff?: number;
};

/** The update of the counters given (each `+ delta`), stamped and versioned. */
function counterUpdate(db: Kysely<Database>, p: CounterDeltas) {
  const set: Record<string, unknown> = { updated_at: p.now, version: sql`version + 1` };
  if (p.paid !== undefined) set.paid_amount = sql`paid_amount + ${p.paid}`;
  if (p.reserved !== undefined) set.reserved_amount = sql`reserved_amount + ${p.reserved}`;
  if (p.writtenBack !== undefined) set.written_back_amount = sql`written_back_amount + ${p.writtenBack}`;
  if (p.writtenOff !== undefined) set.written_off_amount = sql`written_off_amount + ${p.writtenOff}`;
  return db.updateTable('invoices').set(set).where('id', '=', p.id);
}

// Each combination of counters compiled once; a success's reads the invoice back.
const adjustCounters = compiledPerShape(counterUpdate);
const adjustCountersReturning = compiledPerShape((db, p: CounterDeltas) =>
  counterUpdate(db, p).returningAll(),
);

/** The merchant an invoice belongs to, or undefined when there is no such invoice (for authorisation). */
export async function merchantOfInvoice(db: DbOrTrx, id: string): Promise<string | undefined> {
  return (await db.selectFrom('invoices').select('merchant_id').where('id', '=', id).executeTakeFirst())
    ?.merchant_id;
}

/** A success's counters: its amount to paid (and out of reserved); the invoice as it now stands. */
export async function addPaid(
  db: DbOrTrx,
  id: string,
  delta: { paid: number; reserved: number },
  now: string,
): Promise<Invoice | undefined> {
  const [invoice] = await adjustCountersReturning(db, {
    id,
    now,
    paid: delta.paid,
    reserved: delta.reserved || undefined,
  });
  return invoice;
}

/** Store derived terms (ledger.ts); a new credible limit moves the version (pay pages show it). */
export async function storeInvoiceTerms(
  db: DbOrTrx,
  id: string,
  changes: InvoiceUpdate,
  now?: string,
): Promise<void> {
  await storeTerms(db, { ...changes, ...(now ? { updated_at: now } : {}), id } as InvoiceUpdate & {
    id: string;
  });
}

// The terms a payment changes come in a few shapes (a credible limit, paid_at, attention): each compiled once.
const storeTerms = compiledPerShape((db, p: InvoiceUpdate & { id: string }) => {
  const { id, ...changes } = p;
  return db
    .updateTable('invoices')
    .set({
      ...changes,
      ...(changes.credible_limit !== undefined ? { version: sql<number>`version + 1` } : {}),
    })
    .where('id', '=', id);
});

export async function insertWriteOff(db: DbOrTrx, row: NewInvoiceWriteOff): Promise<void> {
  await db.insertInto('invoice_write_offs').values(row).execute();
}

export async function findWriteOff(db: DbOrTrx, invoiceId: string, id: string) {
  return db
    .selectFrom('invoice_write_offs')
    .select(['id', 'amount'])
    .where('id', '=', id)
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirst();
}

export function findWriteOffById(db: DbOrTrx, id: string) {
  return db.selectFrom('invoice_write_offs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Mark a write-off recorded by the accounting tool, once; false when it already was. */
export async function setWriteOffRecorded(
  db: DbOrTrx,
  id: string,
  r: { at: string; source: NonNullable<InvoiceWriteOff['recorded_source']>; by: string | null },
): Promise<boolean> {
  const updated = await db
    .updateTable('invoice_write_offs')
    .set({ recorded_at: r.at, recorded_source: r.source, recorded_by: r.by })
    .where('id', '=', id)
    .where('recorded_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
