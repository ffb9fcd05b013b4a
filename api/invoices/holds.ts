/**
 * The invoice ledger as the domains above it move it (issue 35: one owner per ledger): payments
 * reserve an amount while a charge is under way, release it when the charge ends without success,
 * record a refund (and undo one the provider refused), and mark a change other pages must see;
 * accounting records what the accounting tool wrote back (S) and marks write-offs recorded — always
 * through these verbs, never by writing the invoice's counters themselves; they read the ledger and
 * record the link amounts they are made against here too. What a success records is terms.ts's
 * `recordSuccessOnInvoice`. All run inside the caller's transaction.
 *
 * @example
 *   const invoice = await lockInvoiceForPayment(trx, dialect, { merchantId, invoiceNumber, currency }, now);
 *   await reserve(trx, invoice.id, 10_000, now); // … the charge fails:
 *   await release(trx, invoice.id, 10_000, now);
 */
import type { DbOrTrx, Dialect, Trx } from '../db/database.ts';
import type { AccountingWritebacksTable, Invoice, InvoiceWriteOff, ObservationSource } from '../db/types.ts';
import { refundCounters, type LedgerCounters, type RefundKind } from './ledger.ts';
import { authoritativeCredibleLimit, findObservation, upsertObservation } from './observations-repository.ts';
import {
  adjustInvoice,
  countersOf,
  findInvoice,
  findInvoiceById,
  findWriteOffById,
  lockInvoice,
  setWriteOffRecorded,
} from './repository.ts';
import { refreshInvoiceTerms } from './terms.ts';

/** The invoice a payment is for, created if new, locked for the payment's balance check. */
export function lockInvoiceForPayment(
  trx: Trx,
  dialect: Dialect,
  key: { merchantId: string; invoiceNumber: string; currency: string },
  now: string,
): Promise<Invoice> {
  return lockInvoice(trx, dialect, key, now);
}

/** Hold `amount` (minor units) for a charge under way. */
export function reserve(trx: DbOrTrx, invoiceId: string, amount: number, now: string): Promise<void> {
  return adjustInvoice(trx, invoiceId, { reserved: amount }, now);
}

/** Give back what a charge that ended without success held. */
export function release(trx: DbOrTrx, invoiceId: string, amount: number, now: string): Promise<void> {
  return adjustInvoice(trx, invoiceId, { reserved: -amount }, now);
}

/** A payment of the invoice changed in a way its pages show (e.g. pending → processing): a new version. */
export function markChanged(trx: DbOrTrx, invoiceId: string, now: string): Promise<void> {
  return adjustInvoice(trx, invoiceId, {}, now);
}

/** A refund of `base` (minor units, before surcharge) of the kind given; `undo` takes one back. */
export function recordRefund(
  trx: DbOrTrx,
  invoiceId: string,
  kind: RefundKind,
  base: number,
  now: string,
  undo = false,
): Promise<void> {
  const { paid, writtenOff } = refundCounters(kind, base);
  return adjustInvoice(
    trx,
    invoiceId,
    undo ? { paid: -paid, writtenOff: -writtenOff } : { paid, writtenOff },
    now,
  );
}

/** An invoice's ledger by its key: its id (null for an invoice not seen yet) and counters. */
export async function ledgerByKey(
  db: DbOrTrx,
  key: { merchantId: string; invoiceNumber: string; currency: string },
): Promise<{ invoiceId: string | null; counters: LedgerCounters }> {
  const invoice = await findInvoice(db, key.merchantId, key.invoiceNumber, key.currency);
  return { invoiceId: invoice?.id ?? null, counters: countersOf(invoice) };
}

/** An invoice's ledger counters by its id. */
export async function ledgerById(db: DbOrTrx, invoiceId: string): Promise<LedgerCounters> {
  return countersOf(await findInvoiceById(db, invoiceId));
}

/**
 * The link amount a payment is made against, recorded as an observation of the invoice (or the
 * same one found again); its id goes on the payment.
 */
export function observeLink(
  trx: DbOrTrx,
  invoiceId: string,
  link: { amount: number; writtenBack: number; source: ObservationSource },
  now: string,
): Promise<string> {
  return upsertObservation(trx, invoiceId, link.amount, link.writtenBack, now, link.source);
}

/** What had been written back to the invoice when an observation was made (null: no such observation). */
export async function writtenBackAtObservation(db: DbOrTrx, observationId: string): Promise<number | null> {
  return (await findObservation(db, observationId))?.writtenBack ?? null;
}

/**
 * Something recorded in the merchant's accounting tool (DESIGN §3.3 write-backs): a payment or one
 * of its refunds, or a write-off — by the Xero/QuickBooks connector, an acknowledged automation
 * webhook, or an admin by hand (api/accounting/records/writebacks.ts records it).
 */
export type WritebackInput =
  | { paymentId: string; refundId?: string | null; source: WritebackSource; createdBy?: string | null }
  | { writeOffId: string; source: WritebackSource; createdBy?: string | null };

export type WritebackSource = AccountingWritebacksTable['source'];

/** The accounting tool's records moved the invoice's written-back net S by `delta`: the terms are settled again. */
export async function recordWrittenBack(
  trx: DbOrTrx,
  invoiceId: string,
  delta: number,
  now: string,
): Promise<void> {
  await adjustInvoice(trx, invoiceId, { writtenBack: delta }, now);
  await refreshInvoiceTerms(trx, invoiceId, now);
}

/** A write-off by its id (undefined when there is none). */
export const writeOffById = findWriteOffById;

/** Mark a write-off recorded by the accounting tool, once; false when it already was. */
export function markWriteOffRecorded(
  trx: DbOrTrx,
  id: string,
  r: { at: string; source: NonNullable<InvoiceWriteOff['recorded_source']>; by: string | null },
): Promise<boolean> {
  return setWriteOffRecorded(trx, id, r);
}

/** The credible limit over the merchant's own word only (signed links, live amounts): a signed link's cap. */
export const authoritativeLimit = authoritativeCredibleLimit;

export { countersOf };

/**
 * What the domains above read of an invoice and its observations (the pay page, pay links, webhook
 * events, the integrator API's objects, accounting), and the observation changes a signed pay link
 * makes: named here so no domain reaches into the invoices' repositories.
 */
export { findInvoice, findInvoiceById, lockInvoice, lockInvoiceById } from './repository.ts';
export {
  clearObservationDismissal,
  firstObservationWithAmount,
  makeObservationCredible,
  observationTerms,
  observationTermsOf,
  setObservationDismissed,
} from './observations-repository.ts';
