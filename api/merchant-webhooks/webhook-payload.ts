/**
 * The automation webhook (Make, Zapier, n8n): the spec §7 body and its signature.
 *
 * Body: `InvoiceNumber`, `Amount` (major units, the invoice part: what to record against the
 * invoice), `Currency`, `Date` (YYYY-MM-DD, the merchant's local
 * date), `Reference`, and `payment_details` with the spec's
 * fields; we add `event` ('payment.succeeded' | 'refund.succeeded' | 'payment.write_off' | 'test') and
 * the ids. For a refund `Amount` is the invoice part given back (positive), `payment_details.status`
 * is 'refunded' and `payment_details.refund_kind` says what it means for the invoice: 'credit' (no
 * longer owed: record a credit note and refund it) or 'reopen' (still owed: reduce the payment). A
 * write-off (`payment.write_off`: a remainder below the card minimum that an admin wrote off) has
 * `Amount` = the amount written off, `payment_details.status` 'written_off', and a `write_off`
 * object with what a connector needs to post it (a credit note allocated to the invoice).
 *
 * Signature: `X-InvoicePay-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`,
 * with a second `v1=` during a secret rotation's overlap (docs/webhooks.md shows how to verify it).
 * This is payload version `v1`; `2026-11` events are built in webhook-events.ts.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { localDate } from '../../core/local-date.ts';
import { fromMinorUnits } from '../../core/money.ts';
import type { Invoice, InvoiceWriteOff, Merchant, Payment, Refund } from '../db/types.ts';

export type WebhookEvent = 'payment.succeeded' | 'refund.succeeded' | 'payment.write_off' | 'test';

export interface AutomationPayload {
  event: WebhookEvent;
  InvoiceNumber: string;
  Amount: number;
  Currency: string;
  Date: string;
  Reference: string;
  payment_details: {
    invoice_number: string;
    amount: number;
    total_amount: number;
    surcharge_amount: number;
    currency: string;
    payment_date: string;
    merchant_id: string;
    make_scenario_id: string | null;
    payment_reference: string;
    customer_email: string | null;
    /** Payments and their refunds: the embedding page's reference (the widget's `reference`), or null. */
    reference?: string | null;
    status: string;
    is_test: boolean;
    payment_id: string | null;
    refund_id: string | null;
    /** On refunds: 'credit' or 'reopen' (DESIGN §3.8); null otherwise. */
    refund_kind: 'credit' | 'reopen' | null;
  };
  /** On `payment.write_off` only. */
  write_off?: WriteOffDetails;
}

/** A write-off as the automation webhook and the connectors receive it (amount in minor units too). */
export interface WriteOffDetails {
  id: string;
  merchant_id: string;
  invoice_id: string;
  invoice_number: string;
  currency: string;
  /** Minor units. */
  amount_minor: number;
  /** Major units, like `Amount`. */
  amount: number;
  /** YYYY-MM-DD, the merchant's local date. */
  date: string;
  reason: string;
  created_at: string;
}

export const SIGNATURE_HEADER = 'X-InvoicePay-Signature';

const major = (minor: number, currency: string) => Number(fromMinorUnits(minor, currency));

/** The spec §7 body for a succeeded payment, or for one of its refunds. */
export function buildAutomationPayload(
  merchant: Pick<Merchant, 'id' | 'make_scenario_id' | 'time_zone'>,
  payment: Payment,
  refund: Refund | null,
  at: Date,
): AutomationPayload {
  const currency = payment.currency;
  const when = refund ? refund.created_at : (payment.succeeded_at ?? at.toISOString());
  const base = refund ? refund.amount : payment.amount;
  const reference = refund
    ? (refund.provider_refund_id ?? refund.id)
    : (payment.payment_intent_id ?? payment.id);
  return {
    event: refund ? 'refund.succeeded' : 'payment.succeeded',
    InvoiceNumber: payment.invoice_number,
    Amount: major(base, currency),
    Currency: currency,
    Date: localDate(when, merchant.time_zone),
    Reference: reference,
    payment_details: {
      invoice_number: payment.invoice_number,
      amount: major(base, currency),
      total_amount: major(refund ? refund.total_amount : payment.total_amount, currency),
      surcharge_amount: major(refund ? refund.surcharge : payment.surcharge, currency),
      currency,
      payment_date: when,
      merchant_id: merchant.id,
      make_scenario_id: merchant.make_scenario_id,
      payment_reference: payment.payment_intent_id ?? payment.id,
      customer_email: payment.customer_email,
      reference: payment.reference ?? null,
      status: refund ? 'refunded' : 'succeeded',
      is_test: false,
      payment_id: payment.id,
      refund_id: refund?.id ?? null,
      refund_kind: refund?.kind ?? null,
    },
  };
}

