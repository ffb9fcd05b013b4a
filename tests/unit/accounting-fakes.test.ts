/**
 * The fake Xero and QuickBooks refuse what the real APIs' references do not define: unknown or
 * read-only properties, wrong types, more decimals than the currency has, missing required fields,
 * a call without its scope, deleting a reconciled payment. Without this, a connector test could pass
 * with a request the real service would refuse (e.g. the wrapped payment delete body).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeQuickBooks, type FakeQuickBooks } from '../support/fake-quickbooks.ts';
import { startFakeXero, type FakeXero } from '../support/fake-xero.ts';

async function call(url: string, method: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe('fake Xero is strict to Xero’s OpenAPI document', () => {
  let xero: FakeXero;
  let headers: Record<string, string>;
  let invoiceId: string;
  const api = (path: string) => `${xero.url}/api.xro/2.0${path}`;
  const errorsOf = (body: any): string[] => body.Elements[0].ValidationErrors.map((v: any) => v.Message);

  async function token(scope: string) {
    const res = await fetch(`${xero.url}/connect/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${xero.clientId}:${xero.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: xero.issueCode(scope),
        redirect_uri: 'x',
      }),
    });
    const body = await res.json();
    expect(body.scope).toBe(scope);
    return { authorization: `Bearer ${body.access_token}`, 'xero-tenant-id': xero.tenantId };
  }
  const payment = (extra: Record<string, unknown> = {}) => ({
    Payments: [
      {
        Invoice: { InvoiceID: invoiceId },
        Account: { Code: '090' },
        Date: '2026-11-22',
        Amount: 10.01,
        ...extra,
      },
    ],
  });

  beforeAll(async () => {
    xero = await startFakeXero();
    headers = await token('accounting.invoices accounting.payments accounting.banktransactions');
    invoiceId = xero.addInvoice('INV-STRICT', 100000).InvoiceID;
  });
  afterAll(() => xero.close());

  it('accepts a payment shaped as the reference defines it', async () => {
    const res = await call(api('/Payments'), 'PUT', payment(), headers);
    expect(res.status).toBe(200);
    expect(xero.amountDue('INV-STRICT')).toBe(100000 - 1001);
  });

  it('refuses unknown and read-only properties, wrong types, dates and amounts it does not define', async () => {
    expect(errorsOf((await call(api('/Payments'), 'PUT', payment({ Foo: 1 }), headers)).body)).toEqual([
      'Payments.Payments[0].Foo is not a property of Payment',
    ]);
    expect(
      errorsOf(
        (await call(api('/Payments'), 'PUT', payment({ PaymentType: 'ACCRECPAYMENT' }), headers)).body,
      ),
    ).toEqual(['Payments.Payments[0].PaymentType is read-only']);
    expect(
      errorsOf((await call(api('/Payments'), 'PUT', payment({ Amount: '10.01' }), headers)).body),
    ).toEqual(['Payments.Payments[0].Amount must be a number']);
    expect(
      errorsOf((await call(api('/Payments'), 'PUT', payment({ Amount: 10.005 }), headers)).body),
    ).toEqual(['Payments.Payments[0].Amount has more than 2 decimal places']);
    expect(
      errorsOf((await call(api('/Payments'), 'PUT', payment({ Date: '22/11/2026' }), headers)).body),
    ).toEqual(['Payments.Payments[0].Date must be a date YYYY-MM-DD']);
    expect(
      errorsOf((await call(api('/Payments'), 'PUT', payment({ Account: undefined }), headers)).body),
    ).toEqual(['Payments.Payments[0].Account is required']);
  });

  it('deletes a payment only with the PaymentDelete body, and never a reconciled one', async () => {
    const created = await call(api('/Payments'), 'PUT', payment({ Amount: 1 }), headers);
    const id = created.body.Payments[0].PaymentID;
    const wrapped = await call(
      api(`/Payments/${id}`),
      'POST',
      { Payments: [{ PaymentID: id, Status: 'DELETED' }] },
      headers,
    );
    expect(wrapped.status).toBe(400);
    expect(errorsOf(wrapped.body)).toContain('PaymentDelete.Payments is not a property of PaymentDelete');
    xero.reconcile(id);
    const reconciled = await call(api(`/Payments/${id}`), 'POST', { Status: 'DELETED' }, headers);
    expect(errorsOf(reconciled.body)).toEqual(['Payment cannot be deleted as it has been reconciled']);
    xero.payments.get(id)!.IsReconciled = false;
    expect((await call(api(`/Payments/${id}`), 'POST', { Status: 'DELETED' }, headers)).status).toBe(200);
  });

  it('refuses a bank transaction update without the fields BankTransaction requires', async () => {
    const created = await call(
      api('/BankTransactions'),
      'PUT',
      {
        BankTransactions: [
          {
            Type: 'RECEIVE',
            Contact: { ContactID: crypto.randomUUID() },
            BankAccount: { Code: '090' },
            LineItems: [{ Description: 'Surcharge', Quantity: 1, UnitAmount: 2.95, AccountCode: '260' }],
          },
        ],
      },
      headers,
    );
    expect(created.status).toBe(200);
    const id = created.body.BankTransactions[0].BankTransactionID;
    const bare = await call(
      api(`/BankTransactions/${id}`),
      'POST',
      { BankTransactions: [{ BankTransactionID: id, Status: 'DELETED' }] },
      headers,
    );
    expect(errorsOf(bare.body)).toEqual([
      'BankTransactions.BankTransactions[0].Type is required',
      'BankTransactions.BankTransactions[0].LineItems is required',
      'BankTransactions.BankTransactions[0].BankAccount is required',
      'BankTransactions.BankTransactions[0].Contact is required',
    ]);
  });

  it('answers 401 AuthorizationUnsuccessful to a call whose scope the token lacks', async () => {
    const readOnly = await token('accounting.invoices.read');
    const res = await call(api('/Payments'), 'PUT', payment(), readOnly);
    expect(res).toEqual({
      status: 401,
      body: { Type: null, Title: 'Unauthorized', Status: 401, Detail: 'AuthorizationUnsuccessful' },
    });
    expect((await call(api('/Invoices'), 'GET', undefined, readOnly)).status).toBe(200);
  });
});

describe('fake QuickBooks is strict to Intuit’s entity reference', () => {
  let qbo: FakeQuickBooks;
  let headers: Record<string, string>;
  const url = (entity: string) => `${qbo.url}/v3/company/${qbo.realmId}/${entity}?minorversion=75`;
  const detail = (body: any) => body.Fault.Error[0].Detail as string;

  beforeAll(async () => {
    qbo = await startFakeQuickBooks();
    const res = await fetch(`${qbo.url}/oauth2/v1/tokens/bearer`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${qbo.clientId}:${qbo.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: qbo.issueCode(),
        redirect_uri: 'x',
      }),
    });
    headers = { authorization: `Bearer ${(await res.json()).access_token}` };
  });
  afterAll(() => qbo.close());

  it('refuses unknown attributes, missing required ones and amounts finer than the currency', async () => {
    const purchase = await call(
      url('purchase'),
      'POST',
      {
        PaymentType: 'Cash',
        Line: [
          {
            Amount: 1,
            DetailType: 'AccountBasedExpenseLineDetail',
            AccountBasedExpenseLineDetail: { AccountRef: { value: '79' } },
          },
        ],
      },
      headers,
    );
    expect(purchase.status).toBe(400);
    expect(detail(purchase.body)).toBe('Purchase.AccountRef is required');
    const receipt = await call(
      url('refundreceipt'),
      'POST',
      {
        CustomerRef: { value: '1' },
        Line: [
          { Amount: 1, DetailType: 'SalesItemLineDetail', SalesItemLineDetail: { ItemRef: { value: '1' } } },
        ],
        Memo: 'x',
      },
      headers,
    );
    expect(detail(receipt.body)).toBe(
      'RefundReceipt.DepositToAccountRef is required; RefundReceipt.Memo is not a property of RefundReceipt',
    );
    const inv = qbo.addInvoice('9001', 5000, 'JPY');
    const pay = await call(
      url('payment'),
      'POST',
      {
        CustomerRef: { value: inv.customerId },
        CurrencyRef: { value: 'JPY' },
        TotalAmt: 10.5,
        Line: [
          {
            Amount: 10.5,
            DetailType: 'PaymentLineDetail',
            LinkedTxn: [{ TxnId: inv.Id, TxnType: 'Invoice' }],
          },
        ],
      },
      headers,
    );
    expect(detail(pay.body)).toBe('Amount has more decimals than JPY allows');
    expect(inv.balanceCents).toBe(5000);
  });
});
