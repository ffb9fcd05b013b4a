/**
 * The `stripe` provider's Connect side: onboarding by Account Links (new Standard accounts) or OAuth
 * (existing Standard accounts), the connected account's state, disconnecting, and the payment method
 * domains that wallets on direct charges need (registered on the connected account). The provider
 * class (stripe.ts) hands each call its SDK client.
 */
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { Logger } from '../../logger.ts';
import {
  ProviderRequestError,
  type ConnectedAccount,
  type OnboardingLinkInput,
  type PaymentMethodDomain,
} from '../../ports/payment-provider.ts';
import { accountFromStripe, paymentMethodDomainFromStripe } from './stripe-objects.ts';
import { call, toProviderError } from './stripe-sdk.ts';
import type { PaymentMethodDomainLike } from './stripe-shapes.ts';

const CONNECT_OAUTH_AUTHORIZE = 'https://connect.stripe.com/oauth/authorize';

/**
 * Standard accounts: direct charges are Stripe's recommended pairing for Standard accounts (the
 * merchant is the merchant of record, owns refunds and disputes in their own Dashboard), and
 * Standard is also the only type an existing account can be connected as through OAuth, so both
 * onboarding paths end in the same kind of account.
 */
export async function createOnboardingLink(
  stripe: Stripe,
  input: OnboardingLinkInput,
): Promise<{ accountId: string; url: string }> {
  let accountId = input.existingAccountId;
  if (!accountId) {
    // A double click must not create two accounts; a changed email/name is a new request.
    const digest = createHash('sha256').update(`${input.email}\n${input.businessName}`).digest('hex');
    const account = await call(() =>
      stripe.accounts.create(
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
    stripe.accountLinks.create({
      account: accountId,
      refresh_url: input.refreshUrl,
      return_url: input.returnUrl,
      type: 'account_onboarding',
    }),
  );
  return { accountId, url: link.url };
}

export function oauthAuthorizeUrl(
  connectClientId: string | null,
  input: { state: string; redirectUri: string },
): string {
  if (!connectClientId) {
    throw new ProviderRequestError({
      type: 'invalid_request_error',
      code: 'oauth_not_configured',
      message: 'Connecting an existing Stripe account needs STRIPE_CONNECT_CLIENT_ID',
      statusCode: 0,
    });
  }
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: connectClientId,
    scope: 'read_write',
    state: input.state,
    redirect_uri: input.redirectUri,
  });
  return `${CONNECT_OAUTH_AUTHORIZE}?${q}`;
}

export async function exchangeOAuthCode(stripe: Stripe, code: string): Promise<{ accountId: string }> {
  const token = await call(() => stripe.oauth.token({ grant_type: 'authorization_code', code }));
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

export async function retrieveAccount(stripe: Stripe, accountId: string): Promise<ConnectedAccount> {
  return accountFromStripe(await call(() => stripe.accounts.retrieve(accountId)));
}

export async function disconnectAccount(
  stripe: Stripe,
  connectClientId: string | null,
  logger: Logger,
  accountId: string,
): Promise<void> {
  if (!connectClientId) {
    // Without a Connect client id there is no OAuth grant to revoke; the merchant record forgets it.
    logger.info({ accountId }, 'stripe disconnect: no STRIPE_CONNECT_CLIENT_ID, nothing revoked');
    return;
  }
  try {
    await stripe.oauth.deauthorize({ client_id: connectClientId, stripe_user_id: accountId });
  } catch (err) {
    // Already disconnected (by the merchant from their Dashboard): the goal is reached.
    if (err instanceof Stripe.errors.StripeOAuthError && err.rawType === 'invalid_client') return;
    throw toProviderError(err);
  }
}

export async function registerPaymentMethodDomain(
  stripe: Stripe,
  domain: string,
  connectedAccountId: string,
): Promise<PaymentMethodDomain> {
  const account = { stripeAccount: connectedAccountId };
  // A domain is registered once per account: look for it before creating it.
  const existing = await call(() =>
    stripe.paymentMethodDomains.list({ domain_name: domain, limit: 1 }, account),
  );
  const found = existing.data[0];
  if (found) {
    if (found.enabled) return paymentMethodDomainFromStripe(found as PaymentMethodDomainLike);
    const enabled = await call(() =>
      stripe.paymentMethodDomains.update(found.id, { enabled: true }, account),
    );
    return paymentMethodDomainFromStripe(enabled as PaymentMethodDomainLike);
  }
  const d = await call(() =>
    stripe.paymentMethodDomains.create({ domain_name: domain, enabled: true }, account),
  );
  return paymentMethodDomainFromStripe(d as PaymentMethodDomainLike);
}

export async function validatePaymentMethodDomain(
  stripe: Stripe,
  domainId: string,
  connectedAccountId: string,
): Promise<PaymentMethodDomain> {
  const d = await call(() =>
    stripe.paymentMethodDomains.validate(domainId, {}, { stripeAccount: connectedAccountId }),
  );
  return paymentMethodDomainFromStripe(d as PaymentMethodDomainLike);
}
