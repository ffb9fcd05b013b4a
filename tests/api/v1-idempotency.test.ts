/**
 * Every `POST /api/v1/*` honours `Idempotency-Key` as Stripe's API does (issue 51 item 6): a retry
 * with the same key and body answers what the first call answered (`Idempotent-Replayed: true`)
 * and does nothing again — one endpoint, one rotation, one resend, one cancellation, one metadata
 * change, one link, one refund —, the same key with another body is refused, and a signing secret
 * is shown again on a replay but never kept in the replay record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOutboxOnce } from '../../api/accounting/sync/worker.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { startReceiver, type Receiver } from '../support/fake-receiver.ts';
import { createConnectedMerchant } from './support/payments.ts';
import { createKey, payThroughSignedLink, type MadeKey } from './support/v1.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`Idempotency-Key on every v1 POST (${testDialect})`, () => {
  let t: TestApp;
  let key: MadeKey;
  let merchantId: string;
  let receiver: Receiver;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ autoDeliverEvents: false, env: { OUTBOUND_ALLOWLIST: '127.0.0.1' } });
    const admin = await adminHeaders(t);
    merchantId = (await createConnectedMerchant(t)).id;
    key = await createKey(t, admin, { merchant_id: merchantId, permission: 'write' });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  /** POST twice with one key: both answers, the second a replay of the first. */
  async function twice(
    path: string,
    body: unknown,
    other: unknown = { ...(body as object), description: 'x' },
  ) {
    const idem = `retry-${++n}`;
    const send = () =>
      t.app.request(path, {
        method: 'POST',
        headers: { ...key.headers, 'content-type': 'application/json', 'idempotency-key': idem },
        body: JSON.stringify(body),
      });
    const first = await send();
    const firstBody = await first.json();
    expect(first.status, JSON.stringify(firstBody)).toBeLessThan(300);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await send();
    expect(again.status).toBe(first.status);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(firstBody);
    // Another request under the same key is refused, not run.
    if (other !== null) {
      const refused = await t.app.request(path, {
        method: 'POST',
        headers: { ...key.headers, 'content-type': 'application/json', 'idempotency-key': idem },
        body: JSON.stringify(other),
      });
      expect(refused.status, path).toBeGreaterThanOrEqual(400);
    }
    return firstBody;
  }

  const count = async (table: 'webhook_endpoints' | 'pay_links' | 'refunds' | 'audit_log', action?: string) =>
    Number(
      (
        await t.deps.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .$if(action !== undefined, (q) => q.where('action' as never, '=', action as never))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('makes one endpoint, one rotation and one resend, showing the secret again on a replay', async () => {
    const endpoints = await count('webhook_endpoints');
    const created = await twice('/api/v1/webhook_endpoints', {
      url: `${receiver.url}/hook`,
      enabled_events: ['payment.succeeded'],
    });
    expect(await count('webhook_endpoints')).toBe(endpoints + 1);
    expect(created.secret).toMatch(/^whsec_/);
    // The replay record holds no secret.
    const records = await t.deps.database.db.selectFrom('idempotency_keys').selectAll().execute();
    expect(JSON.stringify(records)).not.toContain(created.secret);

    const rotations = await count('audit_log', 'webhook_endpoint.secret_rotate');
    const rotated = await twice(
      `/api/v1/webhook_endpoints/${created.id}/rotate_secret`,
      { keep_previous_hours: 1 },
      { keep_previous_hours: 2 },
    );
    expect(rotated.secret).not.toBe(created.secret);
    expect(await count('audit_log', 'webhook_endpoint.secret_rotate')).toBe(rotations + 1);

    const updated = await twice(`/api/v1/webhook_endpoints/${created.id}`, { description: 'Orders' });
    expect(updated.description).toBe('Orders');

    // A payment's event, resent once however often the resend is retried.
    const link = await twice('/api/v1/pay-links', {
      invoice_number: 'INV-IDEM-1',
      amount: 10_000,
      currency: 'AUD',
    });
    await payThroughSignedLink(t, link.url, 10_000);
    for (let i = 0; i < 6; i++) await runOutboxOnce(t.deps);
    const delivered = receiver.deliveries.length;
    expect(delivered).toBe(1);
    const event = receiver.deliveries[0]!.json as { id: string };
    await twice(`/api/v1/events/${event.id}/resend`, { endpoint_id: created.id }, {});
    for (let i = 0; i < 6; i++) await runOutboxOnce(t.deps);
    expect(receiver.deliveries.length).toBe(delivered + 1);
  });

  it('cancels a link, changes metadata and refunds once', async () => {
    const links = await count('pay_links');
    const link = await twice('/api/v1/pay-links', {
      invoice_number: 'INV-IDEM-2',
      amount: 20_000,
      currency: 'AUD',
    });
    expect(await count('pay_links')).toBe(links + 1);
    const paymentId = await payThroughSignedLink(t, link.url, 20_000);
    const refunds = await count('refunds');
    await twice(`/api/v1/payments/${paymentId}/refunds`, { amount: 1_000 }, { amount: 2_000 });
    expect(await count('refunds')).toBe(refunds + 1);
    const changed = await twice(
      `/api/v1/payments/${paymentId}`,
      { metadata: { crm_id: 'C-1' } },
      { metadata: { crm_id: 'C-2' } },
    );
    expect(changed.metadata).toMatchObject({ crm_id: 'C-1' });

    const other = await twice('/api/v1/pay-links', {
      invoice_number: 'INV-IDEM-3',
      amount: 5_000,
      currency: 'AUD',
    });
    const cancels = await count('audit_log', 'pay_link.cancel');
    const canceled = await twice(`/api/v1/pay-links/${other.id}/cancel`, {}, null); // no body to differ
    expect(canceled.status).toBe('canceled');
    expect(await count('audit_log', 'pay_link.cancel')).toBe(cancels + 1);
  });
});
