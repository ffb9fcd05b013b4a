/**
 * The `stripe` provider: the official SDK, direct charges on the merchant's connected account
 * (`Stripe-Account` header on every call, `application_fee_amount` for the platform fee), Connect
 * onboarding by Account Links (new Standard accounts) or OAuth (existing Standard accounts) and
 * payment method domains (stripe-connect.ts), and webhook verification against either of the two
 * endpoint secrets (platform and Connect).
 * `STRIPE_API_BASE` replaces every Stripe host (api, connect) so tests point the real SDK at a
 * local server.
 */
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { Clock } from '../../context.ts';
import type { Logger } from '../../logger.ts';
import {
  WebhookSignatureError,
  type ConfirmationToken,
  type ConnectedAccount,
  type CreateIntentInput,
  type OnboardingLinkInput,
  type PaymentMethodDomain,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderRefund,
  type RefundInput,
  type WebhookEvent,
} from '../../ports/payment-provider.ts';
import {
  confirmationTokenFromStripe,
  intentFromStripe,
  refundFromStripe,
  webhookEventFromStripe,
} from './stripe-objects.ts';
import * as connect from './stripe-connect.ts';
import { call, sdkAddress, toProviderError } from './stripe-sdk.ts';
import type { EventLike, PaymentIntentLike } from './stripe-shapes.ts';

