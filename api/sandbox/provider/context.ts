/**
 * What every sandbox operation works with, and Stripe-style request errors.
 */
import type { Clock } from '../../context.ts';
import type { Dialect } from '../../db/database.ts';
import { ProviderRequestError } from '../../ports/payment-provider.ts';
import type { FreshEvents } from './event-queue.ts';
import type { SandboxDb } from './tables.ts';

export interface SandboxContext {
  db: SandboxDb;
  dialect: Dialect;
  clock: Clock;
  /** Our public origin: the browser completes 3-D Secure and Connect consent on it. */
  baseUrl: string;
  /** How long a bank debit stays `processing` before the bank's final word (SANDBOX_BECS_DELAY_SECONDS). */
  becsDelayMs: number;
  /** How long the PayTo test PayIDs that answer by themselves take (SANDBOX_PAYTO_DELAY_SECONDS). */
  paytoDelayMs: number;
  /** How long a PayTo request waits for the tester before it expires (the approval window). */
  paytoExpiryMs: number;
  /** How long an approved PayTo payment takes on the New Payments Platform before it succeeds. */
  paytoSettleMs: number;
  /** Events queued for background delivery (events.ts); absent when only `flushEvents` delivers. */
  fresh?: FreshEvents | null;
}

/** Stripe's `created` unit. */
export const seconds = (clock: Clock) => Math.floor(clock.now().getTime() / 1000);

export const invalid = (message: string, extra: { code?: string; param?: string; status?: number } = {}) =>
  new ProviderRequestError({
    type: 'invalid_request_error',
    message,
    code: extra.code ?? null,
    param: extra.param ?? null,
    statusCode: extra.status ?? 400,
  });
