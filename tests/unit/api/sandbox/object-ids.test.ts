/**
 * The sandbox's ids (api/sandbox/provider/ids.ts): Stripe-looking everywhere; those of the objects
 * each payment makes (`newObjectId`: intents, charges, events, refunds) begin with the time so they
 * sort as made, and the rest stays random (`newId`: secrets, tokens, codes).
 */
import { describe, expect, it } from 'vitest';
import { newId, newObjectId } from '../../../../api/sandbox/provider/ids.ts';

const STRIPE_LIKE = /^pi_[0-9A-Za-z]{24}$/;

describe('sandbox object ids', () => {
  it('look like Stripe ids: the prefix, then 24 letters and digits', () => {
    expect(newObjectId('pi')).toMatch(STRIPE_LIKE);
    expect(newId('pi')).toMatch(STRIPE_LIKE);
    expect(newObjectId('acct', 16)).toMatch(/^acct_[0-9A-Za-z]{16}$/);
  });

  it('sort by the time they were made, across digits, days and years', () => {
    const start = Date.parse('2026-11-29T00:00:00Z');
    const times = [0, 1, 9, 10, 61, 62, 3_843, 3_844, 86_400_000, 365 * 86_400_000];
    const ids = times.map((d) => newObjectId('evt', 24, start + d));
    expect([...ids].sort()).toEqual(ids);
  });

  it('keep 16 random characters after the time: many made in one millisecond never repeat', () => {
    const at = Date.now();
    const ids = Array.from({ length: 20_000 }, () => newObjectId('ch', 24, at));
    expect(new Set(ids).size).toBe(20_000);
    expect(new Set(ids.map((id) => id.slice(0, 11))).size).toBe(1); // `ch_` and the time
  });
});
