/**
 * The steps of a payment's convergence with Xero or QuickBooks (payment-sync.ts runs them, in one
 * session with the tool): the payment and its surcharge, each refund's credit note and surcharge
 * part, the payment lowered for re-open refunds — and what every step works from (Convergence) and
 * writes each record with (the idempotency keys, references and accounts).
 */
import { formatMoney } from '../../../core/money.ts';
import { localDate } from '../../../core/local-date.ts';
import type { AppDeps } from '../../context.ts';
import type { Payment, Refund } from '../../db/types.ts';
import type { AccountingConnection } from '../connections/connections.ts';
import {
  ConnectorError,
  type AccountingConnector,
  type ConnectorSession,
  type ExternalInvoice,
} from '../connector.ts';
import { stepLog, type AccountingEntry, type EntrySubject } from '../records/entries.ts';
import { findAccountingRecord, updateAccountingRecord } from '../repository.ts';

export interface ConvergeResult {
  /** Subjects (the payment, refunds) now recorded in the tool. */
  done: Set<string>;
  /** Subjects that cannot be recorded until someone acts, with what to do. */
  blocked: Map<string, string>;
}

export const final = (message: string) => new ConnectorError(message, { retryable: false });
export const PAYMENT_CHANGED = 'payment_changed';
export const SURCHARGE_REFUND = 'surcharge_refund';
export const LEGACY = 'legacy';

/** What every step of one payment's convergence works from; `record` follows what the steps save. */
export interface Convergence {
  deps: AppDeps;
  c: AccountingConnection;
  payment: Payment;
  /** The tool's name for messages: Xero or QuickBooks. */
  label: string;
  refunds: Refund[];
  /** The refunds' steps already recorded in this tool. */
  entries: AccountingEntry[];
  record: NonNullable<Awaited<ReturnType<typeof findAccountingRecord>>>;
  /** Recorded before per-step entries existed: nothing more is done for it. */
  legacy: boolean;
  /** The invoice part the tool's payment should hold: the amount less the re-open refunds. */
  targetBase: number;
  zone: string;
  paymentDate: string;
  result: ConvergeResult;
}

/** One session with the tool: its connector, and the invoice, found once. */
export interface InTool {
  s: ConnectorSession;
  connector: AccountingConnector;
  invoice: ExternalInvoice | null;
}

export const hasStep = (entries: AccountingEntry[], r: Refund, step: string) =>
  entries.some((e) => e.subject_id === r.id && e.step === step);

export const subjectOf = (conv: Convergence, r: Refund): EntrySubject => ({
  provider: conv.c.provider,
  merchantId: conv.payment.merchant_id,
  paymentId: conv.payment.id,
  type: 'refund',
  id: r.id,
  currency: conv.payment.currency,
});

export async function save(conv: Convergence, changes: Record<string, unknown>) {
  await updateAccountingRecord(
    conv.deps.database.db,
    conv.payment.id,
    changes,
    conv.deps.clock.now().toISOString(),
  );
  conv.record = { ...conv.record, ...changes };
}

/** The invoice in the tool, found once per session; not found or in another currency is final. */
async function invoiceIn(conv: Convergence, on: InTool): Promise<ExternalInvoice> {
  if (on.invoice) return on.invoice;
  const { payment, label } = conv;
  const found = await on.connector.findInvoice(on.s, payment.invoice_number);
  if (!found) throw final(`Invoice ${payment.invoice_number} was not found in ${label}`);
  if (found.currency !== payment.currency)
    throw final(
      `Invoice ${payment.invoice_number} in ${label} is in ${found.currency}; the payment is in ${payment.currency}`,
    );
  return (on.invoice = found);
}

/** What every money record sends: amount, currency, local date, reference, accounts, idempotency key. */
function money(
  conv: Convergence,
  amount: number,
  date: string,
  key: string,
  ref = referenceOf(conv.payment),
) {
  return {
    amount,
    currency: conv.payment.currency,
    date,
    reference: ref.slice(0, 255),
    depositAccount: conv.c.payment_account_code!,
    incomeAccount: conv.c.surcharge_account_code ?? undefined,
    idempotencyKey: key,
  };
}

const referenceOf = (payment: Payment) => payment.payment_intent_id ?? payment.id;
const paymentKey = (conv: Convergence, amount: number) => `invoicepay:${conv.payment.id}:payment:${amount}`;

