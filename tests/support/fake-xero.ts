/**
 * A local stand-in for Xero (login, identity and API on one 127.0.0.1 port) that records requests
 * and answers as Xero does. OAuth 2: `consent(authorizeUrl)` plays the admin approving the consent
 * screen — an app created since 2 March 2026 (`newApp`, the default) is refused the broad
 * `accounting.transactions` scope, and `paymentservices` only when the app was granted it — then
 * code and refresh grants (Basic client auth, rotating refresh tokens, `invalid_grant`, the granted
 * `scope` in the answer), `/connections`. The Accounting API (fake-xero-api.ts) checks every body
 * against Xero's OpenAPI document and every call's scope, and keeps amounts due, credit notes,
 * allocations, cash refunds, bank transactions, reconciled payments (which refuse deletion),
 * branding themes, payment services and the organisation's time zone. Idempotency-Key replays the
 * first answer; failures are queued with `failNext` / `failAfter`.
 */
import { randomUUID } from 'node:crypto';
import { startFakeHttp, type FakeHttp, type RecordedRequest, type Reply } from './fake-http.ts';
import { xeroApi } from './fake-xero-api.ts';
import { fromMinor } from './strict-body.ts';

export interface FakeXeroInvoice {
  InvoiceID: string;
  InvoiceNumber: string;
  Type: 'ACCREC';
  Status: 'AUTHORISED' | 'PAID' | 'VOIDED' | 'DRAFT';
  CurrencyCode: string;
  Contact: { ContactID: string; Name: string };
  /** Minor units of the currency, kept exact; served as decimals. */
  totalCents: number;
  /** Paid outside our payments (e.g. a bank transfer entered by hand). */
  paidCents: number;
}

export interface FakeXeroPayment {
  PaymentID: string;
  kind: 'invoice' | 'creditnote';
  /** InvoiceID or CreditNoteID. */
  targetId: string;
  /** Set for payments on an invoice. */
  InvoiceID: string | null;
  AccountCode: string;
  Date: string;
  CurrencyCode: string;
  cents: number;
  Reference: string;
  Status: 'AUTHORISED' | 'DELETED';
  IsReconciled: boolean;
}

export interface FakeXeroBankTransaction {
  BankTransactionID: string;
  Type: string;
  BankAccountCode: string;
  ContactID: string | null;
  LineAccountCode: string;
  Date: string;
  CurrencyCode: string;
  cents: number;
  Reference: string;
  Status: 'AUTHORISED' | 'DELETED';
}

export interface FakeXeroCreditNote {
  CreditNoteID: string;
  CreditNoteNumber: string;
  ContactID: string;
  Date: string;
  CurrencyCode: string;
  Reference: string;
  LineAccountCode: string;
  totalCents: number;
  Status: 'AUTHORISED' | 'PAID' | 'VOIDED';
}

export interface FakeXeroAllocation {
  AllocationID: string;
  CreditNoteID: string;
  InvoiceID: string;
  cents: number;
  Date: string;
}

export const GRANULAR_SCOPES = [
  'offline_access',
  'accounting.invoices',
  'accounting.payments',
  'accounting.banktransactions',
  'accounting.settings.read',
  'accounting.contacts.read',
];