/** What a write-off sends: the invoice as first written, the amount written off, the date. */
export function writeOffDetails(
  invoice: Pick<Invoice, 'id' | 'merchant_id' | 'invoice_number' | 'currency'>,
  writeOff: Pick<InvoiceWriteOff, 'id' | 'amount' | 'reason' | 'created_at'>,
  /** The merchant's IANA time zone: `date` is its local date of the write-off. */
  timeZone: string,
): WriteOffDetails {
  return {
    id: writeOff.id,
    merchant_id: invoice.merchant_id,
    invoice_id: invoice.id,
    invoice_number: invoice.invoice_number,
    currency: invoice.currency,
    amount_minor: writeOff.amount,
    amount: major(writeOff.amount, invoice.currency),
    date: localDate(writeOff.created_at, timeZone),
    reason: writeOff.reason,
    created_at: writeOff.created_at,
  };
}

/** The automation webhook's body for a write-off (`payment.write_off`). */
export function buildWriteOffPayload(
  merchant: Pick<Merchant, 'id' | 'make_scenario_id'>,
  details: WriteOffDetails,
): AutomationPayload {
  return {
    event: 'payment.write_off',
    InvoiceNumber: details.invoice_number,
    Amount: details.amount,
    Currency: details.currency,
    Date: details.date,
    Reference: details.id,
    payment_details: {
      invoice_number: details.invoice_number,
      amount: details.amount,
      total_amount: details.amount,
      surcharge_amount: 0,
      currency: details.currency,
      payment_date: details.created_at,
      merchant_id: merchant.id,
      make_scenario_id: merchant.make_scenario_id,
      payment_reference: details.id,
      customer_email: null,
      status: 'written_off',
      is_test: false,
      payment_id: null,
      refund_id: null,
      refund_kind: null,
    },
    write_off: details,
  };
}

/** The spec §9 test sample: amount 97.13, surcharge 2.87, total 100, AUD, is_test true. */
export function buildTestPayload(
  merchant: Pick<Merchant, 'id' | 'make_scenario_id' | 'time_zone'>,
  at: Date,
): AutomationPayload {
  const iso = at.toISOString();
  const reference = `test_${randomBytes(6).toString('hex')}`;
  return {
    event: 'test',
    InvoiceNumber: 'INV-TEST-001',
    Amount: 97.13,
    Currency: 'AUD',
    Date: localDate(at, merchant.time_zone),
    Reference: reference,
    payment_details: {
      invoice_number: 'INV-TEST-001',
      amount: 97.13,
      total_amount: 100,
      surcharge_amount: 2.87,
      currency: 'AUD',
      payment_date: iso,
      merchant_id: merchant.id,
      make_scenario_id: merchant.make_scenario_id,
      payment_reference: reference,
      customer_email: null,
      status: 'succeeded',
      is_test: true,
      payment_id: null,
      refund_id: null,
      refund_kind: null,
    },
  };
}

/**
 * `t=<unix>,v1=<hex>` for this exact body, one `v1=` per secret (during a rotation's overlap: the
 * new secret's first, then the old one's, as Stripe does). A receiver accepts the delivery when any
 * `v1` matches its secret.
 */
export function signatureHeader(secrets: string | readonly string[], body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  const signatures = list.map((s) => `v1=${createHmac('sha256', s).update(`${t}.${body}`).digest('hex')}`);
  return [`t=${t}`, ...signatures].join(',');
}

/** A new per-merchant signing secret (shown to the admin, stored sealed). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
