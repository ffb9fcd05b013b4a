/**
 * The Accounting API half of the fake Xero (fake-xero.ts holds the state, OAuth and wiring).
 * Request bodies are checked against Xero's accounting OpenAPI document (xero-openapi.json, see its
 * `$source`: unknown or read-only properties, wrong types, dates that are not YYYY-MM-DD, amounts
 * with more than 2 decimals, missing required fields are refused), plus the fields Xero's API pages
 * name as required for each call (e.g. a payment: Invoice or CreditNote, Account, Date, Amount), and
 * each endpoint demands the scope its OpenAPI `security` entry lists or its granular successor
 * (401 AuthorizationUnsuccessful otherwise). Amounts are kept in minor units per currency.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fakePdf, type RecordedRequest, type Reply } from './fake-http.ts';
import type { FakeXeroState } from './fake-xero.ts';
import { fromMinor, toMinor, violations, type SchemaSet } from './strict-body.ts';

const schemas = JSON.parse(
  readFileSync(new URL('./xero-openapi.json', import.meta.url), 'utf8'),
) as SchemaSet;

export const validation = (...messages: string[]): Reply => ({
  status: 400,
  body: {
    ErrorNumber: 10,
    Type: 'ValidationException',
    Message: 'A validation exception occurred',
    Elements: [{ ValidationErrors: messages.map((Message) => ({ Message })) }],
  },
});
const notFound: Reply = { status: 404, body: "The resource you're looking for cannot be found" };
const msDate = (day: string) => `/Date(${Date.parse(`${day}T00:00:00Z`)}+0000)/`;

/** Scopes that let each kind of call through (granular, or the broad scope older apps hold). */
const SCOPES = {
  invoicesRead: [
    'accounting.invoices',
    'accounting.invoices.read',
    'accounting.transactions',
    'accounting.transactions.read',
  ],
  invoices: ['accounting.invoices', 'accounting.transactions'],
  paymentsRead: [
    'accounting.payments',
    'accounting.payments.read',
    'accounting.transactions',
    'accounting.transactions.read',
  ],
  payments: ['accounting.payments', 'accounting.transactions'],
  bank: ['accounting.banktransactions', 'accounting.transactions'],
  settingsRead: ['accounting.settings', 'accounting.settings.read'],
  paymentServices: ['paymentservices'],
};