export interface FakeXeroState {
  tenantId: string;
  tenantName: string;
  /** Xero's Windows-style zone id (the OpenAPI `TimeZone` enum). */
  organisationTimeZone: string;
  invoices: Map<string, FakeXeroInvoice>;
  payments: Map<string, FakeXeroPayment>;
  bankTransactions: Map<string, FakeXeroBankTransaction>;
  creditNotes: Map<string, FakeXeroCreditNote>;
  allocations: FakeXeroAllocation[];
  brandingThemes: Array<{ BrandingThemeID: string; Name: string; SortOrder: number; Type: 'INVOICE' }>;
  /** The chart of accounts (`GET /Accounts`), as Xero's Account schema has them. */
  accounts: Array<{
    AccountID: string;
    Code?: string;
    Name: string;
    Type: string;
    Class: 'ASSET' | 'EQUITY' | 'EXPENSE' | 'LIABILITY' | 'REVENUE';
    Status: 'ACTIVE' | 'ARCHIVED';
    EnablePaymentsToAccount?: boolean;
  }>;
  paymentServices: Map<string, Record<string, string>>;
  themeServices: Map<string, Set<string>>;
  invoiceById(id: string): FakeXeroInvoice | undefined;
  amountDueOf(inv: FakeXeroInvoice): number;
  remainingCredit(note: FakeXeroCreditNote): number;
  invoiceJson(inv: FakeXeroInvoice): Record<string, unknown>;
  /** One invoice as `GET /Invoices/{id}` answers it: with its LineItems, SubTotal and TotalTax (10 % GST). */
  invoiceDetailJson(inv: FakeXeroInvoice): Record<string, unknown>;
  paymentJson(p: FakeXeroPayment): Record<string, unknown>;
  creditNoteJson(n: FakeXeroCreditNote): Record<string, unknown>;
  addPayment(o: {
    kind: FakeXeroPayment['kind'];
    targetId: string;
    currency: string;
    p: any;
    amount: number;
  }): FakeXeroPayment;
  addCreditNote(o: { c: any; currency: string; total: number }): FakeXeroCreditNote;
}

export interface FakeXero extends FakeHttp, FakeXeroState {
  clientId: string;
  clientSecret: string;
  /** The app was created since 2 March 2026: Xero refuses it `accounting.transactions`. */
  newApp: boolean;
  /** Xero granted the app the restricted `paymentservices` scope. */
  paymentServicesAllowed: boolean;
  /** The admin approves the consent screen of this authorise URL: a code, or Xero's error. */
  consent(authorizeUrl: string): { code: string } | { error: string };
  /** A code for `scope` without going through an authorise URL. */
  issueCode(scope?: string): string;
  addInvoice(number: string, totalCents: number, currency?: string): FakeXeroInvoice;
  amountDue(number: string): number;
  /** The bank reconciliation matched this payment: Xero now refuses to delete it. */
  reconcile(paymentId: string): void;
  expireAccessTokens(): void;
  revokeRefreshTokens(): void;
  /** Let the request through, then replace the answer (the change happened; the caller never hears). */
  failAfter(match: (r: RecordedRequest) => boolean, reply: Reply, times?: number): void;
  apiRequests(): RecordedRequest[];
}

const msDate = (day: string) => `/Date(${Date.parse(`${day}T00:00:00Z`)}+0000)/`;

