/**
 * Every call to the payment provider, watched (issue 48): its time and outcome reported (metrics,
 * api/metrics), a failure logged as a warn line, and a circuit breaker. A provider that fails
 * `failures` calls in a row (no answer within PROVIDER_TIMEOUT_MS, a connection error, a 5xx or 429)
 * is *paused* for `seconds`: new quotes and payments answer 503 "Payments are paused…" at once
 * instead of each waiting out the time-outs (`pausedFor`, asked before a quote or a payment starts).
 * Once the pause is over the next call goes through; its success resumes payments, its failure
 * pauses them again. Calls already under way, webhooks, refunds and sweeps are never refused by the
 * breaker: they only count.
 *
 * A card decline, a refused request (4xx) or a bad signature is the provider answering: it is not a
 * failure here.
 */
import type { Logger } from '../../logger.ts';
import type { PaymentProvider } from '../../ports/payment-provider.ts';
import { ProviderRequestError } from '../../ports/payment-provider.ts';

export type ProviderOutcome = 'ok' | 'refused' | 'failed';

export interface BreakerOptions {
  /** Failures in a row that pause payments. */
  failures: number;
  /** How long a pause lasts before a call is let through again. */
  seconds: number;
  logger: Pick<Logger, 'warn' | 'info'>;
  now?: () => number;
  /** Each call's operation, outcome and duration (metrics). */
  onCall?: (operation: string, outcome: ProviderOutcome, seconds: number) => void;
}

/** The provider did not answer usefully: no answer, a connection error, a server error, too many requests. */
export function providerFailed(err: unknown): boolean {
  if (!(err instanceof ProviderRequestError)) return false;
  return (
    err.type === 'connection_error' || err.statusCode === 0 || err.statusCode >= 500 || err.statusCode === 429
  );
}

/** A provider whose payments can be paused: `pausedFor()` is the seconds until it is tried again, or 0. */
export type WatchedProvider = PaymentProvider & { pausedFor(): number };

export function watchProvider<P extends PaymentProvider>(
  provider: P,
  options: BreakerOptions,
): P & WatchedProvider {
  const now = options.now ?? Date.now;
  let failuresInRow = 0;
  let pausedUntil = 0;

  const record = (operation: string, outcome: ProviderOutcome, started: number, err?: unknown) => {
    options.onCall?.(operation, outcome, (performance.now() - started) / 1000);
    if (outcome !== 'failed') {
      if (failuresInRow >= options.failures)
        options.logger.info({ operation }, 'payment provider answers again; payments resume');
      failuresInRow = 0;
      pausedUntil = 0;
      return;
    }
    failuresInRow++;
    const e = err as ProviderRequestError;
    options.logger.warn(
      { operation, type: e.type, status: e.statusCode || undefined, err: e.message, failuresInRow },
      'payment provider call failed',
    );
    if (failuresInRow >= options.failures) {
      const wasPaused = pausedUntil > now();
      pausedUntil = now() + options.seconds * 1000;
      if (!wasPaused)
        options.logger.warn(
          { failuresInRow, seconds: options.seconds },
          'payment provider keeps failing; new payments are paused',
        );
    }
  };

  const wrap = (operation: string, fn: (...args: unknown[]) => unknown) =>
    function watched(...args: unknown[]) {
      const started = performance.now();
      // A method that answers at once (a webhook's signature check, a URL) asks the provider
      // nothing: neither counted nor able to throw into the breaker.
      const result = fn(...args);
      if (!(result instanceof Promise)) return result;
      return result.then(
        (value) => {
          record(operation, 'ok', started);
          return value;
        },
        (err) => {
          record(operation, providerFailed(err) ? 'failed' : 'refused', started, err);
          throw err;
        },
      );
    };

  // Keyed by the method itself: one replaced on the provider (a test's stand-in) is wrapped anew.
  const wrapped = new WeakMap<object, unknown>();
  const pausedFor = () => Math.max(0, Math.ceil((pausedUntil - now()) / 1000));
  return new Proxy(provider, {
    get(target, prop) {
      if (prop === 'pausedFor') return pausedFor;
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function' || typeof prop !== 'string' || prop === 'constructor') return value;
      let fn = wrapped.get(value);
      if (!fn) wrapped.set(value, (fn = wrap(prop, value.bind(target))));
      return fn;
    },
  }) as P & WatchedProvider;
}

/** Seconds until payments resume when the provider is paused (0: not paused, or not watched). */
export function providerPausedFor(provider: PaymentProvider): number {
  const watched = provider as Partial<WatchedProvider>;
  return typeof watched.pausedFor === 'function' ? watched.pausedFor() : 0;
}
