/**
 * /admin/xero-integration: what needs attention (refunds the accounting tool refused until someone
 * acts), per merchant the automation webhook and the Xero/QuickBooks connection (managed on
 * Merchant Details), and the sync jobs that gave up, each with Retry.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useGetList, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { ApiError } from '../api.ts';
import { accountingApi, type AccountingConnection, type OutboxJob } from '../shared/accountingApi.ts';
import { dateTime } from '../shared/format.ts';
import { useApi } from '../shared/useApi.ts';
import type { Merchant } from '../shared/types.ts';
import { AccountingAttention } from './AccountingAttention.tsx';

function ConnectionCell({ merchantId }: { merchantId: string }) {
  const { data, error, isPending } = useApi<AccountingConnection>(accountingApi.connectionPath(merchantId), {
    retry: false,
  });
  if (isPending) return <span>…</span>;
  if (error || !data?.provider) return <Chip size="small" variant="outlined" label="Not connected" />;
  return (
    <Chip
      size="small"
      color={data.status === 'connected' ? 'success' : 'warning'}
      label={`${data.provider === 'xero' ? 'Xero' : 'QuickBooks'}: ${data.status}`}
    />
  );
}

function FailedJobs() {
  const notify = useNotify();
  const { data, error, isPending, refetch } = useApi<OutboxJob[]>(accountingApi.failedJobsPath, {
    retry: false,
  });
  const [busy, setBusy] = useState<string | null>(null);
  async function retry(id: string) {
    setBusy(id);
    try {
      const job = await accountingApi.retryJob(id);
      notify(job.status === 'delivered' ? 'Sync delivered' : `Retried: ${job.last_error ?? job.status}`, {
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
    <Card component="section" aria-labelledby="failed-title">
      <CardContent>
        <Typography id="failed-title" variant="h6" component="h2">
          Failed syncs
        </Typography>
        {isPending ? <Typography color="text.secondary">Loading…</Typography> : null}
        {error ? <Alert severity="info">Sync jobs are not available: {error.message}</Alert> : null}
        {data && !data.length ? <Typography color="text.secondary">No failed syncs.</Typography> : null}
        {data?.length ? (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Target</TableCell>
                  <TableCell>Payment</TableCell>
                  <TableCell>Attempts</TableCell>
                  <TableCell>Last error</TableCell>
                  <TableCell>Updated</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((j) => (
                  <TableRow key={j.id}>
                    <TableCell>{j.kind.replace(/_/g, ' ')}</TableCell>
                    <TableCell>
                      {j.payment_id ? <Link to={`/payments/${j.payment_id}`}>View</Link> : '—'}
                    </TableCell>
                    <TableCell>{j.attempts}</TableCell>
                    <TableCell>
                      {j.last_error ?? (j.last_response_status ? `HTTP ${j.last_response_status}` : '—')}
                    </TableCell>
                    <TableCell>{dateTime(j.updated_at)}</TableCell>
                    <TableCell>
                      <Button size="small" onClick={() => retry(j.id)} disabled={busy === j.id}>
                        {busy === j.id ? 'Retrying...' : 'Retry'}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function XeroIntegration() {
  const { data, isPending, error } = useGetList<Merchant>('merchants', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'business_name', order: 'ASC' },
  });
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <AccountingAttention />
      <Card component="section" aria-labelledby="xero-merchants-title">
        <CardContent>
          <Typography id="xero-merchants-title" variant="h6" component="h2">
            Merchants
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Payments reach the accounting tool through the merchant's automation webhook or a direct
            Xero/QuickBooks connection. Manage both on each merchant's page.
          </Typography>
          {error ? <Alert severity="error">Failed to load merchants. Please try again.</Alert> : null}
          {isPending ? <Typography color="text.secondary">Loading…</Typography> : null}
          {data && !data.length ? <Typography color="text.secondary">No merchants yet.</Typography> : null}
          {data?.length ? (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>Merchant</TableCell>
                    <TableCell>Automation webhook</TableCell>
                    <TableCell>Accounting connection</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.map((m) => (
                    <TableRow key={m.id}>
                      <TableCell>{m.business_name}</TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          color={m.xero_integration_status === 'configured' ? 'success' : 'default'}
                          variant={m.xero_integration_status === 'configured' ? 'filled' : 'outlined'}
                          label={m.xero_integration_status === 'configured' ? 'Configured' : 'Not configured'}
                        />
                      </TableCell>
                      <TableCell>
                        <ConnectionCell merchantId={m.id} />
                      </TableCell>
                      <TableCell>
                        <Button size="small" component={Link} to={`/merchants/${m.id}`}>
                          Manage
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          ) : null}
        </CardContent>
      </Card>
      <FailedJobs />
    </Box>
  );
}
