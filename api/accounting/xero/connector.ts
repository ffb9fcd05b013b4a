/**
 * Xero: OAuth 2 (authorisation code; authorise at XERO_LOGIN_BASE, tokens and revocation at
 * XERO_IDENTITY_BASE, tenants from `/connections` at XERO_API_BASE) and the Accounting API
 * (`/api.xro/2.0`) with plain fetch against Xero's documented JSON shapes — the base URLs are
 * configuration, so tests and staging point them at a local server.
 *
 * - invoice lookup: `GET /Invoices?where=Type=="ACCREC" AND InvoiceNumber=="INV-1"` (AmountDue);
 * - payment on the invoice: `PUT /Payments` with Invoice.InvoiceID, Account.Code, Date, Amount;
 *   Xero refuses a payment above the amount due, so only the invoice (base) part goes here;
 * - surcharge: `PUT /BankTransactions`, a RECEIVE to the same bank account with one line on the
 *   merchant's surcharge income account;
 * - deleting either: `POST /Payments/{id}` / `POST /BankTransactions/{id}` with Status DELETED.
 * Every write carries Xero's `Idempotency-Key` header.
 */
import { toMinorUnits, fromMinorUnits } from '../../../core/money.ts';
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

export const XERO_SCOPES =
  'openid profile email offline_access accounting.transactions accounting.settings.read accounting.contacts.read';
const LABEL = 'Xero';

/** Xero's error bodies: ValidationException with Elements[].ValidationErrors[], or a problem detail. */
function xeroMessage(body: any): string {
  if (!body || typeof body !== 'object') return typeof body === 'string' ? body.slice(0, 200) : '';
  const validation: string[] = [];
  for (const el of body.Elements ?? [])
    for (const v of el.ValidationErrors ?? []) if (v?.Message) validation.push(v.Message);
  if (validation.length) return validation.join('; ');
  return body.Detail ?? body.Message ?? body.error_description ?? body.error ?? body.Title ?? '';
}

const money = (minor: number, currency: string) => Number(fromMinorUnits(minor, currency));

