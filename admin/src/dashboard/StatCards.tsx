/** Dashboard cards: Total Merchants, Active Merchants (% onboarded), Total Payments, Platform Revenue. */
import { Card, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import { money } from '../shared/format.ts';
import type { Stats } from '../shared/types.ts';

function StatCard({
  label,
  value,
  note,
  loading,
}: {
  label: string;
  value: string;
  note?: string;
  loading: boolean;
}) {
  return (
    <Card component="section" aria-label={label} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="subtitle2" color="text.secondary" component="h2">
          {label}
        </Typography>
        {loading ? (
          <Skeleton variant="text" width="60%" height={40} data-testid="stat-skeleton" />
        ) : (
          <Typography
            variant="h4"
            component="p"
            data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}
          >
            {value}
          </Typography>
        )}
        {note && !loading ? (
          <Typography variant="body2" color="text.secondary">
            {note}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function StatCards({ stats, loading }: { stats: Stats | undefined; loading: boolean }) {
  const revenue = stats?.platform_revenue ?? [];
  const feePct = ((stats?.platform_fee_bps ?? 125) / 100).toFixed(2).replace(/0$/, '');
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatCard label="Total Merchants" value={String(stats?.total_merchants ?? 0)} loading={loading} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatCard
          label="Active Merchants"
          value={String(stats?.active_merchants ?? 0)}
          note={`${stats?.onboarded_percentage ?? 0}% onboarded`}
          loading={loading}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatCard
          label="Total Payments"
          value={String(stats?.total_payments ?? 0)}
          note="All time"
          loading={loading}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatCard
          label="Platform Revenue"
          value={
            revenue.length ? revenue.map((r) => money(r.amount, r.currency)).join(' · ') : money(0, 'AUD')
          }
          note={`${feePct}% platform fee`}
          loading={loading}
        />
      </Grid>
    </Grid>
  );
}
