/**
 * The live amount due from Xero (against a local Xero): what the pay page shows, cached briefly,
 * with a clear fallback, and the bound it puts on the pay page and on payment creation (the
 * invoice's amount due in Xero, not the link's).
 */
import { describe, expect, it } from 'vitest';
import { getLiveAmountDue, lookupLiveAmountDue } from '../../api/accounting/live/live-amount.ts';
import { runOutboxOnce } from '../../api/accounting/sync/worker.ts';
import { json } from '../support/app.ts';
import { cardToken, createConnectedMerchant } from './support/payments.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { xeroSuite } from './support/xero-suite.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`Xero live amount due (${testDialect})`, () => {
  const suite = xeroSuite();
  const { connectedMerchantWithInvoice, pay, job, nextInvoice } = suite;

  it("gives the pay page the invoice's live amount due, cached briefly, with a clear fallback", async () => {
    const { t, xero } = suite;
    const { merchant, invoice } = await connectedMerchantWithInvoice(120000);
    expect(await getLiveAmountDue(t.deps, merchant.id, invoice, 'AUD')).toEqual({ amountDue: 120000 });
    const lookups = () => xero.requests.filter((r) => r.path.endsWith('/Invoices')).length;
    const count = lookups();
    expect(await getLiveAmountDue(t.deps, merchant.id, invoice, 'AUD')).toEqual({ amountDue: 120000 });
    expect(lookups()).toBe(count); // cached

    const payment = await pay(merchant.id, invoice, 20000);
    await runOutboxOnce(t.deps); // recording it drops the cached answer
    expect((await job(payment.id)).status).toBe('delivered');
    expect(await getLiveAmountDue(t.deps, merchant.id, invoice, 'AUD')).toEqual({ amountDue: 100000 });

    expect(await getLiveAmountDue(t.deps, merchant.id, invoice, 'NZD')).toBeNull(); // not in that currency
    expect(await lookupLiveAmountDue(t.deps, merchant.id, 'INV-NOPE', 'AUD')).toEqual({
      status: 'not_found',
      provider: 'xero',
    });
    const other = nextInvoice();
    xero.addInvoice(other, 5000);
    xero.failNext((r) => r.path.endsWith('/Invoices'), { status: 503, body: 'down' });
    expect(await lookupLiveAmountDue(t.deps, merchant.id, other, 'AUD')).toMatchObject({
      status: 'unavailable',
      provider: 'xero',
      error: 'Xero is unavailable (HTTP 503): down',
    });
    const failedLookups = lookups();
    expect(await getLiveAmountDue(t.deps, merchant.id, other, 'AUD')).toBeNull(); // the failure is cached briefly too
    expect(lookups()).toBe(failedLookups);
    const unconnected = await createConnectedMerchant(t);
    expect(await lookupLiveAmountDue(t.deps, unconnected.id, invoice, 'AUD')).toEqual({
      status: 'not_connected',
    });
  });

  it('bounds the pay page and payment creation by the live amount due, not the link', async () => {
    const { t } = suite;
    const { merchant, invoice } = await connectedMerchantWithInvoice(70000);
    // A typed link claims far more than Xero says is due (DESIGN §3.3 case 10 with a connection).
    const session = await json(
      t.app,
      'GET',
      `/api/pay/session?merchant=${merchant.id}&invoice=${invoice}&amount=99999.00&currency=AUD`,
    );
    expect(session.status).toBe(200);
    expect(session.body.invoice).toMatchObject({ linkAmount: 70000, balance: 70000 });
    const token = await cardToken(t, merchant.stripe_account_id!);
    const direct = {
      merchantId: merchant.id,
      invoiceNumber: invoice,
      currency: 'aud',
      amount: 70001,
      amountDue: 9999900,
    };
    const tooMuch = await json(t.app, 'POST', '/api/payments/quote', { ...direct, confirmationToken: token });
    const tooMuchPayment = await json(
      t.app,
      'POST',
      '/api/payments/create-payment-intent',
      { ...direct, confirmationToken: token, quoteId: 'q1.none.none' },
      { 'idempotency-key': `k-${invoice}` },
    );
    for (const res of [tooMuch, tooMuchPayment]) {
      expect(res.status).toBe(422);
      expect(res.body.error.message).toBe('Payment amount cannot exceed the remaining balance of A$700.00.');
    }
  });
});
