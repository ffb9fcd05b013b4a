/**
 * Emails about a payment, through the existing mailer: a card payment's receipt in sandbox mode
 * (Stripe mails its own), and for a bank debit (AU BECS Direct Debit) the customer's receipt when the
 * debit clears, and when it fails days later a notice to the customer (the invoice is open again,
 * with a link to pay it) and to the merchant. Each is queued in `payment_notices` by the transaction
 * that records the provider's final word — so a notice exists if and only if that word was recorded
 * — and mailed after the commit; what a crash leaves pending is mailed by the outbox worker's next
 * tick. A claim (lease) keeps two senders from mailing the same notice at once; at worst (a crash
 * between the mail and its mark) a notice goes twice; it is never lost. In one process one pass
 * mails at a time (a batch claimed in one statement, marked sent in another).
 *
 * @example await queueDebitNotices(trx, deps, payment, 'succeeded'); // inside the transaction
 * @example await sendDueNotices(deps); // on every outbox worker tick
 * @example mailNoticesSoon(deps); // after the commit that queued some: answer without waiting for them
 */
import { describePaymentMethod } from '../../../core/payment-method.ts';
import { localDate } from '../../../core/local-date.ts';
import { formatMoney, fromMinorUnits } from '../../../core/money.ts';
import { cacheKey } from '../../app-caches.ts';
import { runInBackground } from '../../background.ts';
import type { AppDeps } from '../../context.ts';
import { inWriteTransaction } from '../../db/group-commit.ts';
import type { DbOrTrx } from '../../db/database.ts';
import type { Payment, PaymentNotice, PaymentNoticeKind } from '../../db/types.ts';
import { composeMail } from '../../mail/compose.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { findMerchantEvenDeleted } from '../../merchants/rows.ts';
import { claimNotices, dueNotices, markNoticesSent, queueNotice } from './notices-repository.ts';
import { bankAccountLabel, paymentMethodText, receiptUrl } from './receipt.ts';
import { findPayment } from '../repository.ts';
import { findRefund } from '../refunds/refunds-repository.ts';

/** How long a sender holds a notice before another may try it (a mailer call is far shorter). */
const CLAIM_MS = 60_000;
const BATCH = 50;
/** Notices of one batch mailed at once. */
const MAIL_LANES = 8;

/** Queue the notices of a bank debit's final word, inside the transaction that records it. */
export async function queueDebitNotices(
  trx: DbOrTrx,
  deps: Pick<AppDeps, 'clock'>,
  payment: Pick<Payment, 'id' | 'merchant_id' | 'customer_email'>,
  outcome: 'succeeded' | 'failed',
): Promise<void> {
  const now = deps.clock.now().toISOString();
  const notices: Array<{ kind: PaymentNoticeKind; to: string }> = [];
  if (payment.customer_email)
    notices.push({
      kind: outcome === 'succeeded' ? 'debit_cleared' : 'debit_failed',
      to: payment.customer_email,
    });
  if (outcome === 'failed') {
    const merchant = await findMerchantEvenDeleted(trx, payment.merchant_id);
    if (merchant?.email) notices.push({ kind: 'merchant_debit_failed', to: merchant.email });
  }
  for (const n of notices) await queueNotice(trx, { paymentId: payment.id, kind: n.kind, to: n.to, now });
}

/**
 * Queue a card payment's receipt (sandbox mode: Stripe mails its own to the intent's receipt_email),
 * inside the transaction that records the success.
 */
export async function queueCardReceipt(
  trx: DbOrTrx,
  deps: Pick<AppDeps, 'clock'>,
  payment: Pick<Payment, 'id' | 'customer_email'>,
): Promise<void> {
  if (!payment.customer_email) return;
  const now = deps.clock.now().toISOString();
  await queueNotice(trx, { paymentId: payment.id, kind: 'card_receipt', to: payment.customer_email, now });
}

/**
 * Queue a refund's notice to the customer (issue 50 item 8), inside the transaction that records the
 * provider's acceptance of the refund: the amount, where it goes and when to expect it.
 */
export async function queueRefundNotice(
  trx: DbOrTrx,
  deps: Pick<AppDeps, 'clock'>,
  payment: Pick<Payment, 'id' | 'customer_email'>,
  refundId: string,
): Promise<void> {
  if (!payment.customer_email) return;
  const now = deps.clock.now().toISOString();
  await queueNotice(trx, {
    paymentId: payment.id,
    kind: 'refund_issued',
    ref: refundId,
    to: payment.customer_email,
    now,
  });
}

