/**
 * Sandbox rows rendered as Stripe API objects (PaymentIntent, PaymentMethod, Charge, Refund,
 * Account, Event) with Stripe's id prefixes, so the shared Stripe mapping, our webhook route and the
 * widget's sandbox shim read exactly what they would read from Stripe. Always `livemode: false`.
 */
import type {
  AccountRow,
  DisputeRow,
  DomainRow,
  IntentRow,
  PaymentMethodRow,
  RefundRow,
  TokenRow,
} from './tables.ts';

export const SANDBOX_API_VERSION = '2026-10-28.endive';

export interface StoredError {
  type: string;
  code: string | null;
  decline_code: string | null;
  message: string;
  payment_method_id: string | null;
}

const isBank = (pm: PaymentMethodRow) => pm.type === 'au_becs_debit';
const isPayTo = (pm: PaymentMethodRow) => pm.type === 'payto';

/** A stable stand-in for Stripe's bank account fingerprint (same account, same value). */
const fingerprintOf = (pm: PaymentMethodRow) => `fp_sandbox_${pm.bsb_number}${pm.test_card}`.slice(0, 32);

const billingOf = (pm: PaymentMethodRow) => ({
  address: null,
  email: pm.billing_email ?? null,
  name: pm.billing_name ?? null,
  phone: null,
});

