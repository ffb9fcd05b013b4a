/**
 * Write-offs of sub-minimum remainders (DESIGN §3.3) in the accounting tool: Xero gets a credit
 * note for the remainder allocated to the invoice, QuickBooks a credit memo applied to it, so the
 * live amount due agrees with our balance and cannot undo the write-off.
 *
 * THE CONTRACT with the code that writes off (the invoices' admin action), defined here only:
 * inside the transaction that records the write-off, call
 *
 *   await enqueueWriteOffSync(trx, { writeOffId, merchantId, invoiceNumber, currency, amount, date }, deps.clock);
 *
 * It inserts one outbox job for the merchant's Xero or QuickBooks connection (if any): `kind` =
 * 'xero' | 'quickbooks', `payment_id` and `refund_id` null, `idempotency_key` =
 * `payment.write_off:<writeOffId>:<kind>`, `payload` = JSON of `WriteOffEvent` below (`event` =
 * 'payment.write_off', `amount` in minor units, `date` the merchant's local date YYYY-MM-DD or an
 * ISO timestamp, which is then converted to it). The worker delivers it through `deliverWriteOff`.
 */
import { z } from 'zod';
import { localDate } from '../../core/local-date.ts';
import { systemClock, type Clock, type AppDeps } from '../context.ts';
import type { DbOrTrx } from '../db/database.ts';
import type { OutboxJob } from '../db/types.ts';
import type { DeliveryOutcome } from '../outbox/deliver.ts';
import { insertJob } from '../outbox/repository.ts';
import { withSession, type AccountingConnection } from './connections.ts';
import { ConnectorError } from './connector.ts';
import { clearAttention, entriesFor, stepLog } from './entries.ts';
import { invalidateLiveAmountDue } from './live-amount.ts';

export const WRITE_OFF_EVENT = 'payment.write_off';

export const WriteOffEvent = z.object({
  event: z.literal(WRITE_OFF_EVENT),
  writeOffId: z.string().min(1).max(100),
  merchantId: z.string().min(1).max(100),
  invoiceNumber: z.string().min(1).max(255),
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** Minor units, > 0. */
  amount: z.number().int().positive(),
  /** YYYY-MM-DD (the merchant's local date) or an ISO timestamp. */
  date: z.string().min(10).max(40),
});
export type WriteOffEvent = z.infer<typeof WriteOffEvent>;

export const writeOffJobKey = (writeOffId: string, target: 'xero' | 'quickbooks') =>
  `${WRITE_OFF_EVENT}:${writeOffId}:${target}`;

/** Enqueue the write-off for the merchant's accounting connection; returns the targets that got a job. */
export async function enqueueWriteOffSync(
  trx: DbOrTrx,
  input: Omit<WriteOffEvent, 'event'>,
  clock: Clock = systemClock,
): Promise<Array<'xero' | 'quickbooks'>> {
  const event = WriteOffEvent.parse({ event: WRITE_OFF_EVENT, ...input });
  const connection = await trx
    .selectFrom('accounting_connections')
    .select('provider')
    .where('merchant_id', '=', event.merchantId)
    .executeTakeFirst();
  if (!connection) return [];
  const stamp = clock.now().toISOString();
  const inserted = await insertJob(trx, {
    id: crypto.randomUUID(),
    kind: connection.provider,
    merchant_id: event.merchantId,
    payment_id: null,
    refund_id: null,
    idempotency_key: writeOffJobKey(event.writeOffId, connection.provider),
    payload: JSON.stringify(event),
    next_attempt_at: stamp,
    created_at: stamp,
    updated_at: stamp,
  });
  return inserted ? [connection.provider] : [];
}

const final = (message: string) => new ConnectorError(message, { retryable: false });

export async function deliverWriteOff(
  deps: AppDeps,
  c: AccountingConnection,
  job: OutboxJob,
): Promise<DeliveryOutcome> {
  const parsed = WriteOffEvent.safeParse(JSON.parse(job.payload));
  if (!parsed.success) return { type: 'retry', error: 'The write-off event is malformed', permanent: true };
  const w = parsed.data;
  const label = c.provider === 'xero' ? 'Xero' : 'QuickBooks';
  const merchant = await deps.database.db
    .selectFrom('merchants')
    .select('time_zone')
    .where('id', '=', w.merchantId)
    .executeTakeFirstOrThrow();
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
    await clearAttention(deps, [w.writeOffId]);
    return { type: 'delivered', responseStatus: 200, writebacks: [] };
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
