/**
 * The dashboard's figures, computed in SQL (never by loading rows): merchant totals, processed
 * payments, platform revenue (the platform fee of succeeded and partially refunded payments, net of
 * the fee returned by their refunds; DESIGN §3.7) per currency, and a 30-day series by day in the
 * merchant's time zone (issue 50 item 6).
 */
import { sql } from 'kysely';
import type { DbOrTrx } from '../db/database.ts';
import { inMerchants } from '../http/simple-rest.ts';
import { daysBefore, localDate, startOfLocalDay } from '../../core/local-date.ts';

/** Payments that count in totals and revenue (DESIGN §3.7). */
export const COUNTED_STATUSES = ['succeeded', 'partially_refunded'] as const;
export const SERIES_DAYS = 30;

export interface CurrencyAmount {
  currency: string;
  amount: number;
}

export interface DashboardStats {
  total_merchants: number;
  /** Approved by the operator and not suspended (status active). */
  active_merchants: number;
  /** Awaiting the operator's review (status pending). */
  awaiting_review: number;
  /** Suspended (status inactive). */
  suspended_merchants: number;
  /** Stripe onboarding complete: able to take card payments (unless suspended). */
  stripe_connected: number;
  /** Share of merchants with Stripe onboarding complete, 0–100, one decimal. */
  onboarded_percentage: number;
  total_payments: number;
  /** Net platform fee in minor units per currency, largest first. */
  platform_revenue: CurrencyAmount[];
  /** Net amount paid (base, net of refunds) per currency, largest first. */
  payment_volume: CurrencyAmount[];
  platform_fee_bps: number;
  /** Bank debits submitted and not yet cleared (status processing): their total per currency. */
  clearing: CurrencyAmount[];
  /** Per day in `time_zone`: payments, net platform fee and net amount paid (volume), per currency. */
  series: Array<{ date: string; payments: number; revenue: CurrencyAmount[]; volume: CurrencyAmount[] }>;
  series_from: string;
  series_to: string;
  /** The IANA zone the series' days are counted in. */
  time_zone: string;
}

/** Per payment: the platform fee returned by its succeeded (or in-flight) refunds. */
function refundedFees(db: DbOrTrx) {
  return db
    .selectFrom('refunds')
    .select(['payment_id', (eb) => eb.fn.sum<number | string>('platform_fee_refunded').as('fee_refunded')])
    .where('status', 'in', ['pending', 'succeeded'])
    .groupBy('payment_id')
    .as('rf');
}

function byCurrency(rows: Array<{ currency: string; amount: number | string | null }>): CurrencyAmount[] {
  return rows
    .map((r) => ({ currency: r.currency, amount: Number(r.amount ?? 0) }))
    .sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency));
}

