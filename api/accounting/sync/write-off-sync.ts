/**
 * Write-offs of sub-minimum remainders (DESIGN §3.3) in the accounting tool: Xero gets a credit
 * note for the remainder allocated to the invoice, QuickBooks a credit memo applied to it, so the
 * live amount due agrees with our balance and cannot undo the write-off.
 *
 * The console's write-off enqueues the job in its transaction (`enqueueWriteOffSync` in
 * api/accounting/sync/enqueue.ts): kind 'xero' | 'quickbooks', `write_off_id` set, key
 * `payment.write_off:<writeOffId>:<kind>`, payload `{ event: 'payment.write_off', writeOff }` with
 * the write-off as the automation webhook carries it (api/merchant-webhooks/webhook-payload.ts
 * `WriteOffDetails`: amount in minor units, `date` the merchant's local date). Once the tool has it,
 * the write-off counts as written back (DESIGN §3.3 `S`).
 */
import { z } from 'zod';
import { localDate } from '../../../core/local-date.ts';
import type { AppDeps } from '../../context.ts';
import type { OutboxJob } from '../../db/types.ts';
import { connectorRetry, type DeliveryOutcome } from './delivery-outcome.ts';
import { withSession, type AccountingConnection } from '../connections/connections.ts';
import { ConnectorError } from '../connector.ts';
import { clearAttention, entriesFor, stepLog } from '../records/entries.ts';
import { invalidateInvoiceContent } from '../live/invoice-content.ts';
import { invalidateLiveAmountDue } from '../live/live-amount.ts';
import { findMerchantEvenDeleted } from '../../merchants/rows.ts';

export const WRITE_OFF_EVENT = 'payment.write_off';

/** The connector job's payload (checked before anything is posted). */
const WriteOffJob = z.object({
  event: z.literal(WRITE_OFF_EVENT),
  writeOff: z.object({
    id: z.string().min(1).max(100),
    merchant_id: z.string().min(1).max(100),
    invoice_number: z.string().min(1).max(255),
    currency: z.string().regex(/^[A-Z]{3}$/),
    /** Minor units, > 0. */
    amount_minor: z.number().int().positive(),
    /** YYYY-MM-DD (the merchant's local date) or an ISO timestamp. */
    date: z.string().min(10).max(40),
  }),
});

const final = (message: string) => new ConnectorError(message, { retryable: false });

export async function deliverWriteOff(
  deps: AppDeps,
  c: AccountingConnection,
  job: OutboxJob,
): Promise<DeliveryOutcome> {
  const parsed = WriteOffJob.safeParse(JSON.parse(job.payload));
  if (!parsed.success) return { type: 'retry', error: 'The write-off event is malformed', permanent: true };
  const { writeOff } = parsed.data;
  const w = {
    writeOffId: writeOff.id,
    merchantId: writeOff.merchant_id,
    invoiceNumber: writeOff.invoice_number,
    currency: writeOff.currency,
    amount: writeOff.amount_minor,
    date: writeOff.date,
  };
  const label = c.provider === 'xero' ? 'Xero' : 'QuickBooks';
  const merchant = await findMerchantEvenDeleted(deps.database.db, w.merchantId);
  if (!merchant) throw new Error(`write-off ${w.writeOffId}: merchant ${w.merchantId} not found`);
  const date = /^\d{4}-\d{2}-\d{2}$/.test(w.date) ? w.date : localDate(w.date, merchant.time_zone);
  const subject = {
    provider: c.provider,
    merchantId: w.merchantId,
    paymentId: null,
    type: 'write_off' as const,
    id: w.writeOffId,
    currency: w.currency,
  };
  try {
    if (!c.credit_account_code)
      throw final(
        `Choose the ${label} ${c.provider === 'xero' ? 'account' : 'product/service'} that credit notes for write-offs are booked to (accounting settings)`,
      );
    const entries = await entriesFor(deps.database.db, c.provider, [w.writeOffId]);
    await withSession(deps, c, async (s, connector) => {
      if (connector.writeOffSteps.every((step) => entries.some((e) => e.step === step))) return;
      const invoice = await connector.findInvoice(s, w.invoiceNumber);
      if (!invoice) throw final(`Invoice ${w.invoiceNumber} was not found in ${label}`);
      if (invoice.currency !== w.currency)
        throw final(
          `Invoice ${w.invoiceNumber} in ${label} is in ${invoice.currency}; the write-off is in ${w.currency}`,
        );
      // A credit already made (an earlier attempt) keeps its amount; otherwise never credit more than is due there.
      const amount = entries[0]?.amount ?? Math.min(w.amount, invoice.amountDue);
      if (amount <= 0) return; // nothing is due there any more: nothing to write off
      await connector.recordWriteOff(
        s,
        {
          invoice,
          amount,
          currency: w.currency,
          date,
          reference: `Write-off ${w.writeOffId}`.slice(0, 255),
          description: `Write-off of the remainder of invoice ${w.invoiceNumber} (below the card minimum)`,
          creditAccount: c.credit_account_code!,
          idempotencyKey: `invoicepay:write-off:${w.writeOffId}`,
        },
        stepLog(deps, subject, entries),
      );
    });
    invalidateLiveAmountDue(deps, w.merchantId, w.invoiceNumber);
    invalidateInvoiceContent(deps, w.merchantId, w.invoiceNumber);
    await clearAttention(deps, [w.writeOffId]);
    return {
      type: 'delivered',
      responseStatus: 200,
      writebacks: [{ writeOffId: w.writeOffId, source: c.provider }],
    };
  } catch (err) {
    if (!(err instanceof ConnectorError)) throw err;
    return connectorRetry(err);
  }
}
