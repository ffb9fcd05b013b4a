/**
 * /admin/dashboard for a merchant member (issue 32): their merchants' figures — payments, the amount
 * paid to them (net of refunds) and what is still clearing, the last 30 days, the latest payments —
 * for the merchant chosen in the switcher, or all of theirs. The server scopes every figure
 * (`GET /api/admin/stats`); the platform's (merchants onboarded, platform revenue) are not shown.
 */
import { Box, Grid, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { myMemberships } from '../access.ts';
import { useDataQuery } from '../data/useAction.ts';
import { useMemberChoice } from '../merchant-choice.ts';
import { ActivityChart } from './ActivityChart.tsx';
import { RecentPayments } from './RecentPayments.tsx';
import { amountsText, StatCard, TotalPaymentsCard } from './StatCards.tsx';

export function MemberDashboard() {
  const translate = useTranslate();
  const chosen = useMemberChoice();
  const {
    data: stats,
    isPending,
    error,
  } = useDataQuery(['payments', 'stats', chosen], (dp) => dp.getStats());
  const loading = isPending && !error;
  const names = myMemberships()
    .filter((m) => !chosen || m.merchant_id === chosen)
    .map((m) => m.merchant_name)
    .join(', ');
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {translate('console.dashboard.merchant_payments_intro', { merchants: names })}
      </Typography>
      {error ? (
        <Typography color="error" role="alert">
          {error.message || translate('console.dashboard.load_failed')}
        </Typography>
      ) : null}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TotalPaymentsCard stats={stats} loading={loading} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <StatCard
            id="paid-total"
            label={translate('console.dashboard.paid_total')}
            value={amountsText(stats?.payment_volume ?? [])}
            note={translate('console.dashboard.paid_note')}
            loading={loading}
          />
        </Grid>
      </Grid>
      <ActivityChart stats={stats} loading={loading} measure="paid" />
      <RecentPayments />
    </Box>
  );
}
