/**
 * How the sandbox provider, which runs in our process, hands its signed events to our webhook
 * handling (the server's wiring and the tests'): the raw body and its `Stripe-Signature` header go
 * to `receiveProviderEvent`, exactly what `POST /api/webhooks/stripe` calls, and the provider hears
 * the status that route would answer — 200, 400 for a bad signature, 500 for a failure (logged, and
 * tried again like any event without a 2xx). No web `Request` is built for it: building one, with
 * its headers and body stream, cost the server more than the event's own handling (on the payment
 * benchmark, some 8 % of the event loop per payment); Stripe's events reach the route over HTTP, where
 * Node's own parser builds the request. An answer slower than `timeoutMs` counts as no answer (the
 * event is tried again later), as over HTTP.
 *
 * @example
 *   const payments = await createPaymentProvider(config, { logger, clock, deliver: deliverInProcess(depsReady, logger) });
 */
import type { AppDeps } from '../context.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { DeliverWebhook } from '../ports/payment-provider.ts';
import { receiveProviderEvent } from './service.ts';

/** `deps`: the app's dependencies, once made (they include the provider that delivers; until then events wait). */
export function deliverInProcess(
  deps: Promise<AppDeps> | AppDeps,
  logger: Logger,
  timeoutMs = 10_000,
): DeliverWebhook {
  return async (rawBody, signatureHeader) => {
    const ready = await deps;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    const answered = receiveProviderEvent(ready, rawBody, signatureHeader).then(
      () => 200,
      (err: unknown) => {
        if (err instanceof AppError && err.status < 500) return err.status;
        logger.error({ err }, 'a sandbox event could not be handled');
        return 500;
      },
    );
    try {
      return await Promise.race([answered, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
}
