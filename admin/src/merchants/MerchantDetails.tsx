/**
 * /admin/merchants/{id}, Merchant Details, in tabs by purpose (issue 50 item 3), the open one in the
 * address (`?tab=payments`) so a link, Back and a reload keep it:
 * - Setup: its details, the operator's review, Stripe, the accounting payment URL, the embed codes;
 * - Payments: surcharge, BECS, PayTo, staff refunds — read-only with who may change them for a member
 *   whose role does not (item 5) — and the recent payments;
 * - Accounting: the Xero / QuickBooks connection and its settings;
 * - Team: members, roles, invitations;
 * - Developers: API keys, the automation webhook, webhook endpoints, wallet domains.
 * The setup checklist stays above the tabs (for who may change the merchant) until every step is done,
 * so a step done on its tab ticks in view. A member sees the tabs their role in it opens (access.ts). While the merchant is connected to
 * Stripe but not yet onboarded, the record is re-read every few seconds (only while the page is in
 * view), so an onboarding finished elsewhere (another tab, the provider's webhook) shows without a reload.
 */
import { Alert, Box, Button, CircularProgress, Grid, Tab, Tabs } from '@mui/material';
import type { ReactNode } from 'react';
import { useGetOne, useTranslate } from 'react-admin';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { statusOf } from '../data/http.ts';
import type { Merchant } from '../shared/types.ts';
import { AccountingPanel } from './AccountingPanel.tsx';
import { ApiKeysCard } from './ApiKeysCard.tsx';
import { WidgetReleasesCard } from './WidgetReleasesCard.tsx';
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
import { TAB_LABELS, tabsFor, type MerchantTab } from './merchant-tabs.ts';

const ONBOARDING_POLL_MS = 4000;

/** Half the width on wide screens, all of it on phones. */
const Half = ({ children }: { children: ReactNode }) => <Grid size={{ xs: 12, md: 6 }}>{children}</Grid>;

function TabContent({ merchant: m, tab }: { merchant: Merchant; tab: MerchantTab }) {
  switch (tab) {
    case 'setup':
      return (
        <>
          <MerchantInfo merchant={m} />
          <Grid container spacing={2}>
            {isAdmin() ? (
              <Half>
                <ReviewPanel merchant={m} />
              </Half>
            ) : null}
            {can('connect.manage', m.id) ? (
              <Half>
                <StripePanel merchant={m} />
              </Half>
            ) : null}
            <Half>
              <PaymentUrlPanel merchant={m} />
            </Half>
            <Grid size={{ xs: 12 }}>
              <EmbedPanel merchant={m} />
            </Grid>
          </Grid>
        </>
      );
    case 'payments':
      return (
        <>
          <Grid container spacing={2}>
            <Half>
              <SurchargePanel merchant={m} />
            </Half>
            <Half>
              <StaffRefundsPanel merchant={m} />
            </Half>
            <Half>
              <BankDebitPanel merchant={m} />
            </Half>
            <Half>
              <BankDebitPanel merchant={m} method="payto" />
            </Half>
          </Grid>
          {can('payments.read', m.id) ? <MerchantPayments merchantId={m.id} /> : null}
        </>
      );
    case 'accounting':
      return <AccountingPanel merchant={m} />;
    case 'team':
      return <TeamPanel merchant={m} />;
    case 'developers':
      return (
        <Grid container spacing={2}>
          {can('api_keys.manage', m.id) ? (
            <Half>
              <ApiKeysCard />
            </Half>
          ) : null}
          {can('domains.manage', m.id) ? (
            <Half>
              <PaymentDomainsPanel merchant={m} />
            </Half>
          ) : null}
          <Grid size={{ xs: 12 }}>
            <WidgetReleasesCard />
          </Grid>
          {can('webhooks.manage', m.id) ? (
            <>
              <Grid size={{ xs: 12 }}>
                <WebhookEndpointsPanel merchant={m} />
              </Grid>
              <Grid size={{ xs: 12 }}>
                <WebhookPanel merchant={m} />
              </Grid>
            </>
          ) : null}
        </Grid>
      );
  }
}

export function MerchantDetails() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const [search, setSearch] = useSearchParams();
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
  const tabs = tabsFor(data.id);
  const asked = search.get('tab') as MerchantTab | null;
  const tab: MerchantTab = asked && tabs.includes(asked) ? asked : 'setup';
  return (
    // One column no wider than the screen: a wide table scrolls in its card, not the page.
    <Box sx={{ py: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      {can('merchant.update', data.id) ? <SetupChecklist merchant={data} /> : null}
      <Tabs
        value={tab}
        onChange={(_, next: MerchantTab) =>
          setSearch(next === 'setup' ? {} : { tab: next }, { replace: false })
        }
        aria-label={translate('console.merchant_tabs.label')}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', minWidth: 0 }}
      >
        {tabs.map((t) => (
          <Tab
            key={t}
            value={t}
            label={translate(TAB_LABELS[t])}
            id={`merchant-tab-${t}`}
            aria-controls={`merchant-tabpanel-${t}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`merchant-tabpanel-${tab}`}
        aria-labelledby={`merchant-tab-${tab}`}
        sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
      >
        <TabContent merchant={data} tab={tab} />
      </Box>
    </Box>
  );
}
