/**
 * The embedding page's reference (the widget's `reference` attribute, issue 19): sent with the
 * payment, stored on it, shown by the console's payment API (and found by its search), in the
 * provider's metadata, and in the automation webhook's `payment_details.reference`; refused when it
 * is too long or holds control characters.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runOutboxOnce } from '../../api/accounting/sync/worker.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { startReceiver, type Receiver } from '../support/fake-receiver.ts';
import { createConnectedMerchant, openSession, quoteAndPay, refresh } from './support/payments.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`payment reference (${testDialect})`, () => {
  let t: TestApp;
  let admin: { authorization: string };
  const receivers: Receiver[] = [];
  let n = 0;

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

  async function pay(merchantId: string, reference?: string) {
    const invoice = `INV-REF-${++n}`;
    const session = await openSession(t, { merchant: merchantId, invoice, amount: '100.00' });
    const { res } = await quoteAndPay(t, {
      account: session.body.provider.connectedAccountId,
      amount: 10000,
      paySessionId: session.body.paySessionId,
      reference,
    });
    return { invoice, res };
  }

  it('is stored on the payment, shown and searched in the console, and sent to the provider', async () => {
    const merchant = await createConnectedMerchant(t);
    const { res } = await pay(merchant.id, '  PO-7731 / account 42 ');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const paymentId = res.body.paymentId as string;

    const row = await t.deps.database.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(row.reference).toBe('PO-7731 / account 42');

    const shown = await json(t.app, 'GET', `/api/admin/payments/${paymentId}`, undefined, admin);
    expect(shown.status).toBe(200);
    expect(shown.body.reference).toBe('PO-7731 / account 42');

    const filter = encodeURIComponent(JSON.stringify({ q: 'PO-7731' }));
    const found = await json(t.app, 'GET', `/api/admin/payments?filter=${filter}`, undefined, admin);
    expect(found.body.map((p: { id: string }) => p.id)).toEqual([paymentId]);

    const intent = await t.deps.payments.retrieveIntent(
      row.payment_intent_id!,
      row.stripe_connect_account_id!,
    );
    expect(intent.metadata.reference).toBe('PO-7731 / account 42');

    // Without a reference the payment has none, and the provider's metadata names none.
    const plain = await pay(merchant.id);
    expect(plain.res.status).toBe(200);
    const other = await json(
      t.app,
      'GET',
      `/api/admin/payments/${plain.res.body.paymentId}`,
      undefined,
      admin,
    );
    expect(other.body.reference).toBeNull();
    const otherIntent = await t.deps.payments.retrieveIntent(
      plain.res.body.paymentIntentId,
      row.stripe_connect_account_id!,
    );
    expect(otherIntent.metadata).not.toHaveProperty('reference');
  });

  it('reaches the automation webhook with the payment', async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const merchant = await createConnectedMerchant(t);
    const saved = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchant.id}/webhook`,
      { webhook_url: `${receiver.url}/hook`, scenario_id: null, payload_version: 'v1' },
      admin,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { invoice, res } = await pay(merchant.id, 'ORDER-9');
    expect(res.status).toBe(200);
    await refresh(t, res.body.paymentId);
    expect(await runOutboxOnce(t.deps)).toMatchObject({ delivered: 1 });
    const body = receiver.deliveries[0].json as {
      InvoiceNumber: string;
      payment_details: Record<string, unknown>;
    };
    expect(body.InvoiceNumber).toBe(invoice);
    expect(body.payment_details.reference).toBe('ORDER-9');
  });

  it("reaches the 2026-11 webhook event and the integrator API as the payment's reference", async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const merchant = await createConnectedMerchant(t);
    const saved = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchant.id}/webhook`,
      { webhook_url: `${receiver.url}/hook`, scenario_id: null, payload_version: '2026-11' },
      admin,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { res } = await pay(merchant.id, 'ORDER-10');
    expect(res.status).toBe(200);
    await refresh(t, res.body.paymentId);
    await runOutboxOnce(t.deps);
    const event = receiver.deliveries
      .map((d) => d.json as { type: string; data: { object: { id: string; reference: string | null } } })
      .find((e) => e.type === 'payment.succeeded');
    expect(event?.data.object).toMatchObject({ id: res.body.paymentId, reference: 'ORDER-10' });
  });

  it('refuses a reference longer than 200 characters or with control characters', async () => {
    const merchant = await createConnectedMerchant(t);
    for (const [reference, message] of [
      ['x'.repeat(201), 'The reference is at most 200 characters'],
      ['PO\u0007-1', 'The reference cannot contain control characters'],
    ]) {
      const { res } = await pay(merchant.id, reference);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ field: 'reference', message });
    }
  });
});