/** The type-specific part of a payment method (`card: {…}` or `au_becs_debit: {…}`). */
function methodDetails(pm: PaymentMethodRow) {
  if (isPayTo(pm))
    return {
      type: 'payto' as const,
      payto: { bsb_number: pm.bsb_number, last4: pm.last4 || null, pay_id: pm.pay_id },
    };
  if (isBank(pm))
    return {
      type: 'au_becs_debit' as const,
      au_becs_debit: { bsb_number: pm.bsb_number, fingerprint: fingerprintOf(pm), last4: pm.last4 },
    };
  return {
    type: 'card' as const,
    card: {
      brand: pm.brand,
      display_brand: pm.brand,
      last4: pm.last4,
      funding: pm.funding,
      country: pm.country,
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
  };
}

export function paymentMethodJson(pm: PaymentMethodRow) {
  return {
    id: pm.id,
    object: 'payment_method' as const,
    created: pm.created,
    livemode: false,
    customer: null,
    metadata: {},
    billing_details: billingOf(pm),
    ...methodDetails(pm),
  };
}

/** Stripe's ConfirmationToken: the preview of the payment method a confirmation will create. */
export function confirmationTokenJson(t: TokenRow, pm: PaymentMethodRow) {
  const details = methodDetails(pm);
  const preview =
    details.type === 'card'
      ? {
          type: details.type,
          card: {
            brand: pm.brand,
            display_brand: pm.brand,
            country: pm.country,
            funding: pm.funding,
            last4: pm.last4,
            wallet: null,
          },
        }
      : details;
  return {
    id: t.id,
    object: 'confirmation_token' as const,
    created: t.created,
    // Stripe clears expires_at once the token is used.
    expires_at: t.payment_intent_id ? null : t.expires_at,
    livemode: false,
    // The customer's acceptance of the mandate (bank debits), as Stripe.js collected it.
    mandate_data: t.mandate_data ? (JSON.parse(t.mandate_data) as Record<string, unknown>) : null,
    payment_intent: t.payment_intent_id,
    payment_method_preview: { billing_details: billingOf(pm), ...preview },
    return_url: null,
    setup_intent: null,
    use_stripe_sdk: true,
  };
}

/** Stripe's Dispute, as `charge.dispute.*` events carry it. */
export function disputeJson(d: DisputeRow) {
  return {
    id: d.id,
    object: 'dispute' as const,
    amount: d.amount,
    charge: d.charge_id,
    created: d.created,
    currency: d.currency,
    // Bank debit disputes cannot be answered with evidence; cards get Stripe's usual window.
    evidence_details: { due_by: d.created + 7 * 86_400, has_evidence: false, submission_count: 0 },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: d.payment_intent_id,
    reason: d.reason,
    status: d.status,
  };
}

export function paymentMethodDomainJson(d: DomainRow) {
  const status = (s: string) => ({
    status: s,
    ...(s === 'inactive' && d.error_message ? { status_details: { error_message: d.error_message } } : {}),
  });
  return {
    id: d.id,
    object: 'payment_method_domain' as const,
    created: d.created,
    domain_name: d.domain_name,
    enabled: d.enabled === 1,
    livemode: false,
    apple_pay: status(d.apple_pay_status),
    google_pay: status(d.google_pay_status),
    link: status('active'),
    paypal: status('inactive'),
  };
}

export function refundJson(r: RefundRow, chargeId: string | null, currency: string) {
  return {
    id: r.id,
    object: 'refund' as const,
    amount: r.amount,
    charge: chargeId,
    created: r.created,
    currency,
    metadata: JSON.parse(r.metadata) as Record<string, string>,
    payment_intent: r.payment_intent_id,
    status: r.status,
  };
}

/** A charge's payment_method_details: the card, or the bank account with its mandate. */
function chargeMethodDetails(pi: IntentRow, pm: PaymentMethodRow | null) {
  if (!pm) return null;
  if (isPayTo(pm))
    return {
      type: 'payto',
      payto: {
        bsb_number: pm.bsb_number,
        last4: pm.last4 || null,
        pay_id: pm.pay_id,
        mandate: pi.mandate_id,
      },
    };
  if (!isBank(pm))
    return {
      type: 'card',
      card: { brand: pm.brand, last4: pm.last4, funding: pm.funding, country: pm.country },
    };
  return {
    type: 'au_becs_debit',
    au_becs_debit: {
      bsb_number: pm.bsb_number,
      fingerprint: fingerprintOf(pm),
      last4: pm.last4,
      mandate: pi.mandate_id,
    },
  };
}

const chargeStatus = (pi: IntentRow) =>
  pi.status === 'succeeded' ? 'succeeded' : pi.status === 'processing' ? 'pending' : 'failed';

export function chargeJson(pi: IntentRow, pm: PaymentMethodRow | null, refunds: RefundRow[]) {
  const status = chargeStatus(pi);
  return {
    id: pi.charge_id as string,
    object: 'charge' as const,
    amount: pi.amount,
    amount_captured: pi.amount,
    amount_refunded: pi.amount_refunded,
    application_fee_amount: pi.application_fee_amount,
    captured: true,
    created: pi.created,
    currency: pi.currency,
    description: pi.description,
    livemode: false,
    metadata: JSON.parse(pi.metadata) as Record<string, string>,
    paid: status === 'succeeded',
    payment_intent: pi.id,
    payment_method: pi.payment_method_id ?? pm?.id ?? null,
    payment_method_details: chargeMethodDetails(pi, pm),
    receipt_email: pi.receipt_email,
    refunded: pi.amount_refunded >= pi.amount,
    refunds: {
      object: 'list' as const,
      data: refunds.map((r) => refundJson(r, pi.charge_id, pi.currency)),
      has_more: false,
      total_count: refunds.length,
      url: `/v1/charges/${pi.charge_id}/refunds`,
    },
    status,
  };
}

export interface IntentJsonOptions {
  /** The attached (or last failed) payment method. */
  paymentMethod: PaymentMethodRow | null;
  refunds: RefundRow[];
  /** Expand payment_method and latest_charge, as `retrieve` with `expand[]` does. Events never expand. */
  expand: boolean;
  /** For requires_action: where the browser completes the 3-D Secure step. */
  authenticateUrl: string;
}

export function paymentIntentJson(pi: IntentRow, o: IntentJsonOptions) {
  const stored = pi.last_error ? (JSON.parse(pi.last_error) as StoredError) : null;
  const pmJson = o.paymentMethod ? paymentMethodJson(o.paymentMethod) : null;
  const attached = pi.payment_method_id && pmJson && pmJson.id === pi.payment_method_id ? pmJson : null;
  const charge = pi.charge_id ? chargeJson(pi, o.paymentMethod, o.refunds) : null;
  const types = pi.payment_method_types ? (JSON.parse(pi.payment_method_types) as string[]) : ['card'];
  return {
    id: pi.id,
    object: 'payment_intent' as const,
    amount: pi.amount,
    amount_capturable: 0,
    amount_received: pi.status === 'succeeded' ? pi.amount : 0,
    application_fee_amount: pi.application_fee_amount,
    allowed_payment_method_types: types,
    automatic_payment_methods: null,
    canceled_at: pi.canceled_at,
    cancellation_reason: null,
    capture_method: 'automatic' as const,
    client_secret: pi.client_secret,
    confirmation_method: 'automatic' as const,
    created: pi.created,
    currency: pi.currency,
    customer: null,
    description: pi.description,
    last_payment_error: stored
      ? {
          type: stored.type,
          code: stored.code,
          decline_code: stored.decline_code,
          message: stored.message,
          payment_method: pmJson && pmJson.id === stored.payment_method_id ? pmJson : null,
        }
      : null,
    latest_charge: charge ? (o.expand ? charge : charge.id) : null,
    livemode: false,
    metadata: JSON.parse(pi.metadata) as Record<string, string>,
    next_action:
      pi.status === 'requires_action' && o.paymentMethod && isPayTo(o.paymentMethod)
        ? // The customer approves the agreement in their banking app; nothing for the browser to do.
          { type: 'payto_await_authorization' as const }
        : pi.status === 'requires_action'
          ? {
              type: 'use_stripe_sdk' as const,
              use_stripe_sdk: { type: 'sandbox_three_d_secure', authenticate_url: o.authenticateUrl },
            }
          : null,
    on_behalf_of: null,
    payment_method: pi.payment_method_id ? (o.expand && attached ? attached : pi.payment_method_id) : null,
    payment_method_types: types,
    receipt_email: pi.receipt_email,
    status: pi.status,
  };
}

export type PaymentIntentJson = ReturnType<typeof paymentIntentJson>;

/** What the browser sees of an intent (Stripe.js's publishable-key view: no metadata or fees). */
export function publicIntentJson(full: PaymentIntentJson) {
  return {
    id: full.id,
    object: full.object,
    amount: full.amount,
    currency: full.currency,
    status: full.status,
    client_secret: full.client_secret,
    created: full.created,
    description: full.description,
    livemode: false,
    last_payment_error: full.last_payment_error,
    next_action: full.next_action,
    payment_method:
      typeof full.payment_method === 'string' ? full.payment_method : (full.payment_method?.id ?? null),
    payment_method_types: full.payment_method_types,
    receipt_email: full.receipt_email,
  };
}

export function accountJson(a: AccountRow) {
  return {
    id: a.id,
    object: 'account' as const,
    type: a.type,
    email: a.email,
    business_profile: { name: a.business_name },
    charges_enabled: a.charges_enabled === 1,
    details_submitted: a.details_submitted === 1,
    payouts_enabled: a.payouts_enabled === 1,
    created: a.created,
    metadata: {},
  };
}

export function eventJson(
  id: string,
  type: string,
  account: string | null,
  created: number,
  object: unknown,
) {
  return {
    id,
    object: 'event' as const,
    ...(account ? { account } : {}),
    api_version: SANDBOX_API_VERSION,
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}
