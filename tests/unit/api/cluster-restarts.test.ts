/** Replacing workers that keep dying (issue 48): at once, then waiting longer, never giving up. */
import { describe, expect, it } from 'vitest';
import { restartDelay } from '../../../api/cluster.ts';

describe('restartDelay', () => {
  it('replaces a worker at once, then backs off to at most 30 s', () => {
    expect(restartDelay(1)).toBe(0);
    expect(restartDelay(2)).toBe(500);
    expect(restartDelay(3)).toBe(1_000);
    expect(restartDelay(6)).toBe(8_000);
    expect(restartDelay(8)).toBe(30_000);
    expect(restartDelay(1_000)).toBe(30_000);
  });
});
