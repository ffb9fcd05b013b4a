/**
 * Card receipts in sandbox mode (issue 36 item 11): /payment-complete promises "a receipt is on its
 * way"; Stripe mails its own to the intent's receipt_email, the sandbox none, so there the receipt is
 * ours — queued with the success, once, only for a payment that went through and named an email.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOutboxOnce } from '../../api/accounting/sync/worker.ts';
import { receiptToken } from '../../api/payments/notices/receipt.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { emailsTo } from './support/bank-debit.ts';
import { CARDS, createConnectedMerchant, openSession, quoteAndPay } from './support/payments.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`card receipts (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ autoDeliverEvents: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('mails one receipt for a card payment that went through, none for a decline or without an email', async () => {
    const m = await createConnectedMerchant(t);
    const session = (await openSession(t, { merchant: m.id, invoice: 'INV-RCPT-1', amount: '300.00' })).body;
    const pay = (card: string, amount: number, customerEmail?: string) =>
      quoteAndPay(t, {
        account: m.stripe_account_id!,
        paySessionId: session.paySessionId,
        amount,
        card,
        customerEmail,
      });

    const declined = await pay(CARDS.declined, 5000, 'casey@builders.test');
    expect(declined.res.status).toBe(422);
    const paid = await pay(CARDS.visa, 10000, 'casey@builders.test');
    expect(paid.res.status, JSON.stringify(paid.res.body)).toBe(200);
    const quiet = await pay(CARDS.visa, 5000);
    expect(quiet.res.status).toBe(200);
    // Mailed after the commit, by the next worker pass (the request does not wait for the mailer).
    await runOutboxOnce(t.deps);
    await t.deps.payments.flushEvents(); // the webhook for the same success queues nothing more
    await runOutboxOnce(t.deps);

    const mail = await emailsTo(t, 'casey@builders.test');
    expect(mail.map((e) => [e.kind, e.subject])).toEqual([
      ['card_receipt', `Receipt: A$102.95 paid to ${m.business_name}`],
    ]);
    const text = mail[0].text_body;
    expect(text).toContain(`Your card payment to ${m.business_name} for invoice INV-RCPT-1 went through.`);
    expect(text).toContain('Amount: A$100.00');
    expect(text).toContain('Surcharge: A$2.95');
    expect(text).toContain('Total charged: A$102.95');
    expect(text).toContain('Paid by: Visa credit ending 4242');
    expect(text).toContain(`Reference: ${paid.res.body.paymentIntentId}`);
    const notices = await t.deps.database.db
      .selectFrom('payment_notices')
      .select(['payment_id', 'kind', 'status'])
      .where('kind', '=', 'card_receipt')
      .execute();
    expect(notices).toEqual([{ payment_id: paid.res.body.paymentId, kind: 'card_receipt', status: 'sent' }]);

    // The email links the receipt page, the one the pay flow's answer names too.
    const url = paid.res.body.receiptUrl as string;
    expect(url).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:8787/receipt/${paid.res.body.paymentId}\\?t=[\\w-]{22}$`),
    );
    expect(text).toContain(url);
    expect(declined.res.body.payment.receiptUrl).toBeNull();
    const token = new URL(url).searchParams.get('t')!;
    const receipt = await json(t.app, 'GET', `/api/pay/receipts/${paid.res.body.paymentId}?t=${token}`);
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    expect(receipt.headers.get('cache-control')).toBe('private, no-store');
    expect(receipt.body).toMatchObject({
      merchant: { name: m.business_name, country: 'AU', timeZone: 'Australia/Sydney' },
      invoice: 'INV-RCPT-1',
      currency: 'AUD',
      amount: 10000,
      surcharge: 295,
      total: 10295,
      refunded: 0,
      status: 'succeeded',
      method: 'Visa credit ending 4242',
      reference: paid.res.body.paymentIntentId,
    });
    expect(JSON.stringify(receipt.body)).not.toContain('casey@builders.test');
    // A wrong token, another payment's token, or a payment that did not go through: not found alike.
    const declinedId = declined.res.body.payment.paymentId as string;
    for (const path of [
      `/api/pay/receipts/${paid.res.body.paymentId}?t=${token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
      `/api/pay/receipts/${quiet.res.body.paymentId}?t=${token}`,
      `/api/pay/receipts/${declinedId}?t=${receiptToken(t.deps.config.jwtSecret, declinedId)}`,
    ])
      expect((await json(t.app, 'GET', path)).status).toBe(404);
  });
});
