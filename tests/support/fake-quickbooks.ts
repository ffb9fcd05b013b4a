/**
 * A local stand-in for QuickBooks Online (OAuth token endpoint and the v3 Accounting API on one
 * 127.0.0.1 port) answering with Intuit's shapes: `tokens/bearer` code and refresh grants,
 * `companyinfo`, `query` (select * from Invoice where DocNumber = '…'), and the entities the
 * connector writes — Payment (linked to invoices and credit memos; sparse update; delete), Deposit,
 * Purchase, RefundReceipt, CreditMemo — each body checked against Intuit's entity reference
 * (quickbooks-schemas.ts: unknown attributes, wrong types, missing required ones are refused with a
 * ValidationFault), invoice Balance and credit memo remaining credit kept exactly in minor units of
 * the invoice's currency, `requestid` replay, SyncToken checks, and the AUTHENTICATION fault for
 * expired tokens.
 */
import { randomUUID } from 'node:crypto';
import { fakePdf, startFakeHttp, type FakeHttp, type RecordedRequest, type Reply } from './fake-http.ts';
import { QUICKBOOKS_SCHEMAS } from './quickbooks-schemas.ts';
import { fromMinor, toMinor, violations } from './strict-body.ts';

/** A company's chart of accounts and items, as QuickBooks' query answers them. */
const QBO_ACCOUNTS = [
  { Id: '35', Name: 'Cheque Account', AccountType: 'Bank', Active: true },
  { Id: '4', Name: 'Undeposited Funds', AccountType: 'Other Current Asset', Active: true },
  { Id: '79', Name: 'Sales of Product Income', AccountType: 'Income', Active: true },
  { Id: '83', Name: 'Card Surcharge Income', AccountType: 'Other Income', Active: true },
  { Id: '7', Name: 'Advertising', AccountType: 'Expense', Active: true },
];
const QBO_ITEMS = [
  { Id: '1', Name: 'Services', Type: 'Service', Active: true },
  { Id: '19', Name: 'Returned goods', Type: 'NonInventory', Active: true },
];
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
  /** Minor units: TotalAmt, or the sum of the lines. */
  cents: number;
  body: any;
  deleted: boolean;
}

type EntityName = 'Payment' | 'Deposit' | 'Purchase' | 'RefundReceipt' | 'CreditMemo';
const ENTITIES: Record<string, EntityName> = {
  payment: 'Payment',
  deposit: 'Deposit',
  purchase: 'Purchase',
  refundreceipt: 'RefundReceipt',
  creditmemo: 'CreditMemo',
};

export interface FakeQuickBooks extends FakeHttp {
  clientId: string;
  clientSecret: string;
  realmId: string;
  invoices: Map<string, FakeQboInvoice>;
  payments: Map<string, FakeQboEntity>;
  deposits: Map<string, FakeQboEntity>;
  purchases: Map<string, FakeQboEntity>;
  refundReceipts: Map<string, FakeQboEntity>;
  creditMemos: Map<string, FakeQboEntity>;
  issueCode(): string;
  addInvoice(docNumber: string, totalCents: number, currency?: string): FakeQboInvoice;
  expireAccessTokens(): void;
  /** The payment is edited in QuickBooks just before our next update of it (its SyncToken moves on). */
  editPaymentBeforeNextUpdate(id: string): void;
}

const time = () => new Date().toISOString();
const fault = (message: string, detail: string, code = '6000'): Reply => ({
  status: 400,
  body: {
    Fault: { Error: [{ Message: message, Detail: detail, code, element: '' }], type: 'ValidationFault' },
    time: time(),
  },
});
const notFound = () =>
  fault(
    'Object Not Found',
    "Object Not Found : Something you're trying to use has been made inactive or is not found",
    '610',
  );

