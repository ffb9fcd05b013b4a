/** /admin/dashboard: figures, the test payment page, the 30-day chart and the latest payments. */
import { Box, Button, Card, CardContent, Grid, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useDataQuery } from '../data/useAction.ts';
import type { Merchant } from '../shared/types.ts';
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
  const translate = useTranslate();
  return (
    <Card component="section" aria-labelledby="test-payment-title" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id="test-payment-title" variant="h6" component="h2">
          {translate('console.dashboard.test_payment_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          {translate('console.dashboard.test_payment_text')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" href={url} target="_blank" rel="noopener">
            {translate('console.dashboard.test_payment_button')}
          </Button>
          <Button component={Link} to="/test-xero-urls">
            {translate('console.nav.test_xero_urls')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

export function Dashboard() {
  const translate = useTranslate();
  const { data: stats, isPending, error } = useDataQuery(['payments', 'stats'], (dp) => dp.getStats());
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      {error ? (
        <Typography color="error" role="alert">
          {error.message || translate('console.dashboard.load_failed')}
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