export async function startFakeXero(): Promise<FakeXero> {
  const clientId = 'xero-client-id';
  const clientSecret = 'xero-client-secret';
  const codes = new Map<string, string[]>();
  const access = new Map<string, string[]>();
  const refresh = new Map<string, string[]>();
  const idempotent = new Map<string, Reply>();
  const after: Array<{ match: (r: RecordedRequest) => boolean; reply: Reply; left: number }> = [];
  let creditSeq = 0;

  const st: FakeXeroState = {
    tenantId: randomUUID(),
    tenantName: 'Bayside Timber Supplies',
    organisationTimeZone: 'AUSEASTERNSTANDARDTIME',
    invoices: new Map(),
    payments: new Map(),
    bankTransactions: new Map(),
    creditNotes: new Map(),
    allocations: [],
    brandingThemes: [
      { BrandingThemeID: randomUUID(), Name: 'Standard', SortOrder: 0, Type: 'INVOICE' },
      { BrandingThemeID: randomUUID(), Name: 'Trade accounts', SortOrder: 1, Type: 'INVOICE' },
    ],
    accounts: [
      {
        AccountID: randomUUID(),
        Code: '090',
        Name: 'Business Bank Account',
        Type: 'BANK',
        Class: 'ASSET',
        Status: 'ACTIVE',
      },
      {
        AccountID: randomUUID(),
        Code: '091',
        Name: 'Business Savings Account',
        Type: 'BANK',
        Class: 'ASSET',
        Status: 'ACTIVE',
      },
      {
        AccountID: randomUUID(),
        Name: 'Card clearing (no code)',
        Type: 'BANK',
        Class: 'ASSET',
        Status: 'ACTIVE',
      },
      {
        AccountID: randomUUID(),
        Code: '200',
        Name: 'Sales',
        Type: 'REVENUE',
        Class: 'REVENUE',
        Status: 'ACTIVE',
      },
      {
        AccountID: randomUUID(),
        Code: '260',
        Name: 'Other Revenue',
        Type: 'OTHERINCOME',
        Class: 'REVENUE',
        Status: 'ACTIVE',
      },
      {
        AccountID: randomUUID(),
        Code: '261',
        Name: 'Card Surcharges',
        Type: 'OTHERINCOME',
        Class: 'REVENUE',
        Status: 'ACTIVE',
      },
      {
        AccountID: randomUUID(),
        Code: '270',
        Name: 'Old Income',
        Type: 'REVENUE',
        Class: 'REVENUE',
        Status: 'ARCHIVED',
      },
      {
        AccountID: randomUUID(),
        Code: '400',
        Name: 'Advertising',
        Type: 'EXPENSE',
        Class: 'EXPENSE',
        Status: 'ACTIVE',
      },
      {
        AccountID: randomUUID(),
        Code: '620',
        Name: 'Prepayments',
        Type: 'CURRENT',
        Class: 'ASSET',
        Status: 'ACTIVE',
        EnablePaymentsToAccount: true,
      },
    ],
    paymentServices: new Map(),
    themeServices: new Map(),
    invoiceById: (id) => [...st.invoices.values()].find((i) => i.InvoiceID === id),
    amountDueOf(inv) {
      const paid = [...st.payments.values()]
        .filter((p) => p.InvoiceID === inv.InvoiceID && p.Status === 'AUTHORISED')
        .reduce((s, p) => s + p.cents, 0);
      const credited = st.allocations
        .filter((a) => a.InvoiceID === inv.InvoiceID)
        .reduce((s, a) => s + a.cents, 0);
      return inv.totalCents - inv.paidCents - paid - credited;
    },
    remainingCredit(note) {
      const allocated = st.allocations
        .filter((a) => a.CreditNoteID === note.CreditNoteID)
        .reduce((s, a) => s + a.cents, 0);
      const refunded = [...st.payments.values()]
        .filter(
          (p) => p.kind === 'creditnote' && p.targetId === note.CreditNoteID && p.Status === 'AUTHORISED',
        )
        .reduce((s, p) => s + p.cents, 0);
      return note.totalCents - allocated - refunded;
    },
    invoiceJson(i) {
      const due = st.amountDueOf(i);
      const c = i.CurrencyCode;
      return {
        Type: i.Type,
        InvoiceID: i.InvoiceID,
        InvoiceNumber: i.InvoiceNumber,
        Reference: '',
        Contact: i.Contact,
        Date: '2026-11-01T00:00:00',
        DueDate: '2026-12-01T00:00:00',
        Status: i.Status === 'VOIDED' || i.Status === 'DRAFT' ? i.Status : due === 0 ? 'PAID' : 'AUTHORISED',
        LineAmountTypes: 'Exclusive',
        Total: fromMinor(i.totalCents, c),
        AmountDue: fromMinor(due, c),
        AmountPaid: fromMinor(i.totalCents - due, c),
        CurrencyCode: c,
        UpdatedDateUTC: '/Date(1795000000000+0000)/',
      };
    },
    invoiceDetailJson(i) {
      const c = i.CurrencyCode;
      const tax = Math.round(i.totalCents / 11);
      const net = i.totalCents - tax;
      const half = Math.floor(net / 2);
      return {
        ...st.invoiceJson(i),
        LineItems: [
          {
            LineItemID: randomUUID(),
            Description: 'Treated pine 90x45, 6.0 m',
            Quantity: 2,
            UnitAmount: fromMinor(half, c),
            LineAmount: fromMinor(half * 2, c),
          },
          ...(net % 2
            ? [{ LineItemID: randomUUID(), Description: 'Delivery', LineAmount: fromMinor(1, c) }]
            : []),
        ],
        SubTotal: fromMinor(net, c),
        TotalTax: fromMinor(tax, c),
      };
    },
    paymentJson: (p) => ({
      PaymentID: p.PaymentID,
      Date: msDate(p.Date),
      Amount: fromMinor(p.cents, p.CurrencyCode),
      Reference: p.Reference,
      Status: p.Status,
      IsReconciled: p.IsReconciled,
      PaymentType: p.kind === 'invoice' ? 'ACCRECPAYMENT' : 'ARCREDITPAYMENT',
      Account: { Code: p.AccountCode },
      ...(p.kind === 'invoice'
        ? { Invoice: st.invoiceJson(st.invoiceById(p.targetId)!) }
        : { CreditNote: { CreditNoteID: p.targetId } }),
      HasValidationErrors: false,
    }),
    creditNoteJson: (n) => ({
      CreditNoteID: n.CreditNoteID,
      CreditNoteNumber: n.CreditNoteNumber,
      Type: 'ACCRECCREDIT',
      Status: st.remainingCredit(n) === 0 ? 'PAID' : n.Status,
      Date: msDate(n.Date),
      Contact: { ContactID: n.ContactID },
      Total: fromMinor(n.totalCents, n.CurrencyCode),
      RemainingCredit: fromMinor(st.remainingCredit(n), n.CurrencyCode),
      CurrencyCode: n.CurrencyCode,
    }),
    addPayment({ kind, targetId, currency, p, amount }) {
      const pay: FakeXeroPayment = {
        PaymentID: randomUUID(),
        kind,
        targetId,
        InvoiceID: kind === 'invoice' ? targetId : null,
        AccountCode: p.Account.Code,
        Date: p.Date,
        CurrencyCode: currency,
        cents: amount,
        Reference: p.Reference ?? '',
        Status: 'AUTHORISED',
        IsReconciled: false,
      };
      st.payments.set(pay.PaymentID, pay);
      return pay;
    },
    addCreditNote({ c, currency, total }) {
      const note: FakeXeroCreditNote = {
        CreditNoteID: randomUUID(),
        CreditNoteNumber: `CN-${String(++creditSeq).padStart(4, '0')}`,
        ContactID: c.Contact.ContactID,
        Date: c.Date ?? new Date().toISOString().slice(0, 10),
        CurrencyCode: currency,
        Reference: c.Reference ?? '',
        LineAccountCode: c.LineItems[0].AccountCode,
        totalCents: total,
        Status: c.Status === 'AUTHORISED' ? 'AUTHORISED' : 'VOIDED',
      };
      st.creditNotes.set(note.CreditNoteID, note);
      return note;
    },
  };

  const fakeFlags = { newApp: true, paymentServicesAllowed: false };
  const issueTokens = (scopes: string[]): Reply => {
    const a = `xa_${randomUUID()}`;
    const r = `xr_${randomUUID()}`;
    access.set(a, scopes);
    refresh.set(r, scopes);
    const body = {
      id_token: 'eyJ.fake.id',
      access_token: a,
      expires_in: 1800,
      token_type: 'Bearer',
      refresh_token: r,
      scope: scopes.join(' '),
    };
    return { status: 200, body };
  };
  const basicOk = (req: RecordedRequest) =>
    req.headers.authorization === `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  const bearer = (req: RecordedRequest) => String(req.headers.authorization ?? '').replace(/^Bearer /, '');

  let self: FakeXero;
  function handle(req: RecordedRequest): Reply {
    if (req.method === 'POST' && req.path === '/connect/token') {
      if (!basicOk(req)) return { status: 400, body: { error: 'invalid_client' } };
      const form = new URLSearchParams(req.body);
      if (form.get('grant_type') === 'authorization_code') {
        const scopes = codes.get(form.get('code') ?? '');
        if (!scopes) return { status: 400, body: { error: 'invalid_grant' } };
        codes.delete(form.get('code') ?? '');
        return issueTokens(scopes);
      }
      if (form.get('grant_type') === 'refresh_token') {
        const scopes = refresh.get(form.get('refresh_token') ?? '');
        if (!scopes) return { status: 400, body: { error: 'invalid_grant' } };
        refresh.delete(form.get('refresh_token') ?? '');
        return issueTokens(scopes);
      }
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    }
    if (req.method === 'POST' && req.path === '/connect/revocation') {
      if (!basicOk(req)) return { status: 400, body: { error: 'invalid_client' } };
      refresh.delete(new URLSearchParams(req.body).get('token') ?? '');
      return { status: 200, body: '' };
    }
    const scopes = access.get(bearer(req));
    if (req.method === 'GET' && req.path === '/connections') {
      if (!scopes)
        return { status: 401, body: { Title: 'Unauthorized', Status: 401, Detail: 'TokenExpired' } };
      return {
        status: 200,
        body: [
          {
            id: randomUUID(),
            authEventId: randomUUID(),
            tenantId: self.tenantId,
            tenantType: 'ORGANISATION',
            tenantName: self.tenantName,
            createdDateUtc: '2026-11-22T00:00:00.0000000',
            updatedDateUtc: '2026-11-22T00:00:00.0000000',
          },
        ],
      };
    }
    if (req.path.startsWith('/api.xro/2.0/')) {
      if (!scopes)
        return {
          status: 401,
          body: {
            Type: null,
            Title: 'Unauthorized',
            Status: 401,
            Detail: 'TokenExpired: token expired at 11/22/2026 00:00:00',
          },
        };
      if (req.headers['xero-tenant-id'] !== self.tenantId)
        return {
          status: 403,
          body: { Type: null, Title: 'Forbidden', Status: 403, Detail: 'AuthenticationUnsuccessful' },
        };
      const key = req.method !== 'GET' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
      const replayKey = `${req.method} ${req.path} ${key}`;
      if (key && idempotent.has(replayKey)) return idempotent.get(replayKey)!;
      const reply = xeroApi(self, req, scopes);
      if (key && reply.status < 500 && reply.status !== 401 && reply.status !== 429)
        idempotent.set(replayKey, reply);
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

  const grantCode = (scopes: string[]) => {
    const code = `code_${randomUUID()}`;
    codes.set(code, scopes);
    return code;
  };

  self = Object.assign(fake, st, fakeFlags, {
    clientId,
    clientSecret,
    consent(authorizeUrl: string) {
      const url = new URL(authorizeUrl);
      if (url.searchParams.get('client_id') !== clientId) return { error: 'unauthorized_client' };
      const scopes = (url.searchParams.get('scope') ?? '').split(/\s+/).filter(Boolean);
      if (
        self.newApp &&
        scopes.some((s) => s === 'accounting.transactions' || s === 'accounting.transactions.read')
      )
        return { error: 'invalid_scope' };
      if (!self.paymentServicesAllowed && scopes.includes('paymentservices'))
        return { error: 'unauthorized_client' };
      return { code: grantCode(scopes) };
    },
    issueCode: (scope = GRANULAR_SCOPES.join(' ')) => grantCode(scope.split(/\s+/).filter(Boolean)),
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
      st.invoices.set(number, inv);
      return inv;
    },
    amountDue: (number: string) => st.amountDueOf(st.invoices.get(number)!),
    reconcile(paymentId: string) {
      st.payments.get(paymentId)!.IsReconciled = true;
    },
    expireAccessTokens: () => access.clear(),
    revokeRefreshTokens: () => refresh.clear(),
    failAfter(match: (r: RecordedRequest) => boolean, reply: Reply, times = 1) {
      after.push({ match, reply, left: times });
    },
    apiRequests: () => fake.requests.filter((r) => r.path.startsWith('/api.xro/')),
  });
  return self;
}
