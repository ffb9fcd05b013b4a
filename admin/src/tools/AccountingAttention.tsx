/**
 * "Needs attention": refunds and write-offs the accounting tool refused until someone acts (e.g. a
 * reconciled payment in Xero that a re-open refund must lower), each with the step to take, a link
 * to the payment and Retry once done. Never a silent or endless failure. Read through the data
 * provider (`getAccountingAttention`), retried with `retryOutboxJob`.
 */
import { Alert, Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { serverMessage } from '../data/http.ts';
import { useDataQuery } from '../data/useAction.ts';
import { money } from '../shared/format.ts';
import { useRetryJob } from './useRetryJob.ts';
import { QueryCard } from '../shared/QueryCard.tsx';

export function AccountingAttention() {
  const translate = useTranslate();
  const { data, error, isPending } = useDataQuery(
    ['accounting-attention'],
    (dp) => dp.getAccountingAttention(),
    {
      retry: false,
    },
  );
  const retry = useRetryJob('console.attention.recorded');
  const busyWith = retry.isPending ? retry.variables : null;
  return (
    <QueryCard
      titleId="attention-title"
      title="console.attention.title"
      isPending={isPending}
      failure={
        error ? (
          <Alert severity="info">
            {translate('console.attention.unavailable', { detail: serverMessage(error) ?? '' })}
          </Alert>
        ) : null
      }
      isEmpty={!!data && !data.length}
      none="console.attention.none"
    >
      {data?.map((item) => (
        <Box
          key={item.subject_id}
          component="article"
          aria-label={`${item.merchant_name} ${item.invoice_number ?? ''}`}
          sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}
        >
          <Typography variant="subtitle2" component="h3">
            {item.merchant_name}
            {item.invoice_number
              ? translate('console.attention.invoice', { invoice: item.invoice_number })
              : ''}
            {item.amount !== null
              ? translate(item.kind === 'reopen' ? 'console.attention.reopen' : 'console.attention.credit', {
                  amount: money(item.amount, item.currency),
                })
              : ''}
          </Typography>
          <Alert severity="warning" sx={{ my: 1 }}>
            {item.message}
          </Alert>
          <Box sx={{ display: 'flex', gap: 1 }}>
            {item.payment_id ? (
              <Button size="small" component={Link} to={`/payments/${item.payment_id}`}>
                {translate('console.attention.view_payment')}
              </Button>
            ) : null}
            {item.job_id ? (
              <Button
                size="small"
                variant="outlined"
                onClick={() => retry.mutate(item.job_id!)}
                disabled={retry.isPending}
              >
                {translate(
                  busyWith === item.job_id ? 'console.sync_jobs.retrying' : 'console.sync_jobs.retry',
                )}
              </Button>
            ) : null}
          </Box>
        </Box>
      ))}
    </QueryCard>
  );
}
