/** /admin/dashboard: figures, the test payment page, the 30-day chart and the latest payments. */
import { Box, Button, Card, CardContent, Grid, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { Link } from 'react-router-dom';
import { useApi } from '../shared/useApi.ts';
import type { Merchant, Stats } from '../shared/types.ts';
import { ActivityChart } from './ActivityChart.tsx';
import { RecentPayments } from './RecentPayments.tsx';
import { StatCards } from './StatCards.tsx';

/** A ready-to-pay test link on the newest merchant that can take payments, else the bare /pay page. */
function useTestPaymentUrl(): string {
  const { data } = useGetList<Merchant>('merchants', {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'created_at', order: 'DESC' },
    filter: { stripe_onboarding_complete: true },
  });
  const merchant = data?.[0];
  if (!merchant) return '/pay';
  const invoice = `TEST-${Math.floor(1000 + Math.random() * 9000)}`;
  return `/pay/${merchant.id}?${new URLSearchParams({ invoiceno: invoice, amount: '100.00', currency: 'AUD' })}`;
}

function TestPaymentCard() {
  const url = useTestPaymentUrl();
  return (
    <Card component="section" aria-labelledby="test-payment-title" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id="test-payment-title" variant="h6" component="h2">
          Test Payment Page
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          Open the customer payment page with a test invoice to check the flow end to end.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" href={url} target="_blank" rel="noopener">
            Go to Test Payment Page
          </Button>
          <Button component={Link} to="/test-xero-urls">
            Test Xero URLs
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

export function Dashboard() {
  const { data: stats, isPending, error } = useApi<Stats>('/api/admin/stats');
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      {error ? (
        <Typography color="error" role="alert">
          {error.message || 'Failed to load the dashboard. Please try again.'}
        </Typography>
      ) : null}
      <StatCards stats={stats} loading={isPending && !error} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <ActivityChart stats={stats} loading={isPending && !error} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TestPaymentCard />
        </Grid>
      </Grid>
      <RecentPayments />
    </Box>
  );
}
