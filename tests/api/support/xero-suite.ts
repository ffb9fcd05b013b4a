/**
 * The shared setting of the Xero connector suites (accounting-xero-*.test.ts): one app on a local
 * Xero per file, a fresh admin token per test (tests move the clock past a token's life), queued
 * jobs cancelled after each test, and the steps the suites share. Call `xeroSuite()` at the top
 * of a `describe`; read `t`, `xero` and `admin` inside the tests (they are set by then).
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { adminHeaders } from '../../support/auth.ts';
import { startFakeXero, type FakeXero } from '../../support/fake-xero.ts';
import { cancelQueued, connectXero as connect, xeroEnv, type Admin } from './accounting.ts';
import { createConnectedMerchant, payThroughLink } from './payments.ts';

export function xeroSuite() {
  let t: TestApp;
  let xero: FakeXero;
  let admin: Admin;
  let n = 0;

  beforeAll(async () => {
    xero = await startFakeXero();
    t = await createTestApp({ autoDeliverEvents: false, env: xeroEnv(xero) });
  });
  beforeEach(async () => {
    admin = await adminHeaders(t);
  });
  afterEach(() => cancelQueued(t));
  afterAll(async () => {
    await t?.close();
    await xero?.close();
  });

  const connectXero = (merchantId: string, accounts = true) =>
    connect(t, xero, admin, merchantId, accounts ? undefined : null);

  return {
    get t() {
      return t;
    },
    get xero() {
      return xero;
    },
    get admin() {
      return admin;
    },
    connectXero,

    /** An invoice number no other test of the file uses. */
    nextInvoice: () => `INV-X${++n}`,

    /** A merchant connected to Stripe and Xero, and a new invoice of `totalCents` in Xero. */
    async connectedMerchantWithInvoice(totalCents = 100000) {
      const merchant = await createConnectedMerchant(t);
      await connectXero(merchant.id);
      const invoice = `INV-X${++n}`;
      xero.addInvoice(invoice, totalCents);
      return { merchant, invoice };
    },

    /** Pay `amount` of the invoice through a link of 1,000.00; the payment's row once succeeded. */
    async pay(merchantId: string, invoice: string, amount: number) {
      const { created, state } = await payThroughLink(t, {
        merchant: merchantId,
        invoice,
        linkAmount: '1000.00',
        amount,
      });
      expect(state.status).toBe('succeeded');
      return t.deps.database.db
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', created.paymentId)
        .executeTakeFirstOrThrow();
    },

    /** The Xero job of a payment (or of one of its refunds). */
    job: (paymentId: string, refundId: string | null = null) =>
      t.deps.database.db
        .selectFrom('outbox')
        .selectAll()
        .where('payment_id', '=', paymentId)
        .where('kind', '=', 'xero')
        .where('refund_id', refundId === null ? 'is' : '=', refundId)
        .executeTakeFirstOrThrow(),

    /** The invoice's payments in Xero that are not deleted. */
    livePayments: (invoiceId: string) =>
      [...xero.payments.values()].filter((p) => p.InvoiceID === invoiceId && p.Status === 'AUTHORISED'),

    /** The surcharge's bank transactions in Xero that are not deleted. */
    liveSurcharges: (reference: string) =>
      [...xero.bankTransactions.values()].filter(
        (b) => b.Reference === reference && b.Status === 'AUTHORISED',
      ),
  };
}