/**
 * One sender per app at a time: a call while a pass runs is answered by one more pass after it
 * (which sees what was queued meanwhile), however many calls came — each payment's webhook asks.
 */
const SENDER = cacheKey('payment notice sender', () => ({
  running: null as Promise<number> | null,
  next: null as Promise<number> | null,
}));

/** Mail every pending notice that is due (oldest first, a batch); resolves with how many were mailed. */
export function sendDueNotices(deps: AppDeps): Promise<number> {
  const sender = deps.caches.of(SENDER);
  if (!sender.running) {
    sender.running = sendPass(deps).finally(() => (sender.running = null));
    return sender.running;
  }
  sender.next ??= sender.running
    .catch(() => 0)
    .then(() => {
      sender.next = null;
      return sendDueNotices(deps);
    });
  return sender.next;
}

/**
 * Start a pass for what a commit just queued, without waiting for it (api/background.ts): whoever's
 * request queued the notices (a provider's webhook, a customer's refresh) is answered at once
 * however slow the mail server is, and not queued behind the pass under way. The notices are in the
 * database already: what this pass misses (a crash, the mail server down), the outbox worker's next
 * tick mails.
 */
export function mailNoticesSoon(deps: AppDeps): void {
  runInBackground(deps, 'payment notices pass', () => sendDueNotices(deps));
}

/**
 * Claim the due notices in one statement, mail each, and mark those mailed in one more; both writes
 * grouped with concurrent payment writes under one commit on SQLite. A notice whose mail failed
 * stays claimed until CLAIM_MS, then is tried again.
 */
async function sendPass(deps: AppDeps): Promise<number> {
  const { database, clock } = deps;
  const now = clock.now();
  const due = await dueNotices(database.db, now.toISOString(), BATCH);
  if (due.length === 0) return 0;
  const until = new Date(now.getTime() + CLAIM_MS).toISOString();
  const claimed = await inWriteTransaction(database, (trx) =>
    claimNotices(
      trx,
      due.map((n) => n.id),
      now.toISOString(),
      until,
    ),
  );
  const done: string[] = [];
  let sent = 0;
  const mail = async (notice: PaymentNotice) => {
    try {
      const message = await noticeMessage(deps, notice);
      if (message) await deps.mailer.send(message);
      done.push(notice.id);
      if (message) sent++;
    } catch (err) {
      deps.logger.warn(
        { noticeId: notice.id, err: (err as Error).message },
        'payment notice not sent; will retry',
      );
    }
  };
  // A few at a time: their records share commits, and an SMTP server sees a handful of connections.
  let next = 0;
  const lane = async () => {
    while (next < claimed.length) await mail(claimed[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(MAIL_LANES, claimed.length) }, lane));
  await inWriteTransaction(database, (trx) => markNoticesSent(trx, done, clock.now().toISOString()));
  return sent;
}

/** A pay link for the invoice the payment was for (the link amount it was made against). */
function payLink(base: string, p: Payment, shortcode: string): string {
  const q = new URLSearchParams({
    INVOICENUMBER: p.invoice_number,
    CURRENCY: p.currency,
    SHORTCODE: shortcode,
  });
  if (p.link_amount !== null) q.set('AMOUNTDUE', fromMinorUnits(p.link_amount, p.currency));
  return `${base.replace(/\/+$/, '')}/pay/${p.merchant_id}?${q}`;
}

