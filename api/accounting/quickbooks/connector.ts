/**
 * QuickBooks Online: OAuth 2 (authorisation code at Intuit's app center; tokens at
 * QUICKBOOKS_IDENTITY_BASE `/oauth2/v1/tokens/bearer`; the company is the callback's `realmId`) and
 * the v3 Accounting API at QUICKBOOKS_API_BASE with plain fetch against Intuit's JSON shapes:
 *
 * - invoice lookup: `GET /v3/company/{realm}/query?query=select * from Invoice where DocNumber = 'INV-1'` (Balance);
 * - payment: `POST /payment` with `Line[].LinkedTxn` = the invoice, `DepositToAccountRef` = the
 *   merchant's account (its id), the invoice (base) part only;
 * - surcharge: `POST /deposit` into the same account with one line on the surcharge income account;
 * - deleting: read the SyncToken, then `POST /payment?operation=delete` (or `/deposit`).
 * Every write carries Intuit's `requestid` (their idempotency key).
 */
import { createHash } from 'node:crypto';
import { fromMinorUnits, toMinorUnits } from '../../../core/money.ts';
import {
  basicAuth,
  callApi,
  ConnectorError,
  errorFor,
  requestTokens,
  type AccountingConnector,
  type ConnectorConfig,
  type ConnectorSession,
  type ExternalInvoice,
  type RecordInput,
  type TokenSet,
} from '../connector.ts';

export const QUICKBOOKS_AUTHORIZE_URL = 'https://appcenter.intuit.com/connect/oauth2';
export const QUICKBOOKS_SCOPES = 'com.intuit.quickbooks.accounting';
const DEFAULT_IDENTITY = 'https://oauth.platform.intuit.com';
const MINOR_VERSION = '75';
const LABEL = 'QuickBooks';

function qboMessage(body: any): string {
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
/** Intuit's requestid is at most 50 characters: a digest of our (longer) idempotency key. */
const requestId = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 40);

export function quickbooksConnector(config: ConnectorConfig): AccountingConnector {
  const q = config.quickbooks;
  const company = (s: ConnectorSession, path: string, params: Record<string, string> = {}) =>
    `${q.apiBase}/v3/company/${encodeURIComponent(s.tenantId)}${path}?${new URLSearchParams({ ...params, minorversion: MINOR_VERSION })}`;

  const token = (form: Record<string, string>): Promise<TokenSet> =>
    requestTokens({
      label: LABEL,
      url: `${q.identityBase}/oauth2/v1/tokens/bearer`,
      clientId: q.clientId,
      clientSecret: q.clientSecret,
      form,
      timeoutMs: config.timeoutMs,
      defaultExpiresIn: 3600,
      messageOf: qboMessage,
    });

  async function send(s: ConnectorSession, method: 'GET' | 'POST', url: string, body?: unknown) {
    const res = await callApi(LABEL, {
      method,
      url,
      headers: { authorization: `Bearer ${s.accessToken}` },
      body,
      timeoutMs: config.timeoutMs,
    });
    if (res.status < 200 || res.status >= 300)
      throw errorFor(LABEL, res.status, qboMessage(res.body), res.headers);
    return res.body;
  }

  async function deleteEntity(s: ConnectorSession, entity: 'payment' | 'deposit', id: string, key: string) {
    const name = entity === 'payment' ? 'Payment' : 'Deposit';
    let current: any;
    try {
      current = (await send(s, 'GET', company(s, `/${entity}/${encodeURIComponent(id)}`)))?.[name];
    } catch (err) {
      // "Object Not Found": deleted already (by us earlier, or by hand).
      if (err instanceof ConnectorError && (err.status === 404 || /not found|deleted/i.test(err.message)))
        return;
      throw err;
    }
    if (!current || current.status === 'Deleted') return;
    await send(s, 'POST', company(s, `/${entity}`, { operation: 'delete', requestid: requestId(key) }), {
      Id: current.Id,
      SyncToken: current.SyncToken,
    });
  }

  return {
    provider: 'quickbooks',
    label: LABEL,
    authorizeUrl({ redirectUri, state }) {
      const p = new URLSearchParams({
        client_id: q.clientId ?? '',
        response_type: 'code',
        scope: QUICKBOOKS_SCOPES,
        redirect_uri: redirectUri,
        state,
      });
      return `${QUICKBOOKS_AUTHORIZE_URL}?${p}`;
    },
    exchangeCode: (code, redirectUri) =>
      token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    refresh: (refreshToken) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    async revoke(refreshToken) {
      // Intuit revokes on another host; a configured (test/staging) identity base serves it itself.
      const base = q.identityBase === DEFAULT_IDENTITY ? 'https://developer.api.intuit.com' : q.identityBase;
      await callApi(LABEL, {
        method: 'POST',
        url: `${base}/v2/oauth2/tokens/revoke`,
        headers: { authorization: basicAuth(q.clientId, q.clientSecret, LABEL) },
        body: { token: refreshToken },
        timeoutMs: config.timeoutMs,
      });
    },
    async tenantFor(accessToken, callback) {
      const realmId = callback.realmId?.trim();
      if (!realmId)
        throw new ConnectorError('QuickBooks did not say which company was connected (realmId missing)', {
          retryable: false,
        });
      const s = { accessToken, tenantId: realmId };
      const body = await send(s, 'GET', company(s, `/companyinfo/${encodeURIComponent(realmId)}`));
      return { tenantId: realmId, tenantName: body?.CompanyInfo?.CompanyName ?? null };
    },
    async findInvoice(s, invoiceNumber): Promise<ExternalInvoice | null> {
      const quoted = invoiceNumber.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
      const body = await send(
        s,
        'GET',
        company(s, '/query', { query: `select * from Invoice where DocNumber = '${quoted}'` }),
      );
      const inv = (body?.QueryResponse?.Invoice ?? []).find((i: any) => i.DocNumber === invoiceNumber);
      if (!inv) return null;
      const currency = String(inv.CurrencyRef?.value ?? '').toUpperCase();
      return {
        id: inv.Id,
        number: inv.DocNumber,
        currency,
        amountDue: toMinorUnits(inv.Balance ?? 0, currency) ?? 0,
        status: Number(inv.Balance ?? 0) === 0 ? 'Paid' : 'Open',
        contactId: inv.CustomerRef?.value ?? null,
      };
    },
    async createPayment(s, i: RecordInput) {
      const amount = money(i.amount, i.currency);
      const body = await send(s, 'POST', company(s, '/payment', { requestid: requestId(i.idempotencyKey) }), {
        CustomerRef: { value: i.invoice.contactId },
        CurrencyRef: { value: i.currency },
        TotalAmt: amount,
        TxnDate: i.date,
        PaymentRefNum: i.reference.slice(0, 21),
        PrivateNote: `Card payment ${i.reference}`,
        DepositToAccountRef: { value: i.depositAccount },
        Line: [{ Amount: amount, LinkedTxn: [{ TxnId: i.invoice.id, TxnType: 'Invoice' }] }],
      });
      const id = body?.Payment?.Id;
      if (!id) throw new ConnectorError('QuickBooks did not return the new payment', { retryable: true });
      return id;
    },
    deletePayment: (s, id, key) => deleteEntity(s, 'payment', id, key),
    async createSurcharge(s, i: RecordInput) {
      const body = await send(s, 'POST', company(s, '/deposit', { requestid: requestId(i.idempotencyKey) }), {
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
      if (!id)
        throw new ConnectorError('QuickBooks did not return the surcharge deposit', { retryable: true });
      return id;
    },
    deleteSurcharge: (s, id, key) => deleteEntity(s, 'deposit', id, key),
  };
}
