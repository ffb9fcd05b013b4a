/**
 * AU BECS Direct Debit end to end through the sandbox and our webhook route (issue 17): a debit is
 * `processing` for days and keeps its reservation until the bank's word — other payers can pay only
 * what is left — then it clears (ledger, `payment.succeeded` to the accounting targets, the customer's
 * receipt) or fails (reservation released, balance reopened, `payment.failed` to the automation
 * webhook, notices to customer and merchant; never a write-back); a dispute on a cleared debit is
 * recorded, shown to admins and sent as `payment.disputed`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireReservations } from '../../api/payments/lifecycle/expiry.ts';
import { runOutboxOnce } from '../../api/accounting/sync/worker.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { startReceiver, type Receiver } from '../support/fake-receiver.ts';
import {
  BANK_ACCOUNTS,
  bankDebitMerchant,
  emailsTo,
  eventTypesFor,
  outboxOf,
  paymentRow,
  payByBankDebit,
  settleDebits,
} from './support/bank-debit.ts';
import { CARDS, cardToken, invoiceRow, openSession, quote, quoteAndPay } from './support/payments.ts';
import { AdminPayment } from '../../api/payments/console/admin-schema.ts';
import { expectShape } from './support/shape.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`bank debits through webhooks (${testDialect})`, () => {
  let t: TestApp;
  let receiver: Receiver;
  let seq = 0;
  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp({
      autoDeliverEvents: false,
      env: { OUTBOUND_ALLOWLIST: '127.0.0.1', SANDBOX_BECS_DELAY_SECONDS: '120' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  /** A merchant offering bank debit (webhook to the receiver), and a pay link for a new invoice. */
  async function link(amount: string, over: Parameters<typeof bankDebitMerchant>[1] = {}) {
    const m = await bankDebitMerchant(t, {
      make_webhook_url: `${receiver.url}/hook`,
      webhook_version: '2026-11', // v1 receivers get only the spec's events, not payment.failed
      email: `accounts${++seq}@supplier.test`,
      ...over,
    });
    const invoice = `INV-BD-${seq}`;
    const open = async () => (await openSession(t, { merchant: m.id, invoice, amount })).body;
    return { m, invoice, account: m.stripe_account_id!, open };
  }

  it('succeeds after the delay: held while processing, then paid, written back and receipted', async () => {
    const { m, invoice, account, open } = await link('20000.00');
    const session = await open();
    expect(session.bankDebit).toMatchObject({
      offered: true,
      surchargeBps: 0,
      rule: 'bank debit: no surcharge',
    });
    const { res } = await payByBankDebit(t, {
      account,
      amount: 2_000_000,
      paySessionId: session.paySessionId,
      email: 'jordan@builders.test',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: 'processing',
      method: 'au_becs_debit',
      amount: 2_000_000,
      surcharge: 0,
      remaining: 0,
      clientSecret: null,
      paymentMethod: { label: 'Bank account (BECS Direct Debit)', last4: '3456' },
    });
    // 22 Nov 2026 (the test clock) is a Sunday in Sydney: three business days on is Wednesday.
    expect(res.body.clearsBy).toBe('2026-11-25');
    const id = res.body.paymentId as string;
    await sandboxDeliver();

    // Processing: reserved, nothing paid, nothing to write back, no mail; nobody else can pay it.
    expect(await invoiceRow(t, m.id, invoice)).toMatchObject({ reserved_amount: 2_000_000, paid_amount: 0 });
    expect((await open()).invoice).toMatchObject({ balance: 0 });
    expect(await outboxOf(t, id)).toEqual([]);
    expect(await emailsTo(t, 'jordan@builders.test')).toEqual([]);
    const processing = await paymentRow(t, id);
    expect(processing).toMatchObject({
      status: 'processing',
      bank_bsb: '000000',
      bank_last4: '3456',
      customer_email: 'jordan@builders.test',
      reserved_until: null,
    });
    expect(processing.mandate_reference).toMatch(/^mandate_/);
    // The dashboard counts it apart: "A$20,000.00 clearing", not in the payments or revenue.
    const stats = async () =>
      (await json(t.app, 'GET', '/api/admin/stats', undefined, await adminHeaders(t))).body;
    expect(await stats()).toMatchObject({
      clearing: [{ currency: 'AUD', amount: 2_000_000 }],
      total_payments: 0,
    });
    // The reservation sweep leaves a processing debit alone, however long it takes.
    t.clock.advance(60 * 60_000);
    await expireReservations(t.deps);
    expect(await invoiceRow(t, m.id, invoice)).toMatchObject({ reserved_amount: 2_000_000 });

    await settleDebits(t);
    expect(await eventTypesFor(t, res.body.paymentIntentId)).toEqual([
      'payment_intent.processing',
      'payment_intent.succeeded',
    ]);
    expect(await paymentRow(t, id)).toMatchObject({ status: 'succeeded' });
    expect(await invoiceRow(t, m.id, invoice)).toMatchObject({ reserved_amount: 0, paid_amount: 2_000_000 });
    expect(await stats()).toMatchObject({ clearing: [], total_payments: 1 });
    const jobs = await outboxOf(t, id);
    // The debit paid the whole invoice: invoice.paid, queued after the payment.succeeded it follows.
    expect(jobs.map((j) => j.event)).toEqual(['payment.succeeded', 'invoice.paid']);
    await runOutboxOnce(t.deps);
    expect(receiver.applied.get(jobs[0].idempotency_key)).toMatchObject({
      type: 'payment.succeeded',
      data: { object: { id, invoice_number: invoice, amount: 2_000_000, status: 'succeeded' } },
    });
    const mail = await emailsTo(t, 'jordan@builders.test');
    expect(mail.map((e) => [e.kind, e.subject])).toEqual([
      ['debit_cleared', `Receipt: A$20,000.00 paid to ${m.business_name}`],
    ]);
    expect(mail[0].text_body).toContain('BSB 000-000, account ending 456');
    expect(mail[0].text_body).toContain(processing.mandate_reference);
    // The same event again changes nothing and mails nothing.
    await sandboxReplay(res.body.paymentIntentId);
    expect(await emailsTo(t, 'jordan@builders.test')).toHaveLength(1);
  });

  it.each([
    [BANK_ACCOUNTS.insufficientFunds, 'insufficient_funds', 'insufficient funds'],
    [BANK_ACCOUNTS.accountClosed, 'account_closed', 'has been closed'],
  ])(
    'fails after the delay (%s): released, reopened, payment.failed sent, customer and merchant told',
    async (accountNumber, code, words) => {
      const { m, invoice, account, open } = await link('5000.00');
      const { res } = await payByBankDebit(t, {
        account,
        amount: 300_000,
        paySessionId: (await open()).paySessionId,
        accountNumber,
        email: `payer${seq}@builders.test`,
      });
      expect(res.body.status).toBe('processing');
      const id = res.body.paymentId as string;
      await sandboxDeliver();
      expect((await open()).invoice.balance).toBe(200_000);

      await settleDebits(t);
      // The failure, then the cancellation the app makes of the ended intent (delivered by the same flush).
      expect(await eventTypesFor(t, res.body.paymentIntentId)).toEqual([
        'payment_intent.processing',
        'payment_intent.payment_failed',
        'payment_intent.canceled',
      ]);
      expect(await paymentRow(t, id)).toMatchObject({ status: 'failed', failure_code: code });
      expect(await invoiceRow(t, m.id, invoice)).toMatchObject({ reserved_amount: 0, paid_amount: 0 });
      expect((await open()).invoice.balance).toBe(500_000);
      // A debit returned days later is not card testing: nothing counted against the decline limits.
      expect(await t.deps.database.db.selectFrom('decline_counters').selectAll().execute()).toEqual([]);

      const jobs = await outboxOf(t, id);
      expect(jobs.map((j) => [j.kind, j.event])).toEqual([['automation_webhook', 'payment.failed']]);
      await runOutboxOnce(t.deps);
      expect(receiver.applied.get(jobs[0].idempotency_key)).toMatchObject({
        type: 'payment.failed',
        data: {
          object: {
            id,
            invoice_number: invoice,
            amount: 300_000,
            status: 'failed',
            failure_code: code,
            method: 'au_becs_debit',
            bank_account: { bsb: '000000', last4: accountNumber.slice(-4) },
          },
        },
      });
      // A failure acknowledged by the receiver is not a write-back: nothing was recorded.
      expect(
        await t.deps.database.db
          .selectFrom('accounting_writebacks')
          .selectAll()
          .where('payment_id', '=', id)
          .execute(),
      ).toEqual([]);

      const customer = await emailsTo(t, `payer${seq}@builders.test`);
      expect(customer.map((e) => e.kind)).toEqual(['debit_failed']);
      expect(customer[0].text_body).toContain(words);
      expect(customer[0].text_body).toContain(`/pay/${m.id}?INVOICENUMBER=${invoice}`);
      const merchant = await emailsTo(t, `accounts${seq}@supplier.test`);
      expect(merchant.map((e) => [e.kind, e.subject])).toEqual([
        ['merchant_debit_failed', `A bank debit for invoice ${invoice} failed`],
      ]);
    },
  );

  it('a second payer can pay only what the processing debit leaves; its failure reopens the rest', async () => {
    const { m, invoice, account, open } = await link('1000.00');
    const first = await payByBankDebit(t, {
      account,
      amount: 60_000,
      paySessionId: (await open()).paySessionId,
      accountNumber: BANK_ACCOUNTS.insufficientFunds,
    });
    expect(first.res.body).toMatchObject({ status: 'processing', remaining: 40_000 });
    await sandboxDeliver();

    const second = await open();
    expect(second.invoice).toMatchObject({ balance: 40_000, fullyPaid: false });
    expect(second.invoice.history).toEqual([
      expect.objectContaining({ amount: 60_000, status: 'processing' }),
    ]);
    const tooMuch = await quote(t, {
      paySessionId: second.paySessionId,
      amount: 50_000,
      confirmationToken: await cardToken(t, account),
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.field).toBe('amount');
    const card = await quoteAndPay(t, {
      account,
      amount: 40_000,
      paySessionId: second.paySessionId,
      card: CARDS.visa,
    });
    expect(card.res.body).toMatchObject({ status: 'succeeded', remaining: 0 });
    expect(await invoiceRow(t, m.id, invoice)).toMatchObject({
      reserved_amount: 60_000,
      paid_amount: 40_000,
    });

    await settleDebits(t);
    expect(await invoiceRow(t, m.id, invoice)).toMatchObject({ reserved_amount: 0, paid_amount: 40_000 });
    expect((await open()).invoice.balance).toBe(60_000);
  });

  it('records a dispute on a cleared debit, shows it to admins and sends payment.disputed; the ledger stays', async () => {
    const { m, invoice, account, open } = await link('8000.00');
    const { res } = await payByBankDebit(t, {
      account,
      amount: 800_000,
      paySessionId: (await open()).paySessionId,
    });
    const id = res.body.paymentId as string;
    await sandboxDeliver();
    await settleDebits(t);
    await runOutboxOnce(t.deps);
    const admin = await adminHeaders(t);

    const opened = await json(t.app, 'POST', `/api/admin/sandbox/payments/${id}/dispute`, {}, admin);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body).toMatchObject({
      reason: 'debit_not_authorized',
      status: 'needs_response',
      amount: 800_000,
    });
    await sandbox().flushEvents();

    const shown = await json(t.app, 'GET', `/api/admin/payments/${id}`, undefined, admin);
    expect(shown.body).toMatchObject({
      status: 'succeeded',
      method_type: 'au_becs_debit',
      dispute_status: 'needs_response',
      disputes: [{ provider_dispute_id: opened.body.id, amount: 800_000, reason: 'debit_not_authorized' }],
    });
    const listed = await json(
      t.app,
      'GET',
      `/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ disputed: true }))}`,
      undefined,
      admin,
    );
    expect(listed.body.map((p: { id: string }) => p.id)).toContain(id);
    expectShape(AdminPayment, shown.body); // with its dispute and bank account
    for (const row of listed.body) expectShape(AdminPayment, row);
    expect(await invoiceRow(t, m.id, invoice)).toMatchObject({ paid_amount: 800_000, reserved_amount: 0 });

    const jobs = await outboxOf(t, id);
    // Made at the same instant of the test clock: sorted, as only the payment's own chain has an order.
    expect(jobs.map((j) => j.event).sort()).toEqual([
      'invoice.paid',
      'payment.disputed',
      'payment.succeeded',
    ]);
    const disputed = jobs.find((j) => j.event === 'payment.disputed')!;
    await runOutboxOnce(t.deps);
    expect(receiver.applied.get(disputed.idempotency_key)).toMatchObject({
      type: 'payment.disputed',
      data: {
        object: { id: opened.body.id, payment_id: id, amount: 800_000, reason: 'debit_not_authorized' },
      },
    });
    // A second dispute on the same payment is refused, as the provider refuses it.
    const again = await json(t.app, 'POST', `/api/admin/sandbox/payments/${id}/dispute`, {}, admin);
    expect(again.status).toBe(409);
  });

  it("Stripe's disputed test account (222222227) clears, then its dispute arrives by itself", async () => {
    const { account, open } = await link('3000.00');
    const { res } = await payByBankDebit(t, {
      account,
      amount: 300_000,
      paySessionId: (await open()).paySessionId,
      accountNumber: BANK_ACCOUNTS.disputed,
    });
    await sandboxDeliver();
    await settleDebits(t);
    expect(await paymentRow(t, res.body.paymentId)).toMatchObject({
      status: 'succeeded',
      dispute_status: 'needs_response',
    });
  });

  function sandbox() {
    return t.deps.payments as import('../../api/sandbox/provider/sandbox-provider.ts').SandboxProvider;
  }
  async function sandboxDeliver() {
    await sandbox().flushEvents();
  }
  /** Deliver the intent's latest event again, signed afresh (a provider retry). */
  async function sandboxReplay(intentId: string) {
    const s = sandbox();
    const rows = await s.ctx.db
      .selectFrom('sandbox_events')
      .select('payload')
      .where('payload', 'like', `%${intentId}%`)
      .orderBy('seq', 'desc')
      .limit(1)
      .execute();
    const res = await t.app.request('/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': s.signPayload(rows[0].payload) },
      body: rows[0].payload,
    });
    expect(await res.json()).toMatchObject({ received: true, duplicate: true });
  }
});
