/**
 * The one interface every payment provider implements (DESIGN §4): `stripe` (the official SDK,
 * direct charges on the merchant's connected account) and `sandbox` (offline, same state machine
 * and test cards). Services speak only this interface; amounts are integer minor units and
 * currencies lower-case ISO codes as Stripe uses them.
 *
 * Payments are finalised on the server (DESIGN §4): the browser turns what the customer entered
 * into a confirmation token (`ctoken_…`, Stripe.js `createConfirmationToken` or the sandbox form),
 * the server reads its payment-method preview to price the surcharge, then creates the intent with
 * that token and `confirm: true` in one call.
 *
 * @example
 *   const token = await provider.retrieveConfirmationToken('ctoken_123', 'acct_123'); // token.card.funding
 *   const intent = await provider.createIntent({ amount: 10295, currency: 'aud', applicationFeeAmount: 129,
 *     connectedAccountId: 'acct_123', description: 'Invoice: INV-1', metadata: { paymentId }, idempotencyKey,
 *     confirmationToken: 'ctoken_123', returnUrl: 'https://pay.example/payment-complete' });
 *   // intent.status: succeeded | processing | requires_action | requires_payment_method (declined, lastError)
 */

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export interface CardDetails {
  paymentMethodId: string;
  brand: string;
  last4: string;
  funding: 'credit' | 'debit' | 'prepaid' | 'unknown';
  /** Issuing country (ISO 3166-1 alpha-2), used for domestic/international surcharge rules. */
  country: string | null;
  /** The wallet the card came through (`apple_pay`, `google_pay`, `link`, …), null for a card typed in. */
  wallet: string | null;
}

/** A bank account debited through AU BECS Direct Debit (never its full number). */
export interface BankAccountDetails {
  /** The six-digit Bank-State-Branch number. */
  bsb: string | null;
  last4: string | null;
  /** The mandate (the customer's Direct Debit Request, or PayTo agreement) the debit runs under, once known. */
  mandate: string | null;
  /** PayTo: the PayID the customer paid from (null for a BSB + account number). */
  payId?: string | null;
}

/**
 * A confirmation token as the server reads it: the preview of the payment method it will create when
 * an intent is confirmed with it (Stripe's `payment_method_preview`). Wallet payments are cards too:
 * `card` describes the underlying card and `card.wallet` the wallet.
 */
export interface ConfirmationToken {
  id: string;
  /** Stripe's payment method type (`card`, `au_becs_debit`, …). */
  type: string;
  card: Omit<CardDetails, 'paymentMethodId'> | null;
  /** A bank account (`au_becs_debit`, or `payto` by PayID or BSB + account), else null. */
  bankAccount?: Omit<BankAccountDetails, 'mandate'> | null;
  /** The payer's billing email, if the payment details carry one (a bank debit always does). */
  billingEmail?: string | null;
  /** The customer accepted a mandate with these details (required to debit a bank account). */
  mandateAccepted?: boolean;
  /** Unix seconds; null once used. */
  expiresAt: number | null;
  /** The intent this token confirmed, or null while unused (single use). */
  paymentIntentId: string | null;
}

/** A domain registered for wallets (Apple Pay, Google Pay) on a connected account. */
export interface PaymentMethodDomain {
  id: string;
  domain: string;
  enabled: boolean;
  applePay: { status: 'active' | 'inactive'; error: string | null };
  googlePay: { status: 'active' | 'inactive'; error: string | null };
}

export interface ProviderError {
  type: string;
  code: string | null;
  declineCode: string | null;
  message: string;
}

export interface ProviderIntent {
  id: string;
  /** Only ever handed to a browser while the intent is `requires_action` (for handleNextAction). */
  clientSecret: string;
  status: IntentStatus;
  amount: number;
  currency: string;
  applicationFeeAmount: number;
  connectedAccountId: string;
  metadata: Record<string, string>;
  /**
   * The card used, once a payment method is attached. Always filled by `retrieveIntent`; in a
   * webhook action it may be null (Stripe does not expand the payment method in events).
   */
  card: CardDetails | null;
  /** The payment method attached (or last tried), also when `card` is not expanded. */
  paymentMethodId: string | null;
  /** The bank account debited (`au_becs_debit`), when the payment method or charge is expanded. */
  bankAccount?: BankAccountDetails | null;
  /** The payment method's billing email, when expanded (a bank debit collects one). */
  billingEmail?: string | null;
  lastError: ProviderError | null;
  amountRefunded: number;
  created: number;
}

export interface CreateIntentInput {
  amount: number;
  currency: string;
  applicationFeeAmount: number;
  connectedAccountId: string;
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
  /**
   * Confirm at once with this token (`confirm: true`). Without one the intent is only created
   * (rows from before server-side confirmation are rebuilt that way).
   */
  confirmationToken?: string | null;
  /** Where a redirecting payment method returns to (required by Stripe with `confirm: true`). */
  returnUrl?: string | null;
  /** Legacy attempts only (before confirmation tokens): the payment method quoted. */
  paymentMethodId?: string | null;
  /**
   * The payment method types the intent allows (Stripe's `allowed_payment_method_types`): the quoted
   * method's type, `card` (wallets are cards) or `au_becs_debit`. Default: card only.
   */
  paymentMethodTypes?: string[];
  receiptEmail?: string | null;
}

