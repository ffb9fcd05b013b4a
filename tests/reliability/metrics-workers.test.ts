/**
 * Metrics with WORKERS=2 (issue 48): each worker counts what it serves and the primary sums them, on
 * METRICS_PORT (its own listener) and on the main port's `/metrics` (whichever worker is asked
 * fetches the sum from the primary). Twenty requests spread over both workers are counted twenty
 * times in the sum, on both. Skipped, visibly, without a reachable PostgreSQL (unless REQUIRE_POSTGRES=1).
 */
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '../../bench/servers/app-server.ts';
import { freePort } from '../e2e/support/server.ts';
import { createPostgresSchema, postgresReachable, TEST_POSTGRES_URL } from '../support/db.ts';

const pgUp = await postgresReachable();
if (!pgUp && process.env.REQUIRE_POSTGRES === '1')
  throw new Error(`PostgreSQL is required (REQUIRE_POSTGRES=1) but unreachable at ${TEST_POSTGRES_URL}`);
if (!pgUp) console.warn(`metrics-workers: skipped, PostgreSQL not reachable at ${TEST_POSTGRES_URL}`);

const TOKEN = 'metrics-token-0123456789';
const SERIES = 'invoicepay_http_requests_total{method="GET",route="/healthz",status="200"}';

/** A GET on a connection of its own, so the kernel may hand each to either worker. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

const valueOf = (text: string, series: string) =>
  Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${series} `))
      ?.split(' ')[1] ?? NaN,
  );

describe.skipIf(!pgUp)('metrics across two workers', () => {
  let server: AppServer | null = null;
  let drop: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  it('the primary sums every worker, on its own port and on the main one', async () => {
    const schema = await createPostgresSchema();
    drop = schema.drop;
    const metricsPort = await freePort();
    server = await startAppServer({
      env: {
        DATABASE_URL: schema.url,
        WORKERS: '2',
        METRICS_TOKEN: TOKEN,
        METRICS_PORT: String(metricsPort),
      },
    });
    const running = server;
    const deadline = Date.now() + 30_000;
    while (!running.output().includes('(2 workers)')) {
      if (Date.now() > deadline) throw new Error(`workers did not start:\n${running.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    for (let i = 0; i < 20; i++) expect((await get(`${running.baseUrl}/healthz`)).status).toBe(200);

    const apart = await get(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(apart.status).toBe(200);
    expect(valueOf(apart.body, SERIES)).toBe(20);
    expect(valueOf(apart.body, 'invoicepay_processes')).toBe(2); // both workers answered the primary

    expect((await get(`${running.baseUrl}/metrics`)).status).toBe(401);
    const main = await get(`${running.baseUrl}/metrics`, { authorization: `Bearer ${TOKEN}` });
    expect(main.status).toBe(200);
    expect(valueOf(main.body, SERIES)).toBe(20);
    expect(valueOf(main.body, 'invoicepay_processes')).toBe(2); // the sum, not the asked worker's own
  });
});
