/**
 * The in-memory limiter and lockout tracker: fixed windows with Retry-After, refused attempts not
 * extending the wait, failure-only counting, temporary lockouts, and bounded memory.
 */
import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../api/rate-limit/limiter.ts';
import { LockoutTracker } from '../../api/rate-limit/lockout.ts';

class Clock {
  t = Date.parse('2026-11-22T00:00:00.000Z');
  now = () => new Date(this.t);
}

const rule = { name: 'test', limit: 3, windowMs: 60_000 };

describe('RateLimiter', () => {
  it('allows the limit per window, then refuses with the seconds left', () => {
    const clock = new Clock();
    const limiter = new RateLimiter(clock);
    expect([1, 2, 3].map(() => limiter.consume(rule, 'k').ok)).toEqual([true, true, true]);
    clock.t += 20_500;
    expect(limiter.consume(rule, 'k')).toEqual({ ok: false, retryAfterSeconds: 40 });
    expect(limiter.consume(rule, 'other').ok).toBe(true);
    clock.t += 39_500;
    expect(limiter.consume(rule, 'k').ok).toBe(true);
  });

  it('does not count refused attempts, and counts failures only when told', () => {
    const clock = new Clock();
    const limiter = new RateLimiter(clock);
    limiter.hit(rule, 'k');
    limiter.hit(rule, 'k');
    expect(limiter.check(rule, 'k')).toEqual({ ok: true, remaining: 1 });
    limiter.hit(rule, 'k');
    for (let i = 0; i < 10; i++) limiter.consume(rule, 'k');
    clock.t += 60_000;
    expect(limiter.check(rule, 'k').ok).toBe(true);
    limiter.hit(rule, 'k');
    limiter.reset(rule, 'k');
    expect(limiter.check(rule, 'k')).toEqual({ ok: true, remaining: 3 });
  });

  it('keeps memory bounded under many keys', () => {
    const limiter = new RateLimiter(new Clock(), 100);
    for (let i = 0; i < 1000; i++) limiter.hit(rule, `ip-${i}`);
    expect(limiter.check(rule, 'ip-999')).toEqual({ ok: true, remaining: 2 });
    expect(limiter.check(rule, 'ip-0')).toEqual({ ok: true, remaining: 3 });
  });
});

describe('LockoutTracker', () => {
  it('locks after the threshold for a fixed time, then starts counting again', () => {
    const clock = new Clock();
    const tracker = new LockoutTracker(clock);
    for (let i = 0; i < 4; i++) expect(tracker.fail('k', 5, 900_000)).toBe(false);
    expect(tracker.lockedFor('k')).toBe(0);
    expect(tracker.fail('k', 5, 900_000)).toBe(true);
    expect(tracker.lockedFor('k')).toBe(900);
    clock.t += 900_000;
    expect(tracker.lockedFor('k')).toBe(0);
    expect(tracker.fail('k', 5, 900_000)).toBe(false);
  });
});