export function xeroApi(st: FakeXeroState, req: RecordedRequest, granted: string[]): Reply {
  const path = req.path.replace('/api.xro/2.0', '');
  const body = req.json;
  const need = (scopes: string[]): Reply | null =>
    scopes.some((s) => granted.includes(s))
      ? null
      : {
          status: 401,
          body: { Type: null, Title: 'Unauthorized', Status: 401, Detail: 'AuthorizationUnsuccessful' },
        };
  const strict = (schema: string, value: unknown, extra: Record<string, string[]> = {}): Reply | null => {
    const problems = violations(schemas, schema, value, extra);
    return problems.length ? validation(...problems) : null;
  };
  const ok = (extra: Record<string, unknown>): Reply => ({
    status: 200,
    body: {
      Id: randomUUID(),
      Status: 'OK',
      ProviderName: 'InvoicePay',
      DateTimeUTC: '/Date(1795000000000)/',
      ...extra,
    },
  });
  const seg = path.split('/').filter(Boolean);
  const route = `${req.method} /${seg[0] ?? ''}${seg.length > 1 ? '/{id}' : ''}${seg[2] ? `/${seg[2]}` : ''}`;

  switch (route) {
    case 'GET /Organisation':
      return (
        need(SCOPES.settingsRead) ??
        ok({
          Organisations: [
            {
              OrganisationID: st.tenantId,
              Name: st.tenantName,
              BaseCurrency: 'AUD',
              CountryCode: 'AU',
              Timezone: st.organisationTimeZone,
              ShortCode: '!x1Yz2',
            },
          ],
        })
      );
    case 'GET /Invoices': {
      const denied = need(SCOPES.invoicesRead);
      if (denied) return denied;
      const m = /InvoiceNumber=="((?:[^"\\]|\\.)*)"/.exec(req.query.get('where') ?? '');
      const number = m ? m[1].replace(/\\(.)/g, '$1') : null;
      const list = [...st.invoices.values()].filter((i) => number === null || i.InvoiceNumber === number);
      return ok({ Invoices: list.map((i) => st.invoiceJson(i)) });
    }
    case 'GET /Invoices/{id}': {
      const denied = need(SCOPES.invoicesRead);
      if (denied) return denied;
      const inv = st.invoiceById(seg[1]);
      if (!inv)
        return { status: 404, body: { Title: 'Not Found', Status: 404, Detail: 'Resource not found' } };
      // Xero answers the same path with its PDF when asked for one.
      if (String(req.headers.accept ?? '').includes('application/pdf'))
        return {
          status: 200,
          body: fakePdf(inv.InvoiceNumber),
          headers: { 'content-type': 'application/pdf' },
        };
      return ok({ Invoices: [st.invoiceDetailJson(inv)] });
    }
    case 'PUT /Payments': {
      const denied =
        need(SCOPES.payments) ??
        strict('Payments', body, {
          Payments: ['Payments'],
          Payment: ['Account', 'Date', 'Amount'],
          Account: ['Code'],
        });
      if (denied) return denied;
      if (body.Payments.length !== 1) return validation('Send one payment at a time');
      const p = body.Payments[0];
      if (!p.Invoice === !p.CreditNote)
        return validation('A payment is applied to an Invoice or a CreditNote');
      if (p.Invoice) {
        const inv = st.invoiceById(p.Invoice.InvoiceID);
        if (!inv) return validation('Invoice could not be found');
        const amount = toMinor(p.Amount, inv.CurrencyCode);
        if (amount === null) return validation(`Amount has more decimals than ${inv.CurrencyCode} allows`);
        if (amount <= 0) return validation('Payment amount must be greater than zero');
        if (amount > st.amountDueOf(inv))
          return validation('Payment amount exceeds the amount outstanding on this document');
        const pay = st.addPayment({
          kind: 'invoice',
          targetId: inv.InvoiceID,
          currency: inv.CurrencyCode,
          p,
          amount,
        });
        return ok({ Payments: [st.paymentJson(pay)] });
      }
      const note = st.creditNotes.get(p.CreditNote.CreditNoteID);
      if (!note || note.Status === 'VOIDED') return validation('Credit note could not be found');
      const amount = toMinor(p.Amount, note.CurrencyCode);
      if (amount === null) return validation(`Amount has more decimals than ${note.CurrencyCode} allows`);
      if (amount <= 0 || amount > st.remainingCredit(note))
        return validation('Payment amount exceeds the amount outstanding on this document');
      const pay = st.addPayment({
        kind: 'creditnote',
        targetId: note.CreditNoteID,
        currency: note.CurrencyCode,
        p,
        amount,
      });
      return ok({ Payments: [st.paymentJson(pay)] });
    }
    case 'GET /Payments/{id}': {
      const denied = need(SCOPES.paymentsRead);
      if (denied) return denied;
      const pay = st.payments.get(seg[1]);
      return pay ? ok({ Payments: [st.paymentJson(pay)] }) : notFound;
    }
    case 'POST /Payments/{id}': {
      const denied = need(SCOPES.payments) ?? strict('PaymentDelete', body);
      if (denied) return denied;
      const pay = st.payments.get(seg[1]);
      if (!pay) return notFound;
      if (body.Status !== 'DELETED') return validation('Status must be DELETED');
      if (pay.Status === 'DELETED') return validation('Payment has been deleted already');
      if (pay.IsReconciled) return validation('Payment cannot be deleted as it has been reconciled');
      pay.Status = 'DELETED';
      return ok({ Payments: [st.paymentJson(pay)] });
    }
    case 'PUT /BankTransactions':
    case 'POST /BankTransactions/{id}': {
      const denied =
        need(SCOPES.bank) ??
        strict('BankTransactions', body, {
          BankTransactions: ['BankTransactions'],
          BankTransaction: ['Contact'],
          Account: ['Code'],
          LineItem: ['Description', 'UnitAmount', 'AccountCode'],
          Contact: ['ContactID'],
        });
      if (denied) return denied;
      const b = body.BankTransactions[0];
      const currency = b.CurrencyCode ?? 'AUD';
      if (req.method === 'POST') {
        const bt = st.bankTransactions.get(seg[1]);
        if (!bt) return notFound;
        if (b.Status === 'DELETED') bt.Status = 'DELETED';
        return ok({ BankTransactions: [{ BankTransactionID: bt.BankTransactionID, Status: bt.Status }] });
      }
      let cents = 0;
      for (const line of b.LineItems) {
        const unit = toMinor(line.UnitAmount, currency);
        if (unit === null) return validation(`UnitAmount has more decimals than ${currency} allows`);
        cents += unit * (line.Quantity ?? 1);
      }
      const bt = {
        BankTransactionID: randomUUID(),
        Type: b.Type,
        BankAccountCode: b.BankAccount.Code,
        ContactID: b.Contact.ContactID,
        LineAccountCode: b.LineItems[0].AccountCode,
        Date: b.Date,
        CurrencyCode: currency,
        cents,
        Reference: b.Reference ?? '',
        Status: 'AUTHORISED' as const,
      };
      st.bankTransactions.set(bt.BankTransactionID, bt);
      return ok({
        BankTransactions: [
          {
            BankTransactionID: bt.BankTransactionID,
            Type: bt.Type,
            Status: 'AUTHORISED',
            Total: fromMinor(cents, currency),
            Reference: bt.Reference,
          },
        ],
      });
    }
    case 'PUT /CreditNotes': {
      const denied =
        need(SCOPES.invoices) ??
        strict('CreditNotes', body, {
          CreditNotes: ['CreditNotes'],
          CreditNote: ['Type', 'Contact', 'LineItems'],
          Contact: ['ContactID'],
          LineItem: ['Description', 'UnitAmount', 'AccountCode'],
        });
      if (denied) return denied;
      const c = body.CreditNotes[0];
      if (c.Type !== 'ACCRECCREDIT') return validation('Only sales credit notes are used here');
      const currency = c.CurrencyCode ?? 'AUD';
      let total = 0;
      for (const line of c.LineItems) {
        const unit = toMinor(line.UnitAmount, currency);
        if (unit === null) return validation(`UnitAmount has more decimals than ${currency} allows`);
        total += unit * (line.Quantity ?? 1);
      }
      const note = st.addCreditNote({ c, currency, total });
      return ok({ CreditNotes: [st.creditNoteJson(note)] });
    }
    case 'PUT /CreditNotes/{id}/Allocations': {
      const denied =
        need(SCOPES.invoices) ??
        strict('Allocations', body, { Allocations: ['Allocations'], Invoice: ['InvoiceID'] });
      if (denied) return denied;
      const note = st.creditNotes.get(seg[1]);
      if (!note) return notFound;
      const a = body.Allocations[0];
      const inv = st.invoiceById(a.Invoice.InvoiceID);
      if (!inv) return validation('Invoice could not be found');
      const amount = toMinor(a.Amount, note.CurrencyCode);
      if (amount === null) return validation(`Amount has more decimals than ${note.CurrencyCode} allows`);
      if (amount > st.remainingCredit(note))
        return validation('The amount exceeds the remaining credit on the credit note');
      if (amount > st.amountDueOf(inv))
        return validation('Allocation amount exceeds the amount due on the invoice');
      const allocation = {
        AllocationID: randomUUID(),
        CreditNoteID: note.CreditNoteID,
        InvoiceID: inv.InvoiceID,
        cents: amount,
        Date: a.Date,
      };
      st.allocations.push(allocation);
      return ok({
        Allocations: [
          {
            AllocationID: allocation.AllocationID,
            Amount: fromMinor(amount, note.CurrencyCode),
            Date: msDate(a.Date),
            Invoice: { InvoiceID: inv.InvoiceID },
            CreditNote: { CreditNoteID: note.CreditNoteID },
          },
        ],
      });
    }
    case 'GET /Accounts':
      return need(SCOPES.settingsRead) ?? ok({ Accounts: st.accounts });
    case 'GET /BrandingThemes':
      return (
        need(SCOPES.settingsRead) ??
        ok({
          BrandingThemes: st.brandingThemes.map((t) => ({
            ...t,
            CreatedDateUTC: '/Date(1464967643813+0000)/',
          })),
        })
      );
    case 'GET /PaymentServices':
      return need(SCOPES.paymentServices) ?? ok({ PaymentServices: [...st.paymentServices.values()] });
    case 'PUT /PaymentServices': {
      const denied =
        need(SCOPES.paymentServices) ??
        strict('PaymentServices', body, {
          PaymentServices: ['PaymentServices'],
          PaymentService: ['PaymentServiceName', 'PaymentServiceUrl'],
        });
      if (denied) return denied;
      const p = body.PaymentServices[0];
      if (p.PaymentServiceID || p.PaymentServiceType)
        return validation('PaymentServiceID and PaymentServiceType are set by Xero');
      if (!/^https:\/\//.test(p.PaymentServiceUrl) && !/^http:\/\/127\.0\.0\.1/.test(p.PaymentServiceUrl))
        return validation('The payment service URL must be https');
      const service = {
        PaymentServiceID: randomUUID(),
        PaymentServiceName: p.PaymentServiceName,
        PaymentServiceUrl: p.PaymentServiceUrl,
        PayNowText: p.PayNowText ?? 'Pay by credit card',
        PaymentServiceType: 'Custom',
      };
      st.paymentServices.set(service.PaymentServiceID, service);
      return ok({ PaymentServices: [service] });
    }
    case 'GET /BrandingThemes/{id}/PaymentServices': {
      const denied = need(SCOPES.paymentServices);
      if (denied) return denied;
      if (!st.brandingThemes.some((t) => t.BrandingThemeID === seg[1])) return notFound;
      const ids = st.themeServices.get(seg[1]) ?? new Set<string>();
      return ok({ PaymentServices: [...ids].map((id) => st.paymentServices.get(id)!) });
    }
    case 'POST /BrandingThemes/{id}/PaymentServices': {
      const denied =
        need(SCOPES.paymentServices) ??
        strict('PaymentServices', body, {
          PaymentServices: ['PaymentServices'],
          PaymentService: ['PaymentServiceID'],
        });
      if (denied) return denied;
      if (!st.brandingThemes.some((t) => t.BrandingThemeID === seg[1])) return notFound;
      const id = body.PaymentServices[0].PaymentServiceID;
      if (!st.paymentServices.has(id)) return validation('Payment service could not be found');
      const set = st.themeServices.get(seg[1]) ?? new Set<string>();
      set.add(id);
      st.themeServices.set(seg[1], set);
      return ok({ PaymentServices: [st.paymentServices.get(id)] });
    }
    default:
      return notFound;
  }
}