/** Stripe's default: events older than five minutes are replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeProviderOptions {
  logger: Logger;
  clock: Clock;
}

export class StripeProvider implements PaymentProvider {
  readonly mode = 'stripe' as const;
  readonly stripe: Stripe;
  readonly #config: Readonly<Config>;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #webhookSecrets: string[];

  constructor(config: Readonly<Config>, options: StripeProviderOptions) {
    if (!config.stripe.secretKey) throw new Error('StripeProvider needs STRIPE_SECRET_KEY');
    this.#config = config;
    this.#clock = options.clock;
    this.#logger = options.logger;
    this.stripe = new Stripe(config.stripe.secretKey, {
      ...sdkAddress(config.stripe.apiBase),
      // One attempt's time-out and the retries after it (PROVIDER_TIMEOUT_MS, PROVIDER_RETRIES): a hung
      // Stripe costs a request at most (1 + retries) × timeout, and the breaker (breaker.ts) stops
      // new payments from waiting on it at all after a few such failures.
      maxNetworkRetries: config.provider.retries,
      timeout: config.provider.timeoutMs,
      telemetry: false,
      appInfo: { name: config.productName },
    });
    this.#webhookSecrets = [config.stripe.webhookSecret, config.stripe.connectWebhookSecret].filter(
      (s): s is string => Boolean(s),
    );
  }

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    const params: Stripe.PaymentIntentCreateParams = {
      amount: input.amount,
      currency: input.currency.toLowerCase(),
      application_fee_amount: input.applicationFeeAmount,
      description: input.description,
      metadata: input.metadata,
      // The quoted method's type only: cards (wallets included: Apple Pay and Google Pay are cards),
      // whose surcharge depends on the card, or AU BECS Direct Debit (its own rule). (API 2026-10-28
      // replaced `payment_method_types` with `allowed_payment_method_types`; naming the types leaves
      // automatic payment methods off.) A bank debit's mandate comes with the confirmation token (the
      // Payment Element collects the customer's acceptance of the Direct Debit Request).
      allowed_payment_method_types: input.paymentMethodTypes?.length ? input.paymentMethodTypes : ['card'],
    };
    if (input.confirmationToken) {
      // Finalised on the server: created and confirmed in one idempotent call; the card used comes
      // back expanded (charged = quoted check, api/payments/create/method-match.ts).
      params.confirm = true;
      params.confirmation_token = input.confirmationToken;
      if (input.returnUrl) params.return_url = input.returnUrl;
      params.expand = ['payment_method', 'latest_charge'];
    } else if (input.paymentMethodId) params.payment_method = input.paymentMethodId;
    if (input.receiptEmail) params.receipt_email = input.receiptEmail;
    try {
      const pi = await this.stripe.paymentIntents.create(params, {
        stripeAccount: input.connectedAccountId,
        idempotencyKey: input.idempotencyKey,
      });
      return intentFromStripe(pi as PaymentIntentLike, input.connectedAccountId);
    } catch (err) {
      // A declined card: Stripe answers 402 but the intent exists (requires_payment_method, with
      // last_payment_error). The caller needs it, to cancel it and record the decline.
      if (err instanceof Stripe.errors.StripeCardError && err.payment_intent)
        return intentFromStripe(err.payment_intent as PaymentIntentLike, input.connectedAccountId);
      throw toProviderError(err);
    }
  }

  async retrieveIntent(intentId: string, connectedAccountId: string): Promise<ProviderIntent> {
    const pi = await call(() =>
      this.stripe.paymentIntents.retrieve(
        intentId,
        { expand: ['payment_method', 'latest_charge'] },
        { stripeAccount: connectedAccountId },
      ),
    );
    return intentFromStripe(pi as PaymentIntentLike, connectedAccountId);
  }

  async cancelIntent(intentId: string, connectedAccountId: string): Promise<ProviderIntent> {
    try {
      const pi = await this.stripe.paymentIntents.cancel(intentId, {}, { stripeAccount: connectedAccountId });
      return intentFromStripe(pi as PaymentIntentLike, connectedAccountId);
    } catch (err) {
      // Already succeeded (or already canceled): the caller needs the intent as it stands.
      if (err instanceof Stripe.errors.StripeError && err.code === 'payment_intent_unexpected_state') {
        return this.retrieveIntent(intentId, connectedAccountId);
      }
      throw toProviderError(err);
    }
  }

  async listIntents(connectedAccountId: string, since: Date): Promise<ProviderIntent[]> {
    const list = await call(() =>
      this.stripe.paymentIntents
        .list(
          { created: { gte: Math.floor(since.getTime() / 1000) }, limit: 100 },
          { stripeAccount: connectedAccountId },
        )
        .autoPagingToArray({ limit: 100_000 }),
    );
    return list.map((pi) => intentFromStripe(pi as PaymentIntentLike, connectedAccountId));
  }

  async retrieveConfirmationToken(tokenId: string, connectedAccountId: string): Promise<ConfirmationToken> {
    const token = await call(() =>
      this.stripe.confirmationTokens.retrieve(tokenId, {}, { stripeAccount: connectedAccountId }),
    );
    return confirmationTokenFromStripe(token);
  }

  async refund(input: RefundInput): Promise<ProviderRefund> {
    const refund = await call(() =>
      this.stripe.refunds.create(
        {
          payment_intent: input.paymentIntentId,
          amount: input.amount,
          refund_application_fee: input.refundApplicationFee,
          metadata: input.metadata,
        },
        { stripeAccount: input.connectedAccountId, idempotencyKey: input.idempotencyKey },
      ),
    );
    return refundFromStripe(refund, input.paymentIntentId);
  }

  createOnboardingLink(input: OnboardingLinkInput): Promise<{ accountId: string; url: string }> {
    return connect.createOnboardingLink(this.stripe, input);
  }

  oauthAuthorizeUrl(input: { state: string; redirectUri: string }): string {
    return connect.oauthAuthorizeUrl(this.#config.stripe.connectClientId, input);
  }

  exchangeOAuthCode(code: string): Promise<{ accountId: string }> {
    return connect.exchangeOAuthCode(this.stripe, code);
  }

  retrieveAccount(accountId: string): Promise<ConnectedAccount> {
    return connect.retrieveAccount(this.stripe, accountId);
  }

  disconnectAccount(accountId: string): Promise<void> {
    return connect.disconnectAccount(
      this.stripe,
      this.#config.stripe.connectClientId,
      this.#logger,
      accountId,
    );
  }

  registerPaymentMethodDomain(domain: string, connectedAccountId: string): Promise<PaymentMethodDomain> {
    return connect.registerPaymentMethodDomain(this.stripe, domain, connectedAccountId);
  }

  validatePaymentMethodDomain(domainId: string, connectedAccountId: string): Promise<PaymentMethodDomain> {
    return connect.validatePaymentMethodDomain(this.stripe, domainId, connectedAccountId);
  }

  parseWebhook(rawBody: string, signatureHeader: string | null): WebhookEvent {
    if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header');
    if (this.#webhookSecrets.length === 0)
      throw new WebhookSignatureError('No webhook signing secret configured');
    const receivedAt = this.#clock.now().getTime();
    // The SDK refuses stale timestamps only; one dated in the future beyond the tolerance is refused too.
    const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signatureHeader)?.[1] ?? NaN);
    if (signedAt - receivedAt / 1000 > WEBHOOK_TOLERANCE_SECONDS)
      throw new WebhookSignatureError('Timestamp outside the tolerance zone');
    let lastError: string | null = null;
    for (const secret of this.#webhookSecrets) {
      try {
        const event = this.stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          secret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          receivedAt,
        );
        return webhookEventFromStripe(event as unknown as EventLike);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
          // A signature that matched one secret but is too old says more than a mismatch with the other.
          if (/tolerance/i.test(err.message) || lastError === null) lastError = err.message;
          continue;
        }
        throw new WebhookSignatureError(`Invalid webhook payload: ${(err as Error).message}`);
      }
    }
    throw new WebhookSignatureError(
      lastError ?? 'No signatures found matching the expected signature for payload',
    );
  }

  async flushEvents(): Promise<{ delivered: number; pending: number }> {
    return { delivered: 0, pending: 0 };
  }

  async close(): Promise<void> {}
}
