/**
 * A refund mails the customer (issue 50 item 8): once the provider takes a refund, the customer who
 * gave an email is told how much, to which card and when to expect it — one mail per refund, none
 * without an email and none for a refund the provider refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOutboxOnce } from '../../api/accounting/sync/worker.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { emailsTo } from './support/bank-debit.ts';
import { CARDS, createConnectedMerchant, openSession, quoteAndPay } from './support/payments.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`refund notices (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ autoDeliverEvents: false });
  });
  afterAll(async () => t?.close());

  it('mails the customer each refund the provider took: amount, card, when; none without an email', async () => {
    const m = await createConnectedMerchant(t);
    const admin = await adminHeaders(t);
    const session = (await openSession(t, { merchant: m.id, invoice: 'INV-RFND-1', amount: '300.00' })).body;
    const pay = (amount: number, customerEmail?: string) =>
      quoteAndPay(t, {
        account: m.stripe_account_id!,
        paySessionId: session.paySessionId,
        amount,
        card: CARDS.visa,
        customerEmail,
      });
    const paid = await pay(10_000, 'robin@builders.test');
    expect(paid.res.status, JSON.stringify(paid.res.body)).toBe(200);
    const quiet = await pay(5_000);
    expect(quiet.res.status).toBe(200);

    const refund = (paymentId: string, amount: number) =>
      json(t.app, 'POST', `/api/admin/payments/${paymentId}/refund`, { amount }, admin);
    expect((await refund(paid.res.body.paymentId, 4_000)).status).toBe(200);
    expect((await refund(paid.res.body.paymentId, 1_000)).status).toBe(200);
    expect((await refund(quiet.res.body.paymentId, 1_000)).status).toBe(200);
    await runOutboxOnce(t.deps);

    const mails = (await emailsTo(t, 'robin@builders.test')).filter((e) => e.kind === 'refund_issued');
    // 4,000 of the invoice and its share of the A$2.95 surcharge (A$1.18), then 1,000 and A$0.30.
    expect(mails.map((e) => e.subject)).toEqual([
      `Refund: A$41.18 from ${m.business_name}`,
      `Refund: A$10.30 from ${m.business_name}`,
    ]);
    const text = mails[0].text_body;
    expect(text).toContain(`${m.business_name} has refunded A$41.18 of your payment for invoice INV-RFND-1.`);
    expect(text).toContain('Refunded: A$41.18 (A$40.00 of the invoice and A$1.18 of its surcharge)');
    expect(text).toMatch(/To: Visa .*ending 4242/);
    expect(text).toContain('within 5 to 10 business days');
    // Mailed once: another pass sends nothing more.
    await runOutboxOnce(t.deps);
    expect((await emailsTo(t, 'robin@builders.test')).filter((e) => e.kind === 'refund_issued')).toHaveLength(
      2,
    );
    const notices = await t.deps.database.db
      .selectFrom('payment_notices')
      .select(['kind', 'status'])
      .where('payment_id', '=', quiet.res.body.paymentId)
      .execute();
    expect(notices).toEqual([]); // no email given: nothing to tell
  });
});
