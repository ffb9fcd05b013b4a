/**
 * Rows → the integrator API's objects (api/public-objects/schemas.ts). The same functions build the `2026-11`
 * webhook events' `data.object` (api/merchant-webhooks/webhook-events.ts), so an event and a GET of the same
 * thing agree. A payment's `reference` is the one of the signed pay link it was paid through (found
 * by the link's credible observation; with several links of the same amount, the newest), else the
 * one the embedding page gave the widget (`payments.reference`).
 */
import { readMetadata } from '../../core/metadata.ts';
import { localDate } from '../../core/local-date.ts';
import type { DbOrTrx } from '../db/database.ts';
import type { Invoice, Merchant, Payment, PayLink, Refund } from '../db/types.ts';
import { invoiceTerms } from '../invoices/ledger.ts';
import { countersOf, type observationTerms } from '../invoices/holds.ts';
import { buildAccountingPaymentUrl } from '../../core/link-params.ts';
import { payLinksOfObservations } from './repository.ts';

type Observations = Awaited<ReturnType<typeof observationTerms>>;
export interface LinkRef {
  id: string;
  reference: string | null;
}

/** The pay link behind each observation (newest first wins). */
export async function payLinkRefs(
  db: DbOrTrx,
  observationIds: Array<string | null>,
): Promise<Map<string, LinkRef>> {
  const ids = [...new Set(observationIds.filter((o): o is string => !!o))];
  const refs = new Map<string, LinkRef>();
  if (!ids.length) return refs;
  for (const r of await payLinksOfObservations(db, ids))
    if (!refs.has(r.observation_id)) refs.set(r.observation_id, { id: r.id, reference: r.reference });
  return refs;
}

export function toV1Payment(p: Payment, timeZone: string, link: LinkRef | undefined) {
  return {
    object: 'payment' as const,
    id: p.id,
    merchant_id: p.merchant_id,
    invoice_id: p.invoice_id,
    invoice_number: p.invoice_number,
    currency: p.currency,
    amount: p.amount,
    surcharge: p.surcharge,
    total_amount: p.total_amount,
    platform_fee: p.platform_fee,
    refunded_amount: p.refunded_amount,
    net_amount: p.amount - p.refunded_amount,
    status: p.status,
    reference: link?.reference ?? p.reference ?? null,
    pay_link_id: link?.id ?? null,
    payment_intent_id: p.payment_intent_id,
    customer_email: p.customer_email,
    card: p.card_last4
      ? { brand: p.card_brand, last4: p.card_last4, funding: p.card_funding, country: p.card_country }
      : null,
    method: p.method_type,
    bank_account:
      p.method_type === 'au_becs_debit' || p.method_type === 'payto'
        ? { bsb: p.bank_bsb, last4: p.bank_last4, mandate: p.mandate_reference, pay_id: p.payto_pay_id }
        : null,
    clears_by: p.status === 'processing' ? p.clears_by : null,
    failure_code: p.failure_code,
    failure_message: p.failure_message,
    date: p.succeeded_at ? localDate(p.succeeded_at, timeZone) : null,
    created_at: p.created_at,
    succeeded_at: p.succeeded_at,
    metadata: readMetadata(p.metadata),
  };
}

export function toV1Refund(
  r: Refund,
  p: Pick<Payment, 'merchant_id' | 'invoice_id' | 'invoice_number' | 'currency' | 'reference'>,
  timeZone: string,
  link: LinkRef | undefined,
) {
  return {
    object: 'refund' as const,
    id: r.id,
    payment_id: r.payment_id,
    merchant_id: p.merchant_id,
    invoice_id: p.invoice_id,
    invoice_number: p.invoice_number,
    currency: p.currency,
    amount: r.amount,
    surcharge: r.surcharge,
    total_amount: r.total_amount,
    platform_fee_refunded: r.platform_fee_refunded,
    kind: r.kind,
    status: r.status,
    reason: r.reason,
    reference: link?.reference ?? p.reference ?? null,
    provider_refund_id: r.provider_refund_id,
    date: localDate(r.created_at, timeZone),
    created_at: r.created_at,
    metadata: readMetadata(r.metadata),
  };
}

/** The invoice with what is due through us by the ledger's rules (the console's balance). */
export function toV1Invoice(i: Invoice, observations: Observations) {
  const counters = countersOf(i);
  const terms = invoiceTerms(counters, observations, i.currency);
  return {
    object: 'invoice' as const,
    id: i.id,
    merchant_id: i.merchant_id,
    number: i.invoice_number,
    currency: i.currency,
    // Held money is not paid (DESIGN §3.4): nothing left to pay now, but some of it not yet received.
    status:
      terms.balance !== 0
        ? ('open' as const)
        : counters.reserved > 0
          ? ('being_paid' as const)
          : ('paid' as const),
    amount_due: terms.balance,
    paid_amount: counters.paid,
    reserved_amount: counters.reserved,
    written_off_amount: counters.writtenOff,
    written_back_amount: counters.writtenBack,
    overpaid: i.overpaid === 1,
    attention: i.attention,
    paid_at: i.paid_at,
    created_at: i.created_at,
    updated_at: i.updated_at,
  };
}

export function payLinkStatus(l: Pick<PayLink, 'canceled_at' | 'expires_at'>, now: Date) {
  if (l.canceled_at) return 'canceled' as const;
  if (l.expires_at && l.expires_at <= now.toISOString()) return 'expired' as const;
  return 'active' as const;
}

export function toV1Merchant(m: Merchant, publicBaseUrl: string) {
  return {
    object: 'merchant' as const,
    id: m.id,
    business_name: m.business_name,
    shortcode: m.shortcode,
    country: m.country,
    time_zone: m.time_zone,
    status: m.status,
    charges_enabled: m.stripe_charges_enabled === 1,
    payment_url: buildAccountingPaymentUrl(publicBaseUrl, m.id, m.shortcode),
    created_at: m.created_at,
  };
}
