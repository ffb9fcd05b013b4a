/**
 * The dashboard counts days in the merchant's time zone (issue 50 item 6): around midnight in
 * Sydney, a payment at 23:30 local counts on that day and one at 00:30 on the next — where a UTC
 * count put both on the same day. A merchant in UTC keeps UTC days; the answer names the zone. The
 * payments list's From / To days are the same days: filtering on the date a row shows finds it.
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

  /** A merchant in Sydney and one in UTC. */
  async function zonedMerchants() {
    const merchants = [];
    for (const zone of ['Australia/Sydney', 'UTC']) {
      const m = await createConnectedMerchant(t);
      await t.deps.database.db
        .updateTable('merchants')
        .set({ time_zone: zone })
        .where('id', '=', m.id)
        .execute();
      merchants.push(m);
    }
    return merchants;
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
    const [sydney, utc] = await zonedMerchants();
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

  it("the payments list's From and To are whole days in the merchant's zone", async () => {
    const [sydney, utc] = await zonedMerchants();
    for (const m of [sydney.id, utc.id]) {
      await paidAt(m, '2026-12-07T12:30:00.000Z'); // 7 Dec 23:30 in Sydney
      await paidAt(m, '2026-12-07T13:30:00.000Z'); // 8 Dec 00:30 in Sydney
      await paidAt(m, '2026-12-08T12:59:59.000Z'); // 8 Dec 23:59:59 in Sydney
    }
    const on = async (merchantId: string, from: string, to: string) => {
      const filter = encodeURIComponent(
        JSON.stringify({ merchant_id: merchantId, date_from: from, date_to: to }),
      );
      const res = await json(t.app, 'GET', `/api/admin/payments?filter=${filter}`, undefined, admin);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as Array<{ created_at: string; merchant_time_zone: string }>)
        .map((p) => p.created_at)
        .sort();
    };
    expect(await on(sydney.id, '2026-12-08', '2026-12-08')).toEqual([
      '2026-12-07T13:30:00.000Z',
      '2026-12-08T12:59:59.000Z',
    ]);
    expect(await on(sydney.id, '2026-12-07', '2026-12-07')).toEqual(['2026-12-07T12:30:00.000Z']);
    // The same instants for a merchant in UTC: both of 7 December's on the 7th.
    expect(await on(utc.id, '2026-12-07', '2026-12-07')).toEqual([
      '2026-12-07T12:30:00.000Z',
      '2026-12-07T13:30:00.000Z',
    ]);
    // A To sent as an instant (an older console) is read as its day.
    expect(await on(sydney.id, '2026-12-08', '2026-12-08T23:59:59.999Z')).toHaveLength(2);
    const row = await json(
      t.app,
      'GET',
      `/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ merchant_id: sydney.id }))}`,
      undefined,
      admin,
    );
    expect(row.body[0].merchant_time_zone).toBe('Australia/Sydney');
    const bad = await json(
      t.app,
      'GET',
      `/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ date_from: 'yesterday' }))}`,
      undefined,
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      field: 'date_from',
      message: 'date_from must be a date (YYYY-MM-DD)',
    });
  });
});