async function noticeMessage(deps: AppDeps, notice: PaymentNotice): Promise<MailMessage | null> {
  const db = deps.database.db;
  const payment = await findPayment(db, notice.payment_id);
  if (!payment) return null;
  const merchant = await findMerchantEvenDeleted(db, payment.merchant_id);
  const name = merchant?.business_name ?? 'the merchant';
  const money = (m: number) => formatMoney(m, payment.currency);
  const reference = payment.payment_intent_id ?? payment.id;
  const account = bankAccountLabel(payment);
  const method = describePaymentMethod({ type: payment.method_type });
  const product = deps.config.productName;
  const reason = payment.failure_message ?? 'the bank returned the debit';
  const receipt = receiptUrl(deps.config, payment);
  const receiptLink = receipt ? { url: receipt, label: 'View or print your receipt' } : undefined;
  switch (notice.kind) {
    case 'card_receipt':
      return message(
        notice,
        `Receipt: ${money(payment.total_amount)} paid to ${name}`,
        [
          `Your ${payment.method_type === 'payto' ? 'PayTo' : 'card'} payment to ${name} for invoice ${payment.invoice_number} went through. Thank you for your payment.`,
          '',
          `Amount: ${money(payment.amount)}`,
          `Surcharge: ${money(payment.surcharge)}`,
          `Total ${payment.method_type === 'payto' ? 'paid' : 'charged'}: ${money(payment.total_amount)}`,
          `Paid by: ${paymentMethodText(payment)}`,
          `Date: ${localDate(new Date(payment.succeeded_at ?? payment.updated_at), merchant?.time_zone ?? deps.config.defaultTimeZone)}`,
          `Reference: ${reference}`,
          '',
          `Sent by ${product} on behalf of ${name}.`,
        ],
        receiptLink,
      );
    case 'debit_cleared':
      return message(
        notice,
        `Receipt: ${money(payment.total_amount)} paid to ${name}`,
        [
          `Your bank debit to ${name} for invoice ${payment.invoice_number} has cleared. Thank you for your payment.`,
          '',
          `Amount: ${money(payment.amount)}`,
          `Surcharge: ${money(payment.surcharge)}`,
          `Total debited: ${money(payment.total_amount)}`,
          `Paid by: ${method}${account ? ` (${account})` : ''}`,
          `Mandate: ${payment.mandate_reference ?? '—'}`,
          `Reference: ${reference}`,
          '',
          `Sent by ${product} on behalf of ${name}.`,
        ],
        receiptLink,
      );
    case 'debit_failed':
      return message(
        notice,
        `Your bank debit to ${name} did not go through`,
        [
          `Your bank debit of ${money(payment.total_amount)} to ${name} for invoice ${payment.invoice_number} did not go through: ${reason}`,
          'Nothing was taken from your account for it, and the invoice is open again.',
          `Reference: ${reference}`,
          '',
          `Questions? Contact ${name}${merchant?.email ? ` at ${merchant.email}` : ''}.`,
        ],
        merchant
          ? { url: payLink(deps.config.publicBaseUrl, payment, merchant.shortcode), label: 'Pay the invoice' }
          : undefined,
      );
    case 'refund_issued': {
      const refund = await findRefund(db, notice.ref);
      if (!refund) return null;
      const card = payment.method_type === 'card';
      return message(notice, `Refund: ${money(refund.total_amount)} from ${name}`, [
        `${name} has refunded ${money(refund.total_amount)} of your payment for invoice ${payment.invoice_number}.`,
        '',
        `Refunded: ${money(refund.total_amount)}${refund.surcharge > 0 ? ` (${money(refund.amount)} of the invoice and ${money(refund.surcharge)} of its surcharge)` : ''}`,
        `To: ${paymentMethodText(payment)}`,
        `Date: ${localDate(new Date(refund.created_at), merchant?.time_zone ?? deps.config.defaultTimeZone)}`,
        card
          ? 'When: it usually reaches your card within 5 to 10 business days, depending on your bank.'
          : 'When: it usually reaches your account within 3 to 5 business days.',
        `Reference: ${refund.id}`,
        '',
        `Questions? Contact ${name}${merchant?.email ? ` at ${merchant.email}` : ''}.`,
        `Sent by ${product} on behalf of ${name}.`,
      ]);
    }
    case 'merchant_debit_failed':
      return message(notice, `A bank debit for invoice ${payment.invoice_number} failed`, [
        `The bank debit of ${money(payment.total_amount)} for invoice ${payment.invoice_number} (${money(payment.amount)} of the invoice) failed: ${reason}`,
        `That amount is open on the invoice again${payment.customer_email ? `, and the customer (${payment.customer_email}) has been told` : ''}.`,
        `Reference: ${reference}`,
        `Payment: ${deps.config.publicBaseUrl.replace(/\/+$/, '')}/admin/payments/${payment.id}`,
      ]);
  }
}

function message(
  notice: PaymentNotice,
  subject: string,
  lines: string[],
  link?: { url: string; label: string },
): MailMessage {
  return composeMail({ to: notice.to_address, kind: notice.kind, subject, lines, link });
}