/** 1. The payment on the invoice (its base, net of known re-opens) and the surcharge received. */
export async function recordPaymentAndSurcharge(conv: Convergence, on: InTool) {
  const { payment, record } = conv;
  if (!record.external_payment_id && !conv.legacy && conv.targetBase > 0) {
    const invoice = await invoiceIn(conv, on);
    const id = await on.connector.createPayment(on.s, {
      invoice,
      ...money(conv, conv.targetBase, conv.paymentDate, paymentKey(conv, conv.targetBase)),
    });
    await save(conv, {
      external_invoice_id: invoice.id,
      external_payment_id: id,
      payment_amount: conv.targetBase,
    });
  }
  if (!conv.record.external_surcharge_id && !conv.legacy && payment.surcharge > 0) {
    const id = await on.connector.createSurcharge(on.s, {
      invoice: await invoiceIn(conv, on),
      ...money(
        conv,
        payment.surcharge,
        conv.paymentDate,
        `invoicepay:${payment.id}:surcharge:${payment.surcharge}`,
        `Surcharge ${referenceOf(payment)}`,
      ),
    });
    await save(conv, { external_surcharge_id: id, surcharge_amount: payment.surcharge });
  }
}

/** 2–3. Credit refunds and every refund's surcharge part, on the refund's local date. */
export async function recordRefundParts(conv: Convergence, on: InTool) {
  const { c, payment, label } = conv;
  for (const r of conv.refunds) {
    if (hasStep(conv.entries, r, LEGACY)) continue;
    const steps = stepLog(conv.deps, subjectOf(conv, r), conv.entries);
    const date = localDate(r.created_at, conv.zone);
    const refundRef = r.provider_refund_id ?? r.id;
    if (r.kind === 'credit' && !on.connector.creditRefundSteps.every((step) => steps.get(step))) {
      const creditAccount = c.credit_account_code;
      if (!creditAccount) {
        conv.result.blocked.set(
          r.id,
          `Choose the ${label} ${c.provider === 'xero' ? 'account' : 'product/service'} that credit notes for refunds are booked to (accounting settings)`,
        );
        continue;
      }
      await on.connector.recordCreditRefund(
        on.s,
        {
          invoice: await invoiceIn(conv, on),
          ...money(conv, r.amount, date, `invoicepay:refund:${r.id}`, `Refund ${refundRef}`),
          description: `Refund on invoice ${payment.invoice_number}`,
          creditAccount,
        },
        steps,
      );
    }
    if (r.surcharge > 0 && !steps.get(SURCHARGE_REFUND)) {
      const id = await on.connector.refundSurcharge(on.s, {
        invoice: await invoiceIn(conv, on),
        ...money(
          conv,
          r.surcharge,
          date,
          `invoicepay:refund:${r.id}:surcharge`,
          `Surcharge refund ${refundRef}`,
        ),
      });
      await steps.save(SURCHARGE_REFUND, { id, number: null }, r.surcharge, date);
    }
  }
}

/**
 * 4. Re-open refunds lower the payment on the invoice (delete it when nothing is left) — unless the
 * tool says it is reconciled: then each waits under "Needs attention" with the step to take.
 */
export async function lowerPaymentForReopens(conv: Convergence, on: InTool) {
  const { payment, label } = conv;
  const pending = conv.refunds.filter(
    (r) =>
      r.kind === 'reopen' && !hasStep(conv.entries, r, LEGACY) && !hasStep(conv.entries, r, PAYMENT_CHANGED),
  );
  if (pending.length === 0) return;
  let heldBy = conv.record.external_payment_id;
  if (heldBy && conv.record.payment_amount !== conv.targetBase) {
    const state = await on.connector.paymentState(on.s, heldBy);
    if (state?.reconciled) {
      const message =
        `${label} refuses to change the payment of ${formatMoney(conv.record.payment_amount, payment.currency)} ` +
        `dated ${conv.paymentDate} on invoice ${payment.invoice_number}: it is reconciled. Unreconcile it in ` +
        `${label} (the bank account's reconciled transactions), then retry this sync to record the re-open refund.`;
      for (const r of pending) conv.result.blocked.set(r.id, message);
      return;
    }
    const kept = conv.targetBase > 0 ? conv.targetBase : 0;
    heldBy = await on.connector.changePayment(
      on.s,
      heldBy,
      kept > 0
        ? {
            invoice: await invoiceIn(conv, on),
            ...money(conv, kept, conv.paymentDate, paymentKey(conv, kept)),
          }
        : null,
      `invoicepay:${payment.id}:delete-payment-${heldBy}:0`,
    );
    await save(conv, { external_payment_id: heldBy, payment_amount: heldBy ? kept : 0 });
  }
  for (const r of pending)
    await stepLog(conv.deps, subjectOf(conv, r), conv.entries).save(
      PAYMENT_CHANGED,
      { id: heldBy ?? conv.record.external_payment_id ?? '', number: null },
      r.amount,
      conv.paymentDate,
    );
}
