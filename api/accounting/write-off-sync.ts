/**
 * A write-off's Xero / QuickBooks job (`payment.write_off`, api/outbox/enqueue.ts): the place where
 * the connector posts it — Xero: a credit note for the amount, allocated to the invoice; QuickBooks:
 * a credit memo applied to it — so the live amount due agrees with our balance and cannot undo it.
 *
 * Until the connectors post write-offs, the job ends as a final failure that says what to do by
 * hand (post it, then "mark recorded" on the console's invoice page, which is the write-back), never
 * as a silent success and never as endless retries.
 */
import { formatMoney } from '../../core/money.ts';
import type { AppDeps } from '../context.ts';
import type { OutboxJob } from '../db/types.ts';
import type { DeliveryOutcome } from '../outbox/deliver.ts';
import type { WriteOffDetails } from './webhook-payload.ts';

export async function syncWriteOffWithConnector(_deps: AppDeps, job: OutboxJob): Promise<DeliveryOutcome> {
  const { writeOff } = JSON.parse(job.payload) as { writeOff: WriteOffDetails };
  const label = job.kind === 'xero' ? 'Xero' : 'QuickBooks';
  const record = job.kind === 'xero' ? 'a credit note allocated to' : 'a credit memo applied to';
  return {
    type: 'retry',
    permanent: true,
    error:
      `Write-offs are not posted to ${label} automatically yet: record ${record} invoice ` +
      `${writeOff.invoice_number} for ${formatMoney(writeOff.amount_minor, writeOff.currency)} in ${label}, ` +
      'then mark the write-off recorded on the invoice page.',
  };
}
