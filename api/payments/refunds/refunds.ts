/**
 * Refunds (DESIGN §3.8). An admin enters the part of the invoice amount to give back; the customer
 * also gets back the surcharge charged on that part (its share of the payment's surcharge, counted
 * on everything refunded so far, so partial refunds add up exactly), the platform fee on it is
 * returned (`refund_application_fee`), and the admin says what the refund means for the invoice: a
 * *credit* (the default: the part is no longer owed; the balance does not change) or a *re-open*
 * (the customer still owes it: the base part returns to the balance). api/invoices/ledger.ts has both
 * rules.
 *
 * The refund is counted (payment and ledger) before the provider is called, so a concurrent
 * refund cannot exceed what was paid and a `charge.refunded` webhook that overtakes our own answer
 * does not count it twice; a provider failure reverses it.
 */
import { storedMetadata } from '../../../core/metadata.ts';
import { formatMoney } from '../../../core/money.ts';
import { audit } from '../../audit/service.ts';
import type { AppDeps } from '../../context.ts';
import type { DbOrTrx, Trx } from '../../db/database.ts';
import type { Payment, PaymentStatus } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { refundSurcharge, type RefundKind } from '../../invoices/ledger.ts';
import { recordRefund } from '../../invoices/holds.ts';
import { refreshInvoiceTerms } from '../../invoices/terms.ts';
import { announce } from '../events.ts';
import type { Actor } from '../../merchants/service.ts';
import { findPayment, isSettled, lockPayment, updatePayment } from '../repository.ts';
import { PAYMENT_NOT_FOUND } from '../lifecycle/read-back.ts';
import { findRefund, insertRefund, platformFeeRefunded, updateRefund } from './refunds-repository.ts';
import { transact } from '../../db/transact.ts';
import { newRowId } from '../../db/row-id.ts';
import { mailNoticesSoon, queueRefundNotice } from '../notices/notices.ts';

export const REFUND_FAILED_MESSAGE = 'The payment provider refused the refund. Please try again.';

/** round-half-up of a × b / d for non-negative integers (d > 0), exact. */
export function proportion(a: number, b: number, d: number): number {
  if (d <= 0) return 0;
  return Number((BigInt(a) * BigInt(b) * 2n + BigInt(d)) / (2n * BigInt(d)));
}

function statusAfterRefund(payment: Pick<Payment, 'amount'>, refundedAmount: number): PaymentStatus {
  return refundedAmount >= payment.amount
    ? 'refunded'
    : refundedAmount > 0
      ? 'partially_refunded'
      : 'succeeded';
}

/** Count a refund of `base` (and its surcharge) against a locked, settled payment. */
export async function countRefund(
  trx: Trx,
  deps: AppDeps,
  payment: Payment,
  base: number,
  totalOverride: number | null,
  fields: {
    providerRefundId?: string | null;
    status: 'pending' | 'succeeded';
    reason?: string | null;
    createdBy?: string | null;
    kind: RefundKind;
    /** The refund's id when the caller fixed it (an Idempotency-Key's claim); a new one otherwise. */
    id?: string;
    /** The integrator's metadata, stored form (core/metadata.ts). */
    metadata?: string | null;
  },
) {
  const remainingBase = payment.amount - payment.refunded_amount;
  const remainingSurcharge = payment.surcharge - payment.refunded_surcharge;
  const last = base >= remainingBase;
  const surcharge =
    totalOverride !== null
      ? Math.min(remainingSurcharge, Math.max(0, totalOverride - base))
      : refundSurcharge(payment, base);
  const total = base + surcharge;
  const feeLeft = payment.platform_fee - (await platformFeeRefunded(trx, payment.id));
  const fee = last
    ? feeLeft
    : Math.min(feeLeft, proportion(payment.platform_fee, total, payment.total_amount));
  const now = deps.clock.now().toISOString();
  const id = fields.id ?? newRowId();
  await insertRefund(trx, {
    id,
    payment_id: payment.id,
    amount: base,
    surcharge,
    platform_fee_refunded: Math.max(0, fee),
    total_amount: total,
    provider_refund_id: fields.providerRefundId ?? null,
    status: fields.status,
    reason: fields.reason ?? null,
    created_by: fields.createdBy ?? null,
    kind: fields.kind,
    created_at: now,
    updated_at: now,
    metadata: fields.metadata ?? null,
  });
  const refundedAmount = payment.refunded_amount + base;
  await updatePayment(trx, payment.id, {
    refunded_amount: refundedAmount,
    refunded_surcharge: payment.refunded_surcharge + surcharge,
    status: statusAfterRefund(payment, refundedAmount),
    updated_at: now,
  });
  if (payment.invoice_id) {
    await recordRefund(trx, payment.invoice_id, fields.kind, base, now);
    await refreshInvoiceTerms(trx, payment.invoice_id, now);
  }
  // Accounting sync jobs commit with the refund; they wait until the provider has settled it (api/outbox).
  await announce(trx, { type: 'payment.refunded', paymentId: payment.id, refundId: id, clock: deps.clock });
  return { id, amount: base, surcharge, total, platformFeeRefunded: fee, kind: fields.kind };
}

