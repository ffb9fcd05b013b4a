/**
 * An invoice's observations: each amount due (A) a link showed us, with the written-back total (S)
 * at that time; whether a payment made it credible, and whether an admin dismissed it. The ledger's
 * rules (ledger.ts) read them as terms; the invoice's own row is invoices/repository.ts.
 */
import { type DbOrTrx } from '../db/database.ts';
import { compiledOnce } from '../db/compiled.ts';
import type { ObservationSource } from '../db/types.ts';
import { credibleLimitOf, withCredibleObservation, type ObservationTerm } from './ledger.ts';
import { storeInvoiceTerms } from './repository.ts';
import { newRowId } from '../db/row-id.ts';

// Every payment's statements here are compiled once (api/db/compiled.ts).
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
    id: newRowId(),
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

/** Mark an observation credible, unless it is already (the caller settles the invoice's terms). */
export async function setObservationCredible(db: DbOrTrx, id: string, at: string): Promise<void> {
  await markCredible(db, { id, now: at });
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
  await storeInvoiceTerms(trx, invoiceId, { credible_limit: limit }, now);
}

/**
 * The credible limit over the merchant's own word only (DESIGN §3.4: signed and API-created
 * observations are authoritative): observations a pay link was made with, and live amounts from
 * the accounting tool. An unsigned typed link, paid, caps the invoice for other unsigned links but
 * never a signed one. Null when none is credible.
 */
export async function authoritativeCredibleLimit(db: DbOrTrx, invoiceId: string): Promise<number | null> {
  const rows = await db
    .selectFrom('invoice_observations')
    .select(['amount', 'written_back_at_observation'])
    .where('invoice_id', '=', invoiceId)
    .where('credible', '=', 1)
    .where('dismissed_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('source', '=', 'live'),
        eb(
          'id',
          'in',
          eb.selectFrom('pay_links').select('observation_id').where('invoice_id', '=', invoiceId),
        ),
      ]),
    )
    .execute();
  let limit: number | null = null;
  for (const r of rows)
    limit = withCredibleObservation(limit, {
      amount: Number(r.amount),
      writtenBack: Number(r.written_back_at_observation),
    });
  return limit;
}
