/**
 * A local stand-in for Xero (login, identity and API on one 127.0.0.1 port) that records requests
 * and answers with Xero's documented shapes: OAuth 2 code and refresh grants (with Basic client
 * auth, rotating refresh tokens, `invalid_grant`), `/connections`, and the Accounting API's
 * Invoices (where=InvoiceNumber==), Payments (PUT, POST Status DELETED) and BankTransactions, with
 * AmountDue kept up to date, Xero's "exceeds the amount outstanding" validation, Idempotency-Key
 * replay, and 401 for expired tokens. Failures (429 + Retry-After, 5xx, lost answers) are queued
 * with `failNext` / `failAfter`.
 */
import { randomUUID } from 'node:crypto';
import { startFakeHttp, type FakeHttp, type RecordedRequest, type Reply } from './fake-http.ts';

export interface FakeXeroInvoice {
  InvoiceID: string;
  InvoiceNumber: string;
  Type: 'ACCREC';
  Status: 'AUTHORISED' | 'PAID' | 'VOIDED' | 'DRAFT';
  CurrencyCode: string;
  Contact: { ContactID: string; Name: string };
  /** Cents, kept exact; served as decimals. */
  totalCents: number;
  paidCents: number;
}

export interface FakeXeroPayment {
  PaymentID: string;
  InvoiceID: string;
  AccountCode: string;
  Date: string;
  cents: number;
  Reference: string;
  Status: 'AUTHORISED' | 'DELETED';
}

export interface FakeXeroBankTransaction {
  BankTransactionID: string;
  Type: string;
  BankAccountCode: string;
  ContactID: string | null;
  LineAccountCode: string;
  cents: number;
  Reference: string;
  Status: 'AUTHORISED' | 'DELETED';
}

export interface FakeXero extends FakeHttp {
  clientId: string;
  clientSecret: string;
  tenantId: string;
  tenantName: string;
  invoices: Map<string, FakeXeroInvoice>;
  payments: Map<string, FakeXeroPayment>;
  bankTransactions: Map<string, FakeXeroBankTransaction>;
  /** The admin consented: a one-time authorisation code. */
  issueCode(): string;
  addInvoice(number: string, totalCents: number, currency?: string): FakeXeroInvoice;
  amountDue(number: string): number;
  /** Every access token issued so far stops working (401 TokenExpired). */
  expireAccessTokens(): void;
  /** Every refresh token stops working (invalid_grant). */
  revokeRefreshTokens(): void;
  /** Let the request through, then replace the answer (the change happened; the caller never hears). */
  failAfter(match: (r: RecordedRequest) => boolean, reply: Reply, times?: number): void;
  apiRequests(): RecordedRequest[];
}

const dec = (cents: number) => Math.round(cents) / 100;
const cents = (n: number) => Math.round(Number(n) * 100);
const validation = (message: string): Reply => ({
  status: 400,
  body: {
    ErrorNumber: 10,
    Type: 'ValidationException',
    Message: 'A validation exception occurred',
    Elements: [{ ValidationErrors: [{ Message: message }] }],
  },
});

