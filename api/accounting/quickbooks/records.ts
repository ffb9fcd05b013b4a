/**
 * What we create in QuickBooks Online, each body shaped as Intuit's Accounting API reference
 * (developer.intuit.com, "API reference → Accounting → All entities") defines the entity:
 *
 * - invoice lookup: `GET /query?query=select * from Invoice where DocNumber = 'INV-1'` (Balance);
 *   what the customer sees of it: `GET /invoice/{Id}` (Line, TxnDate, DueDate, totals) and
 *   `GET /invoice/{Id}/pdf` for QuickBooks' PDF;
 * - `Payment`: CustomerRef, TotalAmt, TxnDate, DepositToAccountRef and `Line[].LinkedTxn` = the
 *   invoice (the base part); lowered by a sparse update (Id, SyncToken, sparse) or deleted
 *   (`?operation=delete` with Id and SyncToken) for a re-open refund;
 * - `Deposit` into the payment account with one DepositLineDetail line on the surcharge account;
 * - `Purchase` (PaymentType Cash) from the payment account with one AccountBasedExpenseLineDetail
 *   line on the surcharge account: the surcharge part of a refund;
 * - `RefundReceipt` from the payment account with one SalesItemLineDetail line (the merchant's
 *   credit item): a credit refund;
 * - `CreditMemo` with the same line, applied to the invoice by a `Payment` of TotalAmt 0 linking
 *   the invoice and the credit memo: a write-off.
 * Every write carries Intuit's `requestid` (their idempotency key, at most 50 characters).
 */
import { createHash } from 'node:crypto';
import { fromMinorUnits, toMinorUnits } from '../../../core/money.ts';
import {
  callApi,
  ConnectorError,
  errorFor,
  fetchPdf,
  type AccountChoice,
  type AccountChoices,
  type ConnectorConfig,
  type ConnectorSession,
  type CreditInput,
  type ExternalInvoice,
  type ExternalRecord,
  type InvoiceContent,
  type RecordInput,
} from '../connector.ts';

export const LABEL = 'QuickBooks';
const MINOR_VERSION = '75';

export function qboMessage(body: any): string {
  const fault = body?.Fault ?? body?.fault;
  const errors = fault?.Error ?? fault?.error;
  if (Array.isArray(errors) && errors.length)
    return errors
      .map((e: any) => [e.Message ?? e.message, e.Detail ?? e.detail].filter(Boolean).join(': '))
      .join('; ');
  if (typeof body === 'string') return body.slice(0, 200);
  return body?.error_description ?? body?.error ?? '';
}

const money = (minor: number, currency: string) => Number(fromMinorUnits(minor, currency));
/**
 * Intuit's requestid (at most 50 characters): a digest of our idempotency key *and the request's
 * content*. Intuit answers a repeated id with its first answer, so a retry of the same body reuses
 * it (no second record) while a changed body — a new SyncToken after a stale-object fault — never
 * does, or it could never succeed.
 */
export const requestId = (key: string, body: unknown = null, operation = '') =>
  createHash('sha256')
    .update(`${key}\u0000${operation}\u0000${JSON.stringify(body)}`)
    .digest('hex')
    .slice(0, 40);

/** QuickBooks' stale-object fault (code 5010): the entity changed since we read its SyncToken. */
export class StaleObjectError extends ConnectorError {}

function faultCodes(body: any): string[] {
  const errors = (body?.Fault ?? body?.fault)?.Error ?? [];
  return Array.isArray(errors) ? errors.map((e: any) => String(e.code ?? '')) : [];
}

/** How many times a change is read again and retried after a stale-object fault. */
const STALE_RETRIES = 3;
const missing = (what: string) =>
  new ConnectorError(`${LABEL} did not return the new ${what}`, { retryable: true });
const notFound = (err: unknown) =>
  err instanceof ConnectorError && (err.status === 404 || /not found|deleted/i.test(err.message));

