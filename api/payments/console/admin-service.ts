/**
 * The console's payments: one payment with its refunds, disputes and invoice flag, and a page of
 * the list. (Marking one recorded in the accounting tool by hand is accounting's:
 * api/accounting/records/mark-recorded.ts.)
 */
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { inMerchants, paginate, type ListQuery } from '../../http/simple-rest.ts';
import { toApiPayment } from './admin.ts';
import {
  disputesOfPayment,
  invoiceIsOverpaid,
  paymentsWithMerchant,
  paymentWithMerchant,
  refundsOfPayment,
} from './admin-repository.ts';
import { findPayment } from '../repository.ts';
import { PAYMENT_NOT_FOUND } from '../lifecycle/read-back.ts';
import { staffRefundedOf } from '../refunds/refunds.ts';
import { syncTargets } from '../sync-targets.ts';
import { daysBefore, startOfLocalDay } from '../../../core/local-date.ts';
import { merchantsZone } from '../../merchants/time-zone.ts';

/**
 * One payment for the console. `staffLimit`: the reader is a staff member of its merchant with this
 * refund limit — the answer says how much of the payment they may still refund, so the refund dialog
 * says it before Review (issue 49 item 6).
 */
export async function loadAdminPayment(deps: AppDeps, id: string, staffLimit: number | null = null) {
  const db = deps.database.db;
  const payment = await paymentWithMerchant(db, id);
  if (!payment) throw new AppError('not_found', PAYMENT_NOT_FOUND);
  const [refunds, disputes, invoiceOverpaid, byStaff, targets] = await Promise.all([
    refundsOfPayment(db, id),
    disputesOfPayment(db, id),
    payment.invoice_id ? invoiceIsOverpaid(db, payment.invoice_id) : Promise.resolve(false),
    staffLimit === null ? Promise.resolve(0) : staffRefundedOf(db, payment),
    syncTargets(db, { id: payment.merchant_id, make_webhook_url: payment.merchant_webhook_url ?? null }),
  ]);
  const limit =
    staffLimit === null
      ? {}
      : { staff_refund_limit: staffLimit, refund_limit_left: Math.max(0, staffLimit - byStaff) };
  return {
    ...toApiPayment(payment, { refunds, disputes, invoiceOverpaid }),
    ...limit,
    sync_targets: targets,
  };
}

/** The merchant a payment belongs to, or undefined when there is no such payment (for authorisation). */
export async function merchantOfPayment(deps: AppDeps, id: string): Promise<string | undefined> {
  return (await findPayment(deps.database.db, id))?.merchant_id;
}

/**
 * The list's From / To days (`date_from`, `date_to`: YYYY-MM-DD, an ISO instant read as its date) as
 * instants: From's day from its start, To's day to its end, in the merchants' own time zone — the one
 * merchant filtered on, else the reader's merchants' when they share one, else DEFAULT_TIME_ZONE
 * (issue 50 item 6). Filtering on the date a row shows finds that row.
 */
async function daysInZone(deps: AppDeps, list: ListQuery, merchantIds: string[] | null): Promise<ListQuery> {
  const days = list.filter.filter((f) => f.name === 'date_from' || f.name === 'date_to');
  if (!days.length) return list;
  const chosen = list.filter.find((f) => f.name === 'merchant_id' && typeof f.value === 'string');
  const zone = await merchantsZone(
    deps.database.db,
    chosen ? [String(chosen.value)] : merchantIds,
    deps.config.defaultTimeZone,
  );
  const filter = list.filter.map((f) => {
    if (f.name !== 'date_from' && f.name !== 'date_to') return f;
    const day = String(f.value).slice(0, 10);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day))
      throw new AppError('validation_failed', `${f.name} must be a date (YYYY-MM-DD)`, { field: f.name });
    return f.name === 'date_from'
      ? {
          ...f,
          spec: { column: 'payments.created_at', op: 'gte' as const },
          value: startOfLocalDay(day, zone),
        }
      : {
          ...f,
          spec: { column: 'payments.created_at', op: 'lt' as const },
          value: startOfLocalDay(daysBefore(day, -1), zone),
        };
  });
  return { ...list, filter };
}

/** A page of payments; expired reservations are hidden unless the list filters by status or id. */
export async function listAdminPayments(
  deps: AppDeps,
  query: ListQuery,
  merchantIds: string[] | null = null,
) {
  const list = await daysInZone(deps, query, merchantIds);
  let base = paymentsWithMerchant(deps.database.db);
  // A member's list: their merchants' payments only, in the query (api/auth/access.ts).
  base = inMerchants(base, 'payments.merchant_id', merchantIds);
  if (!list.filter.some((f) => f.name === 'status' || f.name === 'id'))
    base = base.where('payments.status', '<>', 'expired');
  const { rows, total } = await paginate(base, list);
  return { rows: rows.map((p) => toApiPayment(p)), total };
}