/** The figures over `merchantIds` (null: the whole platform; a member's dashboard names theirs). */
export async function dashboardStats(
  db: DbOrTrx,
  now: Date,
  platformFeeBps: number,
  merchantIds: readonly string[] | null = null,
  timeZone = 'UTC',
): Promise<DashboardStats> {
  const merchants = await inMerchants(db.selectFrom('merchants'), 'merchants.id', merchantIds)
    .select([
      sql<number | string>`count(*)`.as('total'),
      sql<number | string>`coalesce(sum(case when stripe_onboarding_complete = 1 then 1 else 0 end), 0)`.as(
        'connected',
      ),
      sql<number | string>`coalesce(sum(case when status = 'active' then 1 else 0 end), 0)`.as('active'),
      sql<number | string>`coalesce(sum(case when status = 'pending' then 1 else 0 end), 0)`.as('pending'),
      sql<number | string>`coalesce(sum(case when status = 'inactive' then 1 else 0 end), 0)`.as('inactive'),
    ])
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();

  const perCurrency = await inMerchants(db.selectFrom('payments'), 'payments.merchant_id', merchantIds)
    .leftJoin(refundedFees(db), 'rf.payment_id', 'payments.id')
    .select([
      'payments.currency as currency',
      sql<number | string>`count(*)`.as('payments'),
      sql<number | string>`sum(payments.platform_fee - coalesce(rf.fee_refunded, 0))`.as('revenue'),
      sql<number | string>`sum(payments.amount - payments.refunded_amount)`.as('volume'),
    ])
    .where('payments.status', 'in', [...COUNTED_STATUSES])
    .groupBy('payments.currency')
    .execute();

  // The series covers today and the 29 days before it, by the day of success in `timeZone` (the
  // merchant's: a payment at 08:30 in Sydney on 8 December is 7 December 21:30 UTC, and counts on
  // the 8th). Each day's start is an instant; a CASE over them buckets in SQL on both dialects.
  const todayLocal = localDate(now, timeZone);
  const days = Array.from({ length: SERIES_DAYS }, (_, i) => daysBefore(todayLocal, SERIES_DAYS - 1 - i));
  const starts = days.map((d) => startOfLocalDay(d, timeZone));
  const end = startOfLocalDay(daysBefore(todayLocal, -1), timeZone);
  const fromIso = starts[0];
  const at = sql<string>`coalesce(payments.succeeded_at, payments.created_at)`;
  // Literals, not parameters: the CASE must read the same in SELECT and GROUP BY (PostgreSQL), and
  // every value is one we made (YYYY-MM-DD and ISO instants).
  const day = sql<string>`case ${sql.join(
    days.map(
      (_, i) =>
        sql`when ${at} >= ${sql.lit(starts[SERIES_DAYS - 1 - i])} then ${sql.lit(days[SERIES_DAYS - 1 - i])}`,
    ),
    sql` `,
  )} end`;
  const daily = await inMerchants(db.selectFrom('payments'), 'payments.merchant_id', merchantIds)
    .leftJoin(refundedFees(db), 'rf.payment_id', 'payments.id')
    .select([
      day.as('day'),
      'payments.currency as currency',
      sql<number | string>`count(*)`.as('payments'),
      sql<number | string>`sum(payments.platform_fee - coalesce(rf.fee_refunded, 0))`.as('revenue'),
      sql<number | string>`sum(payments.amount - payments.refunded_amount)`.as('volume'),
    ])
    .where('payments.status', 'in', [...COUNTED_STATUSES])
    .where(sql<boolean>`${at} >= ${fromIso}`)
    .where(sql<boolean>`${at} < ${end}`)
    .groupBy([day, 'payments.currency'])
    .execute();

  const series: DashboardStats['series'] = [];
  for (const date of days) {
    const rows = daily.filter((r) => r.day === date);
    series.push({
      date,
      payments: rows.reduce((n, r) => n + Number(r.payments), 0),
      revenue: byCurrency(rows.map((r) => ({ currency: r.currency, amount: r.revenue }))),
      volume: byCurrency(rows.map((r) => ({ currency: r.currency, amount: r.volume }))),
    });
  }

  const clearing = await inMerchants(db.selectFrom('payments'), 'payments.merchant_id', merchantIds)
    .select(['currency', (eb) => eb.fn.sum<number | string>('total_amount').as('amount')])
    .where('status', '=', 'processing')
    .where('method_type', '=', 'au_becs_debit')
    .groupBy('currency')
    .execute();

  const total = Number(merchants.total);
  const connected = Number(merchants.connected);
  return {
    total_merchants: total,
    active_merchants: Number(merchants.active),
    awaiting_review: Number(merchants.pending),
    suspended_merchants: Number(merchants.inactive),
    stripe_connected: connected,
    onboarded_percentage: total === 0 ? 0 : Math.round((connected / total) * 1000) / 10,
    total_payments: perCurrency.reduce((n, r) => n + Number(r.payments), 0),
    platform_revenue: byCurrency(perCurrency.map((r) => ({ currency: r.currency, amount: r.revenue }))),
    payment_volume: byCurrency(perCurrency.map((r) => ({ currency: r.currency, amount: r.volume }))),
    platform_fee_bps: platformFeeBps,
    clearing: byCurrency(clearing),
    series,
    series_from: days[0],
    series_to: todayLocal,
    time_zone: timeZone,
  };
}
