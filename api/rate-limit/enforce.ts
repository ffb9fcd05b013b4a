/**
 * Rate limits as HTTP: one store per app (store.ts: in memory on SQLite, in the database on
 * PostgreSQL so several processes share it), active when RATE_LIMITS is on (the default), refusing
 * with 429 `rate_limited` and a `Retry-After` header.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { AppError } from '../errors.ts';
import type { RateDecision, RateRule } from './limiter.ts';

export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = retryAfterSeconds < 60 ? 'in a moment' : `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new AppError('rate_limited', `Too many attempts. Please try again ${wait}.`, {
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

function throwIfRefused(decision: RateDecision): void {
  if (!decision.ok) throw tooManyAttempts(decision.retryAfterSeconds);
}

/** Count an attempt against each rule+key (null keys skipped); throw 429 if any is over its limit. */
export async function enforceRateLimits(
  c: Context<AppEnv>,
  checks: Array<[RateRule, string | null]>,
): Promise<void> {
  const deps = c.get('deps');
  if (!deps.config.rateLimits) return;
  const keyed = checks.filter((check): check is [RateRule, string] => check[1] !== null);
  if (keyed.length) throwIfRefused(await deps.caches.rates.consume(keyed));
}

/** Throw 429 if the rule is already exhausted for the key (for failure-only counters). */
export async function assertUnderLimit(c: Context<AppEnv>, rule: RateRule, key: string): Promise<void> {
  const deps = c.get('deps');
  if (deps.config.rateLimits) throwIfRefused(await deps.caches.rates.check(rule, key));
}

/** Record a failure against a failure-only counter. */
export async function recordFailure(c: Context<AppEnv>, rule: RateRule, key: string): Promise<void> {
  const deps = c.get('deps');
  if (deps.config.rateLimits) await deps.caches.rates.hit(rule, key);
}

export async function clearFailures(c: Context<AppEnv>, rule: RateRule, key: string): Promise<void> {
  const deps = c.get('deps');
  if (deps.config.rateLimits) await deps.caches.rates.reset(rule, key);
}
