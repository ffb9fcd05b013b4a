/**
 * The pay-session lookup reuses a link's rendered session (api/pay/cache.ts) — so these tests open
 * the same link again after every kind of change and expect to see it at once: a reservation, a
 * success, a refund, a decline, a merchant edit. Also: every opening gets its own session id beside a
 * shared signed observation, which is re-signed after a minute; forged or altered tokens are
 * refused; and SQLite's change stamp moves for this process's writes and commits at once and for
 * another connection's within CHANGE_POLL_MS.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_POLL_MS, openSqlite } from '../../api/db/database.ts';
import { NON_DOCUMENT_POLICY } from '../../api/http/security.ts';
import { verifyPaySession } from '../../api/invoices/pay-session-token.ts';
import { SESSION_EXPIRED_MESSAGE } from '../../api/payments/create/service.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import {
  authenticate,
  CARDS,
  createConnectedMerchant,
  createPayment,
  openSession,
  quoteAndPay,
  refresh,
} from './support/payments.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`pay session reuse (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows every change to the invoice, its payments and the merchant on the next opening', async () => {
    const merchant = await createConnectedMerchant(t);
    const admin = await adminHeaders(t);
    const link = { merchant: merchant.id, invoice: 'INV-REUSE', amount: '1,000.00' };
    const open = async () => {
      const s = await openSession(t, link);
      expect(s.status, JSON.stringify(s.body)).toBe(200);
      return s.body;
    };
    expect((await open()).invoice).toMatchObject({ balance: 100000, history: [] });
    expect((await open()).invoice.balance).toBe(100000); // the reused rendering

    const first = await open();
    const { res: created } = await quoteAndPay(t, {
      account: merchant.stripe_account_id!,
      amount: 30000,
      paySessionId: first.paySessionId,
      card: CARDS.threeDSecure,
    });
    expect(created.body.status, JSON.stringify(created.body)).toBe('requires_action');
    expect((await open()).invoice.balance).toBe(70000); // reserved while the customer authenticates

    await authenticate(t, created.body);
    await refresh(t, created.body.paymentId);
    const paid = await open();
    expect(paid.invoice.balance).toBe(70000);
    expect(paid.invoice.history).toEqual([
      expect.objectContaining({ amount: 30000, status: 'succeeded', total: created.body.breakdown.total }),
    ]);

    const refund = await json(
      t.app,
      'POST',
      `/api/admin/payments/${created.body.paymentId}/refund`,
      { amount: 10000, kind: 'reopen' },
      admin,
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const refunded = await open();
    expect(refunded.invoice.balance).toBe(80000);
    expect(refunded.invoice.history[0].status).toBe('partially_refunded');

    const { res: declined } = await quoteAndPay(t, {
      account: merchant.stripe_account_id!,
      amount: 80000,
      paySessionId: (await open()).paySessionId,
      card: CARDS.threeDSecureThenDeclined,
    });
    expect(declined.body.status).toBe('requires_action');
    expect((await open()).invoice.balance).toBe(0); // all of it reserved
    await authenticate(t, declined.body); // authenticated, then declined by the bank
    expect((await refresh(t, declined.body.paymentId)).status).toBe('failed');
    expect((await open()).invoice.balance).toBe(80000); // released at once

    const edited = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchant.id}`,
      { business_name: 'Renamed Timber', surcharge_percentage: 1.5 },
      admin,
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const after = await open();
    expect(after.merchant.name).toBe('Renamed Timber');
    expect(after.surcharge).toMatchObject({ bps: 150, percentage: 1.5 });
  });

  it('answers with the public API headers on the fast path and on errors alike', async () => {
    const merchant = await createConnectedMerchant(t);
    const ok = await t.app.request(`/api/pay/session?merchant=${merchant.id}&invoice=INV-H&amount=10.00`, {
      headers: { 'x-request-id': 'trace-42' },
    });
    const bad = await t.app.request(`/api/pay/session?merchant=${merchant.id}&invoice=INV-H&currency=XXX`);
    expect(ok.status).toBe(200);
    expect(bad.status).toBe(400);
    for (const res of [ok, bad]) {
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-expose-headers')).toBe('x-request-id');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(res.headers.get('content-security-policy')).toBe(NON_DOCUMENT_POLICY);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(ok.headers.get('x-request-id')).toBe('trace-42'); // a plain client id is kept
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const odd = await t.app.request(`/api/pay/session?merchant=${merchant.id}&invoice=INV-H`, {
      headers: { 'x-request-id': 'has spaces; and more' },
    });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/); // not echoed
  });

  it('gives every opening its own session id beside one signed observation, re-signed after a minute', async () => {
    const merchant = await createConnectedMerchant(t);
    const link = { merchant: merchant.id, invoice: 'INV-SIDS', amount: '500.00' };
    const a = (await openSession(t, link)).body.paySessionId as string;
    const b = (await openSession(t, link)).body.paySessionId as string;
    const now = t.clock.now().getTime();
    const ca = verifyPaySession(t.deps.config.jwtSecret, a, now)!;
    const cb = verifyPaySession(t.deps.config.jwtSecret, b, now)!;
    expect(ca.sid).not.toBe(cb.sid);
    expect({ ...ca, sid: null }).toEqual({ ...cb, sid: null });
    expect(ca).toMatchObject({ merchantId: merchant.id, invoiceNumber: 'INV-SIDS', linkAmount: 50000 });

    t.clock.advance(61_000);
    const c = (await openSession(t, link)).body.paySessionId as string;
    const cc = verifyPaySession(t.deps.config.jwtSecret, c, t.clock.now().getTime())!;
    expect(cc.issuedAt).toBe(t.clock.now().getTime());
    expect(cc.issuedAt).toBeGreaterThan(ca.issuedAt);

    // Reloading with the session keeps its id.
    const reloaded = await openSession(t, { ...link, paySessionId: c });
    expect(
      verifyPaySession(t.deps.config.jwtSecret, reloaded.body.paySessionId, t.clock.now().getTime())!.sid,
    ).toBe(cc.sid);
  });

  it('refuses a pay session whose observation was altered, whose id is not ours, or that is too old', async () => {
    const merchant = await createConnectedMerchant(t);
    const link = { merchant: merchant.id, invoice: 'INV-FORGE', amount: '100.00' };
    const token = (await openSession(t, link)).body.paySessionId as string;
    const [prefix, payload, mac, sid] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    claims[3] = 900000; // a link amount of 9,000.00 instead of 100.00
    const raised = `${prefix}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${mac}.${sid}`;
    const attempts = [
      raised,
      `${prefix}.${payload}.${mac}.not-a-session-id`,
      `${token}.extra`,
      `${prefix}.${payload}.${mac}`,
    ];
    for (const paySessionId of attempts) {
      const res = await createPayment(t, {
        merchantId: merchant.id,
        amount: 50000,
        invoiceNumber: link.invoice,
        paySessionId,
        confirmationToken: 'ctoken_notread',
        quoteId: 'q1.not.read',
      });
      expect(res.status, paySessionId).toBe(400);
      expect(res.body.error.message).toBe(SESSION_EXPIRED_MESSAGE);
    }
    // The session id is not what proves the observation: another random id with the same signed part
    // is accepted (it only groups that page's attempts).
    const other = `${prefix}.${payload}.${mac}.${crypto.randomUUID()}`;
    const { res: ok } = await quoteAndPay(t, {
      account: merchant.stripe_account_id!,
      amount: 5000,
      paySessionId: other,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);

    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    const late = await createPayment(t, {
      merchantId: merchant.id,
      amount: 5000,
      invoiceNumber: link.invoice,
      paySessionId: token,
      confirmationToken: 'ctoken_notread',
      quoteId: 'q1.not.read',
    });
    expect(late.status).toBe(400);
  });
});

describe.skipIf(skip || testDialect !== 'sqlite')('SQLite change stamp', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'invoicepay-stamp-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('moves at once for this connection, and within CHANGE_POLL_MS for another one', async () => {
    const path = join(dir, 'app.db');
    const database = openSqlite(path);
    try {
      const { db } = database;
      await db.schema
        .createTable('things')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .execute();
      const stamp = () => database.changeStamp!();
      const s0 = stamp();
      await db
        .selectFrom('things' as never)
        .selectAll()
        .execute();
      expect(stamp()).toBe(s0); // reads do not move it

      await db
        .insertInto('things' as never)
        .values({ id: 1 } as never)
        .execute();
      const s1 = stamp();
      expect(s1).not.toBe(s0);

      let inside = 0;
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('things' as never)
          .values({ id: 2 } as never)
          .execute();
        inside = stamp();
        expect(inside).not.toBe(s1);
      });
      expect(stamp()).not.toBe(inside); // the commit itself moves it again

      const before = stamp();
      const other = new Database(path);
      other.prepare('INSERT INTO things (id) VALUES (3)').run();
      other.close();
      await new Promise((r) => setTimeout(r, CHANGE_POLL_MS + 20));
      expect(stamp()).not.toBe(before);
      const settled = stamp();
      await new Promise((r) => setTimeout(r, CHANGE_POLL_MS + 20));
      expect(stamp()).toBe(settled); // nothing new, nothing moves
    } finally {
      await database.close();
    }
  });
});
