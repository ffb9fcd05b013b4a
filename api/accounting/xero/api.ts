/**
 * Calls to Xero's Accounting API (`{XERO_API_BASE}/api.xro/2.0`): bearer token and tenant header,
 * Xero's `Idempotency-Key` on writes, the scope a call needs checked against the connection's
 * granted scopes first, and Xero's error bodies turned into `ConnectorError`s.
 */
import { fromMinorUnits, toMinorUnits } from '../../../core/money.ts';
import {
  callApi,
  ConnectorError,
  errorFor,
  fetchPdf,
  type ConnectorConfig,
  type ConnectorSession,
} from '../connector.ts';
import { grants, XERO_SCOPES_FOR, type XeroAccess } from './scopes.ts';

export const LABEL = 'Xero';

/** Xero's error bodies: ValidationException with Elements[].ValidationErrors[], or a problem detail. */
export function xeroMessage(body: any): string {
  if (!body || typeof body !== 'object') return typeof body === 'string' ? body.slice(0, 200) : '';
  const validation: string[] = [];
  for (const el of body.Elements ?? [])
    for (const v of el.ValidationErrors ?? []) if (v?.Message) validation.push(v.Message);
  if (validation.length) return validation.join('; ');
  return body.Detail ?? body.Message ?? body.error_description ?? body.error ?? body.Title ?? '';
}

/** Minor units → the decimal number Xero's JSON carries (2 decimals, none for zero-decimal currencies). */
export const xeroAmount = (minor: number, currency: string) => Number(fromMinorUnits(minor, currency));
export const fromXeroAmount = (value: unknown, currency: string) =>
  toMinorUnits(Number(value ?? 0), currency) ?? 0;

const PURPOSE: Record<XeroAccess, string> = {
  'invoices.read': 'read invoices',
  invoices: 'create credit notes',
  'payments.read': 'read payments',
  payments: 'record payments and refunds',
  banktransactions: 'record the surcharge as money received and refunded',
  'settings.read': 'read the organisation settings',
  paymentservices: 'add the Pay now link to Xero',
};

export function missingScopeError(access: XeroAccess): ConnectorError {
  return new ConnectorError(
    `The Xero connection was not granted the ${XERO_SCOPES_FOR[access][0]} scope (needed to ${PURPOSE[access]}). ` +
      'Add it to XERO_SCOPES if your Xero app does not ask for it, then connect Xero again.',
    { status: 401, retryable: false },
  );
}

export interface XeroCall {
  method: 'GET' | 'PUT' | 'POST';
  path: string;
  access: XeroAccess;
  body?: unknown;
  idempotencyKey?: string;
}

export function xeroApi(config: ConnectorConfig) {
  const x = config.xero;
  return async function send(s: ConnectorSession, call: XeroCall): Promise<any> {
    if (!grants(s.scopes ?? null, call.access)) throw missingScopeError(call.access);
    const res = await callApi(LABEL, {
      method: call.method,
      url: `${x.apiBase}/api.xro/2.0${call.path}`,
      headers: {
        authorization: `Bearer ${s.accessToken}`,
        'xero-tenant-id': s.tenantId,
        ...(call.idempotencyKey ? { 'idempotency-key': call.idempotencyKey.slice(0, 128) } : {}),
      },
      body: call.body,
      timeoutMs: config.timeoutMs,
    });
    if (res.status >= 200 && res.status < 300) return res.body;
    const message = xeroMessage(res.body);
    // 401 "AuthorizationUnsuccessful" is Xero's answer to a token without the scope for this call;
    // refreshing the token cannot help (an expired token says TokenExpired instead).
    if (res.status === 401 && /AuthorizationUnsuccessful/i.test(message))
      throw missingScopeError(call.access);
    throw errorFor(LABEL, res.status, message, res.headers);
  };
}

export type XeroSend = ReturnType<typeof xeroApi>;

/** A Xero document as a PDF: the same GET with `Accept: application/pdf` (e.g. `/Invoices/{id}`). */
export function xeroPdf(config: ConnectorConfig) {
  const x = config.xero;
  return async function pdf(s: ConnectorSession, path: string, access: XeroAccess): Promise<Uint8Array> {
    if (!grants(s.scopes ?? null, access)) throw missingScopeError(access);
    return fetchPdf(
      LABEL,
      {
        url: `${x.apiBase}/api.xro/2.0${path}`,
        headers: { authorization: `Bearer ${s.accessToken}`, 'xero-tenant-id': s.tenantId },
        timeoutMs: config.timeoutMs,
      },
      xeroMessage,
    );
  };
}
export type XeroPdf = ReturnType<typeof xeroPdf>;
