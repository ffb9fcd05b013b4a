/**
 * Builds the payment provider the configuration names (`PAYMENTS_PROVIDER`, else `stripe` when a
 * Stripe secret key is set, else `sandbox`): the payments domain's Stripe provider or the sandbox
 * (api/sandbox/provider, with its pages beside it in api/sandbox). Composition, like api/app.ts: it
 * knows both, and neither knows the other.
 *
 * @example
 *   // server: the sandbox hands its signed events to our own app's webhook route, in-process
 *   const payments = await createPaymentProvider(config, { logger, clock, deliver: appDeliver(appCreated) });
 *   // tests (tests/support/app.ts): the same, to an app made after the provider
 *   const payments = await createPaymentProvider(config, { logger, clock, deliver: appDeliver(appReady) });
 */
import type { Config } from './config.ts';
import type { Clock } from './context.ts';
import type { Logger } from './logger.ts';
import type { DeliverWebhook, PaymentProvider } from './ports/payment-provider.ts';
import { SandboxProvider } from './sandbox/provider/sandbox-provider.ts';
import { StripeProvider } from './payments/providers/stripe.ts';

export interface ProviderDeps {
  logger: Logger;
  clock: Clock;
  /** Sandbox only: how its signed events reach `POST /api/webhooks/stripe`. */
  deliver: DeliverWebhook;
  /** Sandbox only: background delivery (default true). */
  autoDeliver?: boolean;
}

export async function createPaymentProvider(
  config: Readonly<Config>,
  deps: ProviderDeps,
): Promise<PaymentProvider> {
  if (config.paymentsProvider === 'stripe') {
    return new StripeProvider(config, { logger: deps.logger, clock: deps.clock });
  }
  return SandboxProvider.open({
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

/** Something that answers a web `Request` (a Hono app's `fetch`). */
export interface FetchHandler {
  fetch(request: Request): Response | Promise<Response>;
}

/**
 * Delivery to our own webhook route in-process (the server's sandbox wiring): the same signed body
 * and `Stripe-Signature` header through the app's whole request path (body limit, signature check,
 * deduplication), without a socket and HTTP parsing on either side. An answer slower than
 * `timeoutMs` counts as no answer (the event is tried again later), as over HTTP.
 */
export function appDeliver(app: Promise<FetchHandler> | FetchHandler, timeoutMs = 10_000): DeliverWebhook {
  return async (rawBody, signatureHeader) => {
    const handler = await app; // the app exists once the server has built it
    const request = new Request('http://sandbox.invalid/api/webhooks/stripe', {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signatureHeader,
        // Declared, as over HTTP: the body limit judges it from the header, not by reading a stream.
        'content-length': String(Buffer.byteLength(rawBody)),
      },
      body: rawBody,
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const res = await Promise.race([handler.fetch(request), timeout]);
      // Only the status is read. The answer is in memory, with no socket behind it to drain; reading
      // its body would only make the server build a web Response and a stream to throw away.
      return res.status;
    } finally {
      clearTimeout(timer);
    }
  };
}