export function qboApi(config: ConnectorConfig) {
  const q = config.quickbooks;
  const url = (s: ConnectorSession, path: string, params: Record<string, string> = {}) =>
    `${q.apiBase}/v3/company/${encodeURIComponent(s.tenantId)}${path}?${new URLSearchParams({ ...params, minorversion: MINOR_VERSION })}`;
  async function send(s: ConnectorSession, method: 'GET' | 'POST', target: string, body?: unknown) {
    const res = await callApi(LABEL, {
      method,
      url: target,
      headers: { authorization: `Bearer ${s.accessToken}` },
      body,
      timeoutMs: config.timeoutMs,
    });
    if (res.status < 200 || res.status >= 300) {
      if (faultCodes(res.body).includes('5010'))
        throw new StaleObjectError(`${LABEL}: ${qboMessage(res.body)}`, {
          status: res.status,
          retryable: true,
        });
      throw errorFor(LABEL, res.status, qboMessage(res.body), res.headers);
    }
    return res.body;
  }
  const create = (s: ConnectorSession, entity: string, key: string, body: unknown, operation?: string) =>
    send(
      s,
      'POST',
      url(s, `/${entity}`, {
        requestid: requestId(key, body, operation),
        ...(operation ? { operation } : {}),
      }),
      body,
    );
  const read = (s: ConnectorSession, entity: string, id: string) =>
    send(s, 'GET', url(s, `/${entity}/${encodeURIComponent(id)}`));
  const pdf = (s: ConnectorSession, path: string) =>
    fetchPdf(
      LABEL,
      {
        url: url(s, path),
        headers: { authorization: `Bearer ${s.accessToken}` },
        timeoutMs: config.timeoutMs,
      },
      qboMessage,
    );
  return { url, send, create, read, pdf };
}
type Api = ReturnType<typeof qboApi>;

/**
 * The choices for the settings (`GET /query`: active accounts and items): payments are deposited to
 * a bank account or an other current asset (Undeposited Funds); the surcharge is income; a credit is
 * an item on the refund receipt or credit memo. QuickBooks names them by id.
 */
export async function accountChoices(api: Api, s: ConnectorSession): Promise<AccountChoices> {
  const query = async (q: string) => api.send(s, 'GET', api.url(s, '/query', { query: q }));
  const [accounts, items] = await Promise.all([
    query('select * from Account where Active = true maxresults 1000'),
    query('select * from Item where Active = true maxresults 1000'),
  ]);
  const choice = (a: any): AccountChoice => ({ code: String(a.Id), name: String(a.Name ?? a.Id) });
  const byName = (list: AccountChoice[]) => list.sort((x, y) => x.name.localeCompare(y.name));
  const list = (accounts?.QueryResponse?.Account ?? []) as any[];
  return {
    payment: byName(
      list.filter((a) => a.AccountType === 'Bank' || a.AccountType === 'Other Current Asset').map(choice),
    ),
    surcharge: byName(
      list.filter((a) => a.AccountType === 'Income' || a.AccountType === 'Other Income').map(choice),
    ),
    credit: byName(((items?.QueryResponse?.Item ?? []) as any[]).map(choice)),
  };
}

export async function findInvoice(api: Api, s: ConnectorSession, invoiceNumber: string) {
  const quoted = invoiceNumber.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
  const body = await api.send(
    s,
    'GET',
    api.url(s, '/query', { query: `select * from Invoice where DocNumber = '${quoted}'` }),
  );
  const inv = (body?.QueryResponse?.Invoice ?? []).find((i: any) => i.DocNumber === invoiceNumber);
  if (!inv) return null;
  const currency = String(inv.CurrencyRef?.value ?? '').toUpperCase();
  const found: ExternalInvoice = {
    id: inv.Id,
    number: inv.DocNumber,
    currency,
    amountDue: toMinorUnits(Number(inv.Balance ?? 0), currency) ?? 0,
    status: Number(inv.Balance ?? 0) === 0 ? 'Paid' : 'Open',
    contactId: inv.CustomerRef?.value ?? null,
  };
  return found;
}

