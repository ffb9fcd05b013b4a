/**
 * API server RSS under load (DESIGN §9, ≤ 200 MB): the peak resident set size of the real server
 * process (sampled from /proc every 250 ms) during the mixed workload of mixed-load.ts — the same
 * run when both figures are measured together, its own run otherwise.
 */
import type { Benchmark } from '../harness.ts';
import { mixedLoadOnce } from './mixed-load.ts';

export const serverRssUnderLoad: Benchmark = {
  name: 'server-rss-under-load',
  unit: 'MB',
  budget: 200,
  direction: 'max',
  description: 'peak RSS of the API server process during the mixed workload (sandbox, SQLite)',
  run: async (ctx) => (await mixedLoadOnce(ctx)).rssPeak,
};
