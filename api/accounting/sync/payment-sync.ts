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
 *
 * The steps themselves are payment-sync-steps.ts; this file decides whether they are needed, runs
 * them in one session with the tool and records what is done or blocked.
 */
import { localDate } from '../../../core/local-date.ts';
import type { AppDeps } from '../../context.ts';
import type { Payment, Refund } from '../../db/types.ts';
import { connectorFor, withSession, type AccountingConnection } from '../connections/connections.ts';
import type { AccountingConnector } from '../connector.ts';
import { clearAttention, entriesFor, flagAttention, type AccountingEntry } from '../records/entries.ts';
import { invalidateInvoiceContent } from '../live/invoice-content.ts';
import { invalidateLiveAmountDue } from '../live/live-amount.ts';
import { succeededRefundsOf } from '../../payments/rows.ts';
import { findMerchantEvenDeleted } from '../../merchants/rows.ts';
import { deleteAccountingRecord, findAccountingRecord, startAccountingRecord } from '../repository.ts';
import {
  final,
  hasStep,
  LEGACY,
  lowerPaymentForReopens,
  PAYMENT_CHANGED,
  recordPaymentAndSurcharge,
  recordRefundParts,
  subjectOf,
  SURCHARGE_REFUND,
  type ConvergeResult,
  type Convergence,
  type InTool,
} from './payment-sync-steps.ts';

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
