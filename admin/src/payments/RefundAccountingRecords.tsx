/**
 * The payment page's "Refunds in Xero" (or QuickBooks) card: for each refund, its kind (credit or
 * re-open), its local date, whether it is recorded, and each record the connector made — credit
 * note, cash refund, refund receipt, surcharge refund, lowered or deleted payment — with its number
 * or id, amount and date. A refund that needs attention shows the step to take and a Retry button.
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
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { ApiError } from '../api.ts';
import { accountingApi } from '../shared/accountingApi.ts';
import {
  accountingRecordsApi,
  type PaymentAccountingRecords,
  type RefundRecords,
} from '../shared/accountingRecordsApi.ts';
import { money, type Tone } from '../shared/format.ts';
import { StatusChip } from '../shared/StatusChip.tsx';
import { useApi } from '../shared/useApi.ts';

const STATUS: Record<RefundRecords['status'], { label: string; tone: Tone }> = {
  recorded: { label: 'recorded', tone: 'success' },
  pending: { label: 'waiting', tone: 'warning' },
  failed: { label: 'failed', tone: 'error' },
  needs_attention: { label: 'needs attention', tone: 'error' },
  not_recorded: { label: 'not recorded', tone: 'default' },
};

function RefundBlock({
  refund,
  tool,
  onRetried,
}: {
  refund: RefundRecords;
  tool: string;
  onRetried(): void;
}) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const status = STATUS[refund.status];
  async function retry() {
    if (!refund.job_id) return;
    setBusy(true);
    try {
      const job = await accountingApi.retryJob(refund.job_id);
      notify(
        job.status === 'delivered' ? `Refund recorded in ${tool}` : (job.last_error ?? 'Still not recorded'),
        {
          type: job.status === 'delivered' ? 'success' : 'warning',
        },
      );
      onRetried();
    } catch (err) {
      notify(err instanceof ApiError ? err.message : 'Failed to retry. Please try again.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Box
      component="article"
      aria-label={`Refund of ${money(refund.amount, refund.currency)}`}
      sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h3">
          {money(refund.amount, refund.currency)} {refund.kind === 'credit' ? 'credited' : 're-opened'} on{' '}
          {refund.date}
        </Typography>
        <StatusChip status={status.label} tone={status.tone} label={status.label} />
        {(refund.status === 'needs_attention' || refund.status === 'failed') && refund.job_id ? (
          <Button size="small" onClick={retry} disabled={busy}>
            {busy ? 'Retrying...' : 'Retry'}
          </Button>
        ) : null}
      </Box>
      {refund.attention ? (
        <Alert severity="warning" role="alert" sx={{ mt: 1 }}>
          {refund.attention}
        </Alert>
      ) : null}
      {refund.entries.length ? (
        <Table size="small" aria-label={`${tool} records of this refund`} sx={{ mt: 1 }}>
          <TableHead>
            <TableRow>
              <TableCell>Record</TableCell>
              <TableCell>Number or ID</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Date</TableCell>
            </TableRow>
          </TableHead>
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
}: {
  paymentId: string;
  refundCount: number;
}) {
  const { data, refetch } = useApi<PaymentAccountingRecords>(
    // The count in the key refetches the records when a refund is added.
    refundCount > 0 ? `${accountingRecordsApi.recordsPath(paymentId)}?refunds=${refundCount}` : null,
    { retry: false },
  );
  if (!data?.provider || data.refunds.length === 0) return null;
  const tool = data.provider === 'xero' ? 'Xero' : 'QuickBooks';
  return (
    <Card component="section" aria-labelledby="refund-records-title">
      <CardContent>
        <Typography id="refund-records-title" variant="h6" component="h2">
          Refunds in {tool}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          A credit refund is a credit note refunded from the bank account on the refund’s date; a re-open
          refund lowers the payment on the invoice. The surcharge part is recorded as money spent.
        </Typography>
        {data.refunds.map((r) => (
          <RefundBlock key={r.refund_id} refund={r} tool={tool} onRetried={() => void refetch()} />
        ))}
      </CardContent>
    </Card>
  );
}
