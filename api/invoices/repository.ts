/**
 * Invoice ledger rows: one per merchant + normalised invoice number + currency, with denormalised
 * counters (paid, reserved, written back, written off, credible limit) updated in the same
 * transactions as the payments they summarise, so a balance is one indexed read. What is derived
 * from them (the credible limit, the overpaid flag, why an invoice needs attention) is computed by
 * the rules in ledger.ts and only stored here (`refreshInvoiceTerms`).
 */
import { sql } from 'kysely';
import { invoiceNumberKey } from '../../core/invoice-number.ts';
import { compiledOnce, compiledPerShape, type DbOrTrx, type Dialect, type Trx } from '../db/database.ts';
import type { Invoice, InvoiceUpdate, NewInvoiceWriteOff, ObservationSource } from '../db/types.ts';
import { credibleLimitOf, type LedgerCounters, type ObservationTerm } from './ledger.ts';

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

// The pay page's read on every link opened: compiled once (api/db/database.ts compiledOnce).
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
    id: crypto.randomUUID(),
    merchantId: key.merchantId,
    invoiceNumber: key.invoiceNumber,
    numberKey,
    currency: key.currency,
    now,
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

// Every payment's first write: compiled once (api/db/database.ts compiledOnce).
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

const adjustCounters = compiledPerShape(
  (
    db,
    p: {
      id: string;
      now: string;
      paid?: number;
      reserved?: number;
      writtenBack?: number;
      writtenOff?: number;
    },
  ) => {
    const set: Record<string, unknown> = { updated_at: p.now, version: sql`version + 1` };
    if (p.paid !== undefined) set.paid_amount = sql`paid_amount + ${p.paid}`;
    if (p.reserved !== undefined) set.reserved_amount = sql`reserved_amount + ${p.reserved}`;
    if (p.writtenBack !== undefined) set.written_back_amount = sql`written_back_amount + ${p.writtenBack}`;
    if (p.writtenOff !== undefined) set.written_off_amount = sql`written_off_amount + ${p.writtenOff}`;
    return db.updateTable('invoices').set(set).where('id', '=', p.id);
  },
);

// Every payment's statements below are compiled once (api/db/database.ts compiledOnce).
const insertObservation = compiledOnce(
  (
    db,
    p: {
      id: string;
      invoiceId: string;
      amount: number;
      writtenBack: number;
      now: string;
      source: ObservationSource;
    },
  ) =>
    db
      .insertInto('invoice_observations')
      .values({
        id: p.id,
        invoice_id: p.invoiceId,
        amount: p.amount,
        written_back_at_observation: p.writtenBack,
        observed_at: p.now,
        source: p.source,
      })
      .onConflict((oc) => oc.columns(['invoice_id', 'amount', 'written_back_at_observation']).doNothing())
      .returning('id'),
);

/** What the ledger's rules read of an observation (`observationTerm`). */
export const OBSERVATION_TERM_COLUMNS = [
  'id',
  'invoice_id',
  'amount',
  'written_back_at_observation',
  'credible',
  'dismissed_at',
  'observed_at',
] as const;

const observationsOfInvoice = compiledOnce((db, p: { invoiceId: string }) =>
  db
    .selectFrom('invoice_observations')
    .select(OBSERVATION_TERM_COLUMNS)
    .where('invoice_id', '=', p.invoiceId),
);

const markCredible = compiledOnce((db, p: { id: string; now: string }) =>
  db
    .updateTable('invoice_observations')
    .set({ credible: 1, credible_at: p.now })
    .where('id', '=', p.id)
    .where('credible', '=', 0)
    .returning('id'),
);

const storeCredibleLimit = compiledOnce((db, p: { id: string; limit: number | null; now: string }) =>
  db
    .updateTable('invoices')
    .set({ credible_limit: p.limit, version: sql`version + 1`, updated_at: p.now })
    .where('id', '=', p.id),
);

const addPaidOnly = compiledOnce((db, p: { id: string; paid: number; now: string }) =>
  db
    .updateTable('invoices')
    .set({ updated_at: p.now, version: sql`version + 1`, paid_amount: sql`paid_amount + ${p.paid}` })
    .where('id', '=', p.id)
    .returningAll(),
);

const addPaidFromReserved = compiledOnce(
  (db, p: { id: string; paid: number; reserved: number; now: string }) =>
    db
      .updateTable('invoices')
      .set({
        updated_at: p.now,
        version: sql`version + 1`,
        paid_amount: sql`paid_amount + ${p.paid}`,
        reserved_amount: sql`reserved_amount + ${p.reserved}`,
      })
      .where('id', '=', p.id)
      .returningAll(),
);

