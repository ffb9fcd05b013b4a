/**
 * Automation webhook payload versions, end to end through the outbox to a real receiver: a merchant
 * on `2026-11` gets every event type (payment.succeeded, payment.refunded, refund.failed,
 * payment.failed, payment.disputed, payment.write_off, invoice.paid) as an event whose body matches
 * the schema the OpenAPI document publishes — integer minor units, currency, ids and the pay link's
 * `reference` —, while a merchant left on the default `v1` keeps the spec §7 body and names
 * (`refund.succeeded`) and gets none of the new event types. Only money events count as write-backs.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SCHEMAS, V1WebhookBodySchema } from '../../api/merchant-webhooks/webhook-schemas.ts';
import { enqueueDisputeEvent } from '../../api/merchant-webhooks/notify.ts';
import { runOutboxOnce } from '../../api/accounting/sync/worker.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { startReceiver, type Receiver } from '../support/fake-receiver.ts';
import { CARDS, createConnectedMerchant, payThroughLink } from './support/payments.ts';
import { payThroughSignedLink } from './support/v1.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`webhook payload versions and event types (${testDialect})`, () => {
  let t: TestApp;
  let admin: { authorization: string };
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    t = await createTestApp({ autoDeliverEvents: false, env: { OUTBOUND_ALLOWLIST: '127.0.0.1' } });
    admin = await adminHeaders(t);
  });
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function merchantOn(version: 'v1' | '2026-11' | null, statuses?: number[]) {
    const receiver = await startReceiver(statuses ? { statuses } : {});
    receivers.push(receiver);
    const merchant = await createConnectedMerchant(t);
    const saved = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchant.id}/webhook`,
      { webhook_url: `${receiver.url}/hook`, ...(version ? { payload_version: version } : {}) },
      admin,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.payload_version).toBe(version ?? 'v1');
    return { merchant, receiver };
  }

  /** Deliver until nothing is due (a payment's jobs go one at a time, in order). */
  async function drain() {
    for (let i = 0; i < 6; i++) await runOutboxOnce(t.deps);
  }

  const bodies = (r: Receiver) => r.deliveries.map((d) => ({ headers: d.headers, json: d.json }));

  it('2026-11: every event type, each matching its published schema, with minor units, ids and the reference', async () => {
    const { merchant, receiver } = await merchantOn('2026-11');
    const link = await json(
      t.app,
      'POST',
      '/api/v1/pay-links',
      {
        merchant_id: merchant.id,
        invoice_number: 'INV-900',
        amount: 50000,
        currency: 'AUD',
        reference: 'ORDER-77',
      },
      admin,
    );
    expect(link.status).toBe(201);
    // Paid in two parts: the second brings the amount due through us to 0 (invoice.paid).
    const first = await payThroughSignedLink(t, link.body.url, 30000);
    const second = await payThroughSignedLink(t, link.body.url, 20000);
    // A refund the provider settles, and one it refuses.
    expect(
      (await json(t.app, 'POST', `/api/v1/payments/${first}/refunds`, { amount: 1000 }, admin)).status,
    ).toBe(201);
    const refund = t.deps.payments.refund.bind(t.deps.payments);
    t.deps.payments.refund = async () => {
      throw new Error('card_declined');
    };
    try {
      expect(
        (await json(t.app, 'POST', `/api/v1/payments/${second}/refunds`, { amount: 500 }, admin)).status,
      ).toBe(502);
    } finally {
      t.deps.payments.refund = refund;
    }
    // A declined card, and a dispute as the provider's event handling will report it.
    const declined = await payThroughLink(t, {
      merchant: merchant.id,
      invoice: 'INV-901',
      amount: 5000,
      card: CARDS.declined,
    });
    expect(declined.state.status).toBe('failed');
    await t.deps.database.db.transaction().execute((trx) =>
      enqueueDisputeEvent(
        trx,
        {
          paymentId: first,
          dispute: { id: 'dp_1', amount: 29000, reason: 'fraudulent', status: 'needs_response' },
        },
        t.clock,
      ),
    );
    await drain();
    const got = bodies(receiver);
    const types = got.map((b) => b.json.type);
    expect([...new Set(types)].sort()).toEqual(
      [
        'invoice.paid',
        'payment.disputed',
        'payment.failed',
        'payment.refunded',
        'payment.succeeded',
        'refund.failed',
      ].sort(),
    );
    for (const { headers, json: body } of got) {
      expect(EVENT_SCHEMAS[body.type as keyof typeof EVENT_SCHEMAS].safeParse(body).success, body.type).toBe(
        true,
      );
      expect(headers['x-invoicepay-event']).toBe(body.type);
      expect(headers['x-invoicepay-webhook-version']).toBe('2026-11');
      expect(body.id).toMatch(/^evt_[0-9a-f]{32}$/);
    }
    const succeeded = got.filter((b) => b.json.type === 'payment.succeeded').map((b) => b.json.data.object);
    expect(succeeded.map((p) => [p.id, p.amount, p.currency, p.reference, p.pay_link_id]).sort()).toEqual(
      [
        [first, 30000, 'AUD', 'ORDER-77', link.body.id],
        [second, 20000, 'AUD', 'ORDER-77', link.body.id],
      ].sort(),
    );
    expect(Number.isInteger(succeeded[0].surcharge) && succeeded[0].total_amount).toBe(
      succeeded[0].amount + succeeded[0].surcharge,
    );
    const refunded = got.find((b) => b.json.type === 'payment.refunded')!.json.data.object;
    expect(refunded).toMatchObject({
      object: 'refund',
      payment_id: first,
      amount: 1000,
      kind: 'credit',
      status: 'succeeded',
      reference: 'ORDER-77',
    });
    const failedRefund = got.find((b) => b.json.type === 'refund.failed')!.json.data.object;
    expect(failedRefund).toMatchObject({ payment_id: second, amount: 500, status: 'failed' });
    const paid = got.find((b) => b.json.type === 'invoice.paid')!.json.data.object;
    expect(paid).toMatchObject({
      object: 'invoice',
      id: link.body.invoice_id,
      number: 'INV-900',
      status: 'paid',
      amount_due: 0,
      paid_amount: 50000,
    });
    const failed = got.find((b) => b.json.type === 'payment.failed')!.json.data.object;
    expect(failed).toMatchObject({ id: declined.created.paymentId, status: 'failed', amount: 5000 });
    expect(failed.failure_code).toBeTruthy();
    const dispute = got.find((b) => b.json.type === 'payment.disputed')!.json.data.object;
    expect(dispute).toMatchObject({
      object: 'dispute',
      id: 'dp_1',
      payment_id: first,
      amount: 29000,
      reference: 'ORDER-77',
    });

    // Money events are write-backs (S); notifications are not.
    const writebacks = await t.deps.database.db
      .selectFrom('accounting_writebacks')
      .select(['payment_id', 'refund_id'])
      .where('invoice_id', '=', link.body.invoice_id)
      .execute();
    expect(writebacks).toHaveLength(3); // two payments and the settled refund
  });

  it('2026-11: invoice.paid goes out after the payment.succeeded that caused it, even when that one waits for a retry', async () => {
    // The receiver fails the first delivery (the payment.succeeded), then answers 200.
    const { merchant, receiver } = await merchantOn('2026-11', [500]);
    const link = await json(
      t.app,
      'POST',
      '/api/v1/pay-links',
      { merchant_id: merchant.id, invoice_number: 'INV-ORDER-1', amount: 20000, currency: 'AUD' },
      admin,
    );
    expect(link.status).toBe(201);
    const paid = await payThroughSignedLink(t, link.body.url, 20000); // the whole invoice: invoice.paid
    await drain();
    const sent = () => bodies(receiver).map((b) => b.json.type as string);
    // Only the failed payment.succeeded went out; invoice.paid, due too, waits behind it.
    expect(sent()).toEqual(['payment.succeeded']);
    t.clock.advance(2 * 60 * 60_000); // past the retry's backoff
    await drain();
    expect(sent()).toEqual(['payment.succeeded', 'payment.succeeded', 'invoice.paid']);
    expect(receiver.deliveries.map((d) => d.json.data.object.id)).toEqual([paid, paid, link.body.invoice_id]);
    admin = await adminHeaders(t); // the clock moved past the admin's token
  });

  it('2026-11: a write-off is payment.write_off with the amount in minor units', async () => {
    const { merchant, receiver } = await merchantOn('2026-11');
    const { created } = await payThroughLink(t, {
      merchant: merchant.id,
      invoice: 'INV-950',
      linkAmount: '100.00',
      amount: 10000,
    });
    // 0.30 back as a re-open leaves a remainder below the card minimum, which an admin writes off.
    const refunded = await json(
      t.app,
      'POST',
      `/api/admin/payments/${created.paymentId}/refund`,
      { amount: 30, kind: 'reopen' },
      admin,
    );
    expect(refunded.status).toBe(200);
    const invoiceId = refunded.body.invoice_id;
    const off = await json(
      t.app,
      'POST',
      `/api/admin/invoices/${invoiceId}/write-off`,
      { reason: 'Card minimum' },
      admin,
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    await drain();
    const event = bodies(receiver).find((b) => b.json.type === 'payment.write_off')!.json;
    expect(EVENT_SCHEMAS['payment.write_off'].safeParse(event).success).toBe(true);
    expect(event.data.object).toMatchObject({
      object: 'write_off',
      invoice_id: invoiceId,
      amount: 30,
      currency: 'AUD',
    });
  });

  it('v1 (the default for existing merchants): the spec body and names, and none of the new events', async () => {
    const { merchant, receiver } = await merchantOn(null);
    const { created } = await payThroughLink(t, {
      merchant: merchant.id,
      invoice: 'INV-960',
      linkAmount: '100.00',
      amount: 10000,
    });
    expect(
      (await json(t.app, 'POST', `/api/admin/payments/${created.paymentId}/refund`, { amount: 1000 }, admin))
        .status,
    ).toBe(200);
    await payThroughLink(t, {
      merchant: merchant.id,
      invoice: 'INV-961',
      amount: 5000,
      card: CARDS.declined,
    });
    await drain();
    const got = bodies(receiver);
    expect(got.map((b) => b.json.event).sort()).toEqual(['payment.succeeded', 'refund.succeeded']);
    for (const { headers, json: body } of got) {
      expect(V1WebhookBodySchema.safeParse(body).success).toBe(true);
      expect(headers['x-invoicepay-webhook-version']).toBe('v1');
    }
    expect(got.find((b) => b.json.event === 'payment.succeeded')!.json).toMatchObject({
      Amount: 100,
      Currency: 'AUD',
      InvoiceNumber: 'INV-960',
    });
  });
});
