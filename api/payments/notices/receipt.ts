/**
 * A receipt for each payment that went through (issue 36): a page at `/receipt/{paymentId}?t=…`
 * the customer reaches from the pay flow's result and from the receipt email, printable to PDF.
 * The `t` is an HMAC of the payment id (key derived from JWT_SECRET), so knowing a payment's id —
 * which the merchant's own systems see in events and webhooks — is not enough to read it. A receipt
 * shows what a paper one would: the merchant, the invoice, the amounts, the method (brand and last
 * digits only), the dates and the provider's reference; nothing about the customer.
 *
 * @example receiptUrl(config, payment) // 'https://pay.example/receipt/3f…?t=Qm…' or null (declined, pending…)
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { describePaymentMethod } from '../../../core/payment-method.ts';
import type { Config } from '../../config.ts';
import type { AppDeps } from '../../context.ts';
import type { Payment } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { findMerchantEvenDeleted } from '../../merchants/rows.ts';
import { findPayment } from '../repository.ts';

/** Payments with a receipt: money received, on its way (a clearing bank debit), or since refunded. */
const RECEIPT_STATUSES = new Set(['succeeded', 'processing', 'partially_refunded', 'refunded']);

export const RECEIPT_NOT_FOUND =
  'Receipt not found. Use the link from your receipt email or the payment page.';

const keys = new Map<string, KeyObject>();
function keyFor(secret: string | null): KeyObject {
  if (!secret || secret.length < 32) throw new Error('JWT_SECRET is not configured');
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(createHmac('sha256', secret).update('invoicepay receipt v1').digest());
    keys.set(secret, key);
  }
  return key;
}

export function receiptToken(secret: string | null, paymentId: string): string {
  return createHmac('sha256', keyFor(secret)).update(paymentId).digest('base64url').slice(0, 22);
}

/** The receipt page of a payment that has one, or null. */
export function receiptUrl(
  config: Pick<Config, 'jwtSecret' | 'publicBaseUrl'>,
  p: Pick<Payment, 'id' | 'status'>,
) {
  if (!RECEIPT_STATUSES.has(p.status)) return null;
  const base = config.publicBaseUrl.replace(/\/+$/, '');
  return `${base}/receipt/${encodeURIComponent(p.id)}?t=${receiptToken(config.jwtSecret, p.id)}`;
}

/** "BSB 000-000, account ending 456" (never more of the number than its last three digits). */
export function bankAccountLabel(p: Pick<Payment, 'bank_bsb' | 'bank_last4'>): string | null {
  if (!p.bank_last4) return null;
  const bsb =
    p.bank_bsb && /^\d{6}$/.test(p.bank_bsb) ? `BSB ${p.bank_bsb.slice(0, 3)}-${p.bank_bsb.slice(3)}, ` : '';
  return `${bsb}account ending ${p.bank_last4.slice(-3)}`;
}

/** How a payment was made, as the receipt says it: "Visa credit ending 4242", or the bank account. */
export function paymentMethodText(p: Payment): string {
  if (p.method_type !== 'card') {
    // PayTo by PayID: the PayID as recorded (masked); otherwise the account.
    const account = p.payto_pay_id ? `PayID ${p.payto_pay_id}` : bankAccountLabel(p);
    return `${describePaymentMethod({ type: p.method_type })}${account ? ` (${account})` : ''}`;
  }
  const card = describePaymentMethod({
    type: 'card',
    brand: p.card_brand,
    funding: p.card_funding,
    wallet: p.card_wallet,
  });
  return p.card_last4 ? `${card} ending ${p.card_last4}` : card;
}

/** `token` is the receipt token of `paymentId` (compared in constant time). */
export function receiptTokenMatches(secret: string | null, paymentId: string, token: string): boolean {
  const expected = Buffer.from(receiptToken(secret, paymentId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The receipt of `paymentId` for a holder of its token; 404 alike for a wrong token or no receipt. */
export async function receiptView(deps: AppDeps, paymentId: string, token: string) {
  const payment = receiptTokenMatches(deps.config.jwtSecret, paymentId, token)
    ? await findPayment(deps.database.db, paymentId)
    : undefined;
  if (!payment || !RECEIPT_STATUSES.has(payment.status)) throw new AppError('not_found', RECEIPT_NOT_FOUND);
  const merchant = await findMerchantEvenDeleted(deps.database.db, payment.merchant_id);
  return {
    merchant: {
      name: merchant?.business_name ?? '',
      email: merchant?.email ?? null,
      phone: merchant?.phone ?? null,
      logoUrl: merchant?.logo_url ?? null,
      // The receipt's dates are written as the merchant's country writes them, on its clock.
      country: merchant?.country ?? null,
      timeZone: merchant?.time_zone ?? null,
    },
    invoice: payment.invoice_number,
    currency: payment.currency,
    amount: payment.amount,
    surcharge: payment.surcharge,
    total: payment.total_amount,
    refunded: payment.refunded_amount + payment.refunded_surcharge,
    status: payment.status,
    method: paymentMethodText(payment),
    mandateReference: payment.mandate_reference,
    paidAt: payment.succeeded_at,
    createdAt: payment.created_at,
    clearsBy: payment.status === 'processing' ? payment.clears_by : null,
    reference: payment.payment_intent_id ?? payment.id,
  };
}
