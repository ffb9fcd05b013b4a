/**
 * A local stand-in for QuickBooks Online (OAuth token endpoint and the v3 Accounting API on one
 * 127.0.0.1 port) answering with Intuit's shapes: `tokens/bearer` code and refresh grants,
 * `companyinfo`, `query` (select * from Invoice where DocNumber = '…'), `payment` with
 * `Line[].LinkedTxn` reducing the invoice Balance, `deposit`, deletes by Id + SyncToken, `requestid`
 * replay, the AUTHENTICATION fault for expired tokens and ValidationFault for bad requests.
 */
import { randomUUID } from 'node:crypto';
import { startFakeHttp, type FakeHttp, type RecordedRequest, type Reply } from './fake-http.ts';

export interface FakeQboInvoice {
  Id: string;
  DocNumber: string;
  currency: string;
  customerId: string;
  totalCents: number;
  balanceCents: number;
}

export interface FakeQboEntity {
  Id: string;
  SyncToken: string;
  cents: number;
  body: any;
  deleted: boolean;
}

export interface FakeQuickBooks extends FakeHttp {
  clientId: string;
  clientSecret: string;
  realmId: string;
  invoices: Map<string, FakeQboInvoice>;
  payments: Map<string, FakeQboEntity>;
  deposits: Map<string, FakeQboEntity>;
  issueCode(): string;
  addInvoice(docNumber: string, totalCents: number, currency?: string): FakeQboInvoice;
  expireAccessTokens(): void;
}

const dec = (c: number) => Math.round(c) / 100;
const cents = (n: number) => Math.round(Number(n) * 100);
const time = () => new Date().toISOString();
const fault = (message: string, detail: string, code = '6000'): Reply => ({
  status: 400,
  body: {
    Fault: { Error: [{ Message: message, Detail: detail, code, element: '' }], type: 'ValidationFault' },
    time: time(),
  },
});

