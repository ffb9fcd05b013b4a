/**
 * Reading a payment back for the customer: the widget's refresh after a 3-D Secure step (a
 * server-side retrieve of the intent, applied like a webhook) and the success page's details. The
 * remaining balance shown is the one for the link the payment was made against (DESIGN §4b).
 */
import { PAY_MESSAGES } from '../../../core/messages.ts';
import type { AppDeps } from '../../context.ts';
import type { DbOrTrx } from '../../db/database.ts';
import type { Payment } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { availableBalance } from '../../invoices/ledger.ts';
import { ledgerById, writtenBackAtObservation } from '../../invoices/holds.ts';
import { findMerchantEvenDeleted } from '../../merchants/rows.ts';
import { findPayment, findPaymentByIntent, isReserving } from '../repository.ts';
import { describePaymentMethod } from '../../../core/payment-method.ts';
import { isAccountPayment } from './bank-debit-state.ts';
import { mailNoticesSoon } from '../notices/notices.ts';
import { receiptTokenMatches, receiptUrl } from '../notices/receipt.ts';
import { sessionOf } from '../create/payment-context.ts';
import { applyIntent } from './state.ts';

export const PAYMENT_NOT_FOUND = 'Payment not found.';
export const DETAILS_NOT_FOUND = PAY_MESSAGES.detailsFailed;
export const INVALID_SESSION = PAY_MESSAGES.invalidPaymentSession;

/** Ask the provider where the intent stands and apply it (no-op for payments without an intent). */
export async function syncFromProvider(deps: AppDeps, payment: Payment): Promise<Payment> {
  if (!payment.payment_intent_id || !payment.stripe_connect_account_id) return payment;
  let intent;
  try {
    intent = await deps.payments.retrieveIntent(payment.payment_intent_id, payment.stripe_connect_account_id);
  } catch (err) {
    deps.logger.warn({ paymentId: payment.id, err: (err as Error).message }, 'could not retrieve intent');
    throw new AppError('provider_error', 'Could not reach the payment provider. Please try again.', {
      cause: err,
    });
  }
  const after = (await applyIntent(deps, payment.id, intent)) ?? payment;
  // A bank debit's final word queues its notices: mailed beside the answer, not before it.
  if (after.status !== payment.status && isAccountPayment(payment)) mailNoticesSoon(deps);
  return after;
}

/** What may still be paid through the link this payment was made against. */
export async function remainingForPayment(db: DbOrTrx, payment: Payment): Promise<number | null> {
  if (!payment.invoice_id) return null;
  const counters = await ledgerById(db, payment.invoice_id);
  let writtenBack = counters.writtenBack;
  if (payment.observation_id) {
    writtenBack = (await writtenBackAtObservation(db, payment.observation_id)) ?? writtenBack;
  }
  return availableBalance(counters, { amount: payment.link_amount, writtenBack });
}

export function paymentState(payment: Payment, remaining: number | null, config: ReceiptConfig) {
  return {
    paymentId: payment.id,
    transactionId: payment.payment_intent_id,
    status: payment.status,
    invoice: payment.invoice_number,
    currency: payment.currency,
    amount: payment.amount,
    surcharge: payment.surcharge,
    total: payment.total_amount,
    remaining,
    failure:
      payment.failure_code || payment.failure_message
        ? { code: payment.failure_code, message: payment.failure_message }
        : null,
    /**
     * `card`, `au_becs_debit` (`processing` until it clears, up to 3 business days) or `payto`
     * (`requires_action` while the customer approves it in their banking app).
     */
    method: payment.method_type,
    /** A PayTo payment waiting for the customer's approval: when the approval window ends (the amount is held until then). */
    approvalExpiresAt:
      payment.method_type === 'payto' && payment.status === 'requires_action' ? payment.reserved_until : null,
    /** A processing bank debit: the merchant-local date (YYYY-MM-DD) it should have cleared by. */
    clearsBy: payment.status === 'processing' ? payment.clears_by : null,
    /** The payment's receipt page, once it went through (or is clearing); else null. */
    receiptUrl: receiptUrl(config, payment),
  };
}

export async function refreshPayment(deps: AppDeps, paymentId: string) {
  const found = await findPayment(deps.database.db, paymentId);
  if (!found) throw new AppError('not_found', PAYMENT_NOT_FOUND);
  const payment =
    isReserving(found.status) || found.status === 'failed' ? await syncFromProvider(deps, found) : found;
  return paymentState(payment, await remainingForPayment(deps.database.db, payment), deps.config);
}

function paymentMethodLabel(p: Payment): string | null {
  if (isAccountPayment(p))
    return `${describePaymentMethod({ type: p.method_type })}${p.payto_pay_id ? ` ${p.payto_pay_id}` : p.bank_last4 ? ` ••• ${p.bank_last4.slice(-3)}` : ''}`;
  if (p.card_brand && p.card_last4) return `${p.card_brand} •••• ${p.card_last4}`;
  return p.payment_intent_id ? 'card' : null;
}

/** The success page's details (spec §3 "Payment details response"), by intent id or our id. */
export async function paymentDetails(
  deps: AppDeps,
  ref: {
    sessionId?: string | null;
    reference?: string | null;
    /** The pay session that made the payment, or… */
    paySessionId?: string | null;
    /** …its receipt token: one of the two is required (issue 49 item 7). */
    receiptToken?: string | null;
  },
) {
  const db = deps.database.db;
  const sessionId = ref.sessionId?.trim();
  const reference = ref.reference?.trim();
  if (!sessionId && !reference)
    throw new AppError('validation_failed', INVALID_SESSION, { field: 'session_id' });
  let payment = sessionId ? await findPaymentByIntent(db, sessionId) : await findPayment(db, reference!);
  // Only the payer: the pay session that made it, or a holder of its receipt token. Anyone else is
  // told what an unknown id is told (a payment id alone used to return the card, the intent id and
  // the receipt link with its token).
  const session = sessionOf(deps, ref.paySessionId);
  const bySession = payment !== undefined && session !== null && payment.pay_session_id === session.sid;
  const byToken =
    payment !== undefined &&
    !!ref.receiptToken &&
    receiptTokenMatches(deps.config.jwtSecret, payment.id, ref.receiptToken);
  if (!payment || (!bySession && !byToken)) throw new AppError('not_found', DETAILS_NOT_FOUND);
  if (isReserving(payment.status)) payment = await syncFromProvider(deps, payment);
  const merchant = await findMerchantEvenDeleted(db, payment.merchant_id);
  return {
    id: payment.id, // never the provider's intent id
    paymentId: payment.id,
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
    invoiceNo: payment.invoice_number,
    paymentMethod: paymentMethodLabel(payment),
    paymentDate: payment.succeeded_at ?? payment.created_at,
    surcharge: payment.surcharge,
    total: payment.total_amount,
    merchantName: merchant?.business_name ?? '',
    // The page writes the date as the merchant's country does, on the merchant's clock.
    merchantCountry: merchant?.country ?? null,
    merchantTimeZone: merchant?.time_zone ?? null,
    remaining_due: await remainingForPayment(db, payment),
    merchant_id: payment.merchant_id,
    link_amount: payment.link_amount,
    method: payment.method_type,
    clearsBy: payment.status === 'processing' ? payment.clears_by : null,
    /** The receipt page, for a caller that proved itself by its token (it holds the link already). */
    receiptUrl: byToken ? receiptUrl(deps.config, payment) : null,
  };
}

type ReceiptConfig = Parameters<typeof receiptUrl>[0];
