/**
 * Server RSS under a flood of hostile requests (DESIGN §9, ≤ 200 MB; issue 16): the real server
 * (child process, SQLite, sandbox) receives for 60 s (4 s in quick mode), all at once:
 *  - oversized bodies: 600 MB streamed chunked to the provider webhook, and 600 MB declared by
 *    Content-Length to a small JSON route (each answered 413 as soon as it is over the limit);
 *  - GETs of long (8,000-character) paths never seen before: unknown assets (404) and client-side
 *    routes (the console's shell).
 * Figure: the peak RSS of the server process, sampled from /proc every 250 ms. Printed with it: the
 * requests of each kind, their statuses, the bytes sent before the server refused them, and RSS at
 * the start and the end.
 */
import type { Benchmark } from '../harness.ts';
import { startAppServer } from '../servers/app-server.ts';
import { getUniquePaths, sendOversized } from '../servers/flood.ts';

const MB = 1024 * 1024;

export interface FloodRun {
  rssStart: number;
  rssEnd: number;
  rssPeak: number;
}

export async function runFlood(options: {
  seconds: number;
  log?: (m: string) => void;
  /** What to send (default both). */
  kinds?: Array<'oversized' | 'unique'>;
  /** How the server is started (e.g. node flags to compare). */
  server?: Parameters<typeof startAppServer>[0];
}): Promise<FloodRun> {
  const server = await startAppServer(options.server);
  try {
    await getUniquePaths(server.baseUrl, 200, { length: 200 }); // warm up
    const rssStart = server.rssMb();
    let peak = rssStart;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, server.rssMb());
      } catch {
        /* exited */
      }
    }, 250);
    const until = Date.now() + options.seconds * 1000;
    const statuses = new Map<string, number>();
    const count = (kind: string, status: number | null) =>
      statuses.set(`${kind} ${status ?? 'closed'}`, (statuses.get(`${kind} ${status ?? 'closed'}`) ?? 0) + 1);
    let bytesSent = 0;

    const oversized = async (declareLength: boolean) => {
      while (Date.now() < until) {
        const answer = declareLength
          ? await sendOversized(`${server.baseUrl}/api/sandbox/payment_methods`, 600 * MB, { declareLength })
          : await sendOversized(`${server.baseUrl}/api/webhooks/stripe`, 600 * MB, {
              headers: { 'stripe-signature': 't=1,v1=00' },
            });
        bytesSent += answer.sent;
        count(declareLength ? 'oversized (Content-Length)' : 'oversized (chunked)', answer.status);
      }
    };
    const unique = async (prefix: string, extension: string, kind: string) => {
      while (Date.now() < until) {
        const got = await getUniquePaths(server.baseUrl, 200, {
          length: 8000,
          prefix,
          extension,
          parallel: 4,
        });
        for (const [status, n] of got) for (let i = 0; i < n; i++) count(kind, status);
      }
    };
    const kinds = options.kinds ?? ['oversized', 'unique'];
    try {
      await Promise.all([
        ...(kinds.includes('oversized')
          ? [oversized(false), oversized(false), oversized(true), oversized(true)]
          : []),
        ...(kinds.includes('unique')
          ? [unique('/assets/', '.js', 'unique asset path'), unique('/admin/', '', 'unique page path')]
          : []),
      ]);
    } finally {
      clearInterval(sampler);
    }
    const rssEnd = server.rssMb();
    peak = Math.max(peak, rssEnd);
    const alive = (await fetch(`${server.baseUrl}/healthz`)).status;
    options.log?.(
      `flood: ${options.seconds} s; ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; ` +
        `${(bytesSent / MB).toFixed(0)} MB of oversized bodies sent before refusal; ` +
        `RSS ${rssStart.toFixed(1)} → ${rssEnd.toFixed(1)} MB (peak ${peak.toFixed(1)}); /healthz after: ${alive}`,
    );
    if (alive !== 200)
      throw new Error(`the server stopped answering after the flood:\n${server.output().slice(-2000)}`);
    return { rssStart, rssEnd, rssPeak: peak };
  } finally {
    await server.stop();
  }
}

export const floodRss: Benchmark = {
  name: 'flood-rss',
  unit: 'MB',
  budget: 200,
  direction: 'max',
  description: 'peak RSS of the API server during a 60 s flood of 600 MB bodies and unique long paths',
  run: async (ctx) => (await runFlood({ seconds: ctx.quick ? 4 : 60, log: ctx.log })).rssPeak,
};