export async function startFakeQuickBooks(): Promise<FakeQuickBooks> {
  const editBeforeUpdate = new Set<string>();
  const clientId = 'qbo-client-id';
  const clientSecret = 'qbo-client-secret';
  const realmId = String(9130350000000000 + Math.floor(Math.random() * 1e6));
  const codes = new Set<string>();
  const access = new Set<string>();
  const refresh = new Set<string>();
  const invoices = new Map<string, FakeQboInvoice>();
  const stores: Record<EntityName, Map<string, FakeQboEntity>> = {
    Payment: new Map(),
    Deposit: new Map(),
    Purchase: new Map(),
    RefundReceipt: new Map(),
    CreditMemo: new Map(),
  };
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
    TotalAmt: fromMinor(i.totalCents, i.currency),
    Balance: fromMinor(i.balanceCents, i.currency),
    domain: 'QBO',
    sparse: false,
  });
  /** An invoice as `GET /invoice/{Id}` answers it: two item lines, the subtotal line and 10 % GST. */
  const invoiceDetailJson = (i: FakeQboInvoice) => {
    const c = i.currency;
    const tax = Math.round(i.totalCents / 11);
    const net = i.totalCents - tax;
    const first = Math.floor(net / 2);
    return {
      ...invoiceJson(i),
      DueDate: '2026-12-15',
      Line: [
        {
          Id: '1',
          LineNum: 1,
          Description: 'Plasterboard 10 mm, 2400 x 1200',
          Amount: fromMinor(first, c),
          DetailType: 'SalesItemLineDetail',
          SalesItemLineDetail: {
            ItemRef: { value: '7', name: 'Plasterboard' },
            Qty: 1,
            UnitPrice: fromMinor(first, c),
          },
        },
        {
          Id: '2',
          LineNum: 2,
          Description: 'Delivery',
          Amount: fromMinor(net - first, c),
          DetailType: 'SalesItemLineDetail',
          SalesItemLineDetail: { ItemRef: { value: '9', name: 'Delivery' } },
        },
        { Amount: fromMinor(net, c), DetailType: 'SubTotalLineDetail', SubTotalLineDetail: {} },
      ],
      TxnTaxDetail: { TotalTax: fromMinor(tax, c) },
    };
  };
  const invoiceById = (id: string) => [...invoices.values()].find((i) => i.Id === id);
  /** What is still available on a credit memo: its total less what payments applied. */
  const memoRemaining = (memoId: string) => {
    const memo = stores.CreditMemo.get(memoId);
    if (!memo || memo.deleted) return 0;
    const applied = [...stores.Payment.values()]
      .filter((p) => !p.deleted)
      .flatMap((p) => p.body.Line ?? [])
      .filter((l: any) => l.LinkedTxn.some((t: any) => t.TxnType === 'CreditMemo' && t.TxnId === memoId))
      .reduce((s: number, l: any) => s + toMinor(l.Amount, memo.body.CurrencyRef?.value ?? 'AUD')!, 0);
    return memo.cents - applied;
  };

  /** The invoice-linked amounts of a payment's lines, by invoice, in minor units (null: a bad line). */
  function invoiceLines(body: any, currency: string): Map<string, number> | Reply {
    const out = new Map<string, number>();
    for (const l of body.Line ?? [])
      for (const t of l.LinkedTxn) {
        const amount = toMinor(l.Amount, currency);
        if (amount === null)
          return fault('Invalid amount', `Amount has more decimals than ${currency} allows`, '2050');
        if (t.TxnType === 'Invoice') {
          if (!invoiceById(t.TxnId))
            return fault('Invalid Reference Id', `Invalid Reference Id : Txn ${t.TxnId}`, '2500');
          out.set(t.TxnId, (out.get(t.TxnId) ?? 0) + amount);
        } else if (t.TxnType === 'CreditMemo') {
          if (amount > memoRemaining(t.TxnId))
            return fault('Invalid Reference Id', `The credit memo ${t.TxnId} has less credit left`, '2500');
          out.set(`memo:${t.TxnId}`, (out.get(`memo:${t.TxnId}`) ?? 0) + amount);
        }
      }
    return out;
  }

  function payment(req: RecordedRequest, b: any): Reply {
    const store = stores.Payment;
    const op = req.query.get('operation');
    if (op === 'delete' || b.sparse) {
      const problems = violations(QUICKBOOKS_SCHEMAS, op === 'delete' ? 'Delete' : 'PaymentSparseUpdate', b);
      if (problems.length)
        return fault('Request has invalid or unsupported property', problems.join('; '), '2010');
      const e = store.get(b.Id);
      if (!e || e.deleted) return notFound();
      // An accountant edited it in QuickBooks after our read, just before this update arrived.
      if (editBeforeUpdate.delete(e.Id)) e.SyncToken = String(Number(e.SyncToken) + 1);
      if (b.SyncToken !== e.SyncToken)
        return fault('Stale Object Error', 'You and someone else are editing the same thing', '5010');
      const currency = e.body.CurrencyRef?.value ?? 'AUD';
      const before = invoiceLines(e.body, currency) as Map<string, number>;
      for (const [id, amount] of before) if (!id.startsWith('memo:')) invoiceById(id)!.balanceCents += amount;
      if (op === 'delete') {
        e.deleted = true;
        return {
          status: 200,
          body: { Payment: { Id: e.Id, status: 'Deleted', domain: 'QBO' }, time: time() },
        };
      }
      const next = { ...e.body, ...b, Line: b.Line ?? e.body.Line };
      const after = invoiceLines(next, currency);
      if (
        !(after instanceof Map) ||
        [...after].some(([id, a]) => !id.startsWith('memo:') && a > invoiceById(id)!.balanceCents)
      ) {
        for (const [id, amount] of before)
          if (!id.startsWith('memo:')) invoiceById(id)!.balanceCents -= amount;
        return after instanceof Map
          ? fault(
              'A business validation error has occurred while processing your request',
              'Business Validation Error: The payment amount exceeds the open balance',
            )
          : after;
      }
      for (const [id, amount] of after) if (!id.startsWith('memo:')) invoiceById(id)!.balanceCents -= amount;
      e.body = next;
      e.cents = toMinor(next.TotalAmt, currency)!;
      e.SyncToken = String(Number(e.SyncToken) + 1);
      return {
        status: 200,
        body: { Payment: { ...e.body, sparse: undefined, Id: e.Id, SyncToken: e.SyncToken }, time: time() },
      };
    }
    const problems = violations(QUICKBOOKS_SCHEMAS, 'Payment', b);
    if (problems.length)
      return fault('Request has invalid or unsupported property', problems.join('; '), '2010');
    const currency = b.CurrencyRef?.value ?? 'AUD';
    const lines = invoiceLines(b, currency);
    if (!(lines instanceof Map)) return lines;
    let applied = 0;
    for (const [id, amount] of lines) {
      if (id.startsWith('memo:')) applied -= amount;
      else {
        if (amount > invoiceById(id)!.balanceCents)
          return fault(
            'A business validation error has occurred while processing your request',
            'Business Validation Error: The payment amount exceeds the open balance',
          );
        applied += amount;
      }
    }
    const total = toMinor(b.TotalAmt, currency);
    if (total === null || total !== applied)
      return fault(
        'Invalid amount',
        `TotalAmt ${b.TotalAmt} must equal the amounts applied (${fromMinor(applied, currency)})`,
        '2050',
      );
    for (const [id, amount] of lines) if (!id.startsWith('memo:')) invoiceById(id)!.balanceCents -= amount;
    return created('Payment', b, total);
  }

  function created(name: EntityName, b: any, cents: number): Reply {
    const e: FakeQboEntity = { Id: String(++seq), SyncToken: '0', cents, body: b, deleted: false };
    stores[name].set(e.Id, e);
    const doc =
      name === 'RefundReceipt' || name === 'CreditMemo'
        ? { DocNumber: b.DocNumber ?? String(1000 + seq) }
        : {};
    Object.assign(b, doc);
    return {
      status: 200,
      body: {
        [name]: {
          ...b,
          Id: e.Id,
          SyncToken: e.SyncToken,
          TotalAmt: fromMinor(cents, b.CurrencyRef?.value ?? 'AUD'),
          domain: 'QBO',
        },
        time: time(),
      },
    };
  }

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
      // The chart of accounts and the items (the settings' choices), active ones.
      if (/^select \* from Account where Active = true/i.test(q))
        return {
          status: 200,
          body: { QueryResponse: { Account: QBO_ACCOUNTS, startPosition: 1 }, time: time() },
        };
      if (/^select \* from Item where Active = true/i.test(q))
        return { status: 200, body: { QueryResponse: { Item: QBO_ITEMS, startPosition: 1 }, time: time() } };
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
    // One invoice with its lines (GET /invoice/{Id}), and QuickBooks' PDF of it (/invoice/{Id}/pdf).
    const one = /^\/invoice\/([^/]+)(\/pdf)?$/.exec(rest);
    if (req.method === 'GET' && one) {
      const inv = invoiceById(one[1]);
      if (!inv) return notFound();
      if (one[2])
        return { status: 200, body: fakePdf(inv.DocNumber), headers: { 'content-type': 'application/pdf' } };
      return { status: 200, body: { Invoice: invoiceDetailJson(inv), time: time() } };
    }
    const m = /^\/(\w+)(?:\/([^/]+))?$/.exec(rest);
    const name = m ? ENTITIES[m[1]] : undefined;
    if (!m || !name)
      return { status: 404, body: { Fault: { Error: [{ Message: 'Unsupported Operation' }] } } };
    const store = stores[name];
    if (req.method === 'GET' && m[2]) {
      const e = store.get(m[2]);
      if (!e || e.deleted) return notFound();
      return { status: 200, body: { [name]: { ...e.body, Id: e.Id, SyncToken: e.SyncToken }, time: time() } };
    }
    if (req.method !== 'POST' || m[2]) return { status: 405, body: '' };
    const b = req.json ?? {};
    if (name === 'Payment') return payment(req, b);
    if (req.query.get('operation') === 'delete') {
      const problems = violations(QUICKBOOKS_SCHEMAS, 'Delete', b);
      if (problems.length)
        return fault('Request has invalid or unsupported property', problems.join('; '), '2010');
      const e = store.get(b.Id);
      if (!e || e.deleted) return notFound();
      e.deleted = true;
      return { status: 200, body: { [name]: { Id: e.Id, status: 'Deleted', domain: 'QBO' }, time: time() } };
    }
    const problems = violations(QUICKBOOKS_SCHEMAS, name, b);
    if (problems.length)
      return fault('Request has invalid or unsupported property', problems.join('; '), '2010');
    const currency = b.CurrencyRef?.value ?? 'AUD';
    let cents = 0;
    for (const l of b.Line) {
      const amount = toMinor(l.Amount, currency);
      if (amount === null)
        return fault('Invalid amount', `Amount has more decimals than ${currency} allows`, '2050');
      cents += amount;
    }
    return created(name, b, cents);
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
    // Intuit answers a repeated requestid with its first answer, a business fault included.
    if (key && (reply.status === 200 || reply.status === 400)) replay.set(key, reply);
    return reply;
  });

  return Object.assign(fake, {
    clientId,
    clientSecret,
    realmId,
    invoices,
    payments: stores.Payment,
    deposits: stores.Deposit,
    purchases: stores.Purchase,
    refundReceipts: stores.RefundReceipt,
    creditMemos: stores.CreditMemo,
    editPaymentBeforeNextUpdate(id: string) {
      editBeforeUpdate.add(id);
    },
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
