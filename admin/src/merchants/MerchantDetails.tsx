/** /admin/merchants/{id}, Merchant Details: info, surcharge, Stripe, payment URL, webhook, accounting, payments. */
import { Alert, Box, Button, CircularProgress, Grid } from '@mui/material';
import { useGetOne } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { Merchant } from '../shared/types.ts';
import { AccountingPanel } from './AccountingPanel.tsx';
import { MerchantInfo } from './MerchantInfo.tsx';
import { MerchantPayments } from './MerchantPayments.tsx';
import { PaymentDomainsPanel } from './PaymentDomainsPanel.tsx';
import { PaymentUrlPanel } from './PaymentUrlPanel.tsx';
import { StripePanel } from './StripePanel.tsx';
import { SurchargePanel } from './SurchargePanel.tsx';
import { WebhookPanel } from './WebhookPanel.tsx';

export function MerchantDetails() {
  const { id = '' } = useParams();
  const { data, isPending, error, refetch } = useGetOne<Merchant>(
    'merchants',
    { id },
    { retry: false, onError: () => undefined },
  );
  if (isPending) {
    return (
      <Box sx={{ py: 6, textAlign: 'center' }}>
        <CircularProgress aria-label="Loading merchant" />
      </Box>
    );
  }
  if (error || !data) {
    const missing = (error as { status?: number } | null)?.status === 404 || !error;
    return (
      <Box sx={{ py: 4 }}>
        <Alert severity={missing ? 'warning' : 'error'} role="alert">
          {missing ? 'Merchant not found.' : 'Failed to load merchant details. Please try again.'}
        </Alert>
        <Button component={Link} to="/merchants" sx={{ mt: 2 }}>
          Back
        </Button>
      </Box>
    );
  }
  const changed = () => void refetch();
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <MerchantInfo merchant={data} onChanged={changed} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <StripePanel merchant={data} onChanged={changed} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PaymentUrlPanel merchant={data} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <WebhookPanel merchant={data} onChanged={changed} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <AccountingPanel merchant={data} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SurchargePanel merchant={data} onChanged={changed} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PaymentDomainsPanel merchant={data} />
        </Grid>
      </Grid>
      <MerchantPayments merchantId={data.id} />
    </Box>
  );
}
