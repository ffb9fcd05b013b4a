/**
 * Helpers for the bank debit (AU BECS Direct Debit) suites: a merchant that offers it, a bank account
 * as a confirmation token (made the way the widget's sandbox form makes one, with the mandate
 * accepted), paying with it through a pay session, and moving the sandbox's clock past its delay so
 * the bank's word arrives by webhook.
 *
 * @example
 *   const m = await bankDebitMerchant(t, { becs_surcharge_bps: 100, becs_surcharge_cap: 350 });
 *   const { res } = await payByBankDebit(t, { paySessionId, account: m.stripe_account_id!, amount: 60000 });
 *   await settleDebits(t); // processing → succeeded or failed, delivered to /api/webhooks/stripe
 */
import { expect } from 'vitest';
import { json, type TestApp } from '../../support/app.ts';
import { backgroundSettled } from '../../../api/background.ts';
import { createConnectedMerchant, createPayment, quote, sandbox } from './payments.ts';

export const BANK_ACCOUNTS = {
  succeeds: '000123456',
  accountClosed: '111111113',
  insufficientFunds: '111111116',
  disputed: '222222227',
} as const;

/** A connected AU merchant with bank debit on (no bank debit surcharge unless given). */
export async function bankDebitMerchant(
  t: TestApp,
  over: Partial<{
    becs_surcharge_bps: number;
    becs_surcharge_cap: number | null;
    becs_minimum_amount: number | null;
    surcharge_bps: number;
    make_webhook_url: string | null;
    webhook_version: 'v1' | '2026-11';
    email: string;
  }> = {},
) {
  const { make_webhook_url, webhook_version, email, ...becs } = over;
  const m = await createConnectedMerchant(t, {});
  await t.deps.database.db
    .updateTable('merchants')
    .set({
      becs_enabled: 1,
      becs_surcharge_bps: 0,
      ...becs,
      ...(make_webhook_url !== undefined ? { make_webhook_url } : {}),
      ...(webhook_version ? { webhook_version } : {}),
      ...(email ? { email } : {}),
    })
    .where('id', '=', m.id)
    .execute();
  return m;
}

/** The bank account as a confirmation token on `account` (BSB 000-000), the mandate accepted unless told. */
export async function bankToken(
  t: TestApp,
  account: string,
  accountNumber: string = BANK_ACCOUNTS.succeeds,
  o: { email?: string; mandate?: boolean; name?: string } = {},
) {
  const res = await json(t.app, 'POST', '/api/sandbox/confirmation_tokens', {
    payment_method_data: {
      type: 'au_becs_debit',
      au_becs_debit: { bsb_number: '000-000', account_number: accountNumber },
      billing_details: { name: o.name ?? 'Jordan Builder', email: o.email ?? 'jordan@builders.test' },
    },
    ...(o.mandate === false
      ? {}
      : { mandate_data: { customer_acceptance: { type: 'online', online: { infer_from_client: true } } } }),
    stripe_account: account,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as string;
}

/** Token → quote → create-and-confirm with a bank account, as the widget does; `res` is the create answer. */
export async function payByBankDebit(
  t: TestApp,
  o: {
    account: string;
    amount: number;
    paySessionId?: string;
    accountNumber?: string;
    email?: string;
    customerEmail?: string;
  },
) {
  const token = await bankToken(t, o.account, o.accountNumber, { email: o.email });
  const where = { paySessionId: o.paySessionId, currency: 'aud' };
  const q = await quote(t, { ...where, amount: o.amount, confirmationToken: token });
  expect(q.status, JSON.stringify(q.body)).toBe(200);
  const res = await createPayment(t, {
    ...where,
    amount: o.amount,
    confirmationToken: token,
    quoteId: q.body.quoteId,
    customerEmail: o.customerEmail,
  });
  return { token, quote: q.body, res };
}

/** Move past the sandbox's bank debit delay, settle what is due and deliver its events. */
export async function settleDebits(
  t: TestApp,
  afterMs = t.deps.config.sandboxBecsDelaySeconds * 1000 + 1000,
) {
  t.clock.advance(afterMs);
  const s = sandbox(t);
  const result = await s.settleDueDebits();
  await s.flushEvents();
  return result;
}

export async function paymentRow(t: TestApp, id: string) {
  return t.deps.database.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** What was mailed to `to`, once the mail a webhook started beside its answer has gone. */
export async function emailsTo(t: TestApp, to: string) {
  await backgroundSettled(t.deps);
  return t.deps.database.db
    .selectFrom('emails')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('created_at')
    .execute();
}

export async function outboxOf(t: TestApp, paymentId: string) {
  // Notices (payment.failed, payment.disputed) name no payment (api/merchant-webhooks/notify.ts): their body
  // does; invoice.paid names the payment that paid the invoice (it goes out after its payment.succeeded).
  const rows = await t.deps.database.db
    .selectFrom('outbox')
    .selectAll()
    .where((eb) => eb.or([eb('payment_id', '=', paymentId), eb('payload', 'like', `%${paymentId}%`)]))
    .orderBy('created_at')
    .orderBy('seq')
    .execute();
  return rows.map((r) => {
    const body = JSON.parse(r.payload) as Record<string, any>;
    return { ...r, body, event: String(body.type ?? body.event) };
  });
}

/** The webhook event types our route recorded for an intent, in order. */
export async function eventTypesFor(t: TestApp, intentId: string) {
  const rows = await t.deps.database.db
    .selectFrom('payment_events')
    .select(['type', 'received_at'])
    .where('object_id', '=', intentId)
    // Events of one millisecond (the sandbox answers at once) keep the order they came in by seq.
    .orderBy('received_at')
    .orderBy('seq')
    .execute();
  return rows.map((r) => r.type);
}
