/**
 * The console's side of the ledger (DESIGN §3.3, §3.8): a written-off remainder reaches the
 * merchant's automation webhook once and counts as written back when acknowledged; dismissing an
 * observation is audited and reverses case 13; Needs attention lists what an admin must look at;
 * refunds say whether they credit or re-open; write-backs count in any order; partial refunds give
 * back exactly the surcharge charged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOutboxOnce } from '../../api/accounting/sync/worker.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { startReceiver, type Receiver } from '../support/fake-receiver.ts';
import {
  dismiss,
  invoiceIdOf,
  ledgerPage,
  markRecorded,
  refundAs,
  writeOff,
  type Admin,
} from './support/ledger.ts';
import { createConnectedMerchant, openSession, payThroughLink, sandbox } from './support/payments.ts';
import { AdminPayment } from '../../api/payments/console/admin-schema.ts';
import { expectShape } from './support/shape.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`ledger in the console (${testDialect})`, () => {
  let t: TestApp;
  let admin: Admin;
  let receiver: Receiver;
  let merchant: Awaited<ReturnType<typeof createConnectedMerchant>>;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ autoDeliverEvents: false, env: { OUTBOUND_ALLOWLIST: '127.0.0.1' } });
    admin = await adminHeaders(t);
    receiver = await startReceiver();
    merchant = await createConnectedMerchant(t, { business_name: 'Beam & Board' });
    const saved = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchant.id}/webhook`,
      { webhook_url: `${receiver.url}/hook`, scenario_id: 'scn-7' },
      admin,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  const pay = async (invoice: string, linkAmount: string, amount: number) => {
    const { state } = await payThroughLink(t, { merchant: merchant.id, invoice, linkAmount, amount });
    expect(state.status).toBe('succeeded');
    return state.paymentId as string;
  };
  const balance = async (invoice: string, amount: string) =>
    (await openSession(t, { merchant: merchant.id, invoice, amount })).body.invoice.balance;
  const attentionList = async () =>
    (
      await json(
        t.app,
        'GET',
        `/api/admin/invoices?filter=${encodeURIComponent(JSON.stringify({ needs_attention: true, merchant_id: merchant.id }))}`,
        undefined,
        admin,
      )
    ).body as Array<{ invoice_number: string; attention: string }>;
  const drainOutbox = async () => {
    while ((await runOutboxOnce(t.deps)).claimed > 0);
  };

  it('delivers a written-off remainder to the automation webhook once, and its 2xx is a write-back', async () => {
    const invoice = `INV-WO-${++n}`;
    const paymentId = await pay(invoice, '1000.00', 100000);
    await refundAs(t, admin, paymentId, { amount: 30, kind: 'reopen' });
    await drainOutbox();
    expect(await balance(invoice, '1000.00')).toBe(30);
    const invoiceId = await invoiceIdOf(t, merchant.id, invoice);
    expect((await attentionList()).find((i) => i.invoice_number === invoice)?.attention).toBe(
      'below_minimum',
    );

    const res = await writeOff(t, admin, invoiceId, 'Card minimum: 0.30 left after a refund');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.terms).toMatchObject({ balance: 0, written_off: 30, attention: null });
    expect(await balance(invoice, '1000.00')).toBe(0);
    expect((await attentionList()).some((i) => i.invoice_number === invoice)).toBe(false);
    const written = res.body.write_offs[0];

    await drainOutbox();
    await drainOutbox();
    const deliveries = receiver.deliveries.filter((d) => d.json.event === 'payment.write_off');
    expect(deliveries).toHaveLength(1);
    expect(receiver.seen.get(`payment.write_off:${written.id}:automation_webhook`)).toBe(1);
    expect(deliveries[0].headers['x-invoicepay-event']).toBe('payment.write_off');
    expect(deliveries[0].json).toMatchObject({
      event: 'payment.write_off',
      InvoiceNumber: invoice,
      Amount: 0.3,
      Currency: 'AUD',
      Date: t.clock.now().toISOString().slice(0, 10),
      Reference: written.id,
      payment_details: { status: 'written_off', amount: 0.3, merchant_id: merchant.id, payment_id: null },
      write_off: {
        id: written.id,
        merchant_id: merchant.id,
        invoice_id: invoiceId,
        invoice_number: invoice,
        currency: 'AUD',
        amount_minor: 30,
        amount: 0.3,
        reason: 'Card minimum: 0.30 left after a refund',
      },
    });
    const page = await ledgerPage(t, admin, invoiceId);
    expect(page.write_offs[0]).toMatchObject({ recorded_source: 'webhook', sync: [{ status: 'delivered' }] });
    expect(page.writebacks.map((w: { kind: string }) => w.kind)).toContain('write_off');
    const audit = await t.deps.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'invoice.write_off')
      .where('target_id', '=', invoiceId)
      .execute();
    expect(audit).toHaveLength(1);
    // Once settled there is nothing left to write off.
    expect((await writeOff(t, admin, invoiceId)).status).toBe(409);
  });

  it('refuses to write off what a card can still pay', async () => {
    const invoice = `INV-WO-${++n}`;
    await pay(invoice, '1000.00', 50000);
    const res = await writeOff(t, admin, await invoiceIdOf(t, merchant.id, invoice));
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      'Only a remainder below the card minimum (A$0.50) can be written off here; A$500.00 can still be paid by card.',
    );
  });

  it('dismissing an observation is audited and reverses case 13', async () => {
    const invoice = `INV-DISMISS-${++n}`;
    await pay(invoice, '0.50', 50);
    expect(await balance(invoice, '1000.00')).toBe(0);
    const invoiceId = await invoiceIdOf(t, merchant.id, invoice);
    expect((await attentionList()).find((i) => i.invoice_number === invoice)?.attention).toBe('capped');

    const page = await ledgerPage(t, admin, invoiceId);
    expect(page.terms).toMatchObject({ balance: 0, capping: { kind: 'credible_observation' } });
    const typed = page.observations.find((o: { amount: number }) => o.amount === 50);
    const opened = page.observations.find((o: { amount: number }) => o.amount === 100000);
    expect(typed).toMatchObject({ credible: true, dismissed: false, source: 'link', caps_balance: true });
    expect(opened).toMatchObject({ credible: false, remaining: 99950 });

    expect((await dismiss(t, admin, invoiceId, typed.id, '')).status).toBe(400);
    const res = await dismiss(t, admin, invoiceId, typed.id, 'Typed by hand; Xero says 1,000.00');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.terms.balance).toBe(99950);
    expect(await balance(invoice, '1000.00')).toBe(99950);
    expect((await attentionList()).some((i) => i.invoice_number === invoice)).toBe(false);
    expect((await dismiss(t, admin, invoiceId, typed.id)).status).toBe(409);

    const audit = await t.deps.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'invoice.observation_dismissed')
      .where('target_id', '=', invoiceId)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].actor_email).toBeTruthy();
    expect(JSON.parse(audit[0].details!)).toMatchObject({
      observationId: typed.id,
      amount: 50,
      credible: true,
      reason: 'Typed by hand; Xero says 1,000.00',
      balanceBefore: 0,
      balanceAfter: 99950,
    });
  });

  it('a refund is a credit by default and says so everywhere; a re-open gives the part back', async () => {
    const invoice = `INV-KIND-${++n}`;
    const paymentId = await pay(invoice, '1000.00', 30000);
    await refundAs(t, admin, paymentId, { amount: 10000 });
    expect(await balance(invoice, '1000.00')).toBe(70000);
    const reopened = await refundAs(t, admin, paymentId, { amount: 5000, kind: 'reopen' });
    expect(await balance(invoice, '1000.00')).toBe(75000);
    expect(reopened.refunds.map((r: { kind: string }) => r.kind)).toEqual(['credit', 'reopen']);
    const page = await ledgerPage(t, admin, await invoiceIdOf(t, merchant.id, invoice));
    expect(page.refunds.map((r: { kind: string }) => r.kind)).toEqual(['credit', 'reopen']);
    expect(page.terms).toMatchObject({ paid: 15000, written_off: 10000 });
    await drainOutbox();
    const events = receiver.deliveries
      .filter((d) => d.json.event === 'refund.succeeded' && d.json.InvoiceNumber === invoice)
      .map((d) => d.json.payment_details.refund_kind);
    // One event per refund, each with its kind. Deliveries are concurrent and unordered (as
    // Stripe's are), so the order they arrive in is not part of the contract.
    expect(events.sort()).toEqual(['credit', 'reopen']);
    const bad = await json(t.app, 'POST', `/api/admin/payments/${paymentId}/refund`, { kind: 'void' }, admin);
    expect(bad.status).toBe(400);
  });

  it('a refund recorded before its payment does not lower S (case 8 in the other order)', async () => {
    const invoice = `INV-ORDER-${++n}`;
    const paymentId = await pay(invoice, '1000.00', 30000);
    const refunded = await refundAs(t, admin, paymentId, { amount: 10000, kind: 'reopen' });
    await markRecorded(t, admin, paymentId, refunded.refunds[0].id);
    // The accounting tool has neither yet: a fresh link still says 1,000.00.
    expect(await balance(invoice, '1000.00')).toBe(80000);
    const invoiceId = await invoiceIdOf(t, merchant.id, invoice);
    let page = await ledgerPage(t, admin, invoiceId);
    expect(page.terms.s_now).toBe(0);
    expect(page.writebacks).toMatchObject([{ kind: 'refund', counted: false }]);
    await markRecorded(t, admin, paymentId);
    page = await ledgerPage(t, admin, invoiceId);
    expect(page.terms.s_now).toBe(20000);
    expect(page.writebacks.every((w: { counted: boolean }) => w.counted)).toBe(true);
    // Now the tool has both: it says 800.00.
    expect(await balance(invoice, '800.00')).toBe(80000);
  });

  it('gives back exactly the surcharge charged across partial refunds, each part half-up as charged', async () => {
    const invoice = `INV-SUR-${++n}`;
    const paymentId = await pay(invoice, '100.00', 10000);
    const payment = (await json(t.app, 'GET', `/api/admin/payments/${paymentId}`, undefined, admin)).body;
    expect(payment.surcharge).toBe(295);
    let body = payment;
    for (let i = 0; i < 10; i++) body = await refundAs(t, admin, paymentId, { amount: 17 });
    // Each 0.17 refunded gives back its surcharge half-up as it was charged (0.5015 cents → 1), DESIGN §3.8.
    expect(body.refunded_surcharge).toBe(10);
    expectShape(AdminPayment, body); // with its ten refunds
    body = await refundAs(t, admin, paymentId, {});
    expect(body.refunded_surcharge).toBe(295);
    const totals = body.refunds.reduce(
      (s: number, r: { amount: number; surcharge: number; total_amount: number }) => {
        expect(r.total_amount).toBe(r.amount + r.surcharge);
        return s + r.total_amount;
      },
      0,
    );
    expect(totals).toBe(payment.total_amount);
    const intent = await sandbox(t).retrieveIntent(payment.payment_intent_id, merchant.stripe_account_id!);
    expect(intent.amountRefunded).toBe(payment.total_amount);
  });
});
