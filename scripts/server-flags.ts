/**
 * Node flags the server runs with (`npm start`, its cluster workers, and the benchmarks and
 * reliability tests that run the server as `npm start` does).
 *
 * `--max-old-space-size=1024`: V8 sizes how far it lets the heap grow between collections by the
 * heap's maximum, which by default follows the machine's memory (4 GB here). Under a flood of
 * requests that allocate fast (600 MB bodies refused at 1 MB, 8 KB unique paths) the server then sat
 * at 210–225 MB RSS with some 40 MB live; with a 1 GB maximum — five times the DESIGN §9 budget of
 * 200 MB, far above anything the server keeps — it collects sooner and peaks near 160 MB for the
 * same work (`npm run bench -- --only flood-rss`). A NODE_OPTIONS that sets the heap size wins.
 *
 * The price, measured with `npm run bench -- --only pay-session-vs-bare-json` (9 slice pairs from
 * 3 pairs of processes): pay-session lookups 48 % of the bare route with V8's default maximum, 40 %
 * with 1024 or 1536 MB — some 17 % of the lookup's throughput. 1536 MB keeps the flood near
 * 186–192 MB; 2048 MB lets it reach 272 MB (in a shorter comparison 2048 looked as fast as the
 * default, and 1280 as slow as 1024). So no maximum met both budgets on this 2-core machine; this
 * one keeps memory bounded.
 *
 * A 1 GB maximum also halves V8's young generation (8 MB semi-spaces instead of 16), which is what
 * the lookups pay for. Measured 2026-11-28, both figures in one run each: no flag 48.0 % and a
 * 190.5 MB flood peak; `--max-semi-space-size=16` 49.0 % and 185.8 MB; `=32` 201 MB (its lookup
 * ratio was disturbed by other work). Not adopted: within noise of the budget either way.
 */
export function serverNodeFlags(env: Record<string, string | undefined> = process.env): string[] {
  return /--max-old-space-size/.test(env.NODE_OPTIONS ?? '') ? [] : ['--max-old-space-size=1024'];
}
