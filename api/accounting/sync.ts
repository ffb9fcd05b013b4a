/**
 * Connector sync of one payment (Xero or QuickBooks), used by the outbox for payment and refund
 * jobs alike. It converges the accounting tool to the payment's current state rather than replaying
 * events: the invoice (base) part net of settled refunds as one payment on the invoice, the
 * surcharge net of refunds as one separate money-received record. A full refund deletes both; a
 * partial one replaces them with the net amounts. What was created is kept in accounting_records,
 * and each create carries an idempotency key derived from the payment and the amount, so a retry
 * after a crash between the API call and our write gets the same record back instead of a second one.
 */
import type { AppDeps } from '../context.ts';
import type { OutboxJob, Payment } from '../db/types.ts';
import type { WritebackInput } from '../invoices/writebacks.ts';
import type { DeliveryOutcome } from '../outbox/deliver.ts';
import { findConnection, withSession, type AccountingConnection } from './connections.ts';
import { ConnectorError, type ExternalInvoice } from './connector.ts';
import { invalidateLiveAmountDue } from './live-amount.ts';
import { syncWriteOffWithConnector } from './write-off-sync.ts';

export async function syncJobWithConnector(deps: AppDeps, job: OutboxJob): Promise<DeliveryOutcome> {
  if (job.write_off_id) return syncWriteOffWithConnector(deps, job);
  const connection = await findConnection(deps.database.db, job.merchant_id);
  if (!connection || connection.provider !== job.kind)
    return {
      type: 'cancel',
      reason: `The merchant is no longer connected to ${job.kind === 'xero' ? 'Xero' : 'QuickBooks'}`,
    };
  const payment = job.payment_id
    ? await deps.database.db
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', job.payment_id)
        .executeTakeFirst()
    : undefined;
  if (!payment) return { type: 'cancel', reason: 'The payment no longer exists' };
  try {
    const writebacks = await convergePayment(deps, connection, payment);
    return { type: 'delivered', responseStatus: 200, writebacks };
  } catch (err) {
    if (!(err instanceof ConnectorError)) throw err;
    return {
      type: 'retry',
      error: err.message,
      responseStatus: err.status,
      retryAfterMs: err.retryAfterMs,
      permanent: !err.retryable,
    };
  }
}

const final = (message: string) => new ConnectorError(message, { retryable: false });

/** Bring the accounting tool in line with the payment; returns the write-backs that are now true. */
export async function convergePayment(
  deps: AppDeps,
  c: AccountingConnection,
  payment: Payment,
): Promise<WritebackInput[]> {
  const db = deps.database.db;
  const label = c.provider === 'xero' ? 'Xero' : 'QuickBooks';
  const refunds = await db
    .selectFrom('refunds')
    .selectAll()
    .where('payment_id', '=', payment.id)
    .where('status', '=', 'succeeded')
    .execute();
  const targetBase = payment.amount - refunds.reduce((s, r) => s + r.amount, 0);
  const targetSurcharge = payment.surcharge - refunds.reduce((s, r) => s + r.surcharge, 0);
  if (!c.payment_account_code)
    throw final(`Choose the ${label} account that card payments are paid into (accounting settings)`);
  if (targetSurcharge > 0 && !c.surcharge_account_code)
    throw final(`Choose the ${label} account that card surcharges are recorded to (accounting settings)`);

  const now = deps.clock.now().toISOString();
  let record = await db
    .selectFrom('accounting_records')
    .selectAll()
    .where('payment_id', '=', payment.id)
    .executeTakeFirst();
  if (record && record.provider !== c.provider) {
    // Recorded in the previously connected tool; the newly connected one starts from nothing.
    await db.deleteFrom('accounting_records').where('payment_id', '=', payment.id).execute();
    record = undefined;
  }
  if (!record) {
    await db
      .insertInto('accounting_records')
      .values({
        payment_id: payment.id,
        provider: c.provider,
        external_invoice_id: null,
        external_payment_id: null,
        external_surcharge_id: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('payment_id').doNothing())
      .execute();
    record = (await db
      .selectFrom('accounting_records')
      .selectAll()
      .where('payment_id', '=', payment.id)
      .executeTakeFirst())!;
  }
  const save = async (changes: Record<string, unknown>) => {
    await db
      .updateTable('accounting_records')
      .set({ ...changes, updated_at: deps.clock.now().toISOString() })
      .where('payment_id', '=', payment.id)
      .execute();
  };

  const date = (payment.succeeded_at ?? payment.created_at).slice(0, 10);
  const reference = payment.payment_intent_id ?? payment.id;
  const key = (what: string, amount: number) => `invoicepay:${payment.id}:${what}:${amount}`;
  let recordedBase = record.external_payment_id ? record.payment_amount : 0;
  let recordedSurcharge = record.external_surcharge_id ? record.surcharge_amount : 0;
  if (recordedBase === targetBase && recordedSurcharge === targetSurcharge)
    return writebacksFor(payment, refunds, c);

  await withSession(deps, c, async (s, connector) => {
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
    if (recordedBase !== targetBase) {
      if (record!.external_payment_id) {
        await connector.deletePayment(
          s,
          record!.external_payment_id,
          key(`delete-payment-${record!.external_payment_id}`, 0),
        );
        await save({ external_payment_id: null, payment_amount: 0 });
        recordedBase = 0;
      }
      if (targetBase > 0) {
        const inv = await findInvoice();
        const id = await connector.createPayment(s, {
          invoice: inv,
          amount: targetBase,
          currency: payment.currency,
          date,
          reference,
          depositAccount: c.payment_account_code!,
          idempotencyKey: key('payment', targetBase),
        });
        await save({ external_invoice_id: inv.id, external_payment_id: id, payment_amount: targetBase });
      }
    }
    if (recordedSurcharge !== targetSurcharge) {
      if (record!.external_surcharge_id) {
        await connector.deleteSurcharge(
          s,
          record!.external_surcharge_id,
          key(`delete-surcharge-${record!.external_surcharge_id}`, 0),
        );
        await save({ external_surcharge_id: null, surcharge_amount: 0 });
      }
      if (targetSurcharge > 0) {
        const inv = await findInvoice();
        const id = await connector.createSurcharge(s, {
          invoice: inv,
          amount: targetSurcharge,
          currency: payment.currency,
          date,
          reference: `Surcharge ${reference}`.slice(0, 255),
          depositAccount: c.payment_account_code!,
          incomeAccount: c.surcharge_account_code!,
          idempotencyKey: key('surcharge', targetSurcharge),
        });
        await save({ external_surcharge_id: id, surcharge_amount: targetSurcharge });
      }
    }
  });
  invalidateLiveAmountDue(deps, payment.merchant_id, payment.invoice_number);
  return writebacksFor(payment, refunds, c);
}

function writebacksFor(
  payment: Payment,
  refunds: Array<{ id: string }>,
  c: AccountingConnection,
): WritebackInput[] {
  return [
    { paymentId: payment.id, source: c.provider },
    ...refunds.map((r) => ({ paymentId: payment.id, refundId: r.id, source: c.provider })),
  ];
}