export async function startFakeQuickBooks(): Promise<FakeQuickBooks> {
  const clientId = 'qbo-client-id';
  const clientSecret = 'qbo-client-secret';
  const realmId = String(9130350000000000 + Math.floor(Math.random() * 1e6));
  const codes = new Set<string>();
  const access = new Set<string>();
  const refresh = new Set<string>();
  const invoices = new Map<string, FakeQboInvoice>();
  const payments = new Map<string, FakeQboEntity>();
  const deposits = new Map<string, FakeQboEntity>();
  const replay = new Map<string, Reply>();
  let seq = 100;

  const tokens = (): Reply => {
    const a = `qa_${randomUUID()}`;
    const r = `qr_${randomUUID()}`;
    access.add(a);
    refresh.add(r);
    return {
      status: 200,
      body: {
        token_type: 'bearer',
        access_token: a,
        expires_in: 3600,
        refresh_token: r,
        x_refresh_token_expires_in: 8726400,
      },
    };
  };
  const invoiceJson = (i: FakeQboInvoice) => ({
    Id: i.Id,
    SyncToken: '0',
    DocNumber: i.DocNumber,
    TxnDate: '2026-11-01',
    CurrencyRef: { value: i.currency, name: i.currency === 'AUD' ? 'Australian Dollar' : i.currency },
    CustomerRef: { value: i.customerId, name: 'Northside Builders' },
    TotalAmt: dec(i.totalCents),
    Balance: dec(i.balanceCents),
    domain: 'QBO',
    sparse: false,
  });
  const byId = (id: string) => [...invoices.values()].find((i) => i.Id === id);

  function api(req: RecordedRequest, rest: string): Reply {
    const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!access.has(token))
      return {
        status: 401,
        body: {
          fault: {
            error: [
              {
                message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401',
                detail: 'Token expired: 0',
                code: '3200',
              },
            ],
            type: 'AUTHENTICATION',
          },
          time: time(),
        },
      };
    if (req.method === 'GET' && rest === `/companyinfo/${realmId}`)
      return {
        status: 200,
        body: {
          CompanyInfo: { Id: '1', CompanyName: 'Harbour Hardware Pty Ltd', Country: 'AU' },
          time: time(),
        },
      };
    if (req.method === 'GET' && rest === '/query') {
      const q = req.query.get('query') ?? '';
      const m = /from Invoice where DocNumber = '((?:[^'\\]|\\.)*)'/i.exec(q);
      if (!m) return fault('Error parsing query', `QueryParserError: ${q}`, '4000');
      const doc = m[1].replace(/\\(.)/g, '$1');
      const found = [...invoices.values()].filter((i) => i.DocNumber === doc);
      return {
        status: 200,
        body: {
          QueryResponse: found.length
            ? { Invoice: found.map(invoiceJson), startPosition: 1, maxResults: found.length }
            : {},
          time: time(),
        },
      };
    }
    const entity = /^\/(payment|deposit)(?:\/([^/]+))?$/.exec(rest);
    if (!entity) return { status: 404, body: { Fault: { Error: [{ Message: 'Unsupported Operation' }] } } };
    const store = entity[1] === 'payment' ? payments : deposits;
    const Name = entity[1] === 'payment' ? 'Payment' : 'Deposit';
    if (req.method === 'GET' && entity[2]) {
      const e = store.get(entity[2]);
      if (!e || e.deleted)
        return fault(
          'Object Not Found',
          `Object Not Found : Something you're trying to use has been made inactive or is not found`,
          '610',
        );
      return { status: 200, body: { [Name]: { ...e.body, Id: e.Id, SyncToken: e.SyncToken }, time: time() } };
    }
    if (req.method !== 'POST') return { status: 405, body: '' };
    if (req.query.get('operation') === 'delete') {
      const e = store.get(req.json?.Id);
      if (!e || e.deleted) return fault('Object Not Found', 'Object Not Found', '610');
      if (req.json?.SyncToken !== e.SyncToken)
        return fault('Stale Object Error', 'You and someone else are editing the same thing', '5010');
      e.deleted = true;
      if (Name === 'Payment')
        for (const l of e.body.Line)
          for (const t of l.LinkedTxn) byId(t.TxnId)!.balanceCents += cents(l.Amount);
      return { status: 200, body: { [Name]: { Id: e.Id, status: 'Deleted', domain: 'QBO' }, time: time() } };
    }
    const b = req.json ?? {};
    if (!b.DepositToAccountRef?.value)
      return fault(
        'Required param missing, need to supply the required value for the API',
        'Required parameter DepositToAccountRef is missing',
        '2020',
      );
    if (Name === 'Payment') {
      for (const l of b.Line ?? [])
        for (const t of l.LinkedTxn ?? []) {
          const inv = byId(t.TxnId);
          if (!inv || t.TxnType !== 'Invoice')
            return fault('Invalid Reference Id', `Invalid Reference Id : Txn ${t.TxnId}`, '2500');
          if (cents(l.Amount) > inv.balanceCents)
            return fault(
              'A business validation error has occurred while processing your request',
              'Business Validation Error: The payment amount exceeds the open balance',
              '6000',
            );
        }
      for (const l of b.Line ?? [])
        for (const t of l.LinkedTxn ?? []) byId(t.TxnId)!.balanceCents -= cents(l.Amount);
    }
    const e: FakeQboEntity = {
      Id: String(++seq),
      SyncToken: '0',
      cents: cents(b.TotalAmt ?? (b.Line ?? []).reduce((s: number, l: any) => s + l.Amount, 0)),
      body: b,
      deleted: false,
    };
    store.set(e.Id, e);
    return {
      status: 200,
      body: { [Name]: { ...b, Id: e.Id, SyncToken: e.SyncToken, domain: 'QBO' }, time: time() },
    };
  }

  const fake = await startFakeHttp((req) => {
    const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    if (req.method === 'POST' && req.path === '/oauth2/v1/tokens/bearer') {
      if (req.headers.authorization !== basic) return { status: 401, body: { error: 'invalid_client' } };
      const form = new URLSearchParams(req.body);
      const grant = form.get('grant_type');
      if (grant === 'authorization_code')
        return codes.delete(form.get('code') ?? '')
          ? tokens()
          : { status: 400, body: { error: 'invalid_grant' } };
      if (grant === 'refresh_token')
        return refresh.delete(form.get('refresh_token') ?? '')
          ? tokens()
          : { status: 400, body: { error: 'invalid_grant' } };
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    }
    if (req.method === 'POST' && req.path === '/v2/oauth2/tokens/revoke') {
      refresh.delete(req.json?.token ?? '');
      return { status: 200, body: '' };
    }
    const m = /^\/v3\/company\/([^/]+)(\/.*)$/.exec(req.path);
    if (!m || m[1] !== realmId) return { status: 404, body: { error: 'unknown company' } };
    const rid = req.method === 'POST' ? req.query.get('requestid') : null;
    const key = rid ? `${req.path}?${req.query.get('operation') ?? ''}#${rid}` : null;
    if (key && replay.has(key)) return replay.get(key)!;
    const reply = api(req, m[2]);
    if (key && reply.status === 200) replay.set(key, reply);
    return reply;
  });

  return Object.assign(fake, {
    clientId,
    clientSecret,
    realmId,
    invoices,
    payments,
    deposits,
    issueCode() {
      const code = `qcode_${randomUUID()}`;
      codes.add(code);
      return code;
    },
    addInvoice(docNumber: string, totalCents: number, currency = 'AUD') {
      const inv = {
        Id: String(++seq),
        DocNumber: docNumber,
        currency,
        customerId: String(++seq),
        totalCents,
        balanceCents: totalCents,
      };
      invoices.set(docNumber, inv);
      return inv;
    },
    expireAccessTokens: () => access.clear(),
  });
}
