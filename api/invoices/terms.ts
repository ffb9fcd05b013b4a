/**
 * The ledger's derived terms, stored on the invoice row: what the rules of ledger.ts make of the
 * counters and the observations (the credible limit, the overpaid flag, why the invoice needs
 * attention, when it was paid through us), settled after every change that can move them — and
 * `invoice.paid` announced (events.ts: the merchant's webhook event) when an invoice becomes paid,
 * in the same transaction.
 */
import type { DbOrTrx } from '../db/database.ts';
import type { Invoice, InvoiceUpdate } from '../db/types.ts';
import { invoiceEvents } from './events.ts';
import { credibleLimitOf, invoiceTerms, type ObservationTerm } from './ledger.ts';
import { addPaid, countersOf, findInvoiceById, storeInvoiceTerms } from './repository.ts';
import { observationTerms, setObservationCredible } from './observations-repository.ts';

/**
 * Store what the ledger's rules derive from the counters and the observations: the credible limit,
 * the overpaid flag and the reason the invoice needs attention (ledger.ts `invoiceTerms`). A change
 * of the credible limit moves the version (pay pages show it); the other two only the console reads.
 */
export async function refreshInvoiceTerms(
  trx: DbOrTrx,
  invoiceId: string,
  now?: string,
): Promise<{ invoice: Invoice; becameOverpaid: boolean } | null> {
  const invoice = await findInvoiceById(trx, invoiceId);
  if (!invoice) return null;
  return settleInvoiceTerms(trx, invoice, await observationTerms(trx, invoiceId), now);
}

async function settleInvoiceTerms(
  trx: DbOrTrx,
  invoice: Invoice,
  observations: ObservationTerm[],
  now?: string,
): Promise<{ invoice: Invoice; becameOverpaid: boolean }> {
  const invoiceId = invoice.id;
  const counters = { ...countersOf(invoice), credibleLimit: credibleLimitOf(observations) };
  const terms = invoiceTerms(counters, observations, invoice.currency);
  const overpaid = terms.overpaidAmount > 0 ? 1 : 0;
  const changes: InvoiceUpdate = {};
  if (counters.credibleLimit !== invoice.credible_limit) changes.credible_limit = counters.credibleLimit;
  if (overpaid !== invoice.overpaid) changes.overpaid = overpaid;
  if (terms.attention !== invoice.attention) changes.attention = terms.attention;
  // Paid through us: something was paid here and nothing is due any more, payments in flight aside
  // (`invoice.paid`); due again (a re-opening refund, a new observation) clears it.
  const paid =
    counters.paid > 0 &&
    invoiceTerms({ ...counters, reserved: 0 }, observations, invoice.currency).balance === 0;
  // Without a time from the caller, the change that led here just stamped the invoice (adjustInvoice).
  const stamp = now ?? invoice.updated_at;
  // (A migration step before 062 works on rows without the column: nothing to keep there.)
  if ('paid_at' in invoice && paid !== (invoice.paid_at !== null)) changes.paid_at = paid ? stamp : null;
  if (Object.keys(changes).length === 0) return { invoice, becameOverpaid: false };
  await storeInvoiceTerms(trx, invoiceId, changes, now);
  if (changes.paid_at)
    await invoiceEvents.announce(trx, { type: 'invoice.paid', invoiceId, at: new Date(stamp) });
  return {
    invoice: { ...invoice, ...changes } as Invoice,
    becameOverpaid: overpaid === 1 && invoice.overpaid === 0,
  };
}

/**
 * A payment succeeded on this invoice: its amount moves to paid (and out of reserved when it held
 * one), the observation it was made against becomes credible, and the derived terms are settled
 * (the credible limit, the overpaid flag, attention, paid) — what `adjustInvoice`,
 * `makeObservationCredible` and `refreshInvoiceTerms` do, in three or four statements: this is on
 * every payment's path. True when the invoice is now overpaid and was not.
 */
export async function recordSuccessOnInvoice(
  trx: DbOrTrx,
  invoiceId: string,
  delta: { paid: number; reserved: number },
  observationId: string | null,
  now: string,
): Promise<boolean> {
  // The invoice row first, then its observation: every path takes an invoice's locks in this order
  // (payment → invoice → observation), or two workers on PostgreSQL deadlock — a creation holds
  // the invoice and waits on the observation's new version that a success wrote.
  const invoice = await addPaid(trx, invoiceId, delta, now);
  if (!invoice) return false;
  if (observationId) await setObservationCredible(trx, observationId, now);
  return (await settleInvoiceTerms(trx, invoice, await observationTerms(trx, invoiceId))).becameOverpaid;
}
