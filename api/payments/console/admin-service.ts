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

/**
 * One payment for the console. `staffLimit`: the reader is a staff member of its merchant with this
 * refund limit — the answer says how much of the payment they may still refund, so the refund dialog
 * says it before Review (issue 49 item 6).
 */
export async function loadAdminPayment(deps: AppDeps, id: string, staffLimit: number | null = null) {
  const db = deps.database.db;
  const payment = await paymentWithMerchant(db, id);
  if (!payment) throw new AppError('not_found', PAYMENT_NOT_FOUND);
  const [refunds, disputes, invoiceOverpaid, byStaff] = await Promise.all([
    refundsOfPayment(db, id),
    disputesOfPayment(db, id),
    payment.invoice_id ? invoiceIsOverpaid(db, payment.invoice_id) : Promise.resolve(false),
    staffLimit === null ? Promise.resolve(0) : staffRefundedOf(db, payment),
  ]);
  const limit =
    staffLimit === null
      ? {}
      : { staff_refund_limit: staffLimit, refund_limit_left: Math.max(0, staffLimit - byStaff) };
  return { ...toApiPayment(payment, { refunds, disputes, invoiceOverpaid }), ...limit };
}

/** The merchant a payment belongs to, or undefined when there is no such payment (for authorisation). */
export async function merchantOfPayment(deps: AppDeps, id: string): Promise<string | undefined> {
  return (await findPayment(deps.database.db, id))?.merchant_id;
}

/** A page of payments; expired reservations are hidden unless the list filters by status or id. */
export async function listAdminPayments(deps: AppDeps, list: ListQuery, merchantIds: string[] | null = null) {
  let base = paymentsWithMerchant(deps.database.db);
  // A member's list: their merchants' payments only, in the query (api/auth/access.ts).
  base = inMerchants(base, 'payments.merchant_id', merchantIds);
  if (!list.filter.some((f) => f.name === 'status' || f.name === 'id'))
    base = base.where('payments.status', '<>', 'expired');
  const { rows, total } = await paginate(base, list);
  return { rows: rows.map((p) => toApiPayment(p)), total };
}
