/**
 * The data provider's methods for records outside the simple-rest resources: a payment's refund,
 * a merchant's wallet domains, and the invoice page (its ledger and the audited actions on it).
 * Spread into the console's data provider (./dataProvider.ts) and called with `useAction` /
 * `useDataQuery`.
 */
import type { Identifier } from 'react-admin';
import type { InvoiceLedger } from '../invoices/types.ts';
import type { PayLink, Payment, PaymentDomain } from '../shared/types.ts';
import { callApi } from './http.ts';

const enc = (id: Identifier) => encodeURIComponent(String(id));
const domainsPath = (id: Identifier) => `/api/admin/merchants/${enc(id)}/payment-domains`;
const invoicePath = (id: Identifier) => `/api/admin/invoices/${enc(id)}`;

export const recordActions = {
  /** Refund part or all of a payment (minor units); resolves with the payment after it. */
  refund: (p: { id: Identifier; amount: number; reason: string | null; kind: 'credit' | 'reopen' }) =>
    callApi<Payment>(`/api/admin/payments/${enc(p.id)}/refund`, {
      method: 'POST',
      body: { amount: p.amount, reason: p.reason, kind: p.kind },
    }),

  /** Cancel a signed pay link: refused on the pay page from now on; resolves with the link. */
  cancelPayLink: ({ id }: { id: Identifier }) =>
    callApi<PayLink>(`/api/admin/pay-links/${enc(id)}/cancel`, { method: 'POST' }),

  /** Cancel a card payment still waiting for its customer; resolves with the payment after it. */
  cancelHold: ({ id }: { id: Identifier }) =>
    callApi<Payment>(`/api/admin/payments/${enc(id)}/cancel-hold`, { method: 'POST' }),

  getPaymentDomains: ({ id }: { id: Identifier }) => callApi<PaymentDomain[]>(domainsPath(id)),
  addPaymentDomain: ({ id, domain }: { id: Identifier; domain: string }) =>
    callApi<PaymentDomain>(domainsPath(id), { method: 'POST', body: { domain } }),
  refreshPaymentDomain: ({ id, domainId }: { id: Identifier; domainId: string }) =>
    callApi<PaymentDomain>(`${domainsPath(id)}/${enc(domainId)}/refresh`, { method: 'POST' }),
  removePaymentDomain: ({ id, domainId }: { id: Identifier; domainId: string }) =>
    callApi<unknown>(`${domainsPath(id)}/${enc(domainId)}`, { method: 'DELETE' }),

  getInvoiceLedger: ({ id }: { id: Identifier }) => callApi<InvoiceLedger>(`${invoicePath(id)}/ledger`),
  /** Each invoice action answers with the invoice page after it. */
  dismissObservation: (p: { id: Identifier; observationId: string; reason: string }) =>
    callApi<InvoiceLedger>(`${invoicePath(p.id)}/observations/${enc(p.observationId)}/dismiss`, {
      method: 'POST',
      body: { reason: p.reason },
    }),
  writeOff: ({ id, reason }: { id: Identifier; reason: string }) =>
    callApi<InvoiceLedger>(`${invoicePath(id)}/write-off`, { method: 'POST', body: { reason } }),
  markWriteOffRecorded: ({ id, writeOffId }: { id: Identifier; writeOffId: string }) =>
    callApi<InvoiceLedger>(`${invoicePath(id)}/write-offs/${enc(writeOffId)}/mark-recorded`, {
      method: 'POST',
      body: {},
    }),
};