export async function startFakeXero(): Promise<FakeXero> {
  const clientId = 'xero-client-id';
  const clientSecret = 'xero-client-secret';
  const tenantId = randomUUID();
  const tenantName = 'Bayside Timber Supplies';
  const codes = new Set<string>();
  const access = new Set<string>();
  const refresh = new Set<string>();
  const invoices = new Map<string, FakeXeroInvoice>();
  const payments = new Map<string, FakeXeroPayment>();
  const bankTransactions = new Map<string, FakeXeroBankTransaction>();
  const idempotent = new Map<string, Reply>();
  const after: Array<{ match: (r: RecordedRequest) => boolean; reply: Reply; left: number }> = [];

  const issueTokens = (): Reply => {
    const a = `xa_${randomUUID()}`;
    const r = `xr_${randomUUID()}`;
    access.add(a);
    refresh.add(r);
    return {
      status: 200,
      body: {
        id_token: 'eyJ.fake.id',
        access_token: a,
        expires_in: 1800,
        token_type: 'Bearer',
        refresh_token: r,
        scope: 'openid profile email offline_access accounting.transactions',
      },
    };
  };
  const basicOk = (req: RecordedRequest) =>
    req.headers.authorization === `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  const invoiceJson = (i: FakeXeroInvoice) => ({
    Type: i.Type,
    InvoiceID: i.InvoiceID,
    InvoiceNumber: i.InvoiceNumber,
    Reference: '',
    Contact: i.Contact,
    Date: '2026-11-01T00:00:00',
    DueDate: '2026-12-01T00:00:00',
    Status: i.Status,
    LineAmountTypes: 'Exclusive',
    SubTotal: dec(Math.round(i.totalCents / 1.1)),
    TotalTax: dec(i.totalCents - Math.round(i.totalCents / 1.1)),
    Total: dec(i.totalCents),
    AmountDue: dec(i.totalCents - i.paidCents),
    AmountPaid: dec(i.paidCents),
    CurrencyCode: i.CurrencyCode,
    UpdatedDateUTC: '/Date(1795000000000+0000)/',
  });
  const envelope = (extra: Record<string, unknown>) => ({
    Id: randomUUID(),
    Status: 'OK',
    ProviderName: 'InvoicePay',
    DateTimeUTC: '/Date(1795000000000)/',
    ...extra,
  });
  const byId = (id: string) => [...invoices.values()].find((i) => i.InvoiceID === id);

  function api(req: RecordedRequest): Reply {
    const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!access.has(token))
      return {
        status: 401,
        body: {
          Type: null,
          Title: 'Unauthorized',
          Status: 401,
          Detail: 'TokenExpired: token expired at 11/22/2026 00:00:00',
        },
      };
    if (req.headers['xero-tenant-id'] !== tenantId)
      return {
        status: 403,
        body: { Type: null, Title: 'Forbidden', Status: 403, Detail: 'AuthenticationUnsuccessful' },
      };
    const path = req.path.replace('/api.xro/2.0', '');
    if (req.method === 'GET' && path === '/Invoices') {
      const where = req.query.get('where') ?? '';
      const m = /InvoiceNumber=="((?:[^"\\]|\\.)*)"/.exec(where);
      const number = m ? m[1].replace(/\\(.)/g, '$1') : null;
      const list = [...invoices.values()].filter((i) => number === null || i.InvoiceNumber === number);
      return { status: 200, body: envelope({ Invoices: list.map(invoiceJson) }) };
    }
    if (req.method === 'PUT' && path === '/Payments') {
      const p = req.json?.Payments?.[0];
      const inv = p && byId(p.Invoice?.InvoiceID);
      if (!inv) return validation('Invoice could not be found');
      if (!p.Account?.Code) return validation('Account code must be specified');
      const amount = cents(p.Amount);
      if (amount > inv.totalCents - inv.paidCents)
        return validation('Payment amount exceeds the amount outstanding on this document');
      const pay: FakeXeroPayment = {
        PaymentID: randomUUID(),
        InvoiceID: inv.InvoiceID,
        AccountCode: p.Account.Code,
        Date: p.Date,
        cents: amount,
        Reference: p.Reference ?? '',
        Status: 'AUTHORISED',
      };
      payments.set(pay.PaymentID, pay);
      inv.paidCents += amount;
      inv.Status = inv.paidCents >= inv.totalCents ? 'PAID' : 'AUTHORISED';
      return {
        status: 200,
        body: envelope({
          Payments: [
            {
              PaymentID: pay.PaymentID,
              Date: `/Date(${Date.parse(pay.Date)}+0000)/`,
              Amount: dec(amount),
              Reference: pay.Reference,
              Status: 'AUTHORISED',
              PaymentType: 'ACCRECPAYMENT',
              Account: { Code: pay.AccountCode },
              Invoice: invoiceJson(inv),
              HasValidationErrors: false,
            },
          ],
        }),
      };
    }
    const payMatch = /^\/Payments\/([^/]+)$/.exec(path);
    if (req.method === 'POST' && payMatch) {
      const pay = payments.get(payMatch[1]);
      if (!pay) return { status: 404, body: "The resource you're looking for cannot be found" };
      const status = req.json?.Payments?.[0]?.Status ?? req.json?.Status;
      if (status !== 'DELETED') return validation('Only the status of a payment can be changed');
      if (pay.Status === 'DELETED') return validation('Payment has been deleted already');
      pay.Status = 'DELETED';
      const inv = byId(pay.InvoiceID)!;
      inv.paidCents -= pay.cents;
      inv.Status = 'AUTHORISED';
      return {
        status: 200,
        body: envelope({
          Payments: [{ PaymentID: pay.PaymentID, Amount: dec(pay.cents), Status: 'DELETED' }],
        }),
      };
    }
    if (req.method === 'PUT' && path === '/BankTransactions') {
      const b = req.json?.BankTransactions?.[0];
      const line = b?.LineItems?.[0];
      if (!b?.BankAccount?.Code || !line?.AccountCode) return validation('Account code must be specified');
      const bt: FakeXeroBankTransaction = {
        BankTransactionID: randomUUID(),
        Type: b.Type,
        BankAccountCode: b.BankAccount.Code,
        ContactID: b.Contact?.ContactID ?? null,
        LineAccountCode: line.AccountCode,
        cents: cents(line.UnitAmount * (line.Quantity ?? 1)),
        Reference: b.Reference ?? '',
        Status: 'AUTHORISED',
      };
      bankTransactions.set(bt.BankTransactionID, bt);
      return {
        status: 200,
        body: envelope({
          BankTransactions: [
            {
              BankTransactionID: bt.BankTransactionID,
              Type: bt.Type,
              Status: 'AUTHORISED',
              Total: dec(bt.cents),
              Reference: bt.Reference,
            },
          ],
        }),
      };
    }
    const btMatch = /^\/BankTransactions\/([^/]+)$/.exec(path);
    if (req.method === 'POST' && btMatch) {
      const bt = bankTransactions.get(btMatch[1]);
      if (!bt) return { status: 404, body: "The resource you're looking for cannot be found" };
      if (req.json?.BankTransactions?.[0]?.Status !== 'DELETED') return validation('Unsupported change');
      bt.Status = 'DELETED';
      return {
        status: 200,
        body: envelope({
          BankTransactions: [{ BankTransactionID: bt.BankTransactionID, Status: 'DELETED' }],
        }),
      };
    }
    return { status: 404, body: "The resource you're looking for cannot be found" };
  }

  function handle(req: RecordedRequest): Reply {
    if (req.method === 'POST' && req.path === '/connect/token') {
      if (!basicOk(req)) return { status: 400, body: { error: 'invalid_client' } };
      const form = new URLSearchParams(req.body);
      if (form.get('grant_type') === 'authorization_code') {
        const code = form.get('code') ?? '';
        if (!codes.delete(code)) return { status: 400, body: { error: 'invalid_grant' } };
        return issueTokens();
      }
      if (form.get('grant_type') === 'refresh_token') {
        const r = form.get('refresh_token') ?? '';
        if (!refresh.delete(r)) return { status: 400, body: { error: 'invalid_grant' } };
        return issueTokens();
      }
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    }
    if (req.method === 'POST' && req.path === '/connect/revocation') {
      if (!basicOk(req)) return { status: 400, body: { error: 'invalid_client' } };
      refresh.delete(new URLSearchParams(req.body).get('token') ?? '');
      return { status: 200, body: '' };
    }
    if (req.method === 'GET' && req.path === '/connections') {
      const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!access.has(token))
        return { status: 401, body: { Title: 'Unauthorized', Status: 401, Detail: 'TokenExpired' } };
      return {
        status: 200,
        body: [
          {
            id: randomUUID(),
            authEventId: randomUUID(),
            tenantId,
            tenantType: 'ORGANISATION',
            tenantName,
            createdDateUtc: '2026-11-22T00:00:00.0000000',
            updatedDateUtc: '2026-11-22T00:00:00.0000000',
          },
        ],
      };
    }
    if (req.path.startsWith('/api.xro/2.0/')) {
      const key = req.method !== 'GET' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
      if (key && idempotent.has(`${req.method} ${req.path} ${key}`))
        return idempotent.get(`${req.method} ${req.path} ${key}`)!;
      const reply = api(req);
      if (key && reply.status < 500 && reply.status !== 401 && reply.status !== 429)
        idempotent.set(`${req.method} ${req.path} ${key}`, reply);
      return reply;
    }
    return { status: 404, body: { error: 'not found' } };
  }

  const fake = await startFakeHttp((req) => {
    const reply = handle(req);
    const swap = after.find((a) => a.left > 0 && a.match(req));
    if (swap) {
      swap.left--;
      return swap.reply;
    }
    return reply;
  });

  return Object.assign(fake, {
    clientId,
    clientSecret,
    tenantId,
    tenantName,
    invoices,
    payments,
    bankTransactions,
    issueCode() {
      const code = `code_${randomUUID()}`;
      codes.add(code);
      return code;
    },
    addInvoice(number: string, totalCents: number, currency = 'AUD') {
      const inv: FakeXeroInvoice = {
        InvoiceID: randomUUID(),
        InvoiceNumber: number,
        Type: 'ACCREC',
        Status: 'AUTHORISED',
        CurrencyCode: currency,
        Contact: { ContactID: randomUUID(), Name: 'Northside Builders' },
        totalCents,
        paidCents: 0,
      };
      invoices.set(number, inv);
      return inv;
    },
    amountDue: (number: string) => {
      const i = invoices.get(number)!;
      return i.totalCents - i.paidCents;
    },
    expireAccessTokens: () => access.clear(),
    revokeRefreshTokens: () => refresh.clear(),
    failAfter(match: (r: RecordedRequest) => boolean, reply: Reply, times = 1) {
      after.push({ match, reply, left: times });
    },
    apiRequests: () => fake.requests.filter((r) => r.path.startsWith('/api.xro/')),
  });
}
