/**
 * "Needs attention": refunds and write-offs the accounting tool refused until someone acts (e.g. a
 * reconciled payment in Xero that a re-open refund must lower), each with the step to take, a link
 * to the payment and Retry once done. Never a silent or endless failure.
 */
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { ApiError } from '../api.ts';
import { accountingApi } from '../shared/accountingApi.ts';
import { accountingRecordsApi, type AttentionItem } from '../shared/accountingRecordsApi.ts';
import { money } from '../shared/format.ts';
import { useApi } from '../shared/useApi.ts';

export function AccountingAttention() {
  const notify = useNotify();
  const { data, error, isPending, refetch } = useApi<AttentionItem[]>(accountingRecordsApi.attentionPath, {
    retry: false,
  });
  const [busy, setBusy] = useState<string | null>(null);
  async function retry(item: AttentionItem) {
    if (!item.job_id) return;
    setBusy(item.subject_id);
    try {
      const job = await accountingApi.retryJob(item.job_id);
      notify(job.status === 'delivered' ? 'Recorded' : (job.last_error ?? 'Still not recorded'), {
        type: job.status === 'delivered' ? 'success' : 'warning',
      });
      await refetch();
    } catch (err) {
      notify(err instanceof ApiError ? err.message : 'Failed to retry. Please try again.', { type: 'error' });
    } finally {
      setBusy(null);
    }
  }
  return (
    <Card component="section" aria-labelledby="attention-title">
      <CardContent>
        <Typography id="attention-title" variant="h6" component="h2">
          Needs attention
        </Typography>
        {isPending ? <Typography color="text.secondary">Loading…</Typography> : null}
        {error ? <Alert severity="info">The list is not available: {error.message}</Alert> : null}
        {data && !data.length ? (
          <Typography color="text.secondary">Nothing needs attention.</Typography>
        ) : null}
        {data?.map((item) => (
          <Box
            key={item.subject_id}
            component="article"
            aria-label={`${item.merchant_name} ${item.invoice_number ?? ''}`}
            sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}
          >
            <Typography variant="subtitle2" component="h3">
              {item.merchant_name}
              {item.invoice_number ? ` · invoice ${item.invoice_number}` : ''}
              {item.amount !== null
                ? ` · ${item.kind === 'reopen' ? 're-open' : 'credit'} refund of ${money(item.amount, item.currency)}`
                : ''}
            </Typography>
            <Alert severity="warning" sx={{ my: 1 }}>
              {item.message}
            </Alert>
            <Box sx={{ display: 'flex', gap: 1 }}>
              {item.payment_id ? (
                <Button size="small" component={Link} to={`/payments/${item.payment_id}`}>
                  View payment
                </Button>
              ) : null}
              {item.job_id ? (
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => retry(item)}
                  disabled={busy === item.subject_id}
                >
                  {busy === item.subject_id ? 'Retrying...' : 'Retry'}
                </Button>
              ) : null}
            </Box>
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}
