/**
 * The payment notice sender (api/payments/notices/notices.ts): one pass at a time per app, a batch
 * claimed in one statement and marked sent in another. However many callers ask at once (each
 * payment's webhook does), every notice is mailed once; a caller that asks while a pass runs gets
 * what was queued meanwhile mailed too; a mail that fails is tried again once its claim runs out; a
 * webhook or a customer's refresh that queued a notice is answered without waiting for its mail.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backgroundSettled } from '../../api/background.ts';
import { sendDueNotices } from '../../api/payments/notices/notices.ts';
import type { MailMessage } from '../../api/mail/mailer.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { bankDebitMerchant, payByBankDebit, settleDebits } from './support/bank-debit.ts';
import { CARDS, createConnectedMerchant, openSession, quoteAndPay, sandbox } from './support/payments.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`payment notice sender (${testDialect})`, () => {
  let t: TestApp;
  let pay: (customerEmail: string) => Promise<string>;
  beforeEach(async () => {
    t = await createTestApp({ autoDeliverEvents: false });
    const m = await createConnectedMerchant(t);
    const session = (await openSession(t, { merchant: m.id, invoice: 'INV-NOTICES', amount: '900.00' })).body;
    pay = async (customerEmail) => {
      const paid = await quoteAndPay(t, {
        account: m.stripe_account_id!,
        paySessionId: session.paySessionId,
        amount: 1000,
        card: CARDS.visa,
        customerEmail,
      });
      expect(paid.res.status, JSON.stringify(paid.res.body)).toBe(200);
      return paid.res.body.paymentId as string;
    };
  });
  afterEach(async () => {
    await t?.close();
  });

  const receipts = () =>
    t.deps.database.db
      .selectFrom('emails')
      .select('to_address')
      .where('kind', '=', 'card_receipt')
      .orderBy('to_address')
      .execute()
      .then((rows) => rows.map((r) => r.to_address));
  const notices = () =>
    t.deps.database.db
      .selectFrom('payment_notices')
      .select(['to_address', 'status', 'attempts'])
      .orderBy('to_address')
      .execute();

  it('mails each notice once however many callers ask at the same time', async () => {
    const emails = ['a@builders.test', 'b@builders.test', 'c@builders.test', 'd@builders.test'];
    for (const email of emails) await pay(email);
    const mailed = await Promise.all([
      sendDueNotices(t.deps),
      sendDueNotices(t.deps),
      sendDueNotices(t.deps),
    ]);
    expect(mailed.reduce((a, b) => a + b, 0)).toBe(4);
    expect(await receipts()).toEqual(emails);
    expect(await notices()).toEqual(
      emails.map((to_address) => ({ to_address, status: 'sent', attempts: 1 })),
    );
    expect(await sendDueNotices(t.deps)).toBe(0); // nothing left
  });

  it('a caller that asks while a pass runs gets what was queued meanwhile mailed', async () => {
    await pay('first@builders.test');
    const first = sendDueNotices(t.deps); // reads its batch now
    await pay('second@builders.test'); // queued after that read
    const second = sendDueNotices(t.deps);
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(await receipts()).toEqual(['first@builders.test', 'second@builders.test']);
  });

  /**
   * A bank debit paid (processing, the customer's receipt to `customerEmail` once it clears), and a
   * mail server that hangs from now on until `answerMail` is called.
   */
  async function debitWithHangingMail(invoice: string, customerEmail: string) {
    const m = await bankDebitMerchant(t);
    const session = (await openSession(t, { merchant: m.id, invoice, amount: '500.00' })).body;
    const { res } = await payByBankDebit(t, {
      account: m.stripe_account_id!,
      paySessionId: session.paySessionId,
      amount: 50_000,
      customerEmail,
    });
    expect(res.body.status, JSON.stringify(res.body)).toBe('processing');
    let answerMail: () => void = () => {};
    const mailServerAnswers = new Promise<void>((resolve) => (answerMail = resolve));
    const send = t.deps.mailer.send.bind(t.deps.mailer);
    t.deps.mailer.send = async (message: MailMessage) => {
      await mailServerAnswers;
      return send(message);
    };
    return { paymentId: res.body.paymentId as string, answerMail };
  }

  it('a webhook that queued a notice is answered without waiting for the mail server; the notice goes once it answers', async () => {
    const { answerMail } = await debitWithHangingMail('INV-SLOW-MAIL', 'slow@builders.test');
    try {
      // The bank's word: the sandbox posts payment_intent.succeeded to /api/webhooks/stripe, whose
      // transaction queues the customer's receipt; settleDebits resolves with the webhook's answer.
      const answered = await Promise.race([
        settleDebits(t).then(() => 'answered'),
        new Promise((resolve) => setTimeout(() => resolve('still waiting for the mail server'), 2_000)),
      ]);
      expect(answered).toBe('answered');
      const mailed = () =>
        t.deps.database.db
          .selectFrom('emails')
          .select(['kind', 'to_address'])
          .where('to_address', '=', 'slow@builders.test')
          .execute();
      expect(await mailed()).toEqual([]); // on its way
      expect((await notices()).map((n) => [n.to_address, n.status])).toEqual([
        ['slow@builders.test', 'pending'],
      ]);
      answerMail();
      await backgroundSettled(t.deps); // the pass the webhook started (nothing else starts one here)
      expect(await mailed()).toEqual([{ kind: 'debit_cleared', to_address: 'slow@builders.test' }]);
    } finally {
      answerMail(); // (again) also when an expectation failed: the app's close waits for the pass
    }
    expect(await notices()).toEqual([{ to_address: 'slow@builders.test', status: 'sent', attempts: 1 }]);
  });

  it("a customer's refresh that finds a bank debit's final word is answered without waiting for its mail", async () => {
    const { paymentId, answerMail } = await debitWithHangingMail('INV-SLOW-REFRESH', 'refresh@builders.test');
    try {
      // The bank clears the debit at the provider; its webhook is not delivered (events wait for a
      // flush here), so the customer's refresh is what learns of it and queues the receipt.
      t.clock.advance(t.deps.config.sandboxBecsDelaySeconds * 1000 + 1000);
      await sandbox(t).settleDueDebits();
      const refreshed = await Promise.race([
        json(t.app, 'POST', `/api/pay/payments/${paymentId}/refresh`),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 2_000)),
      ]);
      expect(refreshed, 'the refresh still waiting for the mail server').not.toBeNull();
      expect(refreshed!.status, JSON.stringify(refreshed!.body)).toBe(200);
      expect(refreshed!.body.status).toBe('succeeded');
      expect((await notices()).map((n) => [n.to_address, n.status])).toEqual([
        ['refresh@builders.test', 'pending'],
      ]);
      answerMail();
      await backgroundSettled(t.deps); // the pass the refresh started (nothing else starts one here)
    } finally {
      answerMail(); // (again) also when an expectation failed: the app's close waits for the pass
    }
    expect(await notices()).toEqual([{ to_address: 'refresh@builders.test', status: 'sent', attempts: 1 }]);
  });

  it('a notice whose mail failed stays pending and goes once its claim has run out', async () => {
    await pay('down@builders.test');
    await pay('up@builders.test');
    const send = t.deps.mailer.send.bind(t.deps.mailer);
    t.deps.mailer.send = async (message: MailMessage) => {
      if (message.to === 'down@builders.test') throw new Error('SMTP 421 try again later');
      return send(message);
    };
    expect(await sendDueNotices(t.deps)).toBe(1);
    expect(await notices()).toEqual([
      { to_address: 'down@builders.test', status: 'pending', attempts: 1 },
      { to_address: 'up@builders.test', status: 'sent', attempts: 1 },
    ]);
    t.deps.mailer.send = send;
    expect(await sendDueNotices(t.deps)).toBe(0); // still claimed by the failed attempt
    t.clock.advance(60_001);
    expect(await sendDueNotices(t.deps)).toBe(1);
    expect(await receipts()).toEqual(['down@builders.test', 'up@builders.test']);
    expect(await notices()).toEqual([
      { to_address: 'down@builders.test', status: 'sent', attempts: 2 },
      { to_address: 'up@builders.test', status: 'sent', attempts: 1 },
    ]);
  });
});
