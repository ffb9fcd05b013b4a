/**
 * Bounded memory against the real server process (issue 16), RSS read from /proc:
 *  - a 600 MB body streamed to the provider webhook (chunked) and one declared with a 600 MB
 *    Content-Length to a small JSON route are both answered 413 with the error shape, and the
 *    server's RSS does not grow by anything like the body (it is never read whole);
 *  - thousands of long, unique, unknown paths (404s and client-side routes) leave RSS where it was.
 *    That server runs with its heap capped at 64 MB, so garbage not yet collected can neither hide
 *    nor fake growth: what is measured is what the server keeps (today's code, which remembered
 *    every path, runs out of heap and dies).
 * The 60 s flood with figures is `npm run bench -- --only flood-rss`.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '../../bench/servers/app-server.ts';
import { getUniquePaths, sendOversized, type OversizedAnswer } from '../../bench/servers/flood.ts';
import { tier } from './support/tiers.ts';

const MB = 1024 * 1024;
/** Growth allowed for heap churn and allocator slack: far below the 600 MB sent, or the ~90 MB that 6,000 cached paths took. */
const SLACK_MB = 40;

// The server answers and closes the connection; a client still writing may, rarely, see the close
// before it reads the answer (then it tries again).
const answered = async (send: () => Promise<OversizedAnswer>) => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const answer = await send();
    if (answer.status !== null) return answer;
  }
  throw new Error('no answer in three attempts');
};

describe('bounded memory on the real server', () => {
  let server: AppServer;
  let capped: AppServer;
  beforeAll(async () => {
    [server, capped] = await Promise.all([
      startAppServer(),
      startAppServer({ nodeArgs: ['--max-old-space-size=64'] }),
    ]);
    await getUniquePaths(server.baseUrl, 200, { length: 200 }); // warm up the code paths
  });
  afterAll(async () => {
    await server?.stop();
    await capped?.stop();
  });

  it('refuses 600 MB bodies with 413 without reading them into memory', async () => {
    const before = server.rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb())), 50);
    try {
      const streamed = await answered(() =>
        sendOversized(`${server.baseUrl}/api/webhooks/stripe`, 600 * MB, {
          headers: { 'stripe-signature': 't=1,v1=00' },
        }),
      );
      expect(streamed.status).toBe(413);
      expect(JSON.parse(streamed.body).error.code).toBe('payload_too_large');
      expect(streamed.sent).toBeLessThan(600 * MB); // answered before the upload finished

      const declared = await answered(() =>
        sendOversized(`${server.baseUrl}/api/sandbox/payment_methods`, 600 * MB, { declareLength: true }),
      );
      expect(declared.status).toBe(413);
      expect(JSON.parse(declared.body).error.code).toBe('payload_too_large');
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, server.rssMb());
    expect(peak - before, `RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB`).toBeLessThan(SLACK_MB);
    // Still serving.
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  });

  it('reads a streamed (chunked) body within its limit whole, and stops reading one past it', async () => {
    // Sent in three pieces without a Content-Length: the route must see the JSON whole (its
    // validation names the unsupported currency inside it), not an empty or cut body.
    const pieces = [
      '{"merchantId":"m","invoiceNumber":"INV-1",',
      '"amount":1000,"confirmationToken":"ctoken_x",',
      '"currency":"xyz"}',
    ];
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${server.baseUrl}/api/payments/quote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      for (const piece of pieces) req.write(piece);
      req.end();
    });
    expect(answer.status, answer.body).toBe(400);
    expect(JSON.parse(answer.body).error).toMatchObject({
      message: 'Unsupported currency: XYZ',
      field: 'currency',
    });

    // One past the small routes' 16 KB, streamed: refused, and the server is not left reading it.
    const refused = await answered(() => sendOversized(`${server.baseUrl}/api/payments/quote`, 64 * MB));
    expect(refused.status).toBe(413);
    expect(refused.sent).toBeLessThan(64 * MB);
  });

  it('does not grow with unique unknown paths', async () => {
    const count = tier(4000, 20_000);
    const flood = async () => {
      const missing = await getUniquePaths(capped.baseUrl, count, { length: 8000 });
      const routes = await getUniquePaths(capped.baseUrl, count / 2, { length: 8000, prefix: '/blog/' });
      expect([...missing.keys()]).toEqual([404]);
      expect(routes.size).toBe(1); // each answered alike: the site's shell (404: no such page), or 404 unbuilt
      return capped.rssMb();
    };
    const settled = await flood(); // the first round settles the heap at its working size
    const rounds = [await flood(), await flood()];
    const grown = Math.max(...rounds) - settled;
    expect(
      grown,
      `RSS ${settled.toFixed(0)} → ${rounds.map((r) => r.toFixed(0)).join(' → ')} MB`,
    ).toBeLessThan(10);
  });
});