/** Undo a refund the provider refused (or reported failed later). */
export async function reverseRefund(
  trx: Trx,
  deps: AppDeps,
  refundId: string,
  status: 'failed' | 'canceled',
): Promise<void> {
  const refund = await findRefund(trx, refundId);
  if (!refund || refund.status === 'failed' || refund.status === 'canceled') return;
  const payment = await lockPayment(trx, deps.database.dialect, refund.payment_id);
  if (!payment) return;
  const now = deps.clock.now().toISOString();
  await updateRefund(trx, refundId, { status, updated_at: now });
  if (status === 'failed') await announce(trx, { type: 'refund.failed', refundId, at: new Date(now) });
  const refundedAmount = payment.refunded_amount - refund.amount;
  await updatePayment(trx, payment.id, {
    refunded_amount: refundedAmount,
    refunded_surcharge: payment.refunded_surcharge - refund.surcharge,
    status: statusAfterRefund(payment, refundedAmount),
    updated_at: now,
  });
  if (payment.invoice_id) {
    await recordRefund(trx, payment.invoice_id, refund.kind, refund.amount, now, true);
    await refreshInvoiceTerms(trx, payment.invoice_id, now);
  }
}

/** A dispute in one of these states is over; in any other the card network holds the money. */
const CLOSED_DISPUTE = new Set(['won', 'lost', 'warning_closed']);
export const DISPUTED_REFUND_MESSAGE =
  'This payment is disputed. Respond to the dispute instead: a refund now would return the money twice, and the card processor refuses it.';

export const STAFF_CANNOT_REFUND = "This merchant's owner has not allowed staff to refund; ask an owner.";

/** What a refund asks for (the console, the integrator API). */
interface RefundRequest {
  amount?: number | null;
  reason?: string | null;
  kind?: RefundKind | null;
  /** Fixes the refund's id (an Idempotency-Key's claim): a refund with it already made is not made again. */
  id?: string;
  /** The most this refund may be (a staff member's limit, set by the merchant's owner); null: any. */
  limit?: number | null;
  /** The integrator's metadata (validated by the route's schema). */
  metadata?: Record<string, string | null> | null;
}

export async function refundPayment(deps: AppDeps, paymentId: string, input: RefundRequest, actor: Actor) {
  const kind = input.kind ?? 'credit';
  const db = deps.database.db;
  const made = input.id ? await refundAlreadyMade(deps, paymentId, input.id) : null;
  if (made) return made;
  // Counted on the ledger first (the payment locked), then asked of the provider.
  const { refund, payment } = await transact(deps.database, async (trx) => {
    const payment = await lockPayment(trx, deps.database.dialect, paymentId);
    if (!payment) throw new AppError('not_found', PAYMENT_NOT_FOUND);
    const base = refundableBase(payment, input);
    // A staff member's limit caps what staff refund of this payment in total, counted with the
    // payment locked: refunds in a row, or at once, cannot add up past it (issue 49 item 6).
    if (input.limit != null) {
      const byStaff = await staffRefundedOf(trx, payment);
      if (byStaff + base > input.limit)
        throw new AppError(
          'forbidden',
          input.limit === 0
            ? STAFF_CANNOT_REFUND
            : `Staff can refund up to ${formatMoney(input.limit, payment.currency)} of a payment in total${
                byStaff > 0 ? ` (${formatMoney(byStaff, payment.currency)} refunded by staff already)` : ''
              }; ask an owner for more.`,
          { field: 'amount' },
        );
    }
    const refund = await countRefund(trx, deps, payment, base, null, {
      status: 'pending',
      reason: input.reason,
      createdBy: actor.user?.id,
      kind,
      id: input.id,
      metadata: storedMetadata(input.metadata),
    });
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'payment.refund',
        targetType: 'payment',
        targetId: paymentId,
        merchantId: payment.merchant_id,
        details: {
          refundId: refund.id,
          amount: base,
          surcharge: refund.surcharge,
          total: refund.total,
          kind,
          reason: input.reason ?? null,
        },
        ip: actor.ip,
      },
      deps.clock,
    );
    return { refund, payment };
  });
  await refundAtProvider(deps, payment, refund);
  return { refund, payment: (await findPayment(db, paymentId))! };
}

