/**
 * "Needs attention": refunds and write-offs the accounting tool refused until someone acts (e.g. a
 * reconciled payment in Xero that a re-open refund must lower), each with the step to take, a link
 * to the payment and Retry once done. Never a silent or endless failure. Read through the data
 * provider (`getAccountingAttention`), retried with `retryOutboxJob`.
 */
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { serverMessage } from '../data/http.ts';
import { useDataQuery } from '../data/useAction.ts';
import { money } from '../shared/format.ts';
import { useRetryJob } from './useRetryJob.ts';

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
    <Card component="section" aria-labelledby="attention-title">
      <CardContent>
        <Typography id="attention-title" variant="h6" component="h2">
          {translate('console.attention.title')}
        </Typography>
        {isPending ? (
          <Typography color="text.secondary">{translate('console.common.loading')}</Typography>
        ) : null}
        {error ? (
          <Alert severity="info">
            {translate('console.attention.unavailable', { detail: serverMessage(error) ?? '' })}
          </Alert>
        ) : null}
        {data && !data.length ? (
          <Typography color="text.secondary">{translate('console.attention.none')}</Typography>
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
              {item.invoice_number
                ? translate('console.attention.invoice', { invoice: item.invoice_number })
                : ''}
              {item.amount !== null
                ? translate(
                    item.kind === 'reopen' ? 'console.attention.reopen' : 'console.attention.credit',
                    {
                      amount: money(item.amount, item.currency),
                    },
                  )
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
      </CardContent>
    </Card>
  );
}