export interface RefundInput {
  paymentIntentId: string;
  connectedAccountId: string;
  /** Total to give back to the customer (base part + its surcharge), minor units. */
  amount: number;
  refundApplicationFee: boolean;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface ProviderRefund {
  id: string;
  paymentIntentId: string;
  amount: number;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
}

export interface ConnectedAccount {
  id: string;
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
}

/** A dispute the customer's bank opened on a charge (Stripe's `charge.dispute.*`). */
export interface ProviderDispute {
  id: string;
  paymentIntentId: string | null;
  chargeId: string | null;
  amount: number;
  currency: string;
  /** Stripe's reason: `debit_not_authorized`, `fraudulent`, `general`, … */
  reason: string | null;
  /** Stripe's status: `needs_response`, `under_review`, `won`, `lost`, … */
  status: string;
  /** Unix seconds; null when no evidence can be given. */
  evidenceDueBy: number | null;
}

/** What a verified webhook event means to us: a small set of actions. */
export type ProviderAction =
  | { kind: 'intent_updated'; intent: ProviderIntent }
  | { kind: 'dispute_updated'; dispute: ProviderDispute }
  | { kind: 'charge_refunded'; paymentIntentId: string; amountRefunded: number; refunds: ProviderRefund[] }
  | { kind: 'account_updated'; account: ConnectedAccount }
  | { kind: 'ignored' };

export interface WebhookEvent {
  id: string;
  type: string;
  /** The connected account the event happened on (Connect events), if any. */
  account: string | null;
  created: number;
  action: ProviderAction;
}

/**
 * The provider refused a request. Mirrors Stripe's error object: `type` is Stripe's error type
 * (`card_error`, `invalid_request_error`, `idempotency_error`, `api_error`, `authentication_error`,
 * `permission_error`, `rate_limit_error`, `connection_error`, `oauth_error`), `code` and
 * `declineCode` Stripe's codes, `statusCode` the HTTP status Stripe answered (0 = no answer).
 */
export class ProviderRequestError extends Error {
  readonly type: string;
  readonly code: string | null;
  readonly declineCode: string | null;
  readonly statusCode: number;
  readonly param: string | null;
  /** The intent the refused request concerned, when the provider names it (e.g. a card decline). */
  readonly intent: ProviderIntent | null;
  constructor(input: {
    type: string;
    message: string;
    code?: string | null;
    declineCode?: string | null;
    statusCode: number;
    param?: string | null;
    intent?: ProviderIntent | null;
    /** The SDK's own error, kept for the logs. */
    cause?: unknown;
  }) {
    super(input.message, input.cause === undefined ? undefined : { cause: input.cause });
    this.name = 'ProviderRequestError';
    this.type = input.type;
    this.code = input.code ?? null;
    this.declineCode = input.declineCode ?? null;
    this.statusCode = input.statusCode;
    this.param = input.param ?? null;
    this.intent = input.intent ?? null;
  }
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/**
 * Every method throws `ProviderRequestError` when the provider refuses (unknown intent, bad
 * idempotency key reuse, refund larger than the charge, …); network failures are retried by the SDK.
 */
/** What a connected account's onboarding link is made for (Account Links). */
export interface OnboardingLinkInput {
  merchantId: string;
  email: string;
  businessName: string;
  existingAccountId: string | null;
  refreshUrl: string;
  returnUrl: string;
}

export interface PaymentProvider {
  readonly mode: 'sandbox' | 'stripe';

  /**
   * Create (and with a confirmation token, confirm) an intent. Resolves with the intent whenever one
   * exists, a declined one included (`requires_payment_method` with `lastError`); throws when the
   * provider made none (invalid or used token, amount out of range, …).
   */
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  retrieveIntent(intentId: string, connectedAccountId: string): Promise<ProviderIntent>;
  /** Cancel an unconfirmed intent. Resolves with the intent as it now stands (it may have succeeded). */
  cancelIntent(intentId: string, connectedAccountId: string): Promise<ProviderIntent>;
  /**
   * Every intent made on the connected account since `since`, newest first (reconciliation after a
   * restore: api/payments/reconcile.ts). Cards are not expanded.
   */
  listIntents(connectedAccountId: string, since: Date): Promise<ProviderIntent[]>;
  /** A confirmation token made in the browser for the connected account (what the customer will pay with). */
  retrieveConfirmationToken(tokenId: string, connectedAccountId: string): Promise<ConfirmationToken>;
  refund(input: RefundInput): Promise<ProviderRefund>;

  /** Account Links onboarding for a new (or unfinished) connected account. */
  createOnboardingLink(input: OnboardingLinkInput): Promise<{ accountId: string; url: string }>;
  /** OAuth for connecting an existing Standard account; returns to redirectUri?code&state. */
  oauthAuthorizeUrl(input: { state: string; redirectUri: string }): string;
  exchangeOAuthCode(code: string): Promise<{ accountId: string }>;
  retrieveAccount(accountId: string): Promise<ConnectedAccount>;
  disconnectAccount(accountId: string): Promise<void>;

  /** Register a domain for wallets on a connected account (idempotent per domain); its status. */
  registerPaymentMethodDomain(domain: string, connectedAccountId: string): Promise<PaymentMethodDomain>;
  /** Ask the provider to check a registered domain again; its status now. */
  validatePaymentMethodDomain(domainId: string, connectedAccountId: string): Promise<PaymentMethodDomain>;

  /** Verify a webhook delivery against any configured signing secret; throws WebhookSignatureError. */
  parseWebhook(rawBody: string, signatureHeader: string | null): WebhookEvent;

  /**
   * Attempt delivery of every queued webhook event now (once each, ignoring back-off) and wait for
   * the answers. Sandbox only; the stripe provider has no queue and returns zeros.
   */
  flushEvents(): Promise<{ delivered: number; pending: number }>;
  /** Stop background work (the sandbox's delivery worker) and close the provider's own database. */
  close(): Promise<void>;
}

/** Posts one signed webhook delivery to our webhook route; resolves with the HTTP status. */
export type DeliverWebhook = (rawBody: string, signatureHeader: string) => Promise<number>;
