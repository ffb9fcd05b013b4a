/**
 * The invoice itself on the pay page (issue 36, beyond the walk), against a local Xero and a local
 * QuickBooks: its lines, dates and totals and the tool's PDF, fetched on the server with the
 * merchant's connection and cached; shown for a signed pay link, and for an ordinary link only when
 * the merchant turned it on and the link's amount is the invoice's total or amount due. Nothing of
 * the connection reaches the answer.
 */
import { describe, expect, it } from 'vitest';
import { json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { startFakeQuickBooks } from '../support/fake-quickbooks.ts';
import { DETAILS_NOT_AVAILABLE, DETAILS_UNAVAILABLE } from '../../api/pay/invoice-details.ts';
import { INVOICE_CONTENTS } from '../../api/accounting/live/invoice-content-cache.ts';
import { createAccountingApp, quickbooksEnv } from './support/accounting.ts';
import { createConnectedMerchant } from './support/payments.ts';
import { createKey } from './support/v1.ts';
import { xeroSuite } from './support/xero-suite.ts';

const skip = await skipPostgres();

const query = (o: Record<string, string>) => new URLSearchParams(o).toString();

async function showOnLinks(t: TestApp, merchantId: string, on: boolean) {
  const res = await json(
    t.app,
    'PUT',
    `/api/admin/merchants/${merchantId}`,
    { invoice_details_on_links: on },
    await adminHeaders(t),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.invoice_details_on_links).toBe(on);
}

async function pdf(t: TestApp, path: string) {
  const res = await t.app.request(path);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe.skipIf(skip)(`invoice details from Xero (${testDialect})`, () => {
  const suite = xeroSuite();

  it('shows a signed pay link the invoice with its lines and PDF, cached, with nothing of the connection', async () => {
    const { t, xero, admin } = suite;
    const { merchant, invoice } = await suite.connectedMerchantWithInvoice(110000);
    const key = await createKey(t, admin, { merchant_id: merchant.id });
    const made = await json(
      t.app,
      'POST',
      '/api/v1/pay-links',
      { invoice_number: invoice, amount: 110000, currency: 'AUD' },
      key.headers,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const url = new URL(made.body.url);
    const link = {
      merchant: url.pathname.split('/').pop()!,
      invoice: url.searchParams.get('invoice')!,
      amount: url.searchParams.get('amount')!,
      currency: 'AUD',
    };
    const reads = () => xero.requests.filter((r) => /\/Invoices/.test(r.path)).length;
    const res = await json(t.app, 'GET', `/api/pay/invoice?${query(link)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toEqual({
      number: invoice,
      currency: 'AUD',
      issueDate: '2026-11-01',
      dueDate: '2026-12-01',
      reference: null,
      lines: [{ description: 'Treated pine 90x45, 6.0 m', quantity: 2, unitAmount: 50000, amount: 100000 }],
      subtotal: 100000,
      tax: 10000,
      total: 110000,
      amountDue: 110000,
      source: 'xero',
      pdfPath: `/api/pay/invoice/pdf?${query(link)}`,
    });
    const text = JSON.stringify(res.body);
    const invoiceId = [...xero.invoices.values()].find((i) => i.InvoiceNumber === invoice)!.InvoiceID;
    expect(text).not.toContain(invoiceId);
    expect(text).not.toContain(xero.tenantId);
    // Cached like the live amount due: a second look asks Xero nothing.
    const count = reads();
    expect((await json(t.app, 'GET', `/api/pay/invoice?${query(link)}`)).status).toBe(200);
    expect(reads()).toBe(count);

    const file = await pdf(t, res.body.pdfPath);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(`inline; filename="${invoice}.pdf"`);
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(file.text).toMatch(new RegExp(`^%PDF-1\\.4[\\s\\S]*\\(${invoice}\\)`));
    const asked = xero.requests.filter((r) => r.path.endsWith(`/Invoices/${invoiceId}`));
    expect(asked.map((r) => r.headers.accept)).toEqual(['application/json', 'application/pdf']);
    expect(asked.every((r) => r.headers['xero-tenant-id'] === xero.tenantId)).toBe(true);
  });

  it('shows an ordinary link only when the merchant turned it on and its amount is the total or amount due', async () => {
    const { t, xero } = suite;
    const { merchant, invoice } = await suite.connectedMerchantWithInvoice(55000);
    const link = (amount: string, number = invoice) =>
      `/api/pay/invoice?${query({ merchant: merchant.id, invoice: number, amount, currency: 'AUD' })}`;
    const refused = async (path: string) => {
      const res = await json(t.app, 'GET', path);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(DETAILS_NOT_AVAILABLE);
    };
    await refused(link('550.00')); // off by default: Xero's template links carry a guessable number
    await showOnLinks(t, merchant.id, true);
    expect((await json(t.app, 'GET', link('550.00'))).status).toBe(200);
    await refused(link('549.99')); // a guess of the amount
    await refused(link('')); // no amount
    await refused(link('550.00', 'INV-NOT-THERE')); // alike whether the invoice exists or not
    // After a payment recorded elsewhere, the link's amount due at the time still shows it.
    [...xero.invoices.values()].find((i) => i.InvoiceNumber === invoice)!.paidCents = 5000;
    t.deps.caches.of(INVOICE_CONTENTS).contents.clear();
    expect((await json(t.app, 'GET', link('550.00'))).body.amountDue).toBe(50000);
    expect((await json(t.app, 'GET', link('500.00'))).status).toBe(200);
    await refused((await json(t.app, 'GET', link('550.00'))).body.pdfPath.replace('550.00', '1.00'));

    // Xero not answering: said so (and not cached as "not there").
    const other = suite.nextInvoice();
    xero.addInvoice(other, 1000);
    xero.failNext((r) => r.path.endsWith('/Invoices'), { status: 503, body: 'down' });
    const down = await json(t.app, 'GET', link('10.00', other));
    expect(down.status).toBe(502);
    expect(down.body.error.message).toBe(DETAILS_UNAVAILABLE);
    await showOnLinks(t, merchant.id, false);
    await refused(link('550.00'));
  });

  it('never shows a fully paid invoice to an unsigned link: not for 0, -1, (5) nor its total (issue 49 item 2)', async () => {
    const { t, xero } = suite;
    const { merchant, invoice } = await suite.connectedMerchantWithInvoice(60000);
    await showOnLinks(t, merchant.id, true);
    [...xero.invoices.values()].find((i) => i.InvoiceNumber === invoice)!.paidCents = 60000; // paid in full
    t.deps.caches.of(INVOICE_CONTENTS).contents.clear();
    for (const amount of ['0', '0.00', '-1', '(5)', '600.00']) {
      const q = query({ merchant: merchant.id, invoice, amount, currency: 'AUD' });
      const res = await json(t.app, 'GET', `/api/pay/invoice?${q}`);
      expect(res.status, `${amount}: ${JSON.stringify(res.body)}`).toBe(404);
      expect(res.body.error.message).toBe(DETAILS_NOT_AVAILABLE);
      expect((await pdf(t, `/api/pay/invoice/pdf?${q}`)).status).toBe(404);
    }
    // A link amount that is not a plain amount is refused as a malformed link, never read as 0.
    const malformed = await json(
      t.app,
      'GET',
      `/api/pay/invoice?${query({ merchant: merchant.id, invoice, amount: '1e3', currency: 'AUD' })}`,
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatchObject({ code: 'validation_failed', field: 'amount' });
  });

  it('has nothing to show for a merchant without Xero', async () => {
    const { t } = suite;
    const m = await createConnectedMerchant(t);
    await showOnLinks(t, m.id, true);
    const res = await json(
      t.app,
      'GET',
      `/api/pay/invoice?${query({ merchant: m.id, invoice: 'INV-1', amount: '10.00', currency: 'AUD' })}`,
    );
    expect(res.status).toBe(404);
  });
});

describe.skipIf(skip)(`invoice details from QuickBooks (${testDialect})`, () => {
  it("shows the invoice's lines, due date and QuickBooks' PDF", async () => {
    const qbo = await startFakeQuickBooks();
    const t = await createAccountingApp(quickbooksEnv(qbo));
    try {
      const admin = await adminHeaders(t);
      const merchant = await createConnectedMerchant(t);
      const start = await json(
        t.app,
        'POST',
        `/api/admin/merchants/${merchant.id}/accounting/quickbooks/connect-url`,
        {},
        admin,
      );
      const state = new URL(start.body.url).searchParams.get('state');
      const done = await json(
        t.app,
        'POST',
        '/api/admin/accounting/callback',
        { code: qbo.issueCode(), state, realmId: qbo.realmId },
        admin,
      );
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      const inv = qbo.addInvoice('1042', 33000);
      await showOnLinks(t, merchant.id, true);
      const link = { merchant: merchant.id, invoice: '1042', amount: '330.00', currency: 'AUD' };
      const res = await json(t.app, 'GET', `/api/pay/invoice?${query(link)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        number: '1042',
        issueDate: '2026-11-01',
        dueDate: '2026-12-15',
        lines: [
          { description: 'Plasterboard 10 mm, 2400 x 1200', quantity: 1, unitAmount: 15000, amount: 15000 },
          { description: 'Delivery', quantity: null, unitAmount: null, amount: 15000 },
        ],
        subtotal: 30000,
        tax: 3000,
        total: 33000,
        amountDue: 33000,
        source: 'quickbooks',
      });
      expect(JSON.stringify(res.body)).not.toContain(qbo.realmId);
      const file = await pdf(t, res.body.pdfPath);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.text).toContain('(1042)');
      const asked = qbo.requests.filter((r) => r.path.includes(`/invoice/${inv.Id}`));
      expect(asked.map((r) => [r.path.endsWith('/pdf'), r.headers.accept])).toEqual([
        [false, 'application/json'],
        [true, 'application/pdf'],
      ]);
    } finally {
      await t.close();
      await qbo.close();
    }
  });
});
