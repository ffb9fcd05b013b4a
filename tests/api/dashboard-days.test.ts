/**
 * The dashboard counts days in the merchant's time zone (issue 50 item 6): around midnight in
 * Sydney, a payment at 23:30 local counts on that day and one at 00:30 on the next — where a UTC
 * count put both on the same day. A merchant in UTC keeps UTC days; the answer names the zone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { createConnectedMerchant } from './support/payments.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`dashboard days in the merchant's zone (${testDialect})`, () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    // The test clock: 2026-11-22T00:00Z, 11:00 on 22 November in Sydney.
    t = await createTestApp();
    admin = await adminHeaders(t);
  });
  afterAll(async () => t?.close());

  async function paidAt(merchantId: string, at: string) {
    const id = crypto.randomUUID();
    await t.deps.database.db
      .insertInto('payments')
      .values({
        id,
        merchant_id: merchantId,
        invoice_number: `INV-${id.slice(0, 6)}`,
        currency: 'AUD',
        amount: 10_000,
        platform_fee: 125,
        total_amount: 10_000,
        status: 'succeeded',
        succeeded_at: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  async function seriesOf(merchantId: string) {
    const res = await json(t.app, 'GET', `/api/admin/stats?merchant_id=${merchantId}`, undefined, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byDate = Object.fromEntries(
      (res.body.series as Array<{ date: string; payments: number }>).map((d) => [d.date, d.payments]),
    );
    return { body: res.body, byDate };
  }

  it('counts 23:30 and 00:30 Sydney time on their own days; UTC merchants keep UTC days', async () => {
    const sydney = await createConnectedMerchant(t);
    const utc = await createConnectedMerchant(t);
    await t.deps.database.db
      .updateTable('merchants')
      .set({ time_zone: 'Australia/Sydney' })
      .where('id', '=', sydney.id)
      .execute();
    await t.deps.database.db
      .updateTable('merchants')
      .set({ time_zone: 'UTC' })
      .where('id', '=', utc.id)
      .execute();
    for (const m of [sydney.id, utc.id]) {
      await paidAt(m, '2026-11-21T12:30:00.000Z'); // 21 Nov 23:30 in Sydney
      await paidAt(m, '2026-11-21T13:30:00.000Z'); // 22 Nov 00:30 in Sydney
    }

    const local = await seriesOf(sydney.id);
    expect(local.body).toMatchObject({ time_zone: 'Australia/Sydney', series_to: '2026-11-22' });
    expect([local.byDate['2026-11-21'], local.byDate['2026-11-22']]).toEqual([1, 1]);

    const plain = await seriesOf(utc.id);
    expect(plain.body).toMatchObject({ time_zone: 'UTC', series_to: '2026-11-22' });
    expect([plain.byDate['2026-11-21'], plain.byDate['2026-11-22']]).toEqual([2, 0]);
  });
});