export function xeroConnector(config: ConnectorConfig): AccountingConnector {
  const x = config.xero;
  const api = (path: string) => `${x.apiBase}/api.xro/2.0${path}`;
  const headers = (s: ConnectorSession, idempotencyKey?: string) => ({
    authorization: `Bearer ${s.accessToken}`,
    'xero-tenant-id': s.tenantId,
    ...(idempotencyKey ? { 'idempotency-key': idempotencyKey.slice(0, 128) } : {}),
  });

  const token = (form: Record<string, string>): Promise<TokenSet> =>
    requestTokens({
      label: LABEL,
      url: `${x.identityBase}/connect/token`,
      clientId: x.clientId,
      clientSecret: x.clientSecret,
      form,
      timeoutMs: config.timeoutMs,
      defaultExpiresIn: 1800,
      messageOf: xeroMessage,
    });

  async function send(
    s: ConnectorSession,
    method: 'GET' | 'PUT' | 'POST',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ) {
    const res = await callApi(LABEL, {
      method,
      url: api(path),
      headers: headers(s, idempotencyKey),
      body,
      timeoutMs: config.timeoutMs,
    });
    if (res.status < 200 || res.status >= 300)
      throw errorFor(LABEL, res.status, xeroMessage(res.body), res.headers);
    return res.body;
  }

  async function markDeleted(s: ConnectorSession, path: string, body: unknown, idempotencyKey: string) {
    try {
      await send(s, 'POST', path, body, idempotencyKey);
    } catch (err) {
      // Already gone (deleted by hand in Xero, or our earlier attempt did it): the goal is reached.
      if (
        err instanceof ConnectorError &&
        (err.status === 404 || /already (been )?deleted|has been deleted/i.test(err.message))
      )
        return;
      throw err;
    }
  }

  return {
    provider: 'xero',
    label: LABEL,
    authorizeUrl({ redirectUri, state }) {
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: x.clientId ?? '',
        redirect_uri: redirectUri,
        scope: XERO_SCOPES,
        state,
      });
      return `${x.loginBase}/identity/connect/authorize?${q}`;
    },
    exchangeCode: (code, redirectUri) =>
      token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    refresh: (refreshToken) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    async revoke(refreshToken) {
      await callApi(LABEL, {
        method: 'POST',
        url: `${x.identityBase}/connect/revocation`,
        headers: { authorization: basicAuth(x.clientId, x.clientSecret, LABEL) },
        body: new URLSearchParams({ token: refreshToken }),
        timeoutMs: config.timeoutMs,
      });
    },
    async tenantFor(accessToken) {
      const res = await callApi(LABEL, {
        method: 'GET',
        url: `${x.apiBase}/connections`,
        headers: { authorization: `Bearer ${accessToken}` },
        timeoutMs: config.timeoutMs,
      });
      if (res.status !== 200) throw errorFor(LABEL, res.status, xeroMessage(res.body), res.headers);
      const org = (res.body as any[]).find((c) => c.tenantType === 'ORGANISATION') ?? res.body[0];
      if (!org)
        throw new ConnectorError('The Xero authorisation did not include an organisation', {
          retryable: false,
        });
      return { tenantId: org.tenantId, tenantName: org.tenantName ?? null };
    },
    async findInvoice(s, invoiceNumber): Promise<ExternalInvoice | null> {
      const quoted = invoiceNumber.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
      const where = `Type=="ACCREC" AND InvoiceNumber=="${quoted}"`;
      const body = await send(s, 'GET', `/Invoices?where=${encodeURIComponent(where)}`);
      const inv = (body?.Invoices ?? []).find(
        (i: any) => i.InvoiceNumber === invoiceNumber && !['DELETED', 'VOIDED'].includes(i.Status),
      );
      if (!inv) return null;
      const currency = String(inv.CurrencyCode ?? '').toUpperCase();
      return {
        id: inv.InvoiceID,
        number: inv.InvoiceNumber,
        currency,
        amountDue: toMinorUnits(inv.AmountDue ?? 0, currency) ?? 0,
        status: inv.Status,
        contactId: inv.Contact?.ContactID ?? null,
      };
    },
    async createPayment(s, i: RecordInput) {
      const body = await send(
        s,
        'PUT',
        '/Payments',
        {
          Payments: [
            {
              Invoice: { InvoiceID: i.invoice.id },
              Account: { Code: i.depositAccount },
              Date: i.date,
              Amount: money(i.amount, i.currency),
              Reference: i.reference,
            },
          ],
        },
        i.idempotencyKey,
      );
      const id = body?.Payments?.[0]?.PaymentID;
      if (!id) throw new ConnectorError('Xero did not return the new payment', { retryable: true });
      return id;
    },
    deletePayment: (s, id, key) =>
      markDeleted(
        s,
        `/Payments/${encodeURIComponent(id)}`,
        { Payments: [{ PaymentID: id, Status: 'DELETED' }] },
        key,
      ),
    async createSurcharge(s, i: RecordInput) {
      const body = await send(
        s,
        'PUT',
        '/BankTransactions',
        {
          BankTransactions: [
            {
              Type: 'RECEIVE',
              Contact: { ContactID: i.invoice.contactId },
              BankAccount: { Code: i.depositAccount },
              Date: i.date,
              Reference: i.reference,
              CurrencyCode: i.currency,
              LineAmountTypes: 'Inclusive',
              LineItems: [
                {
                  Description: `Card surcharge on invoice ${i.invoice.number}`,
                  Quantity: 1,
                  UnitAmount: money(i.amount, i.currency),
                  AccountCode: i.incomeAccount,
                },
              ],
            },
          ],
        },
        i.idempotencyKey,
      );
      const id = body?.BankTransactions?.[0]?.BankTransactionID;
      if (!id) throw new ConnectorError('Xero did not return the surcharge transaction', { retryable: true });
      return id;
    },
    deleteSurcharge: (s, id, key) =>
      markDeleted(
        s,
        `/BankTransactions/${encodeURIComponent(id)}`,
        { BankTransactions: [{ BankTransactionID: id, Status: 'DELETED' }] },
        key,
      ),
  };
}
