/**
 * Accounting dates are the merchant's local date (DESIGN §7): each merchant has an IANA time zone
 * (DEFAULT_TIME_ZONE, Australia/Sydney, for new merchants; the Xero organisation's zone once Xero is
 * connected), and the payment's date in Xero, QuickBooks and the automation webhook is that zone's
 * calendar day — a payment at 08:30 in Sydney on 1 July is dated 1 July (the new financial year),
 * not 30 June, the UTC day.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runOutboxOnce } from '../../api/accounting/sync/worker.ts';
import { json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { startFakeQuickBooks, type FakeQuickBooks } from '../support/fake-quickbooks.ts';
import { startReceiver, type Receiver } from '../support/fake-receiver.ts';
import { startFakeXero, type FakeXero } from '../support/fake-xero.ts';
import {
  cancelQueued,
  connectXero,
  createAccountingApp,
  payInvoice,
  quickbooksEnv,
  xeroEnv,
} from './support/accounting.ts';
import { createConnectedMerchant } from './support/payments.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`local accounting dates (${testDialect})`, () => {
  let t: TestApp;
  let xero: FakeXero;
  let qbo: FakeQuickBooks;
  let receiver: Receiver;
  let admin: { authorization: string };
  let n = 0;

  beforeAll(async () => {
    [xero, qbo, receiver] = await Promise.all([startFakeXero(), startFakeQuickBooks(), startReceiver()]);
    t = await createAccountingApp({
      ...xeroEnv(xero),
      ...quickbooksEnv(qbo),
      OUTBOUND_ALLOWLIST: '127.0.0.1',
    });
  });
  beforeEach(async () => {
    admin = await adminHeaders(t);
  });
  afterEach(() => cancelQueued(t));
  afterAll(async () => {
    await t?.close();
    await Promise.all([xero?.close(), qbo?.close(), receiver?.close()]);
  });

  /** Move the clock forward to `iso` (the test clock only moves forward). */
  function at(iso: string) {
    const ms = Date.parse(iso) - t.clock.now().getTime();
    expect(ms).toBeGreaterThanOrEqual(0);
    t.clock.advance(ms);
  }

  it('gives new merchants DEFAULT_TIME_ZONE and lets an admin set an IANA zone, refusing anything else', async () => {
    const created = await json(
      t.app,
      'POST',
      '/api/admin/merchants',
      { business_name: 'Perth Steel', name: 'Ari', email: 'ari@perth.example' },
      admin,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.time_zone).toBe('Australia/Sydney');
    const id = created.body.id;
    const perth = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${id}`,
      { time_zone: 'Australia/Perth' },
      admin,
    );
    expect(perth.status).toBe(200);
    expect(perth.body.time_zone).toBe('Australia/Perth');
    const bad = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${id}`,
      { time_zone: 'AUSEASTERNSTANDARDTIME' },
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      field: 'time_zone',
      message: 'Time zone must be an IANA name such as Australia/Sydney',
    });
    const withZone = await json(
      t.app,
      'POST',
      '/api/admin/merchants',
      { business_name: 'Kiwi Timber', name: 'Mo', email: 'mo@kiwi.example', time_zone: 'Pacific/Auckland' },
      admin,
    );
    expect(withZone.body.time_zone).toBe('Pacific/Auckland');
  });

  it('dates a payment at 08:30 in Sydney on 1 July as 1 July in Xero, QuickBooks and the webhook', async () => {
    at('2027-06-30T22:30:00.000Z'); // 08:30 on 1 July 2027 in Sydney (AEST, UTC+10); still 30 June in UTC
    admin = await adminHeaders(t);

    // Xero and the automation webhook for one merchant.
    const withXero = await createConnectedMerchant(t);
    await connectXero(t, xero, admin, withXero.id);
    const hook = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${withXero.id}/webhook`,
      { webhook_url: `${receiver.url}/hook` },
      admin,
    );
    expect(hook.status).toBe(200);
    const xeroInvoice = `INV-JUL${++n}`;
    xero.addInvoice(xeroInvoice, 100000);
    const p1 = await payInvoice(t, { merchant: withXero.id, invoice: xeroInvoice, amount: 12345 });
    expect(p1.succeeded_at).toBe('2027-06-30T22:30:00.000Z');

    // QuickBooks for another.
    const withQbo = await createConnectedMerchant(t);
    const start = await json(
      t.app,
      'POST',
      `/api/admin/merchants/${withQbo.id}/accounting/quickbooks/connect-url`,
      {},
      admin,
    );
    const state = new URL(start.body.url).searchParams.get('state');
    await json(
      t.app,
      'POST',
      '/api/admin/accounting/callback',
      { code: qbo.issueCode(), state, realmId: qbo.realmId },
      admin,
    );
    await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${withQbo.id}/accounting/settings`,
      { payment_account_code: '35', surcharge_account_code: '79' },
      admin,
    );
    const qboInvoice = `2${String(++n).padStart(3, '0')}`;
    qbo.addInvoice(qboInvoice, 100000);
    await payInvoice(t, { merchant: withQbo.id, invoice: qboInvoice, amount: 23456 });

    await runOutboxOnce(t.deps);
    const xeroPayment = xero
      .apiRequests()
      .find(
        (r) => r.method === 'PUT' && r.path.endsWith('/Payments') && r.json.Payments[0].Amount === 123.45,
      )!;
    expect(xeroPayment.json.Payments[0].Date).toBe('2027-07-01');
    const surcharge = xero
      .apiRequests()
      .filter((r) => r.method === 'PUT' && r.path.endsWith('/BankTransactions'))
      .at(-1)!;
    expect(surcharge.json.BankTransactions[0].Date).toBe('2027-07-01');
    const qboPayment = qbo.requests.find((r) => r.path.endsWith('/payment') && r.json?.TotalAmt === 234.56)!;
    expect(qboPayment.json.TxnDate).toBe('2027-07-01');
    const delivered = receiver.deliveries.find((d) => d.json?.payment_details?.payment_id === p1.id)!;
    expect(delivered.json).toMatchObject({
      Date: '2027-07-01',
      payment_details: { payment_date: '2027-06-30T22:30:00.000Z' },
    });
  });

  it("takes the Xero organisation's time zone when Xero is connected", async () => {
    at('2027-07-02T12:30:00.000Z'); // 00:30 on 3 July in Auckland (NZST, UTC+12); 22:30 on 2 July in Sydney
    admin = await adminHeaders(t);
    xero.organisationTimeZone = 'NEWZEALANDSTANDARDTIME';
    const merchant = await createConnectedMerchant(t);
    await connectXero(t, xero, admin, merchant.id);
    const got = await json(t.app, 'GET', `/api/admin/merchants/${merchant.id}`, undefined, admin);
    expect(got.body.time_zone).toBe('Pacific/Auckland');
    const audit = await t.deps.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('target_id', '=', merchant.id)
      .where('action', '=', 'accounting.connect')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details!)).toMatchObject({ time_zone: 'Pacific/Auckland' });
    const invoice = `INV-NZ${++n}`;
    xero.addInvoice(invoice, 50000, 'NZD');
    await payInvoice(t, { merchant: merchant.id, invoice, amount: 10001, currency: 'NZD' });
    await runOutboxOnce(t.deps);
    const sent = xero
      .apiRequests()
      .filter((r) => r.method === 'PUT' && r.path.endsWith('/Payments'))
      .at(-1)!;
    expect(sent.json.Payments[0]).toMatchObject({ Date: '2027-07-03', Amount: 100.01 });
    xero.organisationTimeZone = 'AUSEASTERNSTANDARDTIME';
  });
});
