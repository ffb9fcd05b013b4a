/**
 * Stripe-shaped JSON → provider types. Both providers speak Stripe's object model (the sandbox
 * renders its rows as Stripe objects and signs real Stripe-shaped events), so the mapping from
 * PaymentIntent / Charge / Account / Event to our small types lives once, here.
 * The `*Like` types (stripe-shapes.ts) are the structural subset we read; the SDK's types satisfy
 * them.
 */
import type {
  BankAccountDetails,
  CardDetails,
  ConfirmationToken,
  ConnectedAccount,
  PaymentMethodDomain,
  IntentStatus,
  ProviderAction,
  ProviderDispute,
  ProviderError,
  ProviderIntent,
  ProviderRefund,
  WebhookEvent,
} from '../../ports/payment-provider.ts';
import type {
  CardLike,
  ConfirmationTokenLike,
  DisputeLike,
  DomainStatusLike,
  PaymentMethodDomainLike,
  PaymentMethodLike,
  RefundLike,
  ChargeLike,
  PaymentIntentLike,
  AccountLike,
  EventLike,
} from './stripe-shapes.ts';

const FUNDING = new Set(['credit', 'debit', 'prepaid']);

function card(paymentMethodId: string, c: CardLike): CardDetails {
  return {
    paymentMethodId,
    brand: c.brand ?? 'unknown',
    last4: c.last4 ?? '',
    funding: (FUNDING.has(c.funding ?? '') ? c.funding : 'unknown') as CardDetails['funding'],
    country: c.country ? c.country.toUpperCase() : null,
    wallet: c.wallet?.type ?? null,
  };
}

/** A confirmation token's preview: what the server prices the surcharge on. */
export function confirmationTokenFromStripe(t: ConfirmationTokenLike): ConfirmationToken {
  const preview = t.payment_method_preview;
  const c = preview?.card ? card('', preview.card) : null;
  const bank = preview?.au_becs_debit ?? preview?.payto;
  return {
    id: t.id,
    type: preview?.type ?? 'unknown',
    card: c
      ? { brand: c.brand, last4: c.last4, funding: c.funding, country: c.country, wallet: c.wallet }
      : null,
    expiresAt: t.expires_at ?? null,
    paymentIntentId: t.payment_intent ?? null,
    // A bank account: what the server shows and checks (the mandate the customer accepted).
    ...(bank
      ? {
          bankAccount: {
            bsb: bank.bsb_number ?? null,
            last4: bank.last4 ?? null,
            ...(preview?.payto ? { payId: bank.pay_id ?? null } : {}),
          },
          billingEmail: preview?.billing_details?.email ?? null,
          mandateAccepted: Boolean(t.mandate_data?.customer_acceptance),
        }
      : {}),
  };
}

/** The bank account of an intent: its expanded payment method, the mandate from its expanded charge. */
function bankAccountOf(pi: PaymentIntentLike): BankAccountDetails | null {
  const pm = pi.payment_method && typeof pi.payment_method === 'object' ? pi.payment_method : null;
  const charge = pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  const details = charge?.payment_method_details;
  const fromCharge = details?.au_becs_debit ?? details?.payto ?? null;
  const failedPm = pi.last_payment_error?.payment_method;
  const fromPm = pm?.au_becs_debit ?? pm?.payto ?? failedPm?.au_becs_debit ?? failedPm?.payto ?? null;
  if (!fromCharge && !fromPm) return null;
  const payId = fromCharge?.pay_id ?? fromPm?.pay_id;
  return {
    bsb: fromCharge?.bsb_number ?? fromPm?.bsb_number ?? null,
    last4: fromCharge?.last4 ?? fromPm?.last4 ?? null,
    mandate: fromCharge?.mandate ?? null,
    ...(payId !== undefined ? { payId } : {}),
  };
}

/** A bank debit's account and payer email (nothing for a card: its intent keeps its usual shape). */
function bankDetailsOf(pi: PaymentIntentLike): Pick<ProviderIntent, 'bankAccount' | 'billingEmail'> {
  const bankAccount = bankAccountOf(pi);
  if (!bankAccount) return {};
  const pm = pi.payment_method && typeof pi.payment_method === 'object' ? pi.payment_method : null;
  return { bankAccount, billingEmail: pm?.billing_details?.email ?? null };
}

const idOf = (ref: string | { id: string } | null | undefined) =>
  typeof ref === 'string' ? ref : (ref?.id ?? null);

export function disputeFromStripe(d: DisputeLike): ProviderDispute {
  return {
    id: d.id,
    paymentIntentId: idOf(d.payment_intent),
    chargeId: idOf(d.charge),
    amount: d.amount,
    currency: d.currency,
    reason: d.reason ?? null,
    status: d.status,
    evidenceDueBy: d.evidence_details?.due_by ?? null,
  };
}

function domainStatus(s: DomainStatusLike | null | undefined) {
  return {
    status: s?.status === 'active' ? ('active' as const) : ('inactive' as const),
    error: s?.status_details?.error_message ?? null,
  };
}

