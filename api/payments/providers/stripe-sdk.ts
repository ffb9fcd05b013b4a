/**
 * The Stripe SDK's plumbing shared by the `stripe` provider's parts (stripe.ts, stripe-connect.ts):
 * where its requests go, and how its failures become our ProviderRequestError.
 */
import Stripe from 'stripe';
import { ProviderRequestError } from '../../ports/payment-provider.ts';

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

export async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toProviderError(err);
  }
}
