/**
 * Webhook endpoints and events as resources (issue 33), end to end through the outbox to real
 * receivers: two endpoints with different event filters and payload versions each get exactly their
 * events, signed with their own secret; `GET /api/v1/events` lists them with their deliveries; a
 * resend delivers once more with the same event id, Idempotency-Key and bytes; a disabled or deleted
 * endpoint gets nothing; a v1 automation webhook that enables `invoice.paid` gets it (no `Amount`);
 * keys are scoped (a read key may not write, another merchant's key sees 404).
 */
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_SCHEMAS,
  V1NoticeBodySchema,
  V1WebhookBodySchema,
} from '../../api/merchant-webhooks/webhook-schemas.ts';
import { runOutboxOnce } from '../../api/accounting/sync/worker.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { startReceiver, type Receiver } from '../support/fake-receiver.ts';
import { CARDS, createConnectedMerchant, payThroughLink } from './support/payments.ts';
import { createKey, payThroughSignedLink } from './support/v1.ts';

const skip = await skipPostgres();

/** Whether any `v1=` of the signature header is this body's HMAC with `secret`. */
function signedWith(secret: string, header: string, body: string): boolean {
  const parts = header.split(',');
  const t = parts.find((p) => p.startsWith('t='))!.slice(2);
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return parts.some((p) => p === `v1=${expected}`);
}

