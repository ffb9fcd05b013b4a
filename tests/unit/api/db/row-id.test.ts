/** Row ids (api/db/row-id.ts): version-7 UUIDs, time-ordered, unique, accepted where our routes take a payment id. */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { newRowId } from '../../../../api/db/row-id.ts';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newRowId', () => {
  it('is a 36-character UUID of version 7 whose first 48 bits are the time in milliseconds', () => {
    const at = Date.parse('2026-11-29T12:00:00.123Z');
    const id = newRowId(at);
    expect(id).toMatch(V7);
    expect(id).toHaveLength(36);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
    expect(z.string().uuid().safeParse(id).success).toBe(true); // what the pay routes' id params check
  });

  it('sorts by the time it was made (the random part only orders ids of one millisecond)', () => {
    const ids = [0, 1, 2, 1_000, 86_400_000].map((d) => newRowId(Date.parse('2026-11-29T00:00:00Z') + d));
    expect([...ids].sort()).toEqual(ids);
  });

  it('draws 74 random bits per id: many made in one millisecond never repeat', () => {
    const at = Date.now();
    const ids = new Set(Array.from({ length: 20_000 }, () => newRowId(at)));
    expect(ids.size).toBe(20_000);
    for (const id of [...ids].slice(0, 50)) expect(id).toMatch(V7);
  });
});
