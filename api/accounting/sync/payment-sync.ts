/**
 * Bring Xero / QuickBooks in line with one payment and its settled refunds (DESIGN §3.8, §7). Any
 * of the payment's jobs runs the whole convergence, so jobs may run in any order and a retry after
 * a crash resumes where it stopped (accounting_records for the payment, accounting_entries per
 * refund step; every create carries an idempotency key, so a lost answer creates nothing twice):
 *
 * 1. the invoice (base) part as a payment on the invoice, on the payment's local date — net of the
 *    re-open refunds already known, if it was never recorded; the surcharge as money received;
 * 2. each credit refund: a credit note refunded in cash (QuickBooks: a refund receipt) on the
 *    refund's local date; the payment is never touched (it matches the payout, may be reconciled);
 * 3. each refund's surcharge part: money paid out on the refund's date;
 * 4. re-open refunds: the payment lowered (deleted when nothing is left) — unless the tool says it
 *    is reconciled: then the refund is listed under "Needs attention" with the step to take.
 */
import { formatMoney } from '../../../core/money.ts';
import { localDate } from '../../../core/local-date.ts';
import type { AppDeps } from '../../context.ts';
import type { Payment, Refund } from '../../db/types.ts';
import type { AccountingConnection } from '../connections/connections.ts';
import { connectorFor, withSession } from '../connections/connections.ts';
import {
  ConnectorError,
  type AccountingConnector,
  type ConnectorSession,
  type ExternalInvoice,
} from '../connector.ts';
import {
  clearAttention,
  entriesFor,
  flagAttention,
  stepLog,
  type AccountingEntry,
  type EntrySubject,
} from '../records/entries.ts';
import { invalidateInvoiceContent } from '../live/invoice-content.ts';
import { invalidateLiveAmountDue } from '../live/live-amount.ts';
import { succeededRefundsOf } from '../../payments/rows.ts';
import { findMerchantEvenDeleted } from '../../merchants/rows.ts';
import {
  deleteAccountingRecord,
  findAccountingRecord,
  startAccountingRecord,
  updateAccountingRecord,
} from '../repository.ts';

export interface ConvergeResult {
  /** Subjects (the payment, refunds) now recorded in the tool. */
  done: Set<string>;
  /** Subjects that cannot be recorded until someone acts, with what to do. */
  blocked: Map<string, string>;
}

const final = (message: string) => new ConnectorError(message, { retryable: false });
export const PAYMENT_CHANGED = 'payment_changed';
export const SURCHARGE_REFUND = 'surcharge_refund';
export const LEGACY = 'legacy';

async function loadRecord(deps: AppDeps, c: AccountingConnection, payment: Payment) {
  const db = deps.database.db;
  const find = () => findAccountingRecord(db, payment.id);
  let record = await find();
  if (record && record.provider !== c.provider) {
    // Recorded in the previously connected tool; the newly connected one starts from nothing.
    await deleteAccountingRecord(db, payment.id);
    record = undefined;
  }
  if (!record) {
    const now = deps.clock.now().toISOString();
    await startAccountingRecord(db, payment.id, c.provider, now);
    record = (await find())!;
  }
  return record;
}