export async function invoiceContent(
  api: Api,
  s: ConnectorSession,
  invoice: ExternalInvoice,
): Promise<InvoiceContent> {
  const inv = (await api.read(s, 'invoice', invoice.id))?.Invoice;
  if (!inv)
    throw new ConnectorError(`${LABEL} did not return invoice ${invoice.number}`, { retryable: true });
  const currency = String(inv.CurrencyRef?.value ?? invoice.currency).toUpperCase();
  const amount = (v: unknown) => toMinorUnits(Number(v ?? 0), currency) ?? 0;
  const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);
  const lines = (inv.Line ?? []).filter((l: any) =>
    ['SalesItemLineDetail', 'DescriptionOnly', 'GroupLineDetail'].includes(l.DetailType),
  );
  const subtotal = (inv.Line ?? []).find((l: any) => l.DetailType === 'SubTotalLineDetail');
  const tax = amount(inv.TxnTaxDetail?.TotalTax);
  const total = amount(inv.TotalAmt);
  return {
    number: inv.DocNumber ?? invoice.number,
    currency,
    issueDate: day(inv.TxnDate),
    dueDate: day(inv.DueDate),
    reference: null, // QuickBooks has no customer-facing reference field (PrivateNote is internal)
    lines: lines.map((l: any) => {
      const detail = l.SalesItemLineDetail ?? {};
      return {
        description: String(l.Description ?? detail.ItemRef?.name ?? ''),
        quantity: detail.Qty == null ? null : Number(detail.Qty),
        unitAmount: detail.UnitPrice == null ? null : amount(detail.UnitPrice),
        amount: amount(l.Amount),
      };
    }),
    subtotal: subtotal ? amount(subtotal.Amount) : total - tax,
    tax,
    total,
    amountDue: amount(inv.Balance),
  };
}

export const invoicePdf = (api: Api, s: ConnectorSession, invoice: ExternalInvoice) =>
  api.pdf(s, `/invoice/${encodeURIComponent(invoice.id)}/pdf`);

const invoiceLine = (i: RecordInput) => ({
  Amount: money(i.amount, i.currency),
  DetailType: 'PaymentLineDetail',
  LinkedTxn: [{ TxnId: i.invoice.id, TxnType: 'Invoice' }],
});

export async function createPayment(api: Api, s: ConnectorSession, i: RecordInput) {
  const body = await api.create(s, 'payment', i.idempotencyKey, {
    CustomerRef: { value: i.invoice.contactId },
    CurrencyRef: { value: i.currency },
    TotalAmt: money(i.amount, i.currency),
    TxnDate: i.date,
    PaymentRefNum: i.reference.slice(0, 21),
    PrivateNote: `Card payment ${i.reference}`,
    DepositToAccountRef: { value: i.depositAccount },
    Line: [invoiceLine(i)],
  });
  const id = body?.Payment?.Id;
  if (!id) throw missing('payment');
  return String(id);
}

/** The payment's current SyncToken, or null when it is gone. */
async function current(api: Api, s: ConnectorSession, entity: string, name: string, id: string) {
  try {
    const e = (await api.read(s, entity, id))?.[name];
    return e && e.status !== 'Deleted' ? (e as { Id: string; SyncToken: string }) : null;
  } catch (err) {
    if (notFound(err)) return null;
    throw err;
  }
}

export async function paymentState(api: Api, s: ConnectorSession, id: string) {
  // QuickBooks Online's API does not report a payment as reconciled, nor refuse to change one.
  return (await current(api, s, 'payment', 'Payment', id)) ? { reconciled: false } : null;
}

/**
 * Lower (or delete) a payment. Someone may change it in QuickBooks between our read and our update
 * (an accountant's edit): the stale-object fault then means read it again and retry with the new
 * SyncToken (a new body, so a new requestid), never give up on it (DESIGN §7).
 */
export async function changePayment(
  api: Api,
  s: ConnectorSession,
  id: string,
  input: RecordInput | null,
  deleteKey: string,
) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await changePaymentOnce(api, s, id, input, deleteKey);
    } catch (err) {
      if (!(err instanceof StaleObjectError) || attempt > STALE_RETRIES) throw err;
    }
  }
}

async function changePaymentOnce(
  api: Api,
  s: ConnectorSession,
  id: string,
  input: RecordInput | null,
  deleteKey: string,
) {
  const payment = await current(api, s, 'payment', 'Payment', id);
  if (!input) {
    if (payment)
      await api.create(s, 'payment', deleteKey, { Id: payment.Id, SyncToken: payment.SyncToken }, 'delete');
    return null;
  }
  if (!payment) return createPayment(api, s, input);
  await api.create(s, 'payment', input.idempotencyKey, {
    Id: payment.Id,
    SyncToken: payment.SyncToken,
    sparse: true,
    TotalAmt: money(input.amount, input.currency),
    Line: [invoiceLine(input)],
  });
  return payment.Id;
}

