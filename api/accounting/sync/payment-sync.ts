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
  const conv = await convergenceOf(deps, c, payment);
  const tool = connectorFor(deps, c.provider);
  if (!isRecorded(conv) || conv.refunds.some((r) => !refundDone(conv, tool, conv.entries, r))) {
    await withSession(deps, c, async (s, connector) => {
      const on: InTool = { s, connector, invoice: null };
      await recordPaymentAndSurcharge(conv, on);
      await recordRefundParts(conv, on);
      await lowerPaymentForReopens(conv, on);
    });
    invalidateLiveAmountDue(deps, payment.merchant_id, payment.invoice_number);
    invalidateInvoiceContent(deps, payment.merchant_id, payment.invoice_number);
  }
  const after = await entriesFor(
    deps.database.db,
    c.provider,
    conv.refunds.map((r) => r.id),
  );
  for (const r of conv.refunds) {
    const blocked = conv.result.blocked.get(r.id);
    if (blocked) await flagAttention(deps, subjectOf(conv, r), blocked);
    else if (refundDone(conv, tool, after, r)) conv.result.done.add(r.id);
  }
  await clearAttention(deps, [...conv.result.done]);
  return conv.result;
}

/** What every step of one payment's convergence works from; `record` follows what the steps save. */
interface Convergence {
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
interface InTool {
  s: ConnectorSession;
  connector: AccountingConnector;
  invoice: ExternalInvoice | null;
}

async function convergenceOf(deps: AppDeps, c: AccountingConnection, payment: Payment): Promise<Convergence> {
  const db = deps.database.db;
  const label = c.provider === 'xero' ? 'Xero' : 'QuickBooks';
  const refunds = await succeededRefundsOf(db, payment.id);
  const merchant = await findMerchantEvenDeleted(db, payment.merchant_id);
  if (!merchant) throw new Error(`payment ${payment.id}: merchant ${payment.merchant_id} not found`);
  if (!c.payment_account_code)
    throw final(`Choose the ${label} account that card payments are paid into (accounting settings)`);
  if (payment.surcharge > 0 && !c.surcharge_account_code)
    throw final(`Choose the ${label} account that card surcharges are recorded to (accounting settings)`);
  const record = await loadRecord(deps, c, payment);
  const entries = await entriesFor(
    db,
    c.provider,
    refunds.map((r) => r.id),
  );
  const reopened = refunds.filter((r) => r.kind === 'reopen').reduce((sum, r) => sum + r.amount, 0);
  const zone = merchant.time_zone;
  return {
    deps,
    c,
    payment,
    label,
    refunds,
    entries,
    record,
    legacy: refunds.some((r) => hasStep(entries, r, LEGACY)),
    targetBase: payment.amount - reopened,
    zone,
    paymentDate: localDate(payment.succeeded_at ?? payment.created_at, zone),
    result: { done: new Set([payment.id]), blocked: new Map() },
  };
}

const hasStep = (entries: AccountingEntry[], r: Refund, step: string) =>
  entries.some((e) => e.subject_id === r.id && e.step === step);

const subjectOf = (conv: Convergence, r: Refund): EntrySubject => ({
  provider: conv.c.provider,
  merchantId: conv.payment.merchant_id,
  paymentId: conv.payment.id,
  type: 'refund',
  id: r.id,
  currency: conv.payment.currency,
});

/** The payment and its surcharge are in the tool (or need not be). */
const isRecorded = (conv: Convergence) =>
  (!!conv.record.external_payment_id || conv.legacy || conv.targetBase <= 0) &&
  (!!conv.record.external_surcharge_id || conv.legacy || conv.payment.surcharge === 0);

/** Every step of a refund is in `entries`: its credit note (or the lowered payment) and its surcharge part. */
function refundDone(conv: Convergence, tool: AccountingConnector, entries: AccountingEntry[], r: Refund) {
  const has = (step: string) => hasStep(entries, r, step);
  if (has(LEGACY)) return true;
  const main = r.kind === 'credit' ? tool.creditRefundSteps.every(has) : has(PAYMENT_CHANGED);
  return main && (r.surcharge === 0 || has(SURCHARGE_REFUND));
}

async function save(conv: Convergence, changes: Record<string, unknown>) {
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
async function recordPaymentAndSurcharge(conv: Convergence, on: InTool) {
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
async function recordRefundParts(conv: Convergence, on: InTool) {
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
async function lowerPaymentForReopens(conv: Convergence, on: InTool) {
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
