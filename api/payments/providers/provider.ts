/**
 * The one interface every payment provider implements (DESIGN §4): `stripe` (the official SDK,
 * direct charges on the merchant's connected account) and `sandbox` (offline, same state machine
 * and test cards). Services speak only this interface; amounts are integer minor units and
 * currencies lower-case ISO codes as Stripe uses them.
 *
 * @example
 *   const intent = await provider.createIntent({ amount: 10295, currency: 'aud', applicationFeeAmount: 129,
 *     connectedAccountId: 'acct_123', description: 'Invoice: INV-1', metadata: { paymentId }, idempotencyKey });
 *   // intent.clientSecret contains '_secret_'; the browser confirms it with Stripe.js (or the sandbox form)
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
}

export interface ProviderError {
  type: string;
  code: string | null;
  declineCode: string | null;
  message: string;
}

export interface ProviderIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amount: number;
  currency: string;
  applicationFeeAmount: number;
  connectedAccountId: string;
  metadata: Record<string, string>;
  /** The card used, once a payment method is attached. */
  card: CardDetails | null;
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
  paymentMethodId?: string | null;
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

/** What a verified webhook event means to us: a small set of actions. */
export type ProviderAction =
  | { kind: 'intent_updated'; intent: ProviderIntent }
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

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface PaymentProvider {
  readonly mode: 'sandbox' | 'stripe';

  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  retrieveIntent(intentId: string, connectedAccountId: string): Promise<ProviderIntent>;
  /** Cancel an unconfirmed intent. Resolves with the intent as it now stands (it may have succeeded). */
  cancelIntent(intentId: string, connectedAccountId: string): Promise<ProviderIntent>;
  retrievePaymentMethod(paymentMethodId: string, connectedAccountId: string): Promise<CardDetails>;
  refund(input: RefundInput): Promise<ProviderRefund>;

  /** Account Links onboarding for a new (or unfinished) connected account. */
  createOnboardingLink(input: {
    merchantId: string;
    email: string;
    businessName: string;
    existingAccountId: string | null;
    refreshUrl: string;
    returnUrl: string;
  }): Promise<{ accountId: string; url: string }>;
  /** OAuth for connecting an existing Standard account; returns to redirectUri?code&state. */
  oauthAuthorizeUrl(input: { state: string; redirectUri: string }): string;
  exchangeOAuthCode(code: string): Promise<{ accountId: string }>;
  retrieveAccount(accountId: string): Promise<ConnectedAccount>;
  disconnectAccount(accountId: string): Promise<void>;

  /** Verify a webhook delivery against any configured signing secret; throws WebhookSignatureError. */
  parseWebhook(rawBody: string, signatureHeader: string | null): WebhookEvent;
}