describe.skipIf(skip)(`webhook endpoints and events (${testDialect})`, () => {
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

  async function receiver() {
    const r = await startReceiver();
    receivers.push(r);
    return r;
  }
  async function drain() {
    for (let i = 0; i < 6; i++) await runOutboxOnce(t.deps);
  }

  it('two endpoints with different filters and versions each get exactly their events; events list them; resend repeats one', async () => {
    const merchant = await createConnectedMerchant(t);
    const key = await createKey(t, admin, { merchant_id: merchant.id, permission: 'write' });
    const [ra, rb] = [await receiver(), await receiver()];
    const a = await json(
      t.app,
      'POST',
      '/api/v1/webhook_endpoints',
      {
        url: `${ra.url}/a`,
        enabled_events: ['payment.succeeded', 'invoice.paid'],
        description: 'Orders system',
      },
      key.headers,
    );
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body).toMatchObject({
      object: 'webhook_endpoint',
      merchant_id: merchant.id,
      api_version: '2026-11',
      status: 'enabled',
      enabled_events: ['payment.succeeded', 'invoice.paid'],
    });
    expect(a.body.secret).toMatch(/^whsec_/);
    const b = await json(
      t.app,
      'POST',
      '/api/v1/webhook_endpoints',
      { url: `${rb.url}/b`, enabled_events: ['payment.failed'], api_version: 'v1' },
      key.headers,
    );
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    // The secret is shown once: never in a read.
    const read = await json(t.app, 'GET', `/api/v1/webhook_endpoints/${a.body.id}`, undefined, key.headers);
    expect(read.status).toBe(200);
    expect(read.body.secret).toBeUndefined();
    const list = await json(t.app, 'GET', '/api/v1/webhook_endpoints', undefined, key.headers);
    // (Both made in the same test-clock millisecond: newest first then falls back to the id.)
    expect(list.body.data.map((e: { id: string }) => e.id).sort()).toEqual([a.body.id, b.body.id].sort());

    // A whole invoice paid through a signed link (payment.succeeded, then invoice.paid), and a decline.
    const link = await json(
      t.app,
      'POST',
      '/api/v1/pay-links',
      { invoice_number: 'INV-EP-1', amount: 20000, currency: 'AUD', reference: 'ORDER-1' },
      key.headers,
    );
    expect(link.status).toBe(201);
    const paid = await payThroughSignedLink(t, link.body.url, 20000);
    const declined = await payThroughLink(t, {
      merchant: merchant.id,
      invoice: 'INV-EP-2',
      amount: 5000,
      card: CARDS.declined,
    });
    expect(declined.state.status).toBe('failed');
    await drain();

    // A: 2026-11 bodies, exactly its two types, in order, signed with A's secret.
    expect(ra.deliveries.map((d) => d.json.type)).toEqual(['payment.succeeded', 'invoice.paid']);
    for (const d of ra.deliveries) {
      expect(EVENT_SCHEMAS[d.json.type as keyof typeof EVENT_SCHEMAS].safeParse(d.json).success).toBe(true);
      expect(signedWith(a.body.secret, String(d.headers['x-invoicepay-signature']), d.body)).toBe(true);
      expect(signedWith(b.body.secret, String(d.headers['x-invoicepay-signature']), d.body)).toBe(false);
      expect(d.headers['x-invoicepay-event-id']).toBe(d.json.id);
      expect(d.headers['x-invoicepay-webhook-version']).toBe('2026-11');
    }
    expect(ra.deliveries[0]!.json.data.object).toMatchObject({
      id: paid,
      amount: 20000,
      reference: 'ORDER-1',
    });
    // B: the v1 body of payment.failed only (no Amount: nothing to record), signed with B's secret.
    expect(rb.deliveries.map((d) => d.json.event)).toEqual(['payment.failed']);
    const failed = rb.deliveries[0]!;
    expect(V1NoticeBodySchema.safeParse(failed.json).success).toBe(true);
    expect(V1WebhookBodySchema.safeParse(failed.json).success).toBe(false);
    expect(failed.json.Amount).toBeUndefined();
    expect(failed.json).toMatchObject({ InvoiceNumber: 'INV-EP-2', Currency: 'AUD' });
    expect(failed.json.payment).toMatchObject({
      id: declined.created.paymentId,
      amount: 50,
      status: 'failed',
    });
    expect(signedWith(b.body.secret, String(failed.headers['x-invoicepay-signature']), failed.body)).toBe(
      true,
    );
    expect(failed.headers['x-invoicepay-webhook-version']).toBe('v1');

    // The events: three, newest first, filterable by type; one shows where it went.
    const events = await json(t.app, 'GET', '/api/v1/events', undefined, key.headers);
    expect(events.status).toBe(200);
    expect(events.body.data.map((e: { type: string }) => e.type).sort()).toEqual(
      ['invoice.paid', 'payment.failed', 'payment.succeeded'].sort(),
    );
    const ofType = await json(t.app, 'GET', '/api/v1/events?type=invoice.paid', undefined, key.headers);
    expect(ofType.body.data).toHaveLength(1);
    const paidEvent = ofType.body.data[0];
    expect(paidEvent.id).toBe(ra.deliveries[1]!.json.id);
    const one = await json(t.app, 'GET', `/api/v1/events/${paidEvent.id}`, undefined, key.headers);
    expect(one.body.deliveries).toEqual([
      expect.objectContaining({ endpoint_id: a.body.id, status: 'delivered', response_status: 200 }),
    ]);

    // Resend to A: once more, the same id, Idempotency-Key and bytes.
    const resent = await json(
      t.app,
      'POST',
      `/api/v1/events/${paidEvent.id}/resend`,
      { endpoint_id: a.body.id },
      key.headers,
    );
    expect(resent.status, JSON.stringify(resent.body)).toBe(202);
    await drain();
    expect(ra.deliveries).toHaveLength(3);
    const [first, again] = [ra.deliveries[1]!, ra.deliveries[2]!];
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
    expect(again.headers['x-invoicepay-event-id']).toBe(paidEvent.id);
    expect(ra.seen.get(String(first.headers['idempotency-key']))).toBe(2);
    const after = await json(t.app, 'GET', `/api/v1/events/${paidEvent.id}`, undefined, key.headers);
    expect(after.body.deliveries).toHaveLength(2);
    // Resend to an endpoint that is not the merchant's: 404; to a disabled one: 409.
    const other = await createConnectedMerchant(t);
    const otherKey = await createKey(t, admin, { merchant_id: other.id, permission: 'write' });
    expect(
      (await json(t.app, 'GET', `/api/v1/events/${paidEvent.id}`, undefined, otherKey.headers)).status,
    ).toBe(404);
    expect(
      (await json(t.app, 'GET', `/api/v1/webhook_endpoints/${a.body.id}`, undefined, otherKey.headers))
        .status,
    ).toBe(404);

    // Disabled: nothing is sent; deleted: gone from the list and 404.
    const disabled = await json(
      t.app,
      'POST',
      `/api/v1/webhook_endpoints/${a.body.id}`,
      { disabled: true },
      key.headers,
    );
    expect(disabled.body.status).toBe('disabled');
    expect(
      (
        await json(
          t.app,
          'POST',
          `/api/v1/events/${paidEvent.id}/resend`,
          { endpoint_id: a.body.id },
          key.headers,
        )
      ).status,
    ).toBe(409);
    await payThroughLink(t, { merchant: merchant.id, invoice: 'INV-EP-3', amount: 3000 });
    await drain();
    expect(ra.deliveries).toHaveLength(3);
    const deleted = await json(
      t.app,
      'DELETE',
      `/api/v1/webhook_endpoints/${b.body.id}`,
      undefined,
      key.headers,
    );
    expect(deleted.body).toEqual({ object: 'webhook_endpoint', id: b.body.id, deleted: true });
    expect(
      (await json(t.app, 'GET', `/api/v1/webhook_endpoints/${b.body.id}`, undefined, key.headers)).status,
    ).toBe(404);
    await payThroughLink(t, {
      merchant: merchant.id,
      invoice: 'INV-EP-4',
      amount: 5000,
      card: CARDS.declined,
    });
    await drain();
    expect(rb.deliveries).toHaveLength(1);
  });

  it('an admin asking for an endpoint or event that does not exist gets 404, not an error (fuzzer finding)', async () => {
    const missing = crypto.randomUUID();
    for (const [method, path, body] of [
      ['POST', `/api/admin/webhook-events/${missing}/resend`, {}],
      ['POST', "/api/admin/webhook-events/'%20OR%20'1'%3D'1/resend", {}],
      ['PUT', `/api/admin/webhook-endpoints/${missing}`, { description: 'Ours' }],
      ['DELETE', `/api/admin/webhook-endpoints/${missing}`, undefined],
      ['POST', `/api/admin/webhook-endpoints/${missing}/rotate-secret`, {}],
    ] as const) {
      const res = await json(t.app, method, path, body, admin);
      expect([path, res.status]).toEqual([path, 404]);
    }
  });

  it('refuses unknown event types, non-public URLs and writes with a read key; rotates a secret with overlap', async () => {
    const merchant = await createConnectedMerchant(t);
    const key = await createKey(t, admin, { merchant_id: merchant.id, permission: 'write' });
    const readKey = await createKey(t, admin, { merchant_id: merchant.id, permission: 'read' });
    const r = await receiver();
    const bad = await json(
      t.app,
      'POST',
      '/api/v1/webhook_endpoints',
      { url: `${r.url}/x`, enabled_events: ['payment.exploded'] },
      key.headers,
    );
    expect(bad.status).toBe(400);
    const tooOpen = await json(
      t.app,
      'POST',
      '/api/v1/webhook_endpoints',
      { url: 'http://10.0.0.5/hook' },
      key.headers,
    );
    expect(tooOpen.status).toBe(400);
    expect(
      (await json(t.app, 'POST', '/api/v1/webhook_endpoints', { url: `${r.url}/x` }, readKey.headers)).status,
    ).toBe(403);
    const made = await json(t.app, 'POST', '/api/v1/webhook_endpoints', { url: `${r.url}/x` }, key.headers);
    expect(made.status).toBe(201);
    expect(made.body.enabled_events).toEqual(['*']);
    expect(
      (await json(t.app, 'GET', '/api/v1/webhook_endpoints', undefined, readKey.headers)).body.data,
    ).toHaveLength(1);

    const rotated = await json(
      t.app,
      'POST',
      `/api/v1/webhook_endpoints/${made.body.id}/rotate_secret`,
      {},
      key.headers,
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(made.body.secret);
    expect(rotated.body.previous_secret_valid_until).toBeTruthy();
    await payThroughLink(t, {
      merchant: merchant.id,
      invoice: 'INV-ROT-1',
      linkAmount: '40.00',
      amount: 4000,
    });
    await drain();
    // Every type enabled: payment.succeeded and invoice.paid, each signed with both secrets.
    expect(r.deliveries.map((d) => d.json.type)).toEqual(['payment.succeeded', 'invoice.paid']);
    for (const d of r.deliveries) {
      const sig = String(d.headers['x-invoicepay-signature']);
      expect(signedWith(rotated.body.secret, sig, d.body) && signedWith(made.body.secret, sig, d.body)).toBe(
        true,
      );
    }
  });

  it('a refund event is stored settled: the events list shows it so, and a resend sends the first bytes', async () => {
    const merchant = await createConnectedMerchant(t);
    const key = await createKey(t, admin, { merchant_id: merchant.id, permission: 'write' });
    const r = await receiver();
    const made = await json(
      t.app,
      'POST',
      '/api/v1/webhook_endpoints',
      { url: `${r.url}/refunds`, enabled_events: ['payment.refunded'] },
      key.headers,
    );
    expect(made.status).toBe(201);
    const { created } = await payThroughLink(t, { merchant: merchant.id, invoice: 'INV-RF-1', amount: 5000 });
    const refunded = await json(
      t.app,
      'POST',
      `/api/v1/payments/${created.paymentId}/refunds`,
      { amount: 1000 },
      key.headers,
    );
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    await drain();
    expect(r.deliveries.map((d) => d.json.type)).toEqual(['payment.refunded']);
    const first = r.deliveries[0]!;
    expect(first.json.data.object).toMatchObject({ id: refunded.body.id, status: 'succeeded' });
    const listed = await json(t.app, 'GET', '/api/v1/events?type=payment.refunded', undefined, key.headers);
    expect(listed.body.data[0].data.object.status).toBe('succeeded');
    expect(
      (
        await json(
          t.app,
          'POST',
          `/api/v1/events/${first.json.id}/resend`,
          { endpoint_id: made.body.id },
          key.headers,
        )
      ).status,
    ).toBe(202);
    await drain();
    expect(r.deliveries).toHaveLength(2);
    expect(r.deliveries[1]!.body).toBe(first.body);
  });

  it('syncing a payment again queues nothing new: the same event, no second delivery', async () => {
    const merchant = await createConnectedMerchant(t);
    const r = await receiver();
    const made = await json(
      t.app,
      'POST',
      '/api/v1/webhook_endpoints',
      { merchant_id: merchant.id, url: `${r.url}/again`, enabled_events: ['payment.succeeded'] },
      admin,
    );
    expect(made.status).toBe(201);
    // An automation webhook too: "sync now" then queues the payment's sync jobs again.
    const saved = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchant.id}/webhook`,
      { webhook_url: `${r.url}/automation` },
      admin,
    );
    expect(saved.status).toBe(200);
    const { created } = await payThroughLink(t, { merchant: merchant.id, invoice: 'INV-AG-1', amount: 2500 });
    await drain();
    expect(r.deliveries.map((d) => d.path).sort()).toEqual(['/again', '/automation']);
    const synced = await json(
      t.app,
      'POST',
      `/api/admin/payments/${created.paymentId}/sync-to-xero`,
      undefined,
      admin,
    );
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(synced.body.synced).toBe(true);
    await drain();
    expect(r.deliveries).toHaveLength(2);
    const events = await json(t.app, 'GET', `/api/v1/events?merchant_id=${merchant.id}`, undefined, admin);
    const endpointCopy = r.deliveries.find((d) => d.path === '/again')!;
    expect(events.body.data.map((e: { id: string }) => e.id)).toEqual([endpointCopy.json.id]);
    // The Automation Webhook card's log lists the automation webhook's delivery only; the endpoint's
    // is its event's (issue 50 item 7).
    const log = await json(
      t.app,
      'GET',
      `/api/admin/webhook-deliveries?filter=${encodeURIComponent(JSON.stringify({ merchant_id: merchant.id }))}`,
      undefined,
      admin,
    );
    expect(log.status).toBe(200);
    expect(log.body.map((d: { url: string }) => new URL(d.url).pathname)).toEqual(['/automation']);
  });

  it('the automation webhook chooses its event types too: a v1 one that enables invoice.paid gets it without Amount', async () => {
    const merchant = await createConnectedMerchant(t);
    const r = await receiver();
    const saved = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchant.id}/webhook`,
      { webhook_url: `${r.url}/hook`, enabled_events: ['payment.succeeded', 'invoice.paid'] },
      admin,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      payload_version: 'v1',
      enabled_events: ['payment.succeeded', 'invoice.paid'],
    });
    const { created } = await payThroughLink(t, {
      merchant: merchant.id,
      invoice: 'INV-AW-1',
      linkAmount: '60.00',
      amount: 6000,
    });
    await drain();
    expect(r.deliveries.map((d) => d.json.event)).toEqual(['payment.succeeded', 'invoice.paid']);
    const [payment, invoice] = [r.deliveries[0]!, r.deliveries[1]!];
    expect(V1WebhookBodySchema.safeParse(payment.json).success).toBe(true);
    // Its keys keep the form they had before endpoints existed.
    expect(payment.headers['idempotency-key']).toBe(
      `payment.succeeded:${created.paymentId}:automation_webhook`,
    );
    expect(V1NoticeBodySchema.safeParse(invoice.json).success).toBe(true);
    expect(invoice.json.Amount).toBeUndefined();
    expect(invoice.json.invoice).toMatchObject({ number: 'INV-AW-1', amount_due: 0, paid_amount: 60 });
    // Back to the version's default: the spec's three.
    const reset = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchant.id}/webhook`,
      { webhook_url: `${r.url}/hook`, enabled_events: null },
      admin,
    );
    expect(reset.body.enabled_events).toEqual(['payment.succeeded', 'payment.refunded', 'payment.write_off']);
    // The event can be sent to it again (endpoint_id omitted: the automation webhook).
    const events = await json(t.app, 'GET', `/api/v1/events?merchant_id=${merchant.id}`, undefined, admin);
    const paidEvent = events.body.data.find((e: { type: string }) => e.type === 'invoice.paid');
    expect((await json(t.app, 'POST', `/api/v1/events/${paidEvent.id}/resend`, {}, admin)).status).toBe(202);
    await drain();
    expect(r.deliveries).toHaveLength(3);
    expect(r.deliveries[2]!.body).toBe(invoice.body);
  });
});