export function paymentMethodDomainFromStripe(d: PaymentMethodDomainLike): PaymentMethodDomain {
  return {
    id: d.id,
    domain: d.domain_name,
    enabled: d.enabled !== false,
    applePay: domainStatus(d.apple_pay),
    googlePay: domainStatus(d.google_pay),
  };
}

/** Card details of a payment method object (null when it is not a card). */
export function cardFromPaymentMethod(pm: PaymentMethodLike): CardDetails | null {
  return pm.card ? card(pm.id, pm.card) : null;
}

function cardOfIntent(pi: PaymentIntentLike): CardDetails | null {
  if (pi.payment_method && typeof pi.payment_method === 'object')
    return cardFromPaymentMethod(pi.payment_method);
  const charge = pi.latest_charge;
  if (charge && typeof charge === 'object' && charge.payment_method_details?.card) {
    const pmId =
      charge.payment_method ?? (typeof pi.payment_method === 'string' ? pi.payment_method : '') ?? '';
    return card(pmId, charge.payment_method_details.card);
  }
  const failed = pi.last_payment_error?.payment_method;
  return failed ? cardFromPaymentMethod(failed) : null;
}

function paymentMethodIdOf(pi: PaymentIntentLike): string | null {
  if (typeof pi.payment_method === 'string') return pi.payment_method;
  if (pi.payment_method) return pi.payment_method.id;
  const charge = pi.latest_charge;
  if (charge && typeof charge === 'object' && charge.payment_method) return charge.payment_method;
  return pi.last_payment_error?.payment_method?.id ?? null;
}

function errorOf(pi: PaymentIntentLike): ProviderError | null {
  const e = pi.last_payment_error;
  if (!e) return null;
  return {
    type: e.type ?? 'card_error',
    code: e.code ?? null,
    declineCode: e.decline_code ?? null,
    message: e.message ?? 'Your card was declined.',
  };
}

const STATUSES = new Set<IntentStatus>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
]);

/** A PaymentIntent on `connectedAccountId` (expanded payment method / charge give the card). */
export function intentFromStripe(pi: PaymentIntentLike, connectedAccountId: string): ProviderIntent {
  // requires_capture never happens (automatic capture); treat any unknown status as still open.
  const status = STATUSES.has(pi.status as IntentStatus) ? (pi.status as IntentStatus) : 'processing';
  const charge = typeof pi.latest_charge === 'object' && pi.latest_charge ? pi.latest_charge : null;
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    status,
    amount: pi.amount,
    currency: pi.currency,
    applicationFeeAmount: pi.application_fee_amount ?? 0,
    connectedAccountId,
    metadata: { ...(pi.metadata ?? {}) },
    card: cardOfIntent(pi),
    paymentMethodId: paymentMethodIdOf(pi),
    ...bankDetailsOf(pi),
    lastError: errorOf(pi),
    amountRefunded: charge?.amount_refunded ?? 0,
    created: pi.created,
  };
}

function refundStatus(status: string | null | undefined): ProviderRefund['status'] {
  if (status === 'succeeded' || status === 'failed' || status === 'canceled') return status;
  return 'pending'; // pending, requires_action
}

export function refundFromStripe(r: RefundLike, paymentIntentId?: string): ProviderRefund {
  const pi = typeof r.payment_intent === 'string' ? r.payment_intent : r.payment_intent?.id;
  return {
    id: r.id,
    paymentIntentId: pi ?? paymentIntentId ?? '',
    amount: r.amount,
    status: refundStatus(r.status),
  };
}

export function accountFromStripe(a: AccountLike): ConnectedAccount {
  return {
    id: a.id,
    chargesEnabled: Boolean(a.charges_enabled),
    detailsSubmitted: Boolean(a.details_submitted),
    payoutsEnabled: Boolean(a.payouts_enabled),
  };
}

const INTENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.requires_action',
  'payment_intent.processing',
]);

const DISPUTE_EVENTS = new Set(['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed']);

/** What a verified Stripe event means to us. */
export function actionFromEvent(event: EventLike): ProviderAction {
  const object = event.data?.object as Record<string, unknown> | undefined;
  if (!object || typeof object !== 'object') return { kind: 'ignored' };
  if (INTENT_EVENTS.has(event.type)) {
    return {
      kind: 'intent_updated',
      intent: intentFromStripe(object as unknown as PaymentIntentLike, event.account ?? ''),
    };
  }
  if (event.type === 'charge.refunded') {
    const charge = object as unknown as ChargeLike;
    const pi = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    return {
      kind: 'charge_refunded',
      paymentIntentId: pi ?? '',
      amountRefunded: charge.amount_refunded,
      refunds: (charge.refunds?.data ?? []).map((r) => refundFromStripe(r, pi ?? '')),
    };
  }
  if (DISPUTE_EVENTS.has(event.type))
    return { kind: 'dispute_updated', dispute: disputeFromStripe(object as unknown as DisputeLike) };
  if (event.type === 'account.updated') {
    return { kind: 'account_updated', account: accountFromStripe(object as unknown as AccountLike) };
  }
  return { kind: 'ignored' };
}

export function webhookEventFromStripe(event: EventLike): WebhookEvent {
  return {
    id: event.id,
    type: event.type,
    account: event.account ?? null,
    created: event.created,
    action: actionFromEvent(event),
  };
}
