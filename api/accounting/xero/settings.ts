/**
 * Xero organisation settings we read or set: the organisation's time zone (`GET /Organisation`),
 * the chart of accounts (`GET /Accounts`), branding themes (`GET /BrandingThemes`) and payment services (`paymentservices` scope:
 * `GET`/`PUT /PaymentServices`, `GET`/`POST /BrandingThemes/{BrandingThemeID}/PaymentServices`),
 * shaped as Xero's accounting OpenAPI document defines them.
 */
import {
  ConnectorError,
  type AccountChoice,
  type AccountChoices,
  type ConnectorSession,
} from '../connector.ts';
import type { XeroSend } from './api.ts';
import { ianaFromXeroTimeZone } from './time-zones.ts';

export interface XeroPaymentService {
  id: string;
  name: string;
  url: string | null;
}

export async function organisationTimeZone(send: XeroSend, s: ConnectorSession): Promise<string | null> {
  const body = await send(s, { method: 'GET', path: '/Organisation', access: 'settings.read' });
  return ianaFromXeroTimeZone(body?.Organisations?.[0]?.Timezone);
}

export async function brandingThemes(send: XeroSend, s: ConnectorSession) {
  const body = await send(s, { method: 'GET', path: '/BrandingThemes', access: 'settings.read' });
  return ((body?.BrandingThemes ?? []) as any[])
    .map((t) => ({
      id: String(t.BrandingThemeID),
      name: String(t.Name ?? ''),
      sortOrder: Number(t.SortOrder ?? 0),
    }))
    .sort((a, b) => a.sortOrder - b.sortOrder);
}

const toService = (p: any): XeroPaymentService => ({
  id: String(p.PaymentServiceID),
  name: String(p.PaymentServiceName ?? ''),
  url: p.PaymentServiceUrl ?? null,
});

export async function paymentServices(send: XeroSend, s: ConnectorSession) {
  const body = await send(s, { method: 'GET', path: '/PaymentServices', access: 'paymentservices' });
  return ((body?.PaymentServices ?? []) as any[]).map(toService);
}

export async function createPaymentService(
  send: XeroSend,
  s: ConnectorSession,
  service: { name: string; url: string; payNowText: string; idempotencyKey: string },
) {
  const body = await send(s, {
    method: 'PUT',
    path: '/PaymentServices',
    access: 'paymentservices',
    idempotencyKey: service.idempotencyKey,
    body: {
      PaymentServices: [
        { PaymentServiceName: service.name, PaymentServiceUrl: service.url, PayNowText: service.payNowText },
      ],
    },
  });
  const created = body?.PaymentServices?.[0];
  if (!created?.PaymentServiceID)
    throw new ConnectorError('Xero did not return the new payment service', { retryable: true });
  return toService(created);
}

export async function themePaymentServices(send: XeroSend, s: ConnectorSession, themeId: string) {
  const body = await send(s, {
    method: 'GET',
    path: `/BrandingThemes/${encodeURIComponent(themeId)}/PaymentServices`,
    access: 'paymentservices',
  });
  return ((body?.PaymentServices ?? []) as any[]).map(toService);
}

export async function attachPaymentService(
  send: XeroSend,
  s: ConnectorSession,
  themeId: string,
  serviceId: string,
  idempotencyKey: string,
) {
  await send(s, {
    method: 'POST',
    path: `/BrandingThemes/${encodeURIComponent(themeId)}/PaymentServices`,
    access: 'paymentservices',
    idempotencyKey,
    body: { PaymentServices: [{ PaymentServiceID: serviceId }] },
  });
}

/**
 * The chart of accounts as choices (`GET /Accounts`, settings.read): payments go to a bank account or
 * one that takes payments; the surcharge and credit-note lines to a revenue account. Only active
 * accounts with a code (payments and lines name accounts by code).
 */
export async function accountChoices(send: XeroSend, s: ConnectorSession): Promise<AccountChoices> {
  const body = await send(s, { method: 'GET', path: '/Accounts', access: 'settings.read' });
  const accounts = ((body?.Accounts ?? []) as any[]).filter(
    (a) => a && a.Status !== 'ARCHIVED' && typeof a.Code === 'string' && a.Code.trim() !== '',
  );
  const choice = (a: any): AccountChoice => ({ code: String(a.Code), name: String(a.Name ?? a.Code) });
  const byName = (list: AccountChoice[]) => list.sort((x, y) => x.name.localeCompare(y.name));
  const revenue = accounts.filter((a) => a.Class === 'REVENUE').map(choice);
  return {
    payment: byName(
      accounts.filter((a) => a.Type === 'BANK' || a.EnablePaymentsToAccount === true).map(choice),
    ),
    surcharge: byName([...revenue]),
    credit: byName([...revenue]),
  };
}
