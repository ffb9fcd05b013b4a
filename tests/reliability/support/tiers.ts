/**
 * Test tiers: bounded corpus, fuzz and crash counts by default (the reliability project stays
 * within a few minutes on 2 cores); `DEEP=1` scales every count up for a deep run.
 *
 * @example const runs = tier(20, 300); // 20 per route normally, 300 with DEEP=1
 */
export const DEEP = process.env.DEEP === '1';

export function tier(normal: number, deep: number): number {
  return DEEP ? deep : normal;
}
