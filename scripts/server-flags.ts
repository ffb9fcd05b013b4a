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
 */
export function serverNodeFlags(env: Record<string, string | undefined> = process.env): string[] {
  return /--max-old-space-size/.test(env.NODE_OPTIONS ?? '') ? [] : ['--max-old-space-size=1024'];
}
