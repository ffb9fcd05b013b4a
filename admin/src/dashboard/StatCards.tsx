/**
 * Dashboard cards: Total Merchants, Active Merchants (approved; with the share connected to Stripe,
 * those suspended, and a link to those awaiting review), Total Payments, Platform Revenue.
 */
import { Card, CardContent, Grid, Link, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { money } from '../shared/format.ts';
import type { Stats } from '../shared/types.ts';

/** The merchants list filtered to those awaiting the operator's review. */
export const REVIEW_QUEUE = `/merchants?filter=${encodeURIComponent(JSON.stringify({ status: 'pending' }))}`;

export function StatCard({
  id,
  label,
  value,
  note,
  loading,
  children,
}: {
  /** For tests: data-testid="stat-{id}". */
  id: string;
  label: string;
  value: string;
  note?: string;
  loading: boolean;
  /** Shown under the note: e.g. a link to the merchants awaiting review. */
  children?: React.ReactNode;
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
          <Typography variant="h4" component="p" data-testid={`stat-${id}`}>
            {value}
          </Typography>
        )}
        {note && !loading ? (
          <Typography variant="body2" color="text.secondary">
            {note}
          </Typography>
        ) : null}
        {!loading ? children : null}
      </CardContent>
    </Card>
  );
}

/** Amounts per currency, as one line ("A$1.00 · US$2.00"; A$0.00 for none). */
export const amountsText = (amounts: ReadonlyArray<{ amount: number; currency: string }>): string =>
  amounts.length ? amounts.map((r) => money(r.amount, r.currency)).join(' · ') : money(0, 'AUD');

/** Total Payments, all time, with what bank debits still have clearing (the platform's or a member's). */
export function TotalPaymentsCard({ stats, loading }: { stats: Stats | undefined; loading: boolean }) {
  const translate = useTranslate();
  return (
    <StatCard
      id="total-payments"
      label={translate('console.dashboard.total_payments')}
      value={String(stats?.total_payments ?? 0)}
      note={[
        translate('console.dashboard.all_time'),
        // Bank debits submitted and not yet cleared are counted apart: "A$X clearing".
        ...(stats?.clearing ?? []).map((c) =>
          translate('console.bank_debit.clearing', { amount: money(c.amount, c.currency) }),
        ),
      ].join(' · ')}
      loading={loading}
    />
  );
}

export function StatCards({ stats, loading }: { stats: Stats | undefined; loading: boolean }) {
  const revenue = stats?.platform_revenue ?? [];
  const feePct = ((stats?.platform_fee_bps ?? 125) / 100).toFixed(2).replace(/0$/, '');
  const translate = useTranslate();
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatCard
          id="total-merchants"
          label={translate('console.dashboard.total_merchants')}
          value={String(stats?.total_merchants ?? 0)}
          loading={loading}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatCard
          id="active-merchants"
          label={translate('console.dashboard.active_merchants')}
          value={String(stats?.active_merchants ?? 0)}
          note={[
            translate('console.dashboard.onboarded', { percent: stats?.onboarded_percentage ?? 0 }),
            ...(stats?.suspended_merchants
              ? [translate('console.dashboard.suspended', { smart_count: stats.suspended_merchants })]
              : []),
          ].join(' · ')}
          loading={loading}
        >
          {stats?.awaiting_review ? (
            <Link component={RouterLink} to={REVIEW_QUEUE} variant="body2" data-testid="review-queue-link">
              {translate('console.dashboard.awaiting_review', { smart_count: stats.awaiting_review })}
            </Link>
          ) : null}
        </StatCard>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <TotalPaymentsCard stats={stats} loading={loading} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatCard
          id="platform-revenue"
          label={translate('console.dashboard.platform_revenue')}
          value={amountsText(revenue)}
          note={translate('console.dashboard.platform_fee', { percent: feePct })}
          loading={loading}
        />
      </Grid>
    </Grid>
  );
}
