/**
 * The integrator API's lists page newest first by cursor: `limit` rows, `has_more`, and
 * `starting_after` the last id of a page for the next one, with filters kept; an unknown cursor is a
 * 404 naming the object. Pay links made through POST /api/v1/pay-links (one per invoice) give the
 * pay-link and invoice lists rows to page through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { createConnectedMerchant } from './support/payments.ts';
import { createKey, type MadeKey } from './support/v1.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`integrator API pages (${testDialect})`, () => {
  let t: TestApp;
  let key: MadeKey;
  const made: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await adminHeaders(t);
    const merchant = await createConnectedMerchant(t);
    key = await createKey(t, admin, { merchant_id: merchant.id });
    for (let i = 1; i <= 5; i++) {
      t.clock.advance(1_000); // distinct creation times: newest first is a defined order
      const res = await json(
        t.app,
        'POST',
        '/api/v1/pay-links',
        { invoice_number: `INV-PAGE-${i}`, amount: 10_000 * i, currency: 'AUD' },
        { ...key.headers, 'idempotency-key': `page-${i}` },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      made.push(res.body.id);
    }
  });
  afterAll(() => t?.close());

  async function allPages(path: string, limit: number) {
    const pages: string[][] = [];
    let after: string | undefined;
    for (;;) {
      const sep = path.includes('?') ? '&' : '?';
      const res = await json(
        t.app,
        'GET',
        `${path}${sep}limit=${limit}${after ? `&starting_after=${after}` : ''}`,
        undefined,
        key.headers,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const ids = (res.body.data as Array<{ id: string }>).map((o) => o.id);
      pages.push(ids);
      if (!res.body.has_more) return pages;
      expect(pages.length, 'a cursor that does not move on').toBeLessThan(10);
      expect(ids).toHaveLength(limit);
      after = ids[ids.length - 1];
    }
  }

  it('pages pay links newest first, two at a time, to the end', async () => {
    const pages = await allPages('/api/v1/pay-links', 2);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual([...made].reverse());
  });

  it('pages invoices the same way, and keeps a filter across pages', async () => {
    const invoices = await allPages('/api/v1/invoices', 2);
    expect(invoices.flat()).toHaveLength(5);
    expect(new Set(invoices.flat()).size).toBe(5);
    const open = await allPages('/api/v1/invoices?status=open', 3);
    expect(open.flat()).toEqual(invoices.flat());
    const one = await allPages('/api/v1/invoices?number=inv-page-3', 1);
    expect(one.flat()).toHaveLength(1);
  });

  it('pages back with ending_before: the newer items, newest first, has_more while newer remain', async () => {
    const newestFirst = [...made].reverse(); // 5 4 3 2 1
    const back = await json(
      t.app,
      'GET',
      `/api/v1/pay-links?limit=2&ending_before=${newestFirst[3]}`,
      undefined,
      key.headers,
    );
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.map((l: { id: string }) => l.id)).toEqual([newestFirst[1], newestFirst[2]]);
    expect(back.body.has_more).toBe(true);
    const first = await json(
      t.app,
      'GET',
      `/api/v1/pay-links?limit=2&ending_before=${newestFirst[1]}`,
      undefined,
      key.headers,
    );
    expect(first.body.data.map((l: { id: string }) => l.id)).toEqual([newestFirst[0]]);
    expect(first.body.has_more).toBe(false);
    const both = await json(
      t.app,
      'GET',
      `/api/v1/pay-links?starting_after=${made[0]}&ending_before=${made[1]}`,
      undefined,
      key.headers,
    );
    expect(both.status).toBe(400);
    expect(both.body.error).toMatchObject({ code: 'validation_failed', field: 'ending_before' });
  });

  it('refuses unknown query parameters, as unknown body fields are, naming them', async () => {
    for (const path of [
      '/api/v1/pay-links?limt=2', // a misspelt limit must not page silently at 20
      '/api/v1/invoices?statuss=open',
      '/api/v1/payments?invoice=INV-1',
      `/api/v1/pay-links/${made[0]}?expand=payments`, // a route that takes no parameter
    ]) {
      const res = await json(t.app, 'GET', path, undefined, key.headers);
      expect(res.status, path).toBe(400);
      expect(res.body.error.code, path).toBe('validation_failed');
      expect(res.body.error.field, path).toBe(new URL(path, 'http://x').searchParams.keys().next().value);
    }
  });

  it('refuses an unknown cursor with a 404 naming the object', async () => {
    const res = await json(
      t.app,
      'GET',
      `/api/v1/pay-links?starting_after=${crypto.randomUUID()}`,
      undefined,
      key.headers,
    );
    expect(res.status).toBe(404);
    expect(res.body.error.message).toMatch(/not found/i);
    const payments = await json(
      t.app,
      'GET',
      `/api/v1/payments?starting_after=${crypto.randomUUID()}`,
      undefined,
      key.headers,
    );
    expect(payments.status).toBe(404);
    expect(payments.body.error.message).toBe('Payment not found');
  });

  it('keeps rows made in the same millisecond in the order they were made, on every page and both ways', async () => {
    // Another merchant, and a clock that stands still: six links (and their invoices) share one
    // created_at. Links made in the console have random ids, so only the row sequence can give the
    // order they were made in (the API's own links have time-ordered ids).
    const admin = await adminHeaders(t);
    const merchant = await createConnectedMerchant(t);
    const own = await createKey(t, admin, { merchant_id: merchant.id });
    const links: string[] = [];
    const invoices: string[] = [];
    for (let i = 1; i <= 6; i++) {
      const res = await json(
        t.app,
        'POST',
        '/api/admin/pay-links',
        { merchant_id: merchant.id, invoice_number: `INV-BURST-${i}`, amount: 1_000 * i, currency: 'AUD' },
        admin,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      links.push(res.body.id);
      invoices.push(res.body.invoice_id);
    }
    const rows = await t.deps.database.db
      .selectFrom('pay_links')
      .select('created_at')
      .where('merchant_id', '=', merchant.id)
      .execute();
    expect(new Set(rows.map((r) => r.created_at)).size).toBe(1); // one millisecond for all six

    const get = async (path: string) => {
      const res = await json(t.app, 'GET', path, undefined, own.headers);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { ids: (res.body.data as Array<{ id: string }>).map((o) => o.id), more: res.body.has_more };
    };
    for (const [path, made] of [
      ['/api/v1/pay-links', links],
      ['/api/v1/invoices', invoices],
    ] as const) {
      const newestFirst = [...made].reverse();
      expect((await get(`${path}?limit=10`)).ids, path).toEqual(newestFirst);
      // Pages of four and two, the cursor in the middle of the tie.
      const first = await get(`${path}?limit=4`);
      expect(first, path).toEqual({ ids: newestFirst.slice(0, 4), more: true });
      expect(await get(`${path}?limit=4&starting_after=${first.ids[3]}`), path).toEqual({
        ids: newestFirst.slice(4),
        more: false,
      });
      expect(await get(`${path}?limit=2&ending_before=${newestFirst[3]}`), path).toEqual({
        ids: newestFirst.slice(1, 3),
        more: true,
      });
    }
  });
});
