/**
 * The automation webhook end to end: a card payment that succeeds (sandbox, over HTTP) is delivered
 * to the merchant's receiver with the spec §7 body, signed and with its Idempotency-Key; a 2xx is a
 * write-back; failures retry with backoff, give up after the limit, and an admin retry delivers.
 * The example receiver in examples/ accepts a real delivery and rejects a forged one.
 */
import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createReceiver } from '../../examples/webhook-receiver/server.mjs';
import { runOutboxOnce } from '../../api/accounting/sync/worker.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { startReceiver, type Receiver } from '../support/fake-receiver.ts';
import { createConnectedMerchant, payThroughLink } from './support/payments.ts';

const skip = await skipPostgres();
const BASE_MS = 1000;

describe.skipIf(skip)(`automation webhook delivery (${testDialect})`, () => {
  let t: TestApp;
  let admin: { authorization: string };
  const receivers: Receiver[] = [];
  let n = 0;

  beforeAll(async () => {
    // Provider events are applied by the refresh call only, so no background transaction races the worker.
    t = await createTestApp({
      autoDeliverEvents: false,
      env: {
        OUTBOUND_ALLOWLIST: '127.0.0.1',
        OUTBOX_MAX_ATTEMPTS: '4',
        OUTBOX_BACKOFF_BASE_MS: String(BASE_MS),
        OUTBOX_TIMEOUT_MS: '2000',
      },
    });
    admin = await adminHeaders(t);
  });
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
    // Each test starts with an idle outbox (jobs left by a test are not the next test's business).
    await t.deps.database.db
      .updateTable('outbox')
      .set({ status: 'canceled' })
      .where('status', 'in', ['pending', 'processing'])
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function merchantWithReceiver(options: Parameters<typeof startReceiver>[0] = {}) {
    const receiver = await startReceiver(options);
    receivers.push(receiver);
    const merchant = await createConnectedMerchant(t);
    const saved = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchant.id}/webhook`,
      { webhook_url: `${receiver.url}/hook`, scenario_id: 'scn-42' },
      admin,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return { merchant, receiver };
  }

  async function pay(merchantId: string, amount = 25000) {
    const invoice = `INV-${++n}`;
    const { created, state } = await payThroughLink(t, {
      merchant: merchantId,
      invoice,
      linkAmount: '1000.00',
      amount,
    });
    expect(state.status).toBe('succeeded');
    return { invoice, paymentId: created.paymentId as string };
  }

  const jobsOf = (paymentId: string) =>
    t.deps.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .orderBy('created_at', 'asc')
      .execute();
  const paymentRow = (id: string) =>
    t.deps.database.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('delivers the spec §7 payload, signed, when a payment succeeds; the 2xx records the write-back', async () => {
    const { merchant, receiver } = await merchantWithReceiver();
    const { invoice, paymentId } = await pay(merchant.id);
    const [job] = await jobsOf(paymentId);
    expect(job).toMatchObject({
      kind: 'automation_webhook',
      status: 'pending',
      idempotency_key: `payment.succeeded:${paymentId}:automation_webhook`,
    });
    expect((await paymentRow(paymentId)).xero_sync_status).toBe('pending');

    expect(await runOutboxOnce(t.deps)).toMatchObject({ claimed: 1, delivered: 1 });
    expect(receiver.deliveries).toHaveLength(1);
    const req = receiver.deliveries[0];
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/hook');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['idempotency-key']).toBe(job.idempotency_key);
    expect(req.headers['x-invoicepay-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const payment = await paymentRow(paymentId);
    expect(req.json).toEqual({
      event: 'payment.succeeded',
      InvoiceNumber: invoice,
      Amount: 250,
      Currency: 'AUD',
      Date: payment.succeeded_at!.slice(0, 10),
      Reference: payment.payment_intent_id,
      payment_details: {
        invoice_number: invoice,
        amount: 250,
        total_amount: payment.total_amount / 100,
        surcharge_amount: payment.surcharge / 100,
        currency: 'AUD',
        payment_date: payment.succeeded_at,
        merchant_id: merchant.id,
        make_scenario_id: 'scn-42',
        payment_reference: payment.payment_intent_id,
        customer_email: payment.customer_email,
        reference: null,
        status: 'succeeded',
        is_test: false,
        payment_id: paymentId,
        refund_id: null,
        refund_kind: null,
      },
    });
    expect(payment.surcharge).toBeGreaterThan(0);
    expect(payment).toMatchObject({
      xero_sync_status: 'synced',
      xero_sync_time: t.clock.now().toISOString(),
      xero_sync_error: null,
    });
    const wb = await t.deps.database.db
      .selectFrom('accounting_writebacks')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .execute();
    expect(wb).toMatchObject([{ source: 'webhook', amount: 25000, refund_id: null }]);
    const inv = await t.deps.database.db
      .selectFrom('invoices')
      .select('written_back_amount')
      .where('id', '=', payment.invoice_id!)
      .executeTakeFirstOrThrow();
    expect(inv.written_back_amount).toBe(25000);
    expect((await jobsOf(paymentId))[0]).toMatchObject({
      status: 'delivered',
      attempts: 1,
      last_response_status: 200,
    });
  });

  it('sends a refund as refund.succeeded; its 2xx subtracts the refund from the written-back amount', async () => {
    const { merchant, receiver } = await merchantWithReceiver();
    const { paymentId } = await pay(merchant.id, 40000);
    const refunded = await json(
      t.app,
      'POST',
      `/api/admin/payments/${paymentId}/refund`,
      { amount: 10000, kind: 'reopen' },
      admin,
    );
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    // The payment's job goes first; the refund's waits for it (one delivery per payment at a time).
    await runOutboxOnce(t.deps);
    await runOutboxOnce(t.deps);
    expect(receiver.deliveries.map((d) => d.json.event)).toEqual(['payment.succeeded', 'refund.succeeded']);
    const refund = receiver.deliveries[1].json;
    expect(refund).toMatchObject({
      Amount: 100,
      payment_details: {
        status: 'refunded',
        amount: 100,
        refund_id: refunded.body.refunds[0].id,
        payment_id: paymentId,
      },
    });
    const wbs = await t.deps.database.db
      .selectFrom('accounting_writebacks')
      .select(['amount', 'source'])
      .where('payment_id', '=', paymentId)
      .orderBy('amount', 'desc')
      .execute();
    expect(wbs).toEqual([
      { amount: 40000, source: 'webhook' },
      { amount: -10000, source: 'webhook' },
    ]);
  });

  it('retries a receiver that fails twice with exponential backoff and delivers on the third attempt', async () => {
    const { merchant, receiver } = await merchantWithReceiver({ statuses: [500, 503] });
    const { paymentId } = await pay(merchant.id);
    const start = t.clock.now().getTime();

    expect(await runOutboxOnce(t.deps)).toMatchObject({ claimed: 1, retrying: 1 });
    let [job] = await jobsOf(paymentId);
    expect(job).toMatchObject({ status: 'pending', attempts: 1, last_response_status: 500 });
    expect(job.last_error).toContain('HTTP 500');
    const firstDelay = Date.parse(job.next_attempt_at) - start;
    expect(firstDelay).toBeGreaterThanOrEqual(BASE_MS / 2);
    expect(firstDelay).toBeLessThanOrEqual(BASE_MS);
    const payment = await paymentRow(paymentId);
    expect(payment.xero_sync_status).toBe('pending');
    expect(payment.xero_sync_error).toContain('HTTP 500');

    // Not due yet: nothing is sent.
    expect(await runOutboxOnce(t.deps)).toMatchObject({ claimed: 0 });
    t.clock.advance(firstDelay);
    expect(await runOutboxOnce(t.deps)).toMatchObject({ claimed: 1, retrying: 1 });
    [job] = await jobsOf(paymentId);
    const secondDelay = Date.parse(job.next_attempt_at) - t.clock.now().getTime();
    expect(secondDelay).toBeGreaterThanOrEqual(BASE_MS); // doubled: 2 × base, half of it jittered
    expect(secondDelay).toBeLessThanOrEqual(2 * BASE_MS);

    t.clock.advance(secondDelay);
    expect(await runOutboxOnce(t.deps)).toMatchObject({ claimed: 1, delivered: 1 });
    [job] = await jobsOf(paymentId);
    expect(job).toMatchObject({ status: 'delivered', attempts: 3, last_error: null });
    expect(receiver.deliveries.map((d) => d.headers['idempotency-key'])).toEqual(
      Array(3).fill(job.idempotency_key),
    );
    expect(receiver.applied.size).toBe(1);
    expect((await paymentRow(paymentId)).xero_sync_status).toBe('synced');
  });

  it('marks a delivery failed after the attempt limit, with the error; an admin retry delivers it', async () => {
    const { merchant, receiver } = await merchantWithReceiver({ statuses: [500, 500, 500, 500] });
    const { paymentId } = await pay(merchant.id);
    for (let i = 0; i < 4; i++) {
      await runOutboxOnce(t.deps);
      t.clock.advance(60_000);
    }
    let [job] = await jobsOf(paymentId);
    expect(job).toMatchObject({ status: 'failed', attempts: 4, last_response_status: 500 });
    expect(job.last_error).toMatch(/HTTP 500: .*receiver failed/);
    expect(await runOutboxOnce(t.deps)).toMatchObject({ claimed: 0 });
    expect(receiver.deliveries).toHaveLength(4);
    expect(await paymentRow(paymentId)).toMatchObject({ xero_sync_status: 'failed' });

    const listed = await json(
      t.app,
      'GET',
      `/api/admin/outbox?filter=${encodeURIComponent(JSON.stringify({ status: 'failed', payment_id: paymentId }))}`,
      undefined,
      admin,
    );
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject([
      { id: job.id, status: 'failed', attempts: 4, max_attempts: 4, event: 'payment.succeeded' },
    ]);

    const retried = await json(t.app, 'POST', `/api/admin/outbox/${job.id}/retry`, undefined, admin);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toMatchObject({ id: job.id, status: 'delivered', attempts: 1, last_error: null });
    expect(receiver.deliveries).toHaveLength(5);
    expect(await paymentRow(paymentId)).toMatchObject({ xero_sync_status: 'synced' });
    const again = await json(t.app, 'POST', `/api/admin/outbox/${job.id}/retry`, undefined, admin);
    expect(again.status).toBe(409);
    const auditRow = await t.deps.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'outbox.retry')
      .where('target_id', '=', job.id)
      .executeTakeFirst();
    expect(auditRow).toBeTruthy();
    [job] = await jobsOf(paymentId);
    expect(job.status).toBe('delivered');
  });

  it('waits as long as the receiver asks with Retry-After when that is longer than the backoff', async () => {
    const { merchant } = await merchantWithReceiver({ statuses: [429], headers: { 'retry-after': '120' } });
    const { paymentId } = await pay(merchant.id);
    await runOutboxOnce(t.deps);
    const [job] = await jobsOf(paymentId);
    expect(Date.parse(job.next_attempt_at) - t.clock.now().getTime()).toBe(120_000);
  });

  it('the example receiver accepts a real signed delivery (once per Idempotency-Key) and rejects a forged one', async () => {
    const merchant = await createConnectedMerchant(t);
    const secret = (
      await json(t.app, 'GET', `/api/admin/merchants/${merchant.id}/webhook-secret`, undefined, admin)
    ).body.secret as string;
    expect(secret).toMatch(/^whsec_/);
    const printed: any[] = [];
    const server = createReceiver({
      secret,
      onPayment: (p) => printed.push(p),
      now: () => t.clock.now().getTime(),
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      await json(t.app, 'PUT', `/api/admin/merchants/${merchant.id}/webhook`, { webhook_url: url }, admin);
      const { invoice, paymentId } = await pay(merchant.id);
      expect(await runOutboxOnce(t.deps)).toMatchObject({ delivered: 1 });
      expect(printed).toHaveLength(1);
      expect(printed[0]).toMatchObject({
        InvoiceNumber: invoice,
        Amount: 250,
        payment_details: { payment_id: paymentId },
      });

      // The same delivery again (as after a crash): acknowledged, not applied twice.
      const [job] = await jobsOf(paymentId);
      await json(t.app, 'POST', `/api/admin/payments/${paymentId}/sync-to-xero`, undefined, admin); // delivered already: nothing to send
      expect(printed).toHaveLength(1);
      await t.deps.database.db
        .updateTable('outbox')
        .set({ status: 'failed' })
        .where('id', '=', job.id)
        .execute();
      const retried = await json(t.app, 'POST', `/api/admin/outbox/${job.id}/retry`, undefined, admin);
      expect(retried.body.status).toBe('delivered');
      expect(printed).toHaveLength(1);

      // A forged request: right shape, signed with another secret.
      const body = JSON.stringify({ ...printed[0], Amount: 1 });
      const t0 = Math.floor(t.clock.now().getTime() / 1000);
      const forged = `t=${t0},v1=${createHmac('sha256', 'whsec_wrong').update(`${t0}.${body}`).digest('hex')}`;
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'x-invoicepay-signature': forged, 'idempotency-key': 'forged-1' },
        body,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'invalid signature: signature does not match' });
      // A real signature over a different body is refused too.
      const t1 = Math.floor(t.clock.now().getTime() / 1000);
      const genuine = `t=${t1},v1=${createHmac('sha256', secret)
        .update(`${t1}.${JSON.stringify(printed[0])}`)
        .digest('hex')}`;
      const tampered = await fetch(url, {
        method: 'POST',
        headers: { 'x-invoicepay-signature': genuine, 'idempotency-key': 'forged-2' },
        body,
      });
      expect(tampered.status).toBe(400);
      expect(printed).toHaveLength(1);
    } finally {
      server.close();
    }
  });

  it('rotating the secret without overlap signs later deliveries with the new secret only; reveal and rotate are audited', async () => {
    const { merchant, receiver } = await merchantWithReceiver();
    const first = (
      await json(t.app, 'GET', `/api/admin/merchants/${merchant.id}/webhook-secret`, undefined, admin)
    ).body.secret;
    // A leaked secret: no overlap (the 24 h overlap is tested in webhook-rotation.test.ts).
    const rotated = await json(
      t.app,
      'POST',
      `/api/admin/merchants/${merchant.id}/webhook-secret/rotate`,
      { keep_previous_hours: 0 },
      admin,
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(first);
    await pay(merchant.id);
    await runOutboxOnce(t.deps);
    const { verifySignature } = await import('../../examples/webhook-receiver/server.mjs');
    const d = receiver.deliveries[0];
    const now = t.clock.now().getTime();
    expect(
      verifySignature(rotated.body.secret, d.headers['x-invoicepay-signature'] as string, d.body, { now }),
    ).toMatchObject({ ok: true });
    expect(
      verifySignature(first, d.headers['x-invoicepay-signature'] as string, d.body, { now }),
    ).toMatchObject({ ok: false });
    const stored = await t.deps.database.db
      .selectFrom('merchants')
      .select('webhook_secret')
      .where('id', '=', merchant.id)
      .executeTakeFirstOrThrow();
    expect(stored.webhook_secret).not.toContain(rotated.body.secret); // sealed at rest
    const actions = (
      await t.deps.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('target_id', '=', merchant.id)
        .execute()
    ).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'merchant.webhook_update',
        'merchant.webhook_secret_reveal',
        'merchant.webhook_secret_rotate',
      ]),
    );
  });
});
