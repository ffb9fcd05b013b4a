/**
 * Builds the payment provider the configuration names (`PAYMENTS_PROVIDER`, else `stripe` when a
 * Stripe secret key is set, else `sandbox`): the payments domain's Stripe provider or the sandbox
 * (api/sandbox/provider, with its pages beside it in api/sandbox). Composition, like api/app.ts: it
 * knows both, and neither knows the other.
 *
 * @example
 *   // server and tests: the sandbox hands its signed events to our own webhook handling, in-process
 *   // (api/webhooks/in-process.ts), once the app — which needs the provider — exists
 *   const payments = await createPaymentProvider(config, { logger, clock, deliver: deliverInProcess(appReady, logger) });
 */
import type { Config } from './config.ts';
import type { Clock } from './context.ts';
import type { Logger } from './logger.ts';
import type { DeliverWebhook, PaymentProvider } from './ports/payment-provider.ts';
import { SandboxProvider } from './sandbox/provider/sandbox-provider.ts';
import { StripeProvider } from './payments/providers/stripe.ts';
import { watchProvider, type BreakerOptions } from './payments/providers/breaker.ts';
import { recordProviderCall } from './metrics/metrics.ts';

export interface ProviderDeps {
  logger: Logger;
  clock: Clock;
  /** Each provider call's operation, outcome and seconds (metrics). */
  onCall?: BreakerOptions['onCall'];
  /** Sandbox only: how its signed events reach `POST /api/webhooks/stripe`. */
  deliver: DeliverWebhook;
  /** Sandbox only: background delivery (default true). */
  autoDeliver?: boolean;
}

export async function createPaymentProvider(
  config: Readonly<Config>,
  deps: ProviderDeps,
): Promise<PaymentProvider> {
  // Every call timed, counted and logged when it fails; payments paused while the provider keeps
  // failing (api/payments/providers/breaker.ts).
  const watch = <P extends PaymentProvider>(provider: P) =>
    watchProvider(provider, {
      failures: config.provider.breakerFailures,
      seconds: config.provider.breakerSeconds,
      logger: deps.logger,
      onCall: deps.onCall ?? recordProviderCall, // (nothing while metrics are off)
    });
  if (config.paymentsProvider === 'stripe') {
    return watch(new StripeProvider(config, { logger: deps.logger, clock: deps.clock }));
  }
  const sandbox = await SandboxProvider.open({
    databaseUrl: config.sandboxDatabaseUrl,
    baseUrl: config.publicBaseUrl,
    clock: deps.clock,
    logger: deps.logger,
    deliver: deps.deliver,
    autoDeliver: deps.autoDeliver,
    becsDelaySeconds: config.sandboxBecsDelaySeconds,
    paytoDelaySeconds: config.sandboxPaytoDelaySeconds,
    // The bank's request outlives our hold by a minute: our expiry sweep cancels it first.
    paytoExpirySeconds: config.paytoApprovalMinutes * 60 + 60,
  });
  return watch(sandbox);
}

/** Delivery over HTTP to our own webhook route (the server's sandbox wiring). */
export function httpDeliver(url: Promise<string> | string, timeoutMs = 10_000): DeliverWebhook {
  return async (rawBody, signatureHeader) => {
    const target = await url; // the server's own address, known once it listens
    const res = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signatureHeader },
      body: rawBody,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer().catch(() => undefined);
    return res.status;
  };
}