/** A refund with this id was made already (a repeated Idempotency-Key): it, not a second one. */
async function refundAlreadyMade(deps: AppDeps, paymentId: string, id: string) {
  const db = deps.database.db;
  const made = await findRefund(db, id);
  if (!made || made.payment_id !== paymentId) return null;
  return {
    refund: {
      id: made.id,
      amount: made.amount,
      surcharge: made.surcharge,
      total: made.total_amount,
      platformFeeRefunded: made.platform_fee_refunded,
      kind: made.kind,
    },
    payment: (await findPayment(db, paymentId))!,
  };
}

/**
 * The refund's base (before surcharge): what was asked, else all that is left — refused for a
 * payment not (or no longer) refundable, a disputed one, or an amount out of range.
 */
function refundableBase(payment: Payment, input: RefundRequest): number {
  if (!isSettled(payment.status) || payment.status === 'refunded' || !payment.payment_intent_id)
    throw new AppError('conflict', 'Only a succeeded payment that is not fully refunded can be refunded.');
  if (payment.dispute_status && !CLOSED_DISPUTE.has(payment.dispute_status))
    throw new AppError('conflict', DISPUTED_REFUND_MESSAGE);
  const remaining = payment.amount - payment.refunded_amount;
  const base = input.amount ?? remaining;
  if (!Number.isSafeInteger(base) || base <= 0 || base > remaining)
    throw new AppError(
      'validation_failed',
      `The refund must be between ${formatMoney(1, payment.currency)} and ${formatMoney(remaining, payment.currency)}.`,
      { field: 'amount' },
    );
  return base;
}

/** What the merchant's staff members have refunded of `payment` so far (refunds not failed or canceled). */
export async function staffRefundedOf(
  trx: DbOrTrx,
  payment: Pick<Payment, 'id' | 'merchant_id'>,
): Promise<number> {
  const row = await trx
    .selectFrom('refunds')
    .innerJoin('merchant_members', (join) =>
      join
        .onRef('merchant_members.user_id', '=', 'refunds.created_by')
        .on('merchant_members.merchant_id', '=', payment.merchant_id)
        .on('merchant_members.role', '=', 'staff'),
    )
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('refunds.amount'), eb.lit(0)).as('total'))
    .where('refunds.payment_id', '=', payment.id)
    .where('refunds.status', 'in', ['pending', 'succeeded'])
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** The provider refunds the total (the platform fee back too); a refusal takes the counted refund back and says so. */
async function refundAtProvider(deps: AppDeps, payment: Payment, refund: { id: string; total: number }) {
  let result: Awaited<ReturnType<AppDeps['payments']['refund']>>;
  try {
    result = await deps.payments.refund({
      paymentIntentId: payment.payment_intent_id!,
      connectedAccountId: payment.stripe_connect_account_id!,
      amount: refund.total,
      refundApplicationFee: true,
      idempotencyKey: `refund-${refund.id}`,
      metadata: { refundId: refund.id, paymentId: payment.id, invoiceNumber: payment.invoice_number },
    });
    if (result.status === 'failed' || result.status === 'canceled')
      throw new Error(`refund ${result.status}`);
  } catch (err) {
    deps.logger.warn(
      { paymentId: payment.id, refundId: refund.id, err: (err as Error).message },
      'refund failed at the provider',
    );
    await transact(deps.database, (trx) => reverseRefund(trx, deps, refund.id, 'failed'));
    throw new AppError('provider_error', REFUND_FAILED_MESSAGE, { cause: err });
  }
  // The provider took it: recorded, and the customer's notice queued with it (mailed after the
  // commit). Outside the try: a refund the provider made is never taken back here.
  const taken = result;
  await transact(deps.database, async (trx) => {
    await updateRefund(trx, refund.id, {
      provider_refund_id: taken.id,
      status: taken.status === 'succeeded' ? 'succeeded' : 'pending',
      updated_at: deps.clock.now().toISOString(),
    });
    await queueRefundNotice(trx, deps, payment, refund.id);
  });
  if (payment.customer_email) mailNoticesSoon(deps);
}
