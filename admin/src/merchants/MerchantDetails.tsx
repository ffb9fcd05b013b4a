/**
 * /admin/merchants/{id}, Merchant Details: info, surcharge, Stripe, payment URL, webhook,
 * accounting, wallet domains, team, embed codes, payments. A merchant member sees the panels their
 * role in it opens (access.ts); the platform's (webhook, accounting, wallet domains) stay admins'. While the merchant is connected to Stripe but
 * not yet onboarded, the record is re-read every few seconds (only while the page is in view), so the
 * outcome of an onboarding finished elsewhere (another tab, the provider's webhook) shows here
 * without a reload.
 */
import { Alert, Box, Button, CircularProgress, Grid } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { statusOf } from '../data/http.ts';
import type { Merchant } from '../shared/types.ts';
import { AccountingPanel } from './AccountingPanel.tsx';
import { EmbedPanel } from './EmbedPanel.tsx';
import { MerchantInfo } from './MerchantInfo.tsx';
import { MerchantPayments } from './MerchantPayments.tsx';
import { PaymentDomainsPanel } from './PaymentDomainsPanel.tsx';
import { PaymentUrlPanel } from './PaymentUrlPanel.tsx';
import { StripePanel } from './StripePanel.tsx';
import { StaffRefundsPanel } from './StaffRefundsPanel.tsx';
import { SurchargePanel } from './SurchargePanel.tsx';
import { BankDebitPanel } from './BankDebitPanel.tsx';
import { WebhookPanel } from './WebhookPanel.tsx';
import { WebhookEndpointsPanel } from '../webhooks/WebhookEndpointsPanel.tsx';
import { TeamPanel } from './TeamPanel.tsx';
import { can, isAdmin } from '../access.ts';
import { ReviewPanel } from './ReviewPanel.tsx';
import { SetupChecklist } from './SetupChecklist.tsx';

const ONBOARDING_POLL_MS = 4000;

export function MerchantDetails() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const { data, isPending, error } = useGetOne<Merchant>(
    'merchants',
    { id },
    {
      retry: false,
      onError: () => undefined,
      refetchInterval: (query) => {
        const m = query.state.data as Merchant | undefined;
        return m && m.stripe_account_id && !m.stripe_onboarding_complete ? ONBOARDING_POLL_MS : false;
      },
    },
  );
  if (isPending) {
    return (
      <Box sx={{ py: 6, textAlign: 'center' }}>
        <CircularProgress aria-label={translate('console.merchants.loading')} />
      </Box>
    );
  }
  if (error || !data) {
    const missing = statusOf(error) === 404 || !error;
    return (
      <Box sx={{ py: 4 }}>
        <Alert severity={missing ? 'warning' : 'error'} role="alert">
          {translate(missing ? 'console.merchants.not_found' : 'console.merchants.load_one_failed')}
        </Alert>
        <Button component={Link} to="/merchants" sx={{ mt: 2 }}>
          {translate('console.common.back')}
        </Button>
      </Box>
    );
  }
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      {can('merchant.update', data.id) ? <SetupChecklist merchant={data} /> : null}
      <MerchantInfo merchant={data} />
      <Grid container spacing={2}>
        {isAdmin() ? (
          <Grid size={{ xs: 12, md: 6 }}>
            <ReviewPanel merchant={data} />
          </Grid>
        ) : null}
        {can('connect.manage', data.id) ? (
          <Grid size={{ xs: 12, md: 6 }}>
            <StripePanel merchant={data} />
          </Grid>
        ) : null}
        <Grid size={{ xs: 12, md: 6 }}>
          <PaymentUrlPanel merchant={data} />
        </Grid>
        {can('webhooks.manage', data.id) ? (
          <Grid size={{ xs: 12, md: 6 }}>
            <WebhookPanel merchant={data} />
          </Grid>
        ) : null}
        {can('webhooks.manage', data.id) ? (
          <Grid size={{ xs: 12, md: 6 }}>
            <WebhookEndpointsPanel merchant={data} />
          </Grid>
        ) : null}
        {can('accounting.manage', data.id) ? (
          <Grid size={{ xs: 12, md: 6 }}>
            <AccountingPanel merchant={data} />
          </Grid>
        ) : null}
        {can('merchant.update', data.id) ? (
          <>
            <Grid size={{ xs: 12, md: 6 }}>
              <SurchargePanel merchant={data} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <BankDebitPanel merchant={data} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <BankDebitPanel merchant={data} method="payto" />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <StaffRefundsPanel merchant={data} />
            </Grid>
          </>
        ) : null}
        {can('domains.manage', data.id) ? (
          <Grid size={{ xs: 12, md: 6 }}>
            <PaymentDomainsPanel merchant={data} />
          </Grid>
        ) : null}
        {can('team.manage', data.id) ? (
          <Grid size={{ xs: 12 }}>
            <TeamPanel merchant={data} />
          </Grid>
        ) : null}
        <Grid size={{ xs: 12 }}>
          <EmbedPanel merchant={data} />
        </Grid>
      </Grid>
      {can('payments.read', data.id) ? <MerchantPayments merchantId={data.id} /> : null}
    </Box>
  );
}
