/**
 * Rate limits as HTTP: one limiter per app (keyed by its deps, no module-level state shared between
 * test apps), active when RATE_LIMITS is on (the default), refusing with 429 `rate_limited` and a
 * `Retry-After` header.
 */
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../context.ts';
import { AppError } from '../errors.ts';
import { RateLimiter, type RateDecision, type RateRule } from './limiter.ts';

const limiters = new WeakMap<AppDeps, RateLimiter>();

export function rateLimiterFor(deps: AppDeps): RateLimiter {
  let limiter = limiters.get(deps);
  if (!limiter) {
    limiter = new RateLimiter(deps.clock);
    limiters.set(deps, limiter);
  }
  return limiter;
}

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

/** Count an attempt against each rule+key; throw 429 if any is over its limit. */
export function enforceRateLimits(c: Context<AppEnv>, checks: Array<[RateRule, string | null]>): void {
  const deps = c.get('deps');
  if (!deps.config.rateLimits) return;
  const limiter = rateLimiterFor(deps);
  // Check all first so a refused request does not consume the other rules' budgets.
  for (const [rule, key] of checks) if (key !== null) throwIfRefused(limiter.check(rule, key));
  for (const [rule, key] of checks) if (key !== null) limiter.hit(rule, key);
}

/** Throw 429 if the rule is already exhausted for the key (for failure-only counters). */
export function assertUnderLimit(c: Context<AppEnv>, rule: RateRule, key: string): void {
  const deps = c.get('deps');
  if (deps.config.rateLimits) throwIfRefused(rateLimiterFor(deps).check(rule, key));
}

/** Record a failure against a failure-only counter. */
export function recordFailure(c: Context<AppEnv>, rule: RateRule, key: string): void {
  const deps = c.get('deps');
  if (deps.config.rateLimits) rateLimiterFor(deps).hit(rule, key);
}

export function clearFailures(c: Context<AppEnv>, rule: RateRule, key: string): void {
  rateLimiterFor(c.get('deps')).reset(rule, key);
}
