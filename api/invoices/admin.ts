/**
 * The console's invoice actions (DESIGN §3.3), each audited and each through the one definition of
 * its rule in ledger.ts:
 *  - dismiss an observation: it leaves the credible minimum (e.g. a typed low link someone paid,
 *    case 13), or, when it was never credible, it stops counting as a reason for attention;
 *  - write off a remainder below the card minimum (cases 12): a term of the balance like a payment,
 *    announced (`invoice.written_off`, events.ts) so accounting syncs it.
 * (Marking a write-off recorded in the accounting tool by hand is accounting's:
 * api/accounting/records/mark-recorded.ts.)
 */
import { formatMoney } from '../../core/money.ts';
import { minimumChargeMinor } from '../../core/charge-limits.ts';
import { audit } from '../audit/service.ts';
import type { AppDeps } from '../context.ts';
import type { DbOrTrx } from '../db/database.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../merchants/service.ts';
import { invoiceEvents } from './events.ts';
import { invoiceTerms } from './ledger.ts';
import {
  adjustInvoice,
  countersOf,
  findWriteOff,
  insertWriteOff,
  merchantOfInvoice,
  lockInvoiceById,
} from './repository.ts';
import {
  findInvoiceObservation,
  setObservationCredible,
  setObservationDismissed,
  observationTerms,
} from './observations-repository.ts';
import { refreshInvoiceTerms } from './terms.ts';
import { transact } from '../db/transact.ts';
import { newRowId } from '../db/row-id.ts';

export const INVOICE_NOT_FOUND = 'Invoice not found.';

/** The merchant an invoice belongs to, or undefined when there is no such invoice (for authorisation). */
export function invoiceMerchant(deps: AppDeps, id: string): Promise<string | undefined> {
  return merchantOfInvoice(deps.database.db, id);
}

/** The invoice's merchant, or 404. */
export async function invoiceOr404(deps: AppDeps, id: string): Promise<string> {
  const merchantId = await invoiceMerchant(deps, id);
  if (!merchantId) throw new AppError('not_found', INVOICE_NOT_FOUND);
  return merchantId;
}

/** One of the invoice's write-offs (its id and amount), or undefined. */
export function writeOffOfInvoice(db: DbOrTrx, invoiceId: string, writeOffId: string) {
  return findWriteOff(db, invoiceId, writeOffId);
}

export async function dismissObservation(
  deps: AppDeps,
  invoiceId: string,
  observationId: string,
  reason: string,
  actor: Actor,
): Promise<void> {
  await invoiceOr404(deps, invoiceId);
  const now = deps.clock.now().toISOString();
  await transact(deps.database, async (trx) => {
    const invoice = await lockInvoiceById(trx, deps.database.dialect, invoiceId);
    const obs = await findInvoiceObservation(trx, invoiceId, observationId);
    if (!obs) throw new AppError('not_found', 'Observation not found.');
    if (obs.dismissed_at) throw new AppError('conflict', 'This observation is already dismissed.');
    const before = invoiceTerms(
      countersOf(invoice),
      await observationTerms(trx, invoiceId),
      invoice.currency,
    );
    await setObservationDismissed(trx, obs.id, { at: now, by: actor.user?.id ?? null, reason });
    const refreshed = await refreshInvoiceTerms(trx, invoiceId, now);
    const after = invoiceTerms(
      countersOf(refreshed!.invoice),
      await observationTerms(trx, invoiceId),
      invoice.currency,
    );
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'invoice.observation_dismissed',
        targetType: 'invoice',
        targetId: invoiceId,
        merchantId: invoice.merchant_id,
        details: {
          observationId: obs.id,
          amount: obs.amount,
          writtenBackAtObservation: obs.written_back_at_observation,
          credible: obs.credible === 1,
          source: obs.source,
          reason,
          balanceBefore: before.balance,
          balanceAfter: after.balance,
        },
        ip: actor.ip,
      },
      deps.clock,
    );
  });
}

export async function writeOffRemainder(
  deps: AppDeps,
  invoiceId: string,
  reason: string,
  actor: Actor,
): Promise<{ id: string; amount: number }> {
  await invoiceOr404(deps, invoiceId);
  const now = deps.clock.now().toISOString();
  return transact(deps.database, async (trx) => {
    const invoice = await lockInvoiceById(trx, deps.database.dialect, invoiceId);
    if (invoice.reserved_amount > 0)
      throw new AppError(
        'conflict',
        'A payment is in progress on this invoice. Try again once it has finished.',
      );
    const observations = await observationTerms(trx, invoiceId);
    const terms = invoiceTerms(countersOf(invoice), observations, invoice.currency);
    const minimum = minimumChargeMinor(invoice.currency);
    if (!terms.balance) throw new AppError('conflict', 'Nothing is left to write off on this invoice.');
    if (!terms.belowMinimum)
      throw new AppError(
        'conflict',
        `Only a remainder below the card minimum (${formatMoney(minimum, invoice.currency)}) can be written off here; ` +
          `${formatMoney(terms.balance, invoice.currency)} can still be paid by card.`,
      );
    const amount = terms.balance;
    const observationId = terms.capping?.observationId ?? null;
    // The admin confirms the reading the remainder comes from: it caps the invoice from now on.
    if (terms.capping?.kind === 'latest_link')
      await setObservationCredible(trx, terms.capping.observationId, now);
    const id = newRowId();
    await insertWriteOff(trx, {
      id,
      invoice_id: invoiceId,
      amount,
      reason,
      observation_id: observationId,
      created_by: actor.user?.id ?? null,
      created_at: now,
    });
    await adjustInvoice(trx, invoiceId, { writtenOff: amount }, now);
    await refreshInvoiceTerms(trx, invoiceId, now);
    await invoiceEvents.announce(trx, { type: 'invoice.written_off', writeOffId: id, clock: deps.clock });
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'invoice.write_off',
        targetType: 'invoice',
        targetId: invoiceId,
        merchantId: invoice.merchant_id,
        details: { writeOffId: id, amount, currency: invoice.currency, reason, observationId },
        ip: actor.ip,
      },
      deps.clock,
    );
    return { id, amount };
  });
}
