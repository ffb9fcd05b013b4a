/**
 * The `stripe` provider: the official SDK, direct charges on the merchant's connected account
 * (`Stripe-Account` header on every call, `application_fee_amount` for the platform fee), Connect
 * onboarding by Account Links (new Standard accounts) or OAuth (existing Standard accounts), and
 * webhook verification against either of the two endpoint secrets (platform and Connect).
 * `STRIPE_API_BASE` replaces every Stripe host (api, connect) so tests point the real SDK at a
 * local server.
 */
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { Clock } from '../../context.ts';
import type { Logger } from '../../logger.ts';
import {
  ProviderRequestError,
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
} from './provider.ts';
import {
  accountFromStripe,
  confirmationTokenFromStripe,
  intentFromStripe,
  paymentMethodDomainFromStripe,
  refundFromStripe,
  webhookEventFromStripe,
  type EventLike,
  type PaymentIntentLike,
  type PaymentMethodDomainLike,
} from './stripe-objects.ts';

/** Stripe's default: events older than five minutes are replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
const CONNECT_OAUTH_AUTHORIZE = 'https://connect.stripe.com/oauth/authorize';

export interface StripeProviderOptions {
  logger: Logger;
  clock: Clock;
}

/** `STRIPE_API_BASE` → the SDK's host/port/protocol (the SDK applies a custom host to every base). */
export function sdkAddress(apiBase: string | null): {
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
} {
  if (!apiBase) return {};
  const u = new URL(apiBase);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** Any SDK failure becomes a ProviderRequestError carrying Stripe's type, code and decline code. */
export function toProviderError(err: unknown): unknown {
  if (!(err instanceof Stripe.errors.StripeError)) return err;
  const oauth = err instanceof Stripe.errors.StripeOAuthError;
  const type = oauth
    ? 'oauth_error'
    : err instanceof Stripe.errors.StripeConnectionError
      ? 'connection_error'
      : (err.rawType ?? 'api_error');
  return new ProviderRequestError({
    type,
    message: err.message || 'The payment provider refused the request',
    code: oauth ? (err.rawType ?? null) : (err.code ?? null),
    declineCode: err.decline_code ?? null,
    statusCode: err.statusCode ?? 0,
    param: err.param ?? null,
    cause: err,
  });
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toProviderError(err);
  }
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
      maxNetworkRetries: 2,
      timeout: 20_000,
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
      // back expanded (charged = quoted check, api/payments/method-match.ts).
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

  /**
   * Standard accounts: direct charges are Stripe's recommended pairing for Standard accounts (the
   * merchant is the merchant of record, owns refunds and disputes in their own Dashboard), and
   * Standard is also the only type an existing account can be connected as through OAuth, so both
   * onboarding paths end in the same kind of account.
   */
  async createOnboardingLink(input: OnboardingLinkInput): Promise<{ accountId: string; url: string }> {
    let accountId = input.existingAccountId;
    if (!accountId) {
      // A double click must not create two accounts; a changed email/name is a new request.
      const digest = createHash('sha256').update(`${input.email}\n${input.businessName}`).digest('hex');
      const account = await call(() =>
        this.stripe.accounts.create(
          {
            type: 'standard',
            email: input.email,
            business_profile: { name: input.businessName },
            metadata: { merchant_id: input.merchantId },
          },
          { idempotencyKey: `account-create:${input.merchantId}:${digest.slice(0, 16)}` },
        ),
      );
      accountId = account.id;
    }
    const link = await call(() =>
      this.stripe.accountLinks.create({
        account: accountId,
        refresh_url: input.refreshUrl,
        return_url: input.returnUrl,
        type: 'account_onboarding',
      }),
    );
    return { accountId, url: link.url };
  }

  oauthAuthorizeUrl(input: { state: string; redirectUri: string }): string {
    if (!this.#config.stripe.connectClientId) {
      throw new ProviderRequestError({
        type: 'invalid_request_error',
        code: 'oauth_not_configured',
        message: 'Connecting an existing Stripe account needs STRIPE_CONNECT_CLIENT_ID',
        statusCode: 0,
      });
    }
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: this.#config.stripe.connectClientId,
      scope: 'read_write',
      state: input.state,
      redirect_uri: input.redirectUri,
    });
    return `${CONNECT_OAUTH_AUTHORIZE}?${q}`;
  }

  async exchangeOAuthCode(code: string): Promise<{ accountId: string }> {
    const token = await call(() => this.stripe.oauth.token({ grant_type: 'authorization_code', code }));
    if (!token.stripe_user_id) {
      throw new ProviderRequestError({
        type: 'oauth_error',
        code: 'invalid_grant',
        message: 'Stripe did not return a connected account',
        statusCode: 400,
      });
    }
    return { accountId: token.stripe_user_id };
  }

  async retrieveAccount(accountId: string): Promise<ConnectedAccount> {
    return accountFromStripe(await call(() => this.stripe.accounts.retrieve(accountId)));
  }

  async disconnectAccount(accountId: string): Promise<void> {
    const clientId = this.#config.stripe.connectClientId;
    if (!clientId) {
      // Without a Connect client id there is no OAuth grant to revoke; the merchant record forgets it.
      this.#logger.info({ accountId }, 'stripe disconnect: no STRIPE_CONNECT_CLIENT_ID, nothing revoked');
      return;
    }
    try {
      await this.stripe.oauth.deauthorize({ client_id: clientId, stripe_user_id: accountId });
    } catch (err) {
      // Already disconnected (by the merchant from their Dashboard): the goal is reached.
      if (err instanceof Stripe.errors.StripeOAuthError && err.rawType === 'invalid_client') return;
      throw toProviderError(err);
    }
  }

  async registerPaymentMethodDomain(
    domain: string,
    connectedAccountId: string,
  ): Promise<PaymentMethodDomain> {
    const account = { stripeAccount: connectedAccountId };
    // A domain is registered once per account: look for it before creating it.
    const existing = await call(() =>
      this.stripe.paymentMethodDomains.list({ domain_name: domain, limit: 1 }, account),
    );
    const found = existing.data[0];
    if (found) {
      if (found.enabled) return paymentMethodDomainFromStripe(found as PaymentMethodDomainLike);
      const enabled = await call(() =>
        this.stripe.paymentMethodDomains.update(found.id, { enabled: true }, account),
      );
      return paymentMethodDomainFromStripe(enabled as PaymentMethodDomainLike);
    }
    const d = await call(() =>
      this.stripe.paymentMethodDomains.create({ domain_name: domain, enabled: true }, account),
    );
    return paymentMethodDomainFromStripe(d as PaymentMethodDomainLike);
  }

  async validatePaymentMethodDomain(
    domainId: string,
    connectedAccountId: string,
  ): Promise<PaymentMethodDomain> {
    const d = await call(() =>
      this.stripe.paymentMethodDomains.validate(domainId, {}, { stripeAccount: connectedAccountId }),
    );
    return paymentMethodDomainFromStripe(d as PaymentMethodDomainLike);
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
