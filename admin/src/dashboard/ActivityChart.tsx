/**
 * Payments and platform revenue over the last 30 days, hand-rolled SVG (no chart library): bars for
 * the number of payments per day, a line for revenue in the platform's main currency. The same
 * figures are available to screen readers as a table. A merchant member's dashboard draws the amount
 * paid to their merchants instead of the platform's revenue (`measure="paid"`).
 */
import { Box, Card, CardContent, Skeleton, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { money, shortDay } from '../shared/format.ts';
import type { Stats } from '../shared/types.ts';

const W = 600;
const H = 160;
const PAD = { top: 10, right: 8, bottom: 22, left: 8 };

/** The texts of each measure. */
const TEXTS = {
  revenue: {
    summary: 'console.dashboard.chart_summary',
    legend: 'console.dashboard.chart_revenue',
    column: 'console.dashboard.revenue',
    caption: 'console.dashboard.chart_caption',
  },
  paid: {
    summary: 'console.dashboard.chart_summary_paid',
    legend: 'console.dashboard.chart_paid',
    column: 'console.dashboard.paid',
    caption: 'console.dashboard.chart_caption_paid',
  },
} as const;

export function ActivityChart({
  stats,
  loading,
  measure = 'revenue',
}: {
  stats: Stats | undefined;
  loading: boolean;
  /** The line: the platform's revenue (admins) or the amount paid (a merchant's figures). */
  measure?: 'revenue' | 'paid';
}) {
  const texts = TEXTS[measure];
  const translate = useTranslate();
  const { palette } = useTheme();
  // The theme's colours (brand green, light and dark), not fixed ones.
  const barColour = palette.primary.light;
  const lineColour = palette.primary.dark;
  const axisColour = palette.divider;
  const labelColour = palette.text.secondary;
  const series = stats?.series ?? [];
  const currency =
    (measure === 'paid' ? stats?.payment_volume : stats?.platform_revenue)?.[0]?.currency ?? 'AUD';
  const revenueOf = (d: Stats['series'][number]) =>
    (measure === 'paid' ? d.volume : d.revenue).find((r) => r.currency === currency)?.amount ?? 0;
  const maxCount = Math.max(1, ...series.map((d) => d.payments));
  const maxRevenue = Math.max(1, ...series.map(revenueOf));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const step = series.length ? innerW / series.length : innerW;
  const totalPayments = series.reduce((n, d) => n + d.payments, 0);
  const totalRevenue = series.reduce((n, d) => n + revenueOf(d), 0);
  const line = series
    .map((d, i) => {
      const x = PAD.left + step * i + step / 2;
      const y = PAD.top + innerH - (revenueOf(d) / maxRevenue) * innerH;
      return `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  const summary = translate(texts.summary, {
    payments: totalPayments,
    revenue: money(totalRevenue, currency),
  });

  return (
    <Card component="section" aria-labelledby="activity-title">
      <CardContent>
        <Typography id="activity-title" variant="h6" component="h2">
          {translate('console.dashboard.last_30_days')}
        </Typography>
        {loading ? (
          <Skeleton variant="rectangular" height={H} />
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="chart-summary">
              {summary}
            </Typography>
            <Box sx={{ display: 'flex', gap: 2, fontSize: 12, mb: 1 }} aria-hidden="true">
              <span>
                <span
                  style={{
                    display: 'inline-block',
                    width: 10,
                    height: 10,
                    background: barColour,
                    marginRight: 4,
                  }}
                />
                {translate('console.dashboard.chart_payments')}
              </span>
              <span>
                <span
                  style={{
                    display: 'inline-block',
                    width: 10,
                    height: 2,
                    background: lineColour,
                    marginRight: 4,
                    verticalAlign: 'middle',
                  }}
                />
                {translate(texts.legend, { currency })}
              </span>
            </Box>
            <svg
              viewBox={`0 0 ${W} ${H}`}
              width="100%"
              role="img"
              aria-label={summary}
              data-testid="activity-chart"
              style={{ display: 'block', maxHeight: 220 }}
            >
              <line
                x1={PAD.left}
                x2={W - PAD.right}
                y1={PAD.top + innerH}
                y2={PAD.top + innerH}
                stroke={axisColour}
              />
              {series.map((d, i) => {
                const h = (d.payments / maxCount) * innerH;
                return (
                  <rect
                    key={d.date}
                    x={PAD.left + step * i + step * 0.15}
                    y={PAD.top + innerH - h}
                    width={step * 0.7}
                    height={h}
                    fill={barColour}
                  >
                    <title>
                      {translate('console.dashboard.chart_day', {
                        date: shortDay(d.date),
                        payments: d.payments,
                        revenue: money(revenueOf(d), currency),
                      })}
                    </title>
                  </rect>
                );
              })}
              {series.length ? <path d={line} fill="none" stroke={lineColour} strokeWidth={2} /> : null}
              {series.length ? (
                <>
                  <text x={PAD.left} y={H - 6} fontSize={11} fill={labelColour}>
                    {shortDay(series[0].date, true)}
                  </text>
                  <text x={W - PAD.right} y={H - 6} fontSize={11} fill={labelColour} textAnchor="end">
                    {shortDay(series[series.length - 1].date, true)}
                  </text>
                </>
              ) : null}
            </svg>
            <table
              style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
            >
              <caption>{translate(texts.caption)}</caption>
              <thead>
                <tr>
                  <th scope="col">{translate('console.payments.columns.date')}</th>
                  <th scope="col">{translate('console.dashboard.chart_payments')}</th>
                  <th scope="col">{translate(texts.column)}</th>
                </tr>
              </thead>
              <tbody>
                {series
                  .filter((d) => d.payments > 0)
                  .map((d) => (
                    <tr key={d.date}>
                      <td>{shortDay(d.date)}</td>
                      <td>{d.payments}</td>
                      <td>{money(revenueOf(d), currency)}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </>
        )}
      </CardContent>
    </Card>
  );
}
