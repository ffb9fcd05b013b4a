/**
 * "Sync to Xero" says what happened at each target and never claims what did not: a merchant with
 * nothing to sync to is told so and the payment is left as it was; with Xero and an automation
 * webhook, each target's outcome is reported and the payment's sync status is `synced` only when
 * every target has it (a delivered webhook no longer hides a failed Xero); QuickBooks is named as
 * QuickBooks.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOTHING_TO_SYNC, SYNC_FAILED } from '../../api/accounting/sync/manual-sync.ts';
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
  paymentRow,
  quickbooksEnv,
  xeroEnv,
} from './support/accounting.ts';
import { createConnectedMerchant } from './support/payments.ts';
import { SyncResult } from '../../api/accounting/sync/routes.ts';
import { ErrorSchema } from '../../api/http/router.ts';
import { expectShape } from './support/shape.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`Sync to Xero, per target (${testDialect})`, () => {
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

  const sync = async (paymentId: string) => {
    const res = await json(t.app, 'POST', `/api/admin/payments/${paymentId}/sync-to-xero`, undefined, admin);
    expectShape(res.status === 200 ? SyncResult : ErrorSchema, res.body); // the outcome, or the error shape
    return res;
  };
  const withWebhook = (merchantId: string) =>
    json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchantId}/webhook`,
      { webhook_url: `${receiver.url}/hook` },
      admin,
    );

  it('says there is nothing to sync to, and changes nothing, for a merchant with no connection and no webhook', async () => {
    const merchant = await createConnectedMerchant(t);
    const payment = await payInvoice(t, { merchant: merchant.id, invoice: `INV-N${++n}`, amount: 12345 });
    const before = await paymentRow(t, payment.id);
    const res = await sync(payment.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      mode: 'nothing',
      synced: false,
      message: NOTHING_TO_SYNC,
      targets: [],
      jobs: [],
    });
    expect(NOTHING_TO_SYNC).toBe(
      'Nothing to sync to: this merchant has no Xero or QuickBooks connection and no automation webhook. Connect one on the merchant page, or mark the payment recorded by hand.',
    );
    const after = await paymentRow(t, payment.id);
    expect(after).toMatchObject({
      xero_sync_status: before.xero_sync_status,
      xero_sync_time: before.xero_sync_time,
    });
    expect(after.xero_sync_status).toBeNull();
    expect(res.body.payment).toMatchObject({ xero_sync_status: null });
    expect(
      await t.deps.database.db
        .selectFrom('accounting_writebacks')
        .select('id')
        .where('payment_id', '=', payment.id)
        .execute(),
    ).toEqual([]);
    const audited = await t.deps.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'payment.sync')
      .where('target_id', '=', payment.id)
      .execute();
    expect(audited.map((a) => JSON.parse(a.details!))).toEqual([{ mode: 'nothing' }]);
    // The payment's page says so before anyone clicks: no sync targets, so no Sync to Xero (issue 50 item 9).
    const read = await json(t.app, 'GET', `/api/admin/payments/${payment.id}`, undefined, admin);
    expect(read.body.sync_targets).toEqual([]);
  });

  it('reports Xero and the automation webhook separately when both record it', async () => {
    const merchant = await createConnectedMerchant(t);
    await connectXero(t, xero, admin, merchant.id);
    await withWebhook(merchant.id);
    const invoice = `INV-N${++n}`;
    xero.addInvoice(invoice, 100000);
    const payment = await payInvoice(t, { merchant: merchant.id, invoice, amount: 15011 });
    const res = await sync(payment.id);
    expect(res.body).toMatchObject({
      mode: 'targets',
      synced: true,
      message: 'Recorded in Xero. Delivered to the automation webhook.',
      targets: [
        { target: 'xero', label: 'Xero', status: 'delivered', message: 'Recorded in Xero.' },
        {
          target: 'automation_webhook',
          label: 'Automation webhook',
          status: 'delivered',
          message: 'Delivered to the automation webhook.',
        },
      ],
      payment: { xero_sync_status: 'synced' },
    });
    expect(xero.amountDue(invoice)).toBe(100000 - 15011);
    const read = await json(t.app, 'GET', `/api/admin/payments/${payment.id}`, undefined, admin);
    expect(read.body.sync_targets).toEqual(['xero', 'automation_webhook']);
  });

  it('does not call the payment synced when the webhook took it but Xero refused it', async () => {
    const merchant = await createConnectedMerchant(t);
    await connectXero(t, xero, admin, merchant.id);
    await withWebhook(merchant.id);
    const payment = await payInvoice(t, { merchant: merchant.id, invoice: 'INV-NOT-IN-XERO', amount: 15011 });
    const res = await sync(payment.id);
    expect(res.body).toMatchObject({
      synced: false,
      message: `${SYNC_FAILED} (Xero: Invoice INV-NOT-IN-XERO was not found in Xero. Delivered to the automation webhook)`,
      targets: [
        { target: 'xero', status: 'failed', message: 'Xero: Invoice INV-NOT-IN-XERO was not found in Xero' },
        { target: 'automation_webhook', status: 'delivered' },
      ],
    });
    expect(await paymentRow(t, payment.id)).toMatchObject({
      xero_sync_status: 'failed',
      xero_sync_error: 'Xero: Invoice INV-NOT-IN-XERO was not found in Xero',
    });
  });

  it('names QuickBooks as QuickBooks', async () => {
    const merchant = await createConnectedMerchant(t);
    const start = await json(
      t.app,
      'POST',
      `/api/admin/merchants/${merchant.id}/accounting/quickbooks/connect-url`,
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
      `/api/admin/merchants/${merchant.id}/accounting/settings`,
      { payment_account_code: '35', surcharge_account_code: '79' },
      admin,
    );
    const invoice = `4${String(++n).padStart(3, '0')}`;
    qbo.addInvoice(invoice, 50000);
    const payment = await payInvoice(t, { merchant: merchant.id, invoice, amount: 10001 });
    const res = await sync(payment.id);
    expect(res.body).toMatchObject({
      synced: true,
      message: 'Recorded in QuickBooks.',
      targets: [{ target: 'quickbooks', status: 'delivered' }],
    });
    expect(JSON.stringify(res.body.targets)).not.toContain('Xero');
  });
});
