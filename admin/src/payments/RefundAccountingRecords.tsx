/**
 * The payment page's "Refunds in Xero" (or QuickBooks) card: for each refund, its kind (credit or
 * re-open), its local date, whether it is recorded, and each record the connector made — credit
 * note, cash refund, refund receipt, surcharge refund, lowered or deleted payment — with its number
 * or id, amount and date. A refund that needs attention shows the step to take and a Retry button.
 * Read through the data provider (`getPaymentAccountingRecords`), retried with `retryOutboxJob`.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDataQuery } from '../data/useAction.ts';
import type { RefundRecords } from '../shared/accounting-types.ts';
import { money, type Tone } from '../shared/format.ts';
import { StatusChip } from '../shared/StatusChip.tsx';
import { useRetryJob } from '../tools/useRetryJob.ts';
import { HeadRow, right } from '../shared/HeadRow.tsx';

const STATUS: Record<RefundRecords['status'], { label: string; tone: Tone }> = {
  recorded: { label: 'console.refund_records.status.recorded', tone: 'success' },
  pending: { label: 'console.refund_records.status.pending', tone: 'warning' },
  failed: { label: 'console.refund_records.status.failed', tone: 'error' },
  needs_attention: { label: 'console.refund_records.status.needs_attention', tone: 'error' },
  not_recorded: { label: 'console.refund_records.status.not_recorded', tone: 'default' },
};

function RefundBlock({ refund, tool, canRetry }: { refund: RefundRecords; tool: string; canRetry: boolean }) {
  const translate = useTranslate();
  const retry = useRetryJob('console.refund_records.retried', { tool });
  const status = STATUS[refund.status];
  return (
    <Box
      component="article"
      aria-label={translate('console.refund_records.label', {
        amount: money(refund.amount, refund.currency),
      })}
      sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h3">
          {translate(
            refund.kind === 'credit' ? 'console.refund_records.credited' : 'console.refund_records.reopened',
            { amount: money(refund.amount, refund.currency), date: refund.date },
          )}
        </Typography>
        <StatusChip status={refund.status} tone={status.tone} label={translate(status.label)} />
        {canRetry && (refund.status === 'needs_attention' || refund.status === 'failed') && refund.job_id ? (
          <Button size="small" onClick={() => retry.mutate(refund.job_id!)} disabled={retry.isPending}>
            {translate(retry.isPending ? 'console.sync_jobs.retrying' : 'console.sync_jobs.retry')}
          </Button>
        ) : null}
      </Box>
      {refund.attention ? (
        <Alert severity="warning" role="alert" sx={{ mt: 1 }}>
          {refund.attention}
        </Alert>
      ) : null}
      {refund.entries.length ? (
        <Table size="small" aria-label={translate('console.refund_records.table', { tool })} sx={{ mt: 1 }}>
          <HeadRow
            columns={[
              'console.refund_records.record',
              'console.refund_records.number',
              right('console.refund_records.amount'),
              'console.refund_records.date',
            ]}
          />
          <TableBody>
            {refund.entries.map((e) => (
              <TableRow key={e.step}>
                <TableCell>{e.label}</TableCell>
                <TableCell>
                  <code>{e.external_number ?? e.external_id ?? '—'}</code>
                </TableCell>
                <TableCell align="right">{money(e.amount, e.currency)}</TableCell>
                <TableCell>{e.date}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </Box>
  );
}

export function RefundAccountingRecords({
  paymentId,
  refundCount,
  canRetry,
}: {
  paymentId: string;
  refundCount: number;
  /** Retrying a sync job is the accounting connection's (owners, admins). */
  canRetry: boolean;
}) {
  const translate = useTranslate();
  const { data } = useDataQuery(
    // The count in the key reads the records again when a refund is added.
    ['accounting-records', paymentId, refundCount],
    (dp) => dp.getPaymentAccountingRecords({ id: paymentId }),
    { retry: false, enabled: refundCount > 0 },
  );
  if (!data?.provider || data.refunds.length === 0) return null;
  const tool = data.provider === 'xero' ? 'Xero' : 'QuickBooks';
  return (
    <Card component="section" aria-labelledby="refund-records-title">
      <CardContent>
        <Typography id="refund-records-title" variant="h6" component="h2">
          {translate('console.refund_records.title', { tool })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('console.refund_records.intro')}
        </Typography>
        {data.refunds.map((r) => (
          <RefundBlock key={r.refund_id} refund={r} tool={tool} canRetry={canRetry} />
        ))}
      </CardContent>
    </Card>
  );
}
