/**
 * /admin/xero-integration: what needs attention (refunds the accounting tool refused until someone
 * acts), per merchant the automation webhook and the Xero/QuickBooks connection (managed on
 * Merchant Details), and the sync jobs that gave up, each with Retry. Reads and retries go through
 * the data provider.
 */
import { Alert, Box, Button, Chip, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { serverMessage } from '../data/http.ts';
import { useDataQuery } from '../data/useAction.ts';
import { dateTime } from '../shared/format.ts';
import type { Merchant } from '../shared/types.ts';
import { AccountingAttention } from './AccountingAttention.tsx';
import { useRetryJob } from './useRetryJob.ts';
import { HeadRow, hidden } from '../shared/HeadRow.tsx';
import { QueryCard, ScrollX } from '../shared/QueryCard.tsx';

function ConnectionCell({ merchantId }: { merchantId: string }) {
  const translate = useTranslate();
  const { data, error, isPending } = useDataQuery(
    ['accounting-connection', merchantId],
    (dp) => dp.getAccountingConnection({ id: merchantId }),
    { retry: false },
  );
  if (isPending) return <span>…</span>;
  if (error || !data?.provider)
    return (
      <Chip size="small" variant="outlined" label={translate('console.xero_integration.not_connected')} />
    );
  return (
    <Chip
      size="small"
      color={data.status === 'connected' ? 'success' : 'warning'}
      label={`${data.provider === 'xero' ? 'Xero' : 'QuickBooks'}: ${data.status}`}
    />
  );
}

function FailedJobs() {
  const translate = useTranslate();
  const { data, error, isPending } = useDataQuery(['outbox-failed'], (dp) => dp.getFailedOutboxJobs(), {
    retry: false,
  });
  const retry = useRetryJob('console.sync_jobs.delivered', {}, 'console.sync_jobs.retried');
  const busyWith = retry.isPending ? retry.variables : null;
  return (
    <QueryCard
      titleId="failed-title"
      title="console.sync_jobs.title"
      isPending={isPending}
      failure={
        error ? (
          <Alert severity="info">
            {translate('console.sync_jobs.unavailable', { detail: serverMessage(error) ?? '' })}
          </Alert>
        ) : null
      }
      isEmpty={!!data && !data.length}
      none="console.sync_jobs.none"
    >
      {data?.length ? (
        <ScrollX>
          <Table size="small">
            <HeadRow
              columns={[
                'console.sync_jobs.target',
                'console.sync_jobs.payment',
                'console.sync_jobs.attempts',
                'console.sync_jobs.last_error',
                'console.sync_jobs.updated',
                hidden('console.common.actions'),
              ]}
            />
            <TableBody>
              {data.map((j) => (
                <TableRow key={j.id}>
                  <TableCell>{j.kind.replace(/_/g, ' ')}</TableCell>
                  <TableCell>
                    {j.payment_id ? (
                      <Link to={`/payments/${j.payment_id}`}>{translate('console.sync_jobs.view')}</Link>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell>{j.attempts}</TableCell>
                  <TableCell>
                    {j.last_error ?? (j.last_response_status ? `HTTP ${j.last_response_status}` : '—')}
                  </TableCell>
                  <TableCell>{dateTime(j.updated_at)}</TableCell>
                  <TableCell>
                    <Button size="small" onClick={() => retry.mutate(j.id)} disabled={retry.isPending}>
                      {translate(
                        busyWith === j.id ? 'console.sync_jobs.retrying' : 'console.sync_jobs.retry',
                      )}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollX>
      ) : null}
    </QueryCard>
  );
}

export function XeroIntegration() {
  const translate = useTranslate();
  const { data, isPending, error } = useGetList<Merchant>('merchants', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'business_name', order: 'ASC' },
  });
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <AccountingAttention />
      <QueryCard
        titleId="xero-merchants-title"
        title="console.xero_integration.merchants"
        intro="console.xero_integration.intro"
        isPending={isPending}
        failure={
          error ? <Alert severity="error">{translate('console.xero_integration.load_failed')}</Alert> : null
        }
        isEmpty={!!data && !data.length}
        none="console.xero_integration.no_merchants"
      >
        {data?.length ? (
          <ScrollX>
            <Table size="small">
              <HeadRow
                columns={[
                  'console.xero_integration.merchant',
                  'console.xero_integration.webhook',
                  'console.xero_integration.connection',
                  hidden('console.common.actions'),
                ]}
              />
              <TableBody>
                {data.map((m) => (
                  <TableRow key={m.id}>
                    <TableCell>{m.business_name}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={m.xero_integration_status === 'configured' ? 'success' : 'default'}
                        variant={m.xero_integration_status === 'configured' ? 'filled' : 'outlined'}
                        label={translate(
                          m.xero_integration_status === 'configured'
                            ? 'console.xero_integration.configured'
                            : 'console.xero_integration.not_configured',
                        )}
                      />
                    </TableCell>
                    <TableCell>
                      <ConnectionCell merchantId={m.id} />
                    </TableCell>
                    <TableCell>
                      <Button size="small" component={Link} to={`/merchants/${m.id}`}>
                        {translate('console.xero_integration.manage')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollX>
        ) : null}
      </QueryCard>
      <FailedJobs />
    </Box>
  );
}