export async function convergePayment(
  deps: AppDeps,
  c: AccountingConnection,
  payment: Payment,
): Promise<ConvergeResult> {
  const db = deps.database.db;
  const label = c.provider === 'xero' ? 'Xero' : 'QuickBooks';
  const refunds = await succeededRefundsOf(db, payment.id);
  const merchant = await findMerchantEvenDeleted(db, payment.merchant_id);
  if (!merchant) throw new Error(`payment ${payment.id}: merchant ${payment.merchant_id} not found`);
  const zone = merchant.time_zone;
  if (!c.payment_account_code)
    throw final(`Choose the ${label} account that card payments are paid into (accounting settings)`);
  if (payment.surcharge > 0 && !c.surcharge_account_code)
    throw final(`Choose the ${label} account that card surcharges are recorded to (accounting settings)`);

  let record = await loadRecord(deps, c, payment);
  const entries = await entriesFor(
    db,
    c.provider,
    refunds.map((r) => r.id),
  );
  const has = (r: Refund, step: string) => entries.some((e) => e.subject_id === r.id && e.step === step);
  const legacy = refunds.some((r) => has(r, LEGACY));
  const reopened = refunds.filter((r) => r.kind === 'reopen').reduce((sum, r) => sum + r.amount, 0);
  const targetBase = payment.amount - reopened;
  const paymentDate = localDate(payment.succeeded_at ?? payment.created_at, zone);
  const refundDate = (r: Refund) => localDate(r.created_at, zone);
  const subjectOf = (r: Refund): EntrySubject => ({
    provider: c.provider,
    merchantId: payment.merchant_id,
    paymentId: payment.id,
    type: 'refund',
    id: r.id,
    currency: payment.currency,
  });
  const save = async (changes: Record<string, unknown>) => {
    await updateAccountingRecord(db, payment.id, changes, deps.clock.now().toISOString());
    record = { ...record, ...changes };
  };

  const result: ConvergeResult = { done: new Set([payment.id]), blocked: new Map() };
  const creditAccount = c.credit_account_code;

  const work = async (s: ConnectorSession, connector: AccountingConnector) => {
    let invoice: ExternalInvoice | null = null;
    const findInvoice = async (): Promise<ExternalInvoice> => {
      if (invoice) return invoice;
      const found = await connector.findInvoice(s, payment.invoice_number);
      if (!found) throw final(`Invoice ${payment.invoice_number} was not found in ${label}`);
      if (found.currency !== payment.currency)
        throw final(
          `Invoice ${payment.invoice_number} in ${label} is in ${found.currency}; the payment is in ${payment.currency}`,
        );
      return (invoice = found);
    };
    const reference = payment.payment_intent_id ?? payment.id;
    const base = (amount: number, date: string, key: string, ref = reference) => ({
      amount,
      currency: payment.currency,
      date,
      reference: ref.slice(0, 255),
      depositAccount: c.payment_account_code!,
      incomeAccount: c.surcharge_account_code ?? undefined,
      idempotencyKey: key,
    });
    const paymentKey = (amount: number) => `invoicepay:${payment.id}:payment:${amount}`;

    // 1. The payment on the invoice and the surcharge received.
    if (!record.external_payment_id && !legacy && targetBase > 0) {
      const id = await connector.createPayment(s, {
        invoice: await findInvoice(),
        ...base(targetBase, paymentDate, paymentKey(targetBase)),
      });
      await save({ external_invoice_id: invoice!.id, external_payment_id: id, payment_amount: targetBase });
    }
    if (!record.external_surcharge_id && !legacy && payment.surcharge > 0) {
      const id = await connector.createSurcharge(s, {
        invoice: await findInvoice(),
        ...base(
          payment.surcharge,
          paymentDate,
          `invoicepay:${payment.id}:surcharge:${payment.surcharge}`,
          `Surcharge ${reference}`,
        ),
      });
      await save({ external_surcharge_id: id, surcharge_amount: payment.surcharge });
    }

    // 2–3. Credit refunds and every refund's surcharge part, on the refund's date.
    for (const r of refunds) {
      if (has(r, LEGACY)) continue;
      const steps = stepLog(deps, subjectOf(r), entries);
      const date = refundDate(r);
      const refundRef = r.provider_refund_id ?? r.id;
      if (r.kind === 'credit' && !connector.creditRefundSteps.every((step) => steps.get(step))) {
        if (!creditAccount) {
          result.blocked.set(
            r.id,
            `Choose the ${label} ${c.provider === 'xero' ? 'account' : 'product/service'} that credit notes for refunds are booked to (accounting settings)`,
          );
          continue;
        }
        await connector.recordCreditRefund(
          s,
          {
            invoice: await findInvoice(),
            ...base(r.amount, date, `invoicepay:refund:${r.id}`, `Refund ${refundRef}`),
            description: `Refund on invoice ${payment.invoice_number}`,
            creditAccount,
          },
          steps,
        );
      }
      if (r.surcharge > 0 && !steps.get(SURCHARGE_REFUND)) {
        const id = await connector.refundSurcharge(s, {
          invoice: await findInvoice(),
          ...base(r.surcharge, date, `invoicepay:refund:${r.id}:surcharge`, `Surcharge refund ${refundRef}`),
        });
        await steps.save(SURCHARGE_REFUND, { id, number: null }, r.surcharge, date);
      }
    }

    // 4. Re-open refunds lower the payment on the invoice.
    const pending = refunds.filter((r) => r.kind === 'reopen' && !has(r, LEGACY) && !has(r, PAYMENT_CHANGED));
    if (pending.length === 0) return;
    let heldBy = record.external_payment_id;
    if (heldBy && record.payment_amount !== targetBase) {
      const state = await connector.paymentState(s, heldBy);
      if (state?.reconciled) {
        const message =
          `${label} refuses to change the payment of ${formatMoney(record.payment_amount, payment.currency)} ` +
          `dated ${paymentDate} on invoice ${payment.invoice_number}: it is reconciled. Unreconcile it in ` +
          `${label} (the bank account's reconciled transactions), then retry this sync to record the re-open refund.`;
        for (const r of pending) result.blocked.set(r.id, message);
        return;
      }
      const kept = targetBase > 0 ? targetBase : 0;
      heldBy = await connector.changePayment(
        s,
        heldBy,
        kept > 0 ? { invoice: await findInvoice(), ...base(kept, paymentDate, paymentKey(kept)) } : null,
        `invoicepay:${payment.id}:delete-payment-${heldBy}:0`,
      );
      await save({ external_payment_id: heldBy, payment_amount: heldBy ? kept : 0 });
    }
    for (const r of pending)
      await stepLog(deps, subjectOf(r), entries).save(
        PAYMENT_CHANGED,
        { id: heldBy ?? record.external_payment_id ?? '', number: null },
        r.amount,
        paymentDate,
      );
  };

  const tool = connectorFor(deps, c.provider);
  const doneIn = (list: AccountingEntry[], r: Refund) => {
    const has = (step: string) => list.some((e) => e.subject_id === r.id && e.step === step);
    if (has(LEGACY)) return true;
    const main = r.kind === 'credit' ? tool.creditRefundSteps.every(has) : has(PAYMENT_CHANGED);
    return main && (r.surcharge === 0 || has(SURCHARGE_REFUND));
  };
  const recorded =
    (!!record.external_payment_id || legacy || targetBase <= 0) &&
    (!!record.external_surcharge_id || legacy || payment.surcharge === 0);
  if (!recorded || refunds.some((r) => !doneIn(entries, r))) {
    await withSession(deps, c, work);
    invalidateLiveAmountDue(deps, payment.merchant_id, payment.invoice_number);
    invalidateInvoiceContent(deps, payment.merchant_id, payment.invoice_number);
  }
  const after = await entriesFor(
    db,
    c.provider,
    refunds.map((r) => r.id),
  );
  for (const r of refunds) {
    const blocked = result.blocked.get(r.id);
    if (blocked) await flagAttention(deps, subjectOf(r), blocked);
    else if (doneIn(after, r)) result.done.add(r.id);
  }
  await clearAttention(deps, [...result.done]);
  return result;
}
