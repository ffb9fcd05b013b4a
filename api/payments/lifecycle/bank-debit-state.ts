/**
 * What a bank debit adds to applying the provider's word (api/payments/lifecycle/state.ts; AU BECS Direct Debit):
 *  - the bank account (BSB, last four digits), the mandate and the payer's email as the provider
 *    reports them (the Payment Element collects the email for a bank debit);
 *  - on `processing`: when it started, and the merchant-local date it should clear by (three
 *    business days, Stripe's "up to 3 business days");
 *  - on the final word, in the same transaction: the customer's receipt when it clears (and a
 *    card's receipt in sandbox mode, where no provider mails one); when it
 *    fails, the failure notices (the webhook's `payment.failed` is queued by `updatePayment`,
 *    api/merchant-webhooks/notify.ts). The reservation itself is state.ts's: held while processing, released
 *    by the failure.
 */
import { addBusinessDays, localDate } from '../../../core/local-date.ts';
import type { AppDeps } from '../../context.ts';
import type { Trx } from '../../db/database.ts';
import type { Payment, PaymentStatus, PaymentUpdate } from '../../db/types.ts';
import { BANK_DEBIT_TYPE, PAYTO_TYPE } from '../../merchants/bank-debit.ts';
import { queueCardReceipt, queueDebitNotices } from '../notices/notices.ts';
import type { ProviderIntent } from '../../ports/payment-provider.ts';
import { isReserving } from '../repository.ts';
import { findMerchantEvenDeleted } from '../../merchants/rows.ts';

/** Stripe: BECS debits take up to three business days to succeed or fail. */
export const CLEARING_BUSINESS_DAYS = 3;

export const isBankDebit = (p: Pick<Payment, 'method_type'>) => p.method_type === BANK_DEBIT_TYPE;
/** PayTo: the customer approves the agreement in their banking app, then it settles in seconds. */
export const isPayTo = (p: Pick<Payment, 'method_type'>) => p.method_type === PAYTO_TYPE;
/** Paid from a bank account (BECS or PayTo), not a card. */
export const isAccountPayment = (p: Pick<Payment, 'method_type'>) => isBankDebit(p) || isPayTo(p);

/**
 * A PayID as the console and the customer's receipt show it: an email's first letter and domain
 * (`j***@example.com`), a phone's last two digits (`+61 4** *** *78`), an ABN's last three.
 */
export function maskPayId(payId: string): string {
  const at = payId.indexOf('@');
  if (at > 0) return `${payId[0]}***${payId.slice(at)}`;
  const digits = payId.replace(/\D/g, '');
  if (payId.startsWith('+61') && digits.length === 11) return `+61 4** *** *${digits.slice(-2)}`;
  return `${'*'.repeat(Math.max(0, digits.length - 3))}${digits.slice(-3)}`;
}

/** The bank details, payer email and processing dates an intent brings to `payment` moving to `next`. */
export async function bankDebitChanges(
  trx: Trx,
  deps: AppDeps,
  payment: Payment,
  intent: ProviderIntent,
  next: PaymentStatus,
): Promise<PaymentUpdate> {
  const changes: PaymentUpdate = {};
  const bank = intent.bankAccount;
  if (bank) {
    if (bank.payId && !payment.payto_pay_id) changes.payto_pay_id = maskPayId(bank.payId);
    if (bank.bsb && bank.bsb !== payment.bank_bsb) changes.bank_bsb = bank.bsb;
    if (bank.last4 && bank.last4 !== payment.bank_last4) changes.bank_last4 = bank.last4;
    if (bank.mandate && bank.mandate !== payment.mandate_reference) changes.mandate_reference = bank.mandate;
  }
  if (!payment.customer_email && intent.billingEmail)
    changes.customer_email = intent.billingEmail.toLowerCase();
  if (next === 'processing' && !payment.processing_at && isPayTo(payment))
    changes.processing_at = deps.clock.now().toISOString(); // approved: settles in seconds, no clearing date
  else if (next === 'processing' && !payment.processing_at) {
    const now = deps.clock.now();
    const merchant = await findMerchantEvenDeleted(trx, payment.merchant_id);
    changes.processing_at = now.toISOString();
    changes.clears_by = addBusinessDays(
      localDate(now, merchant?.time_zone ?? deps.config.defaultTimeZone),
      CLEARING_BUSINESS_DAYS,
    );
  }
  return changes;
}

/**
 * A late failure (a payment that was under way, not a card declined at once) is not card testing:
 * it is not counted against the decline limits.
 */
export const countsAsDecline = (before: Payment) => before.status !== 'processing' && !isBankDebit(before);

/** What the provider's final word on a payment under way queues with it (same transaction). */
export async function onFinalWord(trx: Trx, deps: AppDeps, before: Payment, after: Payment): Promise<void> {
  if (!isReserving(before.status) || before.status === after.status) return;
  if (isPayTo(before)) {
    // No provider mails a PayTo receipt here (the intent has no receipt_email): ours, as promised.
    if (after.status === 'succeeded') await queueCardReceipt(trx, deps, after);
    return;
  }
  if (!isBankDebit(before)) {
    // A card's receipt is the provider's (Stripe mails the intent's receipt_email); the sandbox
    // sends none, so there the receipt the pay flow promises is ours.
    if (after.status === 'succeeded' && deps.payments.mode === 'sandbox')
      await queueCardReceipt(trx, deps, after);
    return;
  }
  if (after.status === 'succeeded') await queueDebitNotices(trx, deps, after, 'succeeded');
  else if (after.status === 'failed') await queueDebitNotices(trx, deps, after, 'failed');
}