/** Record (or find) observation (A, S) of an invoice; returns its id. */
export async function upsertObservation(
  trx: DbOrTrx,
  invoiceId: string,
  amount: number,
  writtenBack: number,
  now: string,
  source: ObservationSource = 'link',
): Promise<string> {
  const [inserted] = await insertObservation(trx, {
    id: crypto.randomUUID(),
    invoiceId,
    amount,
    writtenBack,
    now,
    source,
  });
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

/** The invoice's observations as the ledger's rules take them. */
export async function observationTerms(db: DbOrTrx, invoiceId: string): Promise<ObservationTerm[]> {
  return (await observationsOfInvoice(db, { invoiceId })).map(observationTerm);
}

/** An observation row as the ledger's rules take it. */
export function observationTerm(r: {
  id: string;
  amount: number | string;
  written_back_at_observation: number | string;
  credible: number;
  dismissed_at: string | null;
  observed_at: string;
}): ObservationTerm {
  return {
    id: r.id,
    amount: Number(r.amount),
    writtenBack: Number(r.written_back_at_observation),
    credible: r.credible === 1,
    dismissed: r.dismissed_at !== null,
    observedAt: r.observed_at,
  };
}

/** The observations of many invoices in one read, by invoice (every id given has an entry). */
export async function observationTermsOf(
  db: DbOrTrx,
  invoiceIds: string[],
): Promise<Map<string, ObservationTerm[]>> {
  const byInvoice = new Map<string, ObservationTerm[]>(invoiceIds.map((id) => [id, []]));
  if (!invoiceIds.length) return byInvoice;
  const rows = await db
    .selectFrom('invoice_observations')
    .select(OBSERVATION_TERM_COLUMNS)
    .where('invoice_id', 'in', invoiceIds)
    .execute();
  for (const r of rows) byInvoice.get(r.invoice_id)?.push(observationTerm(r));
  return byInvoice;
}

export async function invoiceExists(db: DbOrTrx, id: string): Promise<boolean> {
  return !!(await db.selectFrom('invoices').select('id').where('id', '=', id).executeTakeFirst());
}

/** Mark an observation credible, unless it is already (the caller settles the invoice's terms). */
export async function setObservationCredible(db: DbOrTrx, id: string, at: string): Promise<void> {
  await markCredible(db, { id, now: at });
}

/** A success's counters: its amount to paid (and out of reserved); the invoice as it now stands. */
export async function addPaid(
  db: DbOrTrx,
  id: string,
  delta: { paid: number; reserved: number },
  now: string,
): Promise<Invoice | undefined> {
  const rows = delta.reserved
    ? await addPaidFromReserved(db, { id, paid: delta.paid, reserved: delta.reserved, now })
    : await addPaidOnly(db, { id, paid: delta.paid, now });
  return rows[0];
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

/** One of an invoice's observations, whole. */
export async function findInvoiceObservation(db: DbOrTrx, invoiceId: string, id: string) {
  return db
    .selectFrom('invoice_observations')
    .selectAll()
    .where('id', '=', id)
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirst();
}

/** Dismiss an observation that is not dismissed yet (it no longer limits what is due). */
export async function setObservationDismissed(
  db: DbOrTrx,
  id: string,
  d: { at: string; by: string | null; reason: string },
): Promise<void> {
  await db
    .updateTable('invoice_observations')
    .set({ dismissed_at: d.at, dismissed_by: d.by, dismissed_reason: d.reason })
    .where('id', '=', id)
    .where('dismissed_at', 'is', null)
    .execute();
}

/** Take back an observation's dismissal (the merchant says again that it is due). */
export async function clearObservationDismissal(db: DbOrTrx, id: string): Promise<void> {
  await db
    .updateTable('invoice_observations')
    .set({ dismissed_at: null, dismissed_by: null, dismissed_reason: null })
    .where('id', '=', id)
    .where('dismissed_at', 'is not', null)
    .execute();
}

/** One observation's written-back total at the time it was seen. */
export async function findObservation(db: DbOrTrx, id: string): Promise<{ writtenBack: number } | undefined> {
  const row = await db
    .selectFrom('invoice_observations')
    .select('written_back_at_observation')
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { writtenBack: Number(row.written_back_at_observation) };
}

/** The first time a link with this amount was seen on the invoice, if it was. */
export async function firstObservationWithAmount(
  db: DbOrTrx,
  invoiceId: string,
  amount: number,
): Promise<{ id: string; writtenBack: number } | undefined> {
  const row = await db
    .selectFrom('invoice_observations')
    .select(['id', 'written_back_at_observation'])
    .where('invoice_id', '=', invoiceId)
    .where('amount', '=', amount)
    .orderBy('observed_at', 'asc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row && { id: row.id, writtenBack: Number(row.written_back_at_observation) };
}

/**
 * A payment succeeded against this observation: it is credible from now on, and the invoice's
 * credible limit takes it into account (`flagOverpaid` then settles the rest of the terms).
 */
export async function makeObservationCredible(
  trx: DbOrTrx,
  observationId: string,
  invoiceId: string,
  now: string,
): Promise<void> {
  const updated = await markCredible(trx, { id: observationId, now });
  if (updated.length === 0) return;
  const limit = credibleLimitOf(await observationTerms(trx, invoiceId));
  await storeCredibleLimit(trx, { id: invoiceId, limit, now });
}

export function findWriteOffById(db: DbOrTrx, id: string) {
  return db.selectFrom('invoice_write_offs').selectAll().where('id', '=', id).executeTakeFirst();
}
