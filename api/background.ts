/**
 * Work a request starts and does not wait for: mail whose sending must not decide when, or whether
 * quickly, the request is answered — a provider's webhook that queued a receipt (Stripe retries,
 * then disables, an endpoint that keeps it waiting), a password reset asked for an address that may
 * or may not have an account (an answer that waited for the mail server would tell which). It runs
 * beside the answer; a failure is logged, never thrown at the caller; shutdown waits for what is
 * under way before the database closes, and so may a test before it reads what was done.
 *
 * @example runInBackground(deps, 'password reset mail', () => forgotPassword(deps, email, ip));
 * @example await backgroundSettled(deps); // before closing the database
 */
import { cacheKey, type AppCaches } from './app-caches.ts';
import type { Logger } from './logger.ts';

const UNDER_WAY = cacheKey('background work', () => new Set<Promise<void>>());

type BackgroundDeps = { caches: AppCaches; logger: Logger };

/** Start `work` now, beside the caller's answer. */
export function runInBackground(deps: BackgroundDeps, what: string, work: () => Promise<unknown>): void {
  const underWay = deps.caches.of(UNDER_WAY);
  const task: Promise<void> = Promise.resolve()
    .then(work)
    .then(
      () => undefined,
      (err: unknown) =>
        deps.logger.warn({ err: (err as Error)?.message ?? String(err), what }, `${what} failed`),
    )
    .finally(() => underWay.delete(task));
  underWay.add(task);
}

/** Resolves once the work under way — and any it started in turn — has finished (never rejects). */
export async function backgroundSettled(deps: Pick<BackgroundDeps, 'caches'>): Promise<void> {
  const underWay = deps.caches.of(UNDER_WAY);
  while (underWay.size) await Promise.allSettled([...underWay]);
}