export async function createDeposit(api: Api, s: ConnectorSession, i: RecordInput) {
  const body = await api.create(s, 'deposit', i.idempotencyKey, {
    DepositToAccountRef: { value: i.depositAccount },
    CurrencyRef: { value: i.currency },
    TxnDate: i.date,
    PrivateNote: `Card surcharge on invoice ${i.invoice.number} (${i.reference})`,
    Line: [
      {
        Amount: money(i.amount, i.currency),
        DetailType: 'DepositLineDetail',
        DepositLineDetail: {
          AccountRef: { value: i.incomeAccount },
          ...(i.invoice.contactId ? { Entity: { value: i.invoice.contactId, type: 'Customer' } } : {}),
        },
      },
    ],
  });
  const id = body?.Deposit?.Id;
  if (!id) throw missing('surcharge deposit');
  return String(id);
}

export async function createPurchase(api: Api, s: ConnectorSession, i: RecordInput) {
  const body = await api.create(s, 'purchase', i.idempotencyKey, {
    PaymentType: 'Cash',
    AccountRef: { value: i.depositAccount },
    CurrencyRef: { value: i.currency },
    TxnDate: i.date,
    ...(i.invoice.contactId ? { EntityRef: { value: i.invoice.contactId, type: 'Customer' } } : {}),
    PrivateNote: `Card surcharge refunded on invoice ${i.invoice.number} (${i.reference})`,
    Line: [
      {
        Amount: money(i.amount, i.currency),
        DetailType: 'AccountBasedExpenseLineDetail',
        AccountBasedExpenseLineDetail: { AccountRef: { value: i.incomeAccount } },
      },
    ],
  });
  const id = body?.Purchase?.Id;
  if (!id) throw missing('surcharge refund');
  return String(id);
}

const salesLine = (c: CreditInput) => ({
  Amount: money(c.amount, c.currency),
  Description: c.description,
  DetailType: 'SalesItemLineDetail',
  SalesItemLineDetail: {
    ItemRef: { value: c.creditAccount },
    Qty: 1,
    UnitPrice: money(c.amount, c.currency),
  },
});

export async function createRefundReceipt(
  api: Api,
  s: ConnectorSession,
  c: CreditInput & { depositAccount: string },
): Promise<ExternalRecord> {
  const body = await api.create(s, 'refundreceipt', c.idempotencyKey, {
    CustomerRef: { value: c.invoice.contactId },
    CurrencyRef: { value: c.currency },
    TxnDate: c.date,
    DepositToAccountRef: { value: c.depositAccount },
    PaymentRefNum: c.reference.slice(0, 21),
    PrivateNote: `${c.description} (${c.reference})`,
    Line: [salesLine(c)],
  });
  const r = body?.RefundReceipt;
  if (!r?.Id) throw missing('refund receipt');
  return { id: String(r.Id), number: r.DocNumber ?? null };
}

export async function createCreditMemo(
  api: Api,
  s: ConnectorSession,
  c: CreditInput,
): Promise<ExternalRecord> {
  const body = await api.create(s, 'creditmemo', c.idempotencyKey, {
    CustomerRef: { value: c.invoice.contactId },
    CurrencyRef: { value: c.currency },
    TxnDate: c.date,
    PrivateNote: `${c.description} (${c.reference})`,
    Line: [salesLine(c)],
  });
  const m = body?.CreditMemo;
  if (!m?.Id) throw missing('credit memo');
  return { id: String(m.Id), number: m.DocNumber ?? null };
}

/** Apply a credit memo to the invoice: a Payment of 0 whose lines link the invoice and the memo. */
export async function applyCreditMemo(api: Api, s: ConnectorSession, memoId: string, c: CreditInput) {
  const amount = money(c.amount, c.currency);
  const body = await api.create(s, 'payment', c.idempotencyKey, {
    CustomerRef: { value: c.invoice.contactId },
    CurrencyRef: { value: c.currency },
    TotalAmt: 0,
    TxnDate: c.date,
    PrivateNote: `${c.description} (${c.reference})`,
    Line: [
      {
        Amount: amount,
        DetailType: 'PaymentLineDetail',
        LinkedTxn: [{ TxnId: c.invoice.id, TxnType: 'Invoice' }],
      },
      {
        Amount: amount,
        DetailType: 'PaymentLineDetail',
        LinkedTxn: [{ TxnId: memoId, TxnType: 'CreditMemo' }],
      },
    ],
  });
  const id = body?.Payment?.Id;
  if (!id) throw missing('credit application');
  return String(id);
}
